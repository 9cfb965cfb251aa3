import { vendorInput } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /inventory/master/vendor: suppliers (name, contact, phone, address, NPWP, payment terms). */
export default function VendorPage() {
  return (
    <MasterPage
      config={{
        title: 'Vendor',
        description: 'Pemasok obat dan barang beserta NPWP dan termin pembayaran.',
        base: '/api/inventory/vendor',
        resource: 'MASTER_SUPPLIER',
        schema: vendorInput,
        // On a supplier the head office keeps (issue 30 item 2) the branch sets its own payment terms.
        branchFields: ['payment_terms'],
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'contact', label: 'Kontak', kind: 'text' },
          { key: 'phone', label: 'Telepon', kind: 'text' },
          { key: 'payment_terms', label: 'Termin (hari)', kind: 'number' },
          { key: 'npwp', label: 'NPWP', kind: 'text', hint: '15 atau 16 digit.' },
          { key: 'address', label: 'Alamat', kind: 'text', formOnly: true },
        ],
      }}
    />
  );
}
