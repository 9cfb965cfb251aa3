import { Link } from 'react-router';
import { MonitorPlay } from 'lucide-react';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { QueueBoard } from '../components/QueueBoard';
import { RegisterVisitButton } from '../components/RegisterVisitDialog';

/** /service/visit 'Antrian Perawatan' (manager, dokter, admin, perawat): today's queue of the branch, live. */
export default function QueuePage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-2">
      <PageHeader
        title="Antrian Perawatan"
        description="Kunjungan hari ini. Perubahan dari layar lain tampil otomatis."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/service/visit/display" target="_blank" rel="noopener">
                <MonitorPlay />
                Layar Antrian
              </Link>
            </Button>
            <RegisterVisitButton />
          </>
        }
      />
      <QueueBoard />
    </div>
  );
}
