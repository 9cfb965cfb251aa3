import { useQuery } from '@tanstack/react-query';
import { canFeature, type PeriodeDto } from '@klinik/shared';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useBranchToday } from '../../lib/branch-today';

/** Spec 4: after a period is created its data and the range start..today are kept in local storage. */
export const PERIOD_STORAGE_KEY = 'klinik.finance.periode';

export interface StoredPeriod {
  periode: PeriodeDto;
  range: { from: string; to: string };
}

/** `today` is the branch's date (useBranchToday), never the browser's or UTC's. */
export function storePeriod(periode: PeriodeDto, today: string): void {
  const value: StoredPeriod = { periode, range: { from: periode.start_date, to: today } };
  try {
    localStorage.setItem(PERIOD_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the app still works from the server's answer.
  }
}

export function storedPeriod(): StoredPeriod | null {
  try {
    const raw = localStorage.getItem(PERIOD_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredPeriod) : null;
  } catch {
    return null;
  }
}

/**
 * The branch's active period (GET periode?status=0; spec 4: if exactly one is returned it becomes the current
 * period). Failures are only logged (spec 8).
 */
export function useActivePeriod() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const q = useQuery({ ...trpc.finance.periode.list.queryOptions({ status: 0 }), meta: { silent: true } });
  const current = q.data && q.data.length === 1 ? q.data[0] : null;
  if (current) {
    const s = storedPeriod();
    if (!s || s.periode.id !== current.id) storePeriod(current, today);
  }
  return { period: current, loading: q.isLoading, loaded: q.isSuccess };
}

export function useFinanceManage(): boolean {
  const me = useSession();
  return canFeature(me, 'FINANCE_LAPORAN', 'manage');
}

/** Default report range: the stored range's start (the active period) to today (the branch's date). */
export function defaultRange(t: string, periodStart?: string | null): { from: string; to: string } {
  const from = periodStart ?? storedPeriod()?.range.from ?? `${t.slice(0, 8)}01`;
  return { from: from <= t ? from : `${t.slice(0, 8)}01`, to: t };
}

export const RUPIAH_FMT = '#,##0.00';
