import { MSG } from '@klinik/shared';
import { ModuleLayout } from './ModuleLayout';
import { ADMIN_NAV } from './nav';

/** Admin panel (spec 2.10): its own logout question. */
export default function AdminLayout() {
  return (
    <ModuleLayout
      name="admin"
      title="Panel Admin"
      nav={ADMIN_NAV}
      logoutText={MSG.logoutConfirmAdmin}
      profilePath={() => '/me/profile'}
    />
  );
}
