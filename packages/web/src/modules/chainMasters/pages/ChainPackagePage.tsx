import { chainMasterInputs, INSTALLMENT_SCHEMAS } from '@klinik/shared';
import { MasterPage } from '../../masters';
import { packageItemsField } from '../components/PackageItemsField';

/**
 * /backoffice/master/promosi 'Paket Promosi': the chain's promo packages (issue 30 item 2). Each change is a new
 * version in every branch; packages sold earlier keep the version they were sold at.
 */
export default function ChainPackagePage() {
  return (
    <MasterPage
      config={{
        title: 'Paket Promosi Jaringan',
        description:
          'Paket promosi yang dikelola kantor pusat dan dijual semua cabang. Setiap perubahan menjadi versi baru di tiap cabang; paket yang sudah terjual tetap pada versinya.',
        base: '/api/backoffice/master/promosi',
        chain: true,
        schema: chainMasterInputs.promosi,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          {
            key: 'paket_type_id',
            label: 'Jenis Paket',
            kind: 'select',
            required: true,
            optionsFrom: '/api/backoffice/master/promo',
            display: 'category',
          },
          { key: 'active_at', label: 'Tanggal Aktif', kind: 'date', required: true },
          { key: 'price', label: 'Harga (Rp)', kind: 'money', required: true },
          {
            key: 'installment_schema',
            label: 'Skema Pembayaran',
            kind: 'select',
            required: true,
            options: Object.entries(INSTALLMENT_SCHEMAS).map(([value, label]) => ({ value, label })),
          },
          { key: 'dp_amount', label: 'Uang Muka (Rp)', kind: 'money', formOnly: true },
          { key: 'cicilan_amount', label: 'Cicilan (Rp)', kind: 'money', formOnly: true },
          { key: 'cicilan_attempt', label: 'Jumlah Cicilan', kind: 'number', formOnly: true },
          { key: 'description', label: 'Keterangan', kind: 'text', formOnly: true },
          packageItemsField,
        ],
      }}
    />
  );
}
