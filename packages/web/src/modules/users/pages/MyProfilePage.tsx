import { useSession } from '../../../lib/session';
import { ProfileCard } from '../../../components/ProfileCard';
import { SessionsList } from '../components/SessionsList';

/**
 * Admin panel /me/profile 'Profil Saya' (spec 2.10, issue 30 item 6): one's own profile card (edit, password) and
 * one's sessions with 'Akhiri sesi ini'.
 */
export default function MyProfilePage() {
  const me = useSession();
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <ProfileCard userId={me.id} />
      <SessionsList userId={me.id} />
    </div>
  );
}
