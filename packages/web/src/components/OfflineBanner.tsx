import * as React from 'react';
import { WifiOff } from 'lucide-react';
import { MSG } from '@klinik/shared';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Shown while the browser is offline (spec 1, 8). */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="alert"
      data-testid="offline-banner"
      className="fixed inset-x-0 top-0 z-[60] flex items-center justify-center gap-2 bg-destructive px-4 py-2 text-center text-sm font-medium text-destructive-foreground shadow"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {MSG.offline}
    </div>
  );
}
