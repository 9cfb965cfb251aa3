/** SQL of an investor's My Income (issue 29 item 6): the distribution lines of the investor rows naming the account. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import type { MyIncomeDistributionDto } from '@klinik/shared';

/** A distribution line as read (money in sen, the percentage in basis points); the API's MyIncomeDistributionDto. */
export interface IncomeLineRow extends Omit<MyIncomeDistributionDto, 'percent'> {
  percent_bp: number | null;
}

/** Lines of runs of the months from..to (YYYY-MM) of every investor row whose sign-in account is `user`. */
export async function distributionLines(db: Db, user: number, from: string, to: string): Promise<IncomeLineRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.run_id, l.period, r.status, l.investor_id, i.name, l.basis, l.basis_amount, l.percent_bp,
          l.unit_amount, l.qty, l.gross, l.tax_kind, l.tax, l.net
        from deviden_run_line l join deviden_run r on r.id = l.run_id join investor i on i.id = l.investor_id
        where i.user_id = ${user} and l.period between ${from} and ${to}
        order by l.period desc, l.id desc limit 1000`,
  );
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    run: Number(r.run_id),
    period: String(r.period),
    status: String(r.status),
    investor: Number(r.investor_id),
    investor_name: String(r.name),
    basis: String(r.basis),
    basis_amount: Number(r.basis_amount),
    percent_bp: num(r.percent_bp),
    unit_amount: num(r.unit_amount),
    qty: Number(r.qty),
    gross: Number(r.gross),
    tax_kind: (r.tax_kind as string | null) ?? null,
    tax: Number(r.tax),
    net: Number(r.net),
  }));
}
