import { PageHeader } from '../../../components/PageHeader';
import { CorrectionsCard } from '../../medicalRecords';
import { QueueBoard } from '../components/QueueBoard';

/**
 * /service/consultation: the signed-in doctor's own visits of today, with the queue's actions, and what other users
 * corrected in the doctor's finished records (issue 25).
 */
export default function ConsultationPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader title="Konsultasi" description="Pasien saya hari ini." />
      <CorrectionsCard />
      <QueueBoard mine="doctor" />
    </div>
  );
}
