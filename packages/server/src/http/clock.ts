import { todayIn } from '@klinik/shared';
import type { Db } from '../db/client.js';
import { findBranch } from '../modules/branches/index.js';

/** Where "now" comes from: the system clock, or a fixed instant in tests (`createTestApp().setNow(...)`). */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';

/**
 * The request's clock (ctx.now, ctx.today). `today()` is the date in the current branch's IANA time zone
 * (profile.timezone: WIB, WITA or WIT), looked up once per request. Every service takes dates of business from here,
 * never from `new Date()` or a hard-coded zone.
 */
export function branchClock(db: Db, branchId: number, now: Now): { now: Now; today: () => Promise<string> } {
  let zone: Promise<string> | undefined;
  const timezone = () =>
    (zone ??= branchId
      ? findBranch(db, branchId).then((b) => b?.timezone ?? DEFAULT_TIMEZONE)
      : Promise.resolve(DEFAULT_TIMEZONE));
  return { now, today: async () => todayIn(await timezone(), now()) };
}
