/**
 * SQL of the cash-flow statement (direct method): the cash and bank accounts, their balances, and the
 * counter-lines of every journal that moved them. Amounts in sen. Read-only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Cash and bank: detail asset accounts coded 1101-1119 (Kas, Bank, Kas Kecil and any added beside them) and every
 * account a payment method posts to.
 */
const CASH: SQL = sql`select a.id from akun a
  where a.category = 1 and not a.isheader
    and ((a.code >= '1101' and a.code < '1120') or a.id in (select pm.akun_id from payment_method pm))`;

export interface CashAccountRow {
  akun_id: number;
  code: string;
  name: string;
  opening: number;
  closing: number;
}

/**
 * Per cash account: the balance before `from` (the opening journals of a first period, dated inside the range, count
 * as opening: they are balances brought in, not cash moved) and at `to`.
 */
export async function cashBalances(db: Db, scope: BranchScope, from: string, to: string): Promise<CashAccountRow[]> {
  const rows = await queryRows<Record<keyof CashAccountRow, string>>(
    db,
    sql`select a.id as akun_id, a.code, a.name,
        coalesce(sum(case when d.transaction_at < ${from} or j.kind = 'opening' then d.debit - d.credit else 0 end), 0)::text
          as opening,
        coalesce(sum(d.debit - d.credit), 0)::text as closing
      from akun a
      left join jurnal_detail d on d.akun_id = a.id and ${scopeSql(sql`d.profile_id`, scope)}
        and d.transaction_at <= ${to}
      left join jurnal j on j.id = d.jurnal_id
      where a.id in (${CASH})
      group by a.id, a.code, a.name
      order by a.code`,
  );
  return rows.map((x) => ({
    akun_id: n(x.akun_id),
    code: x.code,
    name: x.name,
    opening: n(x.opening),
    closing: n(x.closing),
  }));
}

/**
 * The activity of a counter-account: investing for non-current assets (codes 12xx and up), financing for equity and
 * long-term liabilities (codes 24xx and up), operating for everything else.
 */
const ACTIVITY = (a: SQL) =>
  sql`case when ${a}.category = 1 and ${a}.code >= '1200' then 'investing'
    when ${a}.category = 3 or (${a}.category = 2 and ${a}.code >= '2400') then 'financing'
    else 'operating' end`;

export interface CounterRow {
  activity: string;
  akun_id: number;
  code: string;
  name: string;
  category: number;
  /** Sum of the journals' positive nets (credit - debit) on this account: cash received. */
  receipts: number;
  /** Sum of the negative nets, as a positive amount: cash paid. */
  payments: number;
}

/**
 * The counter-accounts of every journal of [from, to] that moved a cash account (not the opening or closing
 * journals): per journal and account the net credit - debit, summed per account as receipts and payments. A
 * transfer between two cash accounts has no counter-line and moves nothing here.
 */
function perJournal(scope: BranchScope, from: string, to: string): SQL {
  return sql`cash as (${CASH}),
      js as (
        select distinct d.jurnal_id from jurnal_detail d
        join jurnal j on j.id = d.jurnal_id and j.kind not in ('opening', 'closing')
        where ${scopeSql(sql`d.profile_id`, scope)} and d.transaction_at >= ${from} and d.transaction_at <= ${to}
          and d.akun_id in (select id from cash)
      ),
      per as (
        select d.jurnal_id, d.akun_id, sum(d.credit - d.debit) as net
        from jurnal_detail d join js on js.jurnal_id = d.jurnal_id
        where d.akun_id not in (select id from cash)
        group by d.jurnal_id, d.akun_id
      )`;
}

export async function counterFlows(db: Db, scope: BranchScope, from: string, to: string): Promise<CounterRow[]> {
  const rows = await queryRows<Record<keyof CounterRow, string>>(
    db,
    sql`with ${perJournal(scope, from, to)}
      select ${ACTIVITY(sql`a`)} as activity, a.id as akun_id, a.code, a.name, a.category,
        sum(case when per.net > 0 then per.net else 0 end)::text as receipts,
        sum(case when per.net < 0 then -per.net else 0 end)::text as payments
      from per join akun a on a.id = per.akun_id
      group by a.id, a.code, a.name, a.category
      order by a.code`,
  );
  return rows.map((x) => ({
    activity: x.activity,
    akun_id: n(x.akun_id),
    code: x.code,
    name: x.name,
    category: n(x.category),
    receipts: n(x.receipts),
    payments: n(x.payments),
  }));
}

/**
 * Per activity the cash received and paid: each journal's counter-lines netted within the activity first, so a
 * non-cash pair inside a till journal (the doctor's share: expense against payable) adds nothing, and a payment of
 * Rp600.000 after a discount is one receipt of Rp600.000.
 */
export async function activityFlows(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
): Promise<{ activity: string; receipts: number; payments: number }[]> {
  const rows = await queryRows<{ activity: string; receipts: string; payments: string }>(
    db,
    sql`with ${perJournal(scope, from, to)},
      act as (
        select per.jurnal_id, ${ACTIVITY(sql`a`)} as activity, sum(per.net) as net
        from per join akun a on a.id = per.akun_id
        group by 1, 2
      )
      select activity, sum(case when net > 0 then net else 0 end)::text as receipts,
        sum(case when net < 0 then -net else 0 end)::text as payments
      from act group by activity`,
  );
  return rows.map((x) => ({ activity: x.activity, receipts: n(x.receipts), payments: n(x.payments) }));
}
