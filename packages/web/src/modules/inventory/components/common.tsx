import { useQuery } from '@tanstack/react-query';
import type { WarehouseDto } from '@klinik/shared';
import { api } from '../../../lib/trpc';
import { Badge } from '../../../components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
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

/** The 'Gudang' filter of the stock lists: 'all' (Semua gudang) or one of the branch's active warehouses. */
export function WarehouseFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const warehouses = useWarehouses();
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-48" aria-label="Gudang">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">Semua gudang</SelectItem>
        {(warehouses.data ?? []).map((w) => (
          <SelectItem key={w.id} value={String(w.id)}>
            {w.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
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
