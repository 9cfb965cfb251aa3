import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useVisitEvents, VISIT_POLL_MS } from '../../../lib/visit-events';

export { VISIT_POLL_MS };

/**
 * Live queue: refetches every visits query on each change signal of the branch (lib/visit-events.ts). Answers
 * whether the stream is up; while it is not, pages pass `refetchInterval: VISIT_POLL_MS` (polling).
 */
export function useVisitLive(): boolean {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useVisitEvents(() => void queryClient.invalidateQueries(trpc.visits.pathFilter()));
}
