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

/**
 * Shown while the browser is offline (spec 1, 8), above the layout's top bar rather than over it (issue 26 item 7):
 * it stays at the top of the screen, and its height (one line, two on a phone) goes to `--offline-banner`, which
 * the layouts' sticky top bars and side menus add to their own offset.
 */
export function OfflineBanner() {
  const online = useOnline();
  const ref = React.useRef<HTMLDivElement>(null);
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (online || !el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--offline-banner', `${el.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--offline-banner');
    };
  }, [online]);
  if (online) return null;
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="offline-banner"
      className="sticky top-0 z-[60] flex items-center justify-center gap-2 bg-destructive px-4 py-2 text-center text-sm font-medium text-destructive-foreground shadow"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {MSG.offline}
    </div>
  );
}
