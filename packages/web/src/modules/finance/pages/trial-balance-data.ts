import type { QueryClient } from '@tanstack/react-query';
import { isTopLevel } from '@klinik/shared';
import { sessionQuery } from '../../../lib/session';
import { branchToday } from '../../../lib/branch-today';
import { appTrpcOptions } from '../../../lib/trpc';
import { defaultRange } from '../lib';

/**
 * The trial balance's first data, requested while its chunks load (issue 10): the active period (its first day
 * starts the default range) and the branches of the toolbar (top-level users), then the report for that range.
 * Before, the page asked for the period after its first render and for the report after the period's answer and a
 * second render. The same queries and keys as the page's (useActivePeriod, ReportToolbar, TrialBalancePage), so the
 * page's own queries join these; a link that names a range (?from=&to=) leaves the report to the page.
 */
export async function prefetchTrialBalance(client: QueryClient): Promise<void> {
  const user = await client.fetchQuery(sessionQuery);
  if (!user) return;
  const trpc = appTrpcOptions(client);
  const [periods] = await Promise.all([
    client.fetchQuery({ ...trpc.finance.periode.list.queryOptions({ status: 0 }), meta: { silent: true } }),
    isTopLevel(user)
      ? client.prefetchQuery({ ...trpc.branches.list.queryOptions({ isallbranch: 1 }), meta: { silent: true } })
      : undefined,
  ]);
  const params = new URLSearchParams(window.location.search);
  if (params.has('from') || params.has('to')) return;
  const current = periods.length === 1 ? periods[0] : null;
  const { from, to } = defaultRange(branchToday(user), current?.start_date);
  await client.prefetchQuery({
    ...trpc.finance.laporan.trialBalance.queryOptions({ from, to }),
    meta: { silent: true },
  });
}
