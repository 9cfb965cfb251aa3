import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { StatusBadge } from '../lib';

/**
 * The visit's SATUSEHAT status beside the record's own badges (issue 31 item 6): 'Terkirim', 'Menunggu', 'Gagal'
 * with the reason as its tooltip. Nothing while the visit is not in the outbox (a record not yet finished).
 */
export function VisitSatusehatBadge({ visit }: { visit: number }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.satusehat.visitStatus.queryOptions({ id: visit }), staleTime: 30_000 });
  if (!q.data) return null;
  return (
    <span className="inline-flex items-center gap-1" title={q.data.reason ?? undefined} data-testid="rm-satusehat">
      <span className="text-xs text-muted-foreground">SATUSEHAT</span>
      <StatusBadge status={q.data.status} />
    </span>
  );
}
