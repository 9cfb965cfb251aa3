import { todayIn } from '@klinik/shared';
import type { Db } from '../db/client.js';
import { findBranch } from '../modules/branches/index.js';
import type { AuthCache } from '../auth/cache.js';

/** Where "now" comes from: the system clock, or a fixed instant in tests (`createTestApp().setNow(...)`). */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';

/** The branch's time zone, through the auth cache's branch rows when there is one (they are dropped on change). */
async function branchTimezone(db: Db, branchId: number, cache?: AuthCache): Promise<string> {
  const hit = cache?.branch<Awaited<ReturnType<typeof findBranch>>>(branchId);
  if (hit) return hit.timezone ?? DEFAULT_TIMEZONE;
  const epoch = cache?.epoch ?? 0;
  const row = await findBranch(db, branchId);
  if (row) cache?.putBranch(branchId, row, epoch);
  return row?.timezone ?? DEFAULT_TIMEZONE;
}

/**
 * The request's clock (ctx.now, ctx.today). `today()` is the date in the current branch's IANA time zone
 * (profile.timezone: WIB, WITA or WIT), looked up once per request (from the auth cache's branch rows when given: no
 * database round trip on the hot path, issue 10). Every service takes dates of business from here, never from
 * `new Date()` or a hard-coded zone.
 */
export function branchClock(
  db: Db,
  branchId: number,
  now: Now,
  cache?: AuthCache,
): { now: Now; today: () => Promise<string> } {
  let zone: Promise<string> | undefined;
  const timezone = () => (zone ??= branchId ? branchTimezone(db, branchId, cache) : Promise.resolve(DEFAULT_TIMEZONE));
  return { now, today: async () => todayIn(await timezone(), now()) };
}
