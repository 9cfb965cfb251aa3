import { fromSen, sumSen, toSen } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { ACCOUNT } from './accounts.js';
import { balanceSheet, profitLoss } from './services/reports.js';

const RECEIVABLES: string[] = [ACCOUNT.piutangPasien, ACCOUNT.piutangMembership];
const STOCK: string[] = [ACCOUNT.persediaan];

/**
 * One branch's finance figures for the Backoffice dashboard, read through the branch reports themselves (so they
 * are equal by construction): revenue = 'Pendapatan' of the profit and loss of [from, to]; receivables (1120, 1130)
 * and stock value (1140) = those lines of the balance sheet at `to`. Rupiah. Top-level callers only (the scope of
 * another branch is theirs to read).
 */
export async function branchFigures(
  ctx: AuthedCtx,
  branchId: number,
  from: string,
  to: string,
): Promise<{ revenue: number; receivables: number; stock_value: number }> {
  const [pl, bs] = await Promise.all([
    profitLoss(ctx, { from, to, profile_id: branchId }),
    balanceSheet(ctx, { from, to, profile_id: branchId }),
  ]);
  const of = (codes: string[]) =>
    fromSen(sumSen(bs.assets.lines.filter((l) => codes.includes(l.code)).map((l) => toSen(l.amount))));
  return {
    revenue: pl.sections.find((s) => s.category === 4)?.total ?? 0,
    receivables: of(RECEIVABLES),
    stock_value: of(STOCK),
  };
}
