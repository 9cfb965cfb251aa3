import * as React from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { showsMyMenu } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { ProfileCard } from '../../../components/ProfileCard';
import { useTRPC } from '../../../lib/trpc';
import { ApplogList } from '../../applog';
import { PatientMergeSection } from '../../patients';
import { canSeeSessions, SessionsList } from '../components/SessionsList';

/**
 * /user/:id: the profile card; on one's own profile also 'Aktivitas Saya' (launcher 'My Activity'); on a patient's
 * (where 'Data Pasien' opens) the merge trace and, for owner/developer, 'Gabungkan Pasien' (issue 26 item 3); on a
 * staff account one's own or, for owner/developer, anyone's sessions with 'Akhiri sesi ini' (issue 30 item 6).
 */
export default function ProfilePage() {
  const { id } = useParams();
  const me = useSession();
  const userId = Number(id);
  const [page, setPage] = React.useState(1);
  const trpc = useTRPC();
  const valid = Number.isInteger(userId) && userId > 0;
  // The same query as the card's (one cache entry): whether the person is a patient.
  const person = useQuery({
    ...trpc.users.get.queryOptions({ id: valid ? userId : 0 }),
    enabled: valid,
    meta: { inlineErrors: true },
  });
  if (!Number.isInteger(userId) || userId <= 0)
    return <p className="text-muted-foreground">Pengguna tidak ditemukan</p>;
  const own = userId === me.id;
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-6">
      <ProfileCard key={userId} userId={userId} />
      {person.data?.role === 1 ? <PatientMergeSection patient={person.data} /> : null}
      {person.data && person.data.role !== 1 && canSeeSessions(me, userId) ? <SessionsList userId={userId} /> : null}
      {own && showsMyMenu(me) ? (
        <section className="grid gap-3">
          <h2 className="text-lg font-semibold">Aktivitas Saya</h2>
          <ApplogList filters={{ scope: 'mine' }} page={page} onPage={setPage} />
        </section>
      ) : null}
    </div>
  );
}
