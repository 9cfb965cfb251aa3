import { chainMasterInputs } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /backoffice/master/item_supplier: the chain's suppliers (issue 30 item 2); payment terms stay each branch's. */
export default function ChainSupplierPage() {
  return (
    <MasterPage
      config={{
        title: 'Supplier Jaringan',
        description:
          'Pemasok yang dikelola kantor pusat dan dipakai semua cabang. Termin pembayaran diatur tiap cabang.',
        base: '/api/backoffice/master/item_supplier',
        chain: true,
        schema: chainMasterInputs.item_supplier,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'contact', label: 'Kontak', kind: 'text' },
          { key: 'phone', label: 'Telepon', kind: 'text' },
          { key: 'npwp', label: 'NPWP', kind: 'text', hint: '15 atau 16 digit.' },
          {
            key: 'payment_terms',
            label: 'Termin Awal (hari)',
            kind: 'number',
            formOnly: true,
            hint: 'Untuk cabang yang baru mendapat supplier ini.',
          },
          { key: 'address', label: 'Alamat', kind: 'text', formOnly: true },
        ],
      }}
    />
  );
}
