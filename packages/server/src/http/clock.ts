import { todayIn } from '@klinik/shared';

/** Where "now" comes from: the system clock, or a fixed instant in tests (`createTestApp().setNow(...)`). */
export type Now = () => Date;
export const systemNow: Now = () => new Date();

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';

/**
 * Looks up a branch's IANA time zone (null when the branch has none). It is handed in by whoever builds the clock
 * (the app: the branches module's `branchTimezone`, through the auth cache), so http/ imports no module.
 */
export type TimezoneOf = (branchId: number) => Promise<string | null | undefined>;

/**
 * The request's clock (ctx.now, ctx.today). `today()` is the date in the current branch's IANA time zone
 * (profile.timezone: WIB, WITA or WIT), looked up once per request (the app's lookup reads the auth cache's branch
 * rows: no database round trip on the hot path, issue 10). Every service takes dates of business from here, never
 * from `new Date()` or a hard-coded zone.
 */
export function branchClock(
  timezoneOf: TimezoneOf,
  branchId: number,
  now: Now,
): { now: Now; today: () => Promise<string> } {
  let zone: Promise<string> | undefined;
  const timezone = () =>
    (zone ??= branchId ? timezoneOf(branchId).then((tz) => tz ?? DEFAULT_TIMEZONE) : Promise.resolve(DEFAULT_TIMEZONE));
  return { now, today: async () => todayIn(await timezone(), now()) };
}
