import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The branch's active warehouses (for pickers). */
export function useWarehouses() {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.inventory.warehouse.list.queryOptions({ page: 1, limit: 100, status: 1 }),
    meta: { silent: true },
  });
  return q.data?.data ?? [];
}

/** What is on hand in a warehouse now, one row per item and batch (for item pickers). */
export function useWarehouseStock(warehouse: number | null) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.inventory.stock.queryOptions({ page: 1, limit: 500, warehouse: warehouse ?? undefined, empty: false }),
    enabled: !!warehouse,
    meta: { silent: true },
  });
  return q.data?.data ?? [];
}

export const qtyFmt = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : n.toLocaleString('id-ID');

/** After a stock movement (count, dispense, transfer): the stock flows' lists and the inventory's stock read again. */
export function useRefreshStock() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: trpc.stockFlows.pathKey() });
    await qc.invalidateQueries({ queryKey: trpc.inventory.pathKey() });
  };
}
