import { tindakanInput } from '@klinik/shared';
import { MasterPage } from '../components/MasterPage';

/** /service/master/tindakanmedis: medical procedures (code, name, price, doctor share). */
export default function TindakanMedisPage() {
  return (
    <MasterPage
      config={{
        title: 'Master Tindakan Medis',
        description: 'Tindakan medis cabang ini beserta harga dan bagian dokter.',
        base: '/api/master/tindakanmedis',
        resource: 'MASTER_TREATMENT',
        schema: tindakanInput,
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
