import { addDays, addMonths, allows, type DashboardDto } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import type { DashboardCard, DashboardDates } from '../../lib/dashboard-card.js';

export function datesOf(today: string): DashboardDates {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthStart = addMonths(monthStart, -1);
  const lastMonthEnd = addDays(monthStart, -1);
  const months = [5, 4, 3, 2, 1, 0].map((n) => addMonths(monthStart, -n));
  return { today, monthStart, lastMonthStart, lastMonthEnd, months };
}

/** The cards the signed-in user may see, each loaded with the module's own services. */
export async function summary(ctx: Ctx, cards: DashboardCard[]): Promise<DashboardDto> {
  const c = requireUser(ctx);
  const today = await c.today();
  const dates = datesOf(today);
  const mine = cards.filter((card) => card.access.some((a) => allows(c.user, a))).sort((a, b) => a.order - b.order);
  const loaded = await Promise.all(mine.map((card) => card.load(c, dates)));
  return { date: today, cards: loaded.filter((x) => x !== null) };
}
