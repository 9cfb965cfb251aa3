import { Server } from 'lucide-react';
import { MSG, PRODUCT_NAME, TOPLEVEL_IDS } from '@klinik/shared';
import { ModuleLayout } from './ModuleLayout';
import { BACKOFFICE_NAV } from './nav';

/** Spec 6: the developer role sees which API server the app talks to. */
function DeveloperBanner() {
  return (
    <div
      className="flex items-center gap-2 border-b bg-warning/20 px-4 py-1.5 text-xs text-warning-foreground"
      data-testid="api-banner"
    >
      <Server className="size-3.5" aria-hidden /> API server: {window.location.origin}
    </div>
  );
}

export default function BackofficeLayout() {
  return (
    <ModuleLayout
      name="backoffice"
      title="Backoffice"
      nav={BACKOFFICE_NAV}
      logoutText={MSG.logoutConfirm(PRODUCT_NAME)}
      backLabel={`Kembali ke ${PRODUCT_NAME}`}
      guardUnsaved
      banner={(u) => (u.roletoplevel === TOPLEVEL_IDS.developer ? <DeveloperBanner /> : null)}
    />
  );
}
