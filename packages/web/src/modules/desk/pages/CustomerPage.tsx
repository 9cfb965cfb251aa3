import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canFeature } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { ProfileCard } from '../../../components/ProfileCard';
import { PhotoHistory } from '../../multimedia';
import { PatientPackages } from '../components/MembershipCard';
import { PatientMergeSection } from '../../patients';

/**
 * /customer/{id}: the person behind a search result (an employee from the attendance search, a patient from the
 * desk): the profile card; for a patient also their packages (LAYANAN_PAKET read) and progress photos with the
 * before/after comparison (RM_FOTOPROGRES read).
 */
export default function CustomerPage() {
  const { id } = useParams();
  const me = useSession();
  const trpc = useTRPC();
  const today = useBranchToday();
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0;
  const person = useQuery({ ...trpc.users.get.queryOptions({ id: valid ? userId : 0 }), enabled: valid });
  if (!valid) return <p className="text-muted-foreground">Pengguna tidak ditemukan</p>;
  const patient = person.data?.role === 1;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ProfileCard key={userId} userId={userId} />
      {patient && person.data ? <PatientMergeSection patient={person.data} /> : null}
      {patient && canFeature(me, 'LAYANAN_PAKET', 'read') ? (
        <section className="grid gap-3">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">Paket Pasien</h2>
            <Link to={`/service/paket?customer=${userId}`} className="text-sm underline">
              Buka Paket Pasien
            </Link>
          </div>
          <PatientPackages customerId={userId} today={today} />
        </section>
      ) : null}
      {patient && canFeature(me, 'RM_FOTOPROGRES', 'read') ? <PhotoHistory customerId={userId} /> : null}
    </div>
  );
}
