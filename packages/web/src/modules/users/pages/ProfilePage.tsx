import * as React from 'react';
import { useParams } from 'react-router';
import { showsMyMenu } from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { ProfileCard } from '../../../components/ProfileCard';
import { ApplogList } from '../../applog/components/ApplogList';

/** /user/:id: the profile card; on one's own profile also 'Aktivitas Saya' (launcher 'My Activity'). */
export default function ProfilePage() {
  const { id } = useParams();
  const me = useSession();
  const userId = Number(id);
  const [page, setPage] = React.useState(1);
  if (!Number.isInteger(userId) || userId <= 0)
    return <p className="text-muted-foreground">Pengguna tidak ditemukan</p>;
  const own = userId === me.id;
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-6">
      <ProfileCard key={userId} userId={userId} />
      {own && showsMyMenu(me) ? (
        <section className="grid gap-3">
          <h2 className="text-lg font-semibold">Aktivitas Saya</h2>
          <ApplogList filters={{ scope: 'mine' }} page={page} onPage={setPage} />
        </section>
      ) : null}
    </div>
  );
}
