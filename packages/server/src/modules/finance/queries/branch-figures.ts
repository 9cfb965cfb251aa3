import { addDays, addMonths, asSen, type Sen } from '@klinik/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { ACCOUNT } from '../accounts.js';

const RECEIVABLES: string[] = [ACCOUNT.piutangPasien, ACCOUNT.piutangMembership];
const STOCK: string[] = [ACCOUNT.persediaan];

const monthOf = (date: string) => `${date.slice(0, 8)}01`;
const monthEnd = (month: string) => addDays(addMonths(month, 1), -1);

export interface BranchMonthFigures {
  /** 'Pendapatan' (category 4) of the profit and loss of the month's part inside [from, to]. */
  revenue: Sen;
  /** Lines 1120 + 1130 of the balance sheet at the part's last day. */
  receivables: Sen;
  /** Line 1140 of the balance sheet at the part's last day. */
  stock_value: Sen;
}

/**
 * The Backoffice dashboard's finance figures per branch in scope and month of [from, to], each month cut to its part
 * inside the range, as the branch reports compute them (profit and loss leaves the closing journals out, the balance
 * sheet does not; only detail accounts of the section's category count), in sen. Bounded whatever the size of the
 * book: whole months from the monthly balances (jurnal_saldo_bulan), the days of the partial months at the two ends
 * from the daily balances (jurnal_saldo_hari); no journal line is read. Keyed `${profile_id}:${month}`.
 */
export async function branchMonthFigures(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
): Promise<Map<string, BranchMonthFigures>> {
  const firstWhole = monthOf(from) === from ? from : addMonths(monthOf(from), 1);
  const lastMonth = monthOf(to);
  const lastWhole = monthEnd(lastMonth) === to ? lastMonth : addMonths(lastMonth, -1);
  const scoped = (col: string) => scopeSql(sql.raw(col), scope);
  const list = (codes: string[]) =>
    sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    );
  const balanceKind = sql`case when a.code in (${list(RECEIVABLES)}) then 'p' else 's' end`;
  const balanceAccounts = sql`a.category = 1 and not a.isheader and a.code in (${list([...RECEIVABLES, ...STOCK])})`;
  const revenueAccounts = sql`a.category = 4 and not a.isheader`;
  const rows = await queryRows<{ kind: string; profile_id: number; month: string; amount: string }>(
    db,
    sql`select 'r' as kind, s.profile_id, s.bulan::text as month, sum(s.credit - s.debit)::text as amount
          from jurnal_saldo_bulan s join akun a on a.id = s.akun_id
         where ${scoped('s.profile_id')} and ${revenueAccounts} and not s.closing
           and s.bulan >= ${firstWhole} and s.bulan <= ${lastWhole}
         group by 2, 3
        union all
        select 'r', s.profile_id, date_trunc('month', s.hari)::date::text, sum(s.credit - s.debit)::text
          from jurnal_saldo_hari s join akun a on a.id = s.akun_id
         where ${scoped('s.profile_id')} and ${revenueAccounts} and not s.closing
           and s.hari >= ${from} and s.hari <= ${to} and (s.hari < ${firstWhole} or s.hari > ${monthEnd(lastWhole)})
         group by 2, 3
        union all
        select ${balanceKind}, s.profile_id, s.bulan::text, sum(s.debit - s.credit)::text
          from jurnal_saldo_bulan s join akun a on a.id = s.akun_id
         where ${scoped('s.profile_id')} and ${balanceAccounts} and s.bulan <= ${lastWhole}
         group by 1, 2, 3
        ${
          lastWhole < lastMonth
            ? sql`union all
        select ${balanceKind}, s.profile_id, ${lastMonth}::text, sum(s.debit - s.credit)::text
          from jurnal_saldo_hari s join akun a on a.id = s.akun_id
         where ${scoped('s.profile_id')} and ${balanceAccounts} and s.hari >= ${lastMonth} and s.hari <= ${to}
         group by 1, 2, 3`
            : sql``
        }`,
  );
  // Balances are cumulative: every month up to the part's end, including those before `from`.
  const months: string[] = [];
  for (let m = monthOf(from); m <= lastMonth; m = addMonths(m, 1)) months.push(m);
  const branches = new Set(rows.map((r) => Number(r.profile_id)));
  const out = new Map<string, BranchMonthFigures>();
  for (const b of branches) {
    const mine = rows.filter((r) => Number(r.profile_id) === b);
    let p = 0;
    let s = 0;
    for (const r of mine)
      if (r.kind !== 'r' && String(r.month).slice(0, 10) < months[0]) {
        if (r.kind === 'p') p += Number(r.amount);
        else s += Number(r.amount);
      }
    for (const month of months) {
      let revenue = 0;
      for (const r of mine) {
        if (String(r.month).slice(0, 10) !== month) continue;
        if (r.kind === 'r') revenue += Number(r.amount);
        else if (r.kind === 'p') p += Number(r.amount);
        else s += Number(r.amount);
      }
      out.set(`${b}:${month}`, { revenue: asSen(revenue), receivables: asSen(p), stock_value: asSen(s) });
    }
  }
  return out;
}
