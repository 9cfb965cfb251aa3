import { chainMasterInputs } from '@klinik/shared';
import { MasterPage } from '../../masters';

/** /backoffice/master/treatment: the chain's treatments (issue 30 item 2); branch prices live in the price list. */
export default function ChainTreatmentPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Perawatan Jaringan',
        description:
          'Perawatan yang dikelola kantor pusat dan dipakai semua cabang. Harga per cabang diatur di Daftar Harga.',
        base: '/api/backoffice/master/treatment',
        chain: true,
        schema: chainMasterInputs.treatment,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'price', label: 'Harga (Rp)', kind: 'money', required: true },
          { key: 'doctor_share', label: 'Bagian Dokter (Rp)', kind: 'money' },
        ],
      }}
    />
  );
}
