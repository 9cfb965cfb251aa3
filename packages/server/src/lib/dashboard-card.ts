import type { Access, DashboardCardDto } from '@klinik/shared';
import type { AuthedCtx } from '../http/context.js';

/** The dates a card's figures are about, in the branch's time zone. */
export interface DashboardDates {
  today: string;
  /** First day of this month. */
  monthStart: string;
  /** First and last day of last month. */
  lastMonthStart: string;
  lastMonthEnd: string;
  /** First day of each of the last six months, oldest first (this month last). */
  months: string[];
}

/**
 * A card of the home page's dashboard (issue 16). A module adds one by exporting it from its front door and
 * listing it in DASHBOARD_CARDS (modules/dashboard/registry.ts); it lives in lib/ so that modules need not import the dashboard module that lists them. `access` is checked per card (any one of them is
 * enough): the same rules as the endpoints whose figures the card repeats, so a card never shows what the user's
 * own report page would refuse.
 */
export interface DashboardCard {
  key: string;
  /** Lower first. */
  order: number;
  access: Access[];
  load: (ctx: AuthedCtx, dates: DashboardDates) => Promise<DashboardCardDto | null>;
}

/** Percent change from `before` to `now`; null when there is nothing to compare with. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
