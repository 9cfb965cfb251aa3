import { eq } from 'drizzle-orm';
import { todayIn } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { profile } from '../../db/schema/index.js';

/** The current branch's today in its own time zone (a Denpasar day starts an hour before Jakarta's). */
export async function todayOfBranch(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ tz: profile.timezone }).from(profile).where(eq(profile.id, ctx.branchId));
  return todayIn(row?.tz ?? 'Asia/Jakarta');
}
