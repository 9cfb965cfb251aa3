import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { JurnalUmumForm } from '../components/JurnalUmumForm';

/** /finance/createjurnalumum: the same 'Jurnal Umum Baru' form as a page. */
export default function CreateJurnalUmumPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2">
      <PageHeader title="Jurnal Umum Baru" description="Total debit harus sama dengan total kredit." />
      <JurnalUmumForm onSaved={(target) => void navigate(target)} onCancel={() => void navigate(-1)} />
    </div>
  );
}
