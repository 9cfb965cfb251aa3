import { formLabInput } from '@klinik/shared';
import { MasterPage } from '../components/MasterPage';

/** /service/master/laboratorium: laboratory forms (code, name, price). */
export default function LaboratoriumPage() {
  return (
    <MasterPage
      config={{
        title: 'Laboratorium',
        description: 'Form laboratorium cabang ini beserta harganya.',
        base: '/api/master/laboratorium',
        resource: 'MASTER_TREATMENT',
        schema: formLabInput,
        fields: [
          { key: 'code', label: 'Kode', kind: 'text', required: true },
          { key: 'name', label: 'Nama', kind: 'text', required: true },
          { key: 'price', label: 'Harga (Rp)', kind: 'money', required: true },
        ],
      }}
    />
  );
}
