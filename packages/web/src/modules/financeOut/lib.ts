import { canFeature } from '@klinik/shared';
import { useSession } from '../../lib/session';
import { api, newIdempotencyKey } from '../../lib/api';

/** FINANCE_HUTANG manage: register expenses, deposit taxes. */
export function useHutangManage(): boolean {
  return canFeature(useSession(), 'FINANCE_HUTANG', 'manage');
}

/** Uploads a proof (multipart: not a tRPC call) and answers its id for the expense's `proof`. */
export async function uploadExpenseProof(file: File): Promise<{ id: number; mime: string; url: string }> {
  const fd = new FormData();
  fd.append('proof', file);
  const res = await api.post<{ data: { id: number; mime: string; url: string } }>('/api/finance/expenses/proof', fd);
  return res.data;
}

export { newIdempotencyKey };

/** A native select styled like the inputs (keyboard and phones friendly). */
export const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
