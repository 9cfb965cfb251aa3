import { TriangleAlert } from 'lucide-react';
import { MSG } from '@klinik/shared';
import { useActivePeriod } from '../lib';

/** Spec 8: with no active period the finance pages say so. */
export function NoPeriodBanner() {
  const { period, loaded } = useActivePeriod();
  if (!loaded || period) return null;
  return (
    <div
      role="status"
      data-testid="no-active-period"
      className="finance-no-print mb-4 flex items-center gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      {MSG.noActivePeriod}
    </div>
  );
}
