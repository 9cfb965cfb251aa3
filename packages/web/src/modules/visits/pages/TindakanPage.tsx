import { PageHeader } from '../../../components/PageHeader';
import { QueueBoard } from '../components/QueueBoard';

/**
 * /service/tindakan: today's treatment visits of the signed-in nurse or therapist, and those nobody has taken yet
 * (calling one makes it mine).
 */
export default function TindakanPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader title="Tindakan" description="Tindakan hari ini: milik saya dan yang belum diambil." />
      <QueueBoard mine="nurse" />
    </div>
  );
}
