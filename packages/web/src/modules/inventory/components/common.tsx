import { useQuery } from '@tanstack/react-query';
import type { WarehouseDto } from '@klinik/shared';
import { api } from '../../../lib/trpc';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

/** The branch's active warehouses (every inventory page filters or picks one). */
export function useWarehouses() {
  return useQuery({
    queryKey: ['inventory', 'warehouses'],
    queryFn: ({ signal }) =>
      api.get<{ data: WarehouseDto[] }>('/api/inventory/warehouse', { query: { status: 1, limit: 100 }, signal }),
    select: (r) => r.data,
  });
}

/** Expiry as a badge: expired (red), within 30/60/90 days (amber), later (plain date). */
export function ExpiryBadge({ date, days }: { date: string | null; days: number | null }) {
  if (!date || days === null) return <span className="text-muted-foreground">-</span>;
  if (days <= 0) return <Badge variant="destructive">Kedaluwarsa {formatDate(date)}</Badge>;
  if (days <= 90)
    return (
      <Badge variant="warning">
        {formatDate(date)} ({days} hari)
      </Badge>
    );
  return <span className="tabular-nums">{formatDate(date)}</span>;
}
