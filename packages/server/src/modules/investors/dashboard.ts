/**
 * /dashboard/stakeholder/investor ('Data Investor', issue 29 item 6): for the signed-in investor, each branch where
 * an investor row names them, twelve months up to `to`: revenue and profit as the month's distribution run took
 * them from the P&L (null before a run), visits, and what their approved lines paid out. Only their own.
 */
import { asSen, fromSen, type InvestorDashboardDto } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { branchesOf, monthly } from './queries/dashboard.js';

function monthsBack(to: string, n: number): string {
  const [y, m] = to.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

export async function investorDashboard(ctx: Ctx, input: { to?: string }): Promise<InvestorDashboardDto> {
  const c = requireUser(ctx);
  const to = input.to ?? (await c.today()).slice(0, 7);
  const branches = await branchesOf(c.db, c.user.id);
  const rows = await monthly(
    c.db,
    c.user.id,
    branches.map((b) => b.id),
    monthsBack(to, 11),
    to,
  );
  const money = (v: number | null) => (v === null ? null : fromSen(asSen(v)));
  return {
    branches: branches.map((b) => ({
      ...b,
      months: rows
        .filter((r) => r.branch === b.id)
        .map((r) => ({
          period: r.period,
          revenue: money(r.revenue),
          profit: money(r.profit),
          visits: r.visits,
          distributed: fromSen(asSen(r.distributed)),
        })),
    })),
  };
}
