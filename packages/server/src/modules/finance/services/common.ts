import { type AuthedCtx, type Ctx } from '../../../http/context.js';
import { branchScope, type BranchScope } from '../../../http/access-scope.js';
import { badRequest } from '../../../http/errors.js';
import * as q from '../queries.js';

// ---------------------------------------------------------------- branch scope and dates

/**
 * The branches a read covers: the platform's one rule (http/access-scope.ts): the current branch; top-level
 * users may name another (profile_id) or all (isallbranch=1); anyone else asking for more gets the current branch.
 */
export function scopeOf(c: AuthedCtx, f: { profile_id?: number; isallbranch?: number }): BranchScope {
  return branchScope(c, f);
}

export async function todayOf(ctx: Ctx): Promise<string> {
  return ctx.today();
}

/** Report range defaults: from the active period's start (or the first of this month) to today. */
export async function rangeOf(ctx: Ctx, f: { from?: string; to?: string }): Promise<{ from: string; to: string }> {
  const today = await todayOf(ctx);
  if (f.from) {
    const to = f.to ?? (today >= f.from ? today : f.from);
    if (f.from > to) throw badRequest('Tanggal awal tidak boleh setelah tanggal akhir', 'from');
    return { from: f.from, to };
  }
  const to = f.to ?? today;
  const p = await q.activePeriode(ctx.db, ctx.branchId);
  const from = p && p.start_date <= to ? p.start_date : `${to.slice(0, 8)}01`;
  return { from, to };
}

export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
