/** An investor's distributions for My Income (issue 29 item 6), called by the sharing module's income service. */
import { asSen, bpToPercent, fromSen, sumSen, type MyIncomeDistributionDto } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { distributionLines } from './queries/income.js';

/**
 * The distribution lines of the months of from..to (YYYY-MM-DD) of the investor rows naming the user, and the year
 * to date of `to`'s year from approved runs.
 */
export async function investorIncome(
  ctx: Ctx,
  user: number,
  from: string,
  to: string,
): Promise<{ distributions: MyIncomeDistributionDto[]; ytd: { gross: number; tax: number; net: number } }> {
  const rows = await distributionLines(ctx.db, user, from.slice(0, 7), to.slice(0, 7));
  const year = await distributionLines(ctx.db, user, `${to.slice(0, 4)}-01`, to.slice(0, 7));
  const approved = year.filter((r) => r.status === 'approved');
  const total = (f: (r: (typeof year)[number]) => number) => fromSen(sumSen(approved.map((r) => asSen(f(r)))));
  return {
    distributions: rows.map((r) => ({
      run: r.run,
      period: r.period,
      status: r.status,
      investor: r.investor,
      investor_name: r.investor_name,
      basis: r.basis,
      basis_amount: fromSen(asSen(r.basis_amount)),
      percent: r.percent_bp === null ? null : bpToPercent(r.percent_bp),
      unit_amount: r.unit_amount === null ? null : fromSen(asSen(r.unit_amount)),
      qty: r.qty,
      gross: fromSen(asSen(r.gross)),
      tax_kind: r.tax_kind,
      tax: fromSen(asSen(r.tax)),
      net: fromSen(asSen(r.net)),
    })),
    ytd: { gross: total((r) => r.gross), tax: total((r) => r.tax), net: total((r) => r.net) },
  };
}
