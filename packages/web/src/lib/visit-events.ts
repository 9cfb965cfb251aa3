import * as React from 'react';
import { useOnline } from '../components/OfflineBanner';

/** While the visit event stream is down, live lists poll at this interval instead. */
export const VISIT_POLL_MS = 3000;

/**
 * Live visits of the session's branch: listens to GET /api/service/visit/events (server-sent events; only ids) and
 * calls `onChange` on each 'changed' signal, and once when the stream reopens after a drop (to catch up). Answers
 * whether the stream is up; while it is not, pages poll (`refetchInterval: VISIT_POLL_MS`). Used by the visit
 * queue, history and display, and by the multimedia queue (a visit needing photos appears there at once).
 * While the browser is offline nothing is live, whatever the stream last said (issue 26 item 7: 'Langsung' stayed
 * on), and coming back online catches up once.
 */
export function useVisitEvents(onChange: () => void): boolean {
  const [live, setLive] = React.useState(false);
  const latest = React.useRef(onChange);
  React.useEffect(() => {
    latest.current = onChange;
  });
  React.useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refetch = () => latest.current();
    const source = new EventSource('/api/service/visit/events', { withCredentials: true });
    let opened = false;
    source.onopen = () => {
      setLive(true);
      if (opened) refetch();
      opened = true;
    };
    source.addEventListener('changed', refetch);
    // The browser reconnects by itself (retry: 2000); until then the pages poll.
    source.onerror = () => setLive(false);
    return () => source.close();
  }, []);
  const online = useOnline();
  const wasOffline = React.useRef(false);
  React.useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      latest.current();
    }
  }, [online]);
  return live && online;
}
