import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** While the event stream is down, the lists poll at this interval instead. */
export const VISIT_POLL_MS = 3000;

/**
 * Live queue: listens to GET /api/service/visit/events (server-sent events of the session's branch; only ids)
 * and refetches every visits query on each 'changed' signal, and once when the stream (re)opens to catch up.
 * Answers whether the stream is up; while it is not, pages pass `refetchInterval: VISIT_POLL_MS` (polling).
 */
export function useVisitLive(): boolean {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [live, setLive] = React.useState(false);
  React.useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refetch = () => void queryClient.invalidateQueries(trpc.visits.pathFilter());
    const source = new EventSource('/api/service/visit/events', { withCredentials: true });
    let opened = false;
    source.onopen = () => {
      setLive(true);
      // After a reconnect something may have changed meanwhile.
      if (opened) refetch();
      opened = true;
    };
    source.addEventListener('changed', refetch);
    // The browser reconnects by itself (retry: 2000); until then the pages poll.
    source.onerror = () => setLive(false);
    return () => source.close();
  }, [queryClient, trpc]);
  return live;
}
