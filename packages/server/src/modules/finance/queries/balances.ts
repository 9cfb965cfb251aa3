/** Finance SQL: account sums over a range (monthly balances plus the partial months at the ends) and ledger lines. */
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import type { LedgerEntry } from '@klinik/shared';

// ---------------------------------------------------------------- balances

// Monthly balances (drizzle/0013_monthly_balances.sql): whole months are read from jurnal_saldo_bulan, the partial
// months at the ends of a range from the daily balances jurnal_saldo_hari (drizzle/0068_daily_summaries.sql), so a
// report's cost follows the number of months, days and accounts, not the size of the book.

/** First day of the date's month. */
function monthOf(date: string): string {
  return `${date.slice(0, 8)}01`;
}
function addMonth(month: string, k: number): string {
  const [y, m] = month.split('-').map(Number);
  const t = y * 12 + (m - 1) + k;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;
}
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Per account: debit and credit sums in sen of the journals in scope, optionally only those dated before
 * `before` (exclusive) or up to `upTo` (inclusive).
 */
export async function sumsByAkun(
  db: Db,
  scope: BranchScope,
  opts: { before?: string; upTo?: string; periodeId?: number } = {},
): Promise<Map<number, { debit: number; credit: number }>> {
  // Everything dated before `bound` (or everything).
  const bound = opts.before ?? (opts.upTo ? nextDay(opts.upTo) : null);
  const rows = await queryRows<{ akun_id: number; debit: string; credit: string }>(
    db,
    bound
      ? sql`select akun_id, sum(debit)::text as debit, sum(credit)::text as credit from (
            select s.akun_id, s.debit, s.credit from jurnal_saldo_bulan s
            where ${scopeSql(sql`s.profile_id`, scope)} and s.bulan < ${monthOf(bound)}
            union all
            select d.akun_id, d.debit, d.credit from jurnal_saldo_hari d
            where ${scopeSql(sql`d.profile_id`, scope)} and d.hari >= ${monthOf(bound)} and d.hari < ${bound}
          ) x group by akun_id`
      : sql`select s.akun_id, sum(s.debit)::text as debit, sum(s.credit)::text as credit from jurnal_saldo_bulan s
            where ${scopeSql(sql`s.profile_id`, scope)} group by s.akun_id`,
  );
  return new Map(rows.map((r) => [Number(r.akun_id), { debit: Number(r.debit), credit: Number(r.credit) }]));
}

/** The whole months inside [from, to] (first days), or null when there is none. */
function wholeMonths(from: string, to: string): { first: string; last: string } | null {
  const first = monthOf(from) === from ? from : addMonth(monthOf(from), 1);
  const last = monthOf(nextDay(to)) === nextDay(to) ? monthOf(to) : addMonth(monthOf(to), -1);
  return first <= last ? { first, last } : null;
}

/**
 * Trial balance sums per account: before `from` (opening) and within [from, to] (movement, with the number of
 * lines). excludeClosing leaves out the closing journals (profit and loss); movementOnly leaves the opening at 0
 * and reads no line before `from` (profit and loss needs none).
 *
 * No journal line is read: whole months come from jurnal_saldo_bulan and the days of the partial months from
 * jurnal_saldo_hari, both keeping the closing journals apart (issue 33: the lines of the two partial months of a
 * year's range were most of a consolidated trial balance over 50 branches).
 */
export async function rangeSums(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  opts: RangeOpts = {},
): Promise<Map<number, RangeSum>> {
  const rows = await rangeSumRows(db, scope, from, to, opts, false);
  return new Map(rows.map((r) => [Number(r.akun_id), sumOf(r)]));
}

/** rangeSums of every branch in scope at once (one statement): branch id -> account id -> sums. */
export async function rangeSumsByBranch(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  opts: RangeOpts = {},
): Promise<Map<number, Map<number, RangeSum>>> {
  const out = new Map<number, Map<number, RangeSum>>();
  for (const r of await rangeSumRows(db, scope, from, to, opts, true)) {
    const b = Number(r.profile_id);
    if (!out.has(b)) out.set(b, new Map());
    out.get(b)!.set(Number(r.akun_id), sumOf(r));
  }
  return out;
}

type RangeOpts = { excludeClosing?: boolean; movementOnly?: boolean };
export type RangeSum = { od: number; oc: number; d: number; c: number; n: number };
type RangeRow = { profile_id?: number; akun_id: number; od: string; oc: string; d: string; c: string; n: number };
const sumOf = (r: RangeRow): RangeSum => ({
  od: Number(r.od),
  oc: Number(r.oc),
  d: Number(r.d),
  c: Number(r.c),
  n: Number(r.n),
});

async function rangeSumRows(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  opts: RangeOpts,
  byBranch: boolean,
): Promise<RangeRow[]> {
  const pb = byBranch ? sql`profile_id, ` : sql``;
  const notClosingBal = opts.excludeClosing ? sql` and not s.closing` : sql``;
  const notClosingDay = opts.excludeClosing ? sql` and not d.closing` : sql``;
  const whole = wholeMonths(from, to);
  // Days read from the daily balances: the opening's part of from's month, and the range outside its whole months.
  const dayRanges: SQL[] = opts.movementOnly ? [] : [sql`(d.hari >= ${monthOf(from)} and d.hari < ${from})`];
  if (whole) {
    if (from < whole.first) dayRanges.push(sql`(d.hari >= ${from} and d.hari < ${whole.first})`);
    const after = addMonth(whole.last, 1);
    if (after <= to) dayRanges.push(sql`(d.hari >= ${after} and d.hari <= ${to})`);
  } else {
    dayRanges.push(sql`(d.hari >= ${from} and d.hari <= ${to})`);
  }
  return queryRows<RangeRow>(
    db,
    sql`select ${pb}akun_id, sum(od)::text as od, sum(oc)::text as oc, sum(d)::text as d, sum(c)::text as c,
          sum(n)::int as n
        from (
          ${
            opts.movementOnly
              ? sql``
              : sql`select s.profile_id, s.akun_id, s.debit as od, s.credit as oc, 0::bigint as d, 0::bigint as c, 0 as n
          from jurnal_saldo_bulan s
          where ${scopeSql(sql`s.profile_id`, scope)} and s.bulan < ${monthOf(from)}${notClosingBal}
          union all`
          }
          ${
            whole
              ? sql`select s.profile_id, s.akun_id, 0::bigint as od, 0::bigint as oc, s.debit as d, s.credit as c, s.n as n
          from jurnal_saldo_bulan s
          where ${scopeSql(sql`s.profile_id`, scope)} and s.bulan >= ${whole.first} and s.bulan <= ${whole.last}${notClosingBal}
          union all`
              : sql``
          }
          select d.profile_id, d.akun_id,
            case when d.hari < ${from} then d.debit else 0 end as od,
            case when d.hari < ${from} then d.credit else 0 end as oc,
            case when d.hari >= ${from} then d.debit else 0 end as d,
            case when d.hari >= ${from} then d.credit else 0 end as c,
            case when d.hari >= ${from} then d.n else 0 end as n
          from jurnal_saldo_hari d
          where ${scopeSql(sql`d.profile_id`, scope)} and (${dayRanges.length ? sql.join(dayRanges, sql` or `) : sql`false`})${notClosingDay}
        ) x group by ${pb}akun_id`,
  );
}

/** A ledger line as read (sen): the API's LedgerEntry of an account, with a running sum instead of its balance. */
export interface LedgerLineRow extends Omit<LedgerEntry, 'balance'> {
  akun_id: number;
  /** Debit minus credit (sen) of the account's lines in range up to and including this one. */
  run: number;
}

/** A slice of one account's ledger lines in range: its lines number fromRn+1 .. toRn (1-based, in ledger order). */
export interface LedgerWindow {
  akunId: number;
  fromRn: number;
  toRn: number;
}

/**
 * Ledger lines of [from, to] for the given slices, in ledger order (date, journal, line) per account, each with the
 * account's running sum from the start of the range. Bounded whatever the size of the book: the month holding a
 * slice's first line is found from the monthly line counts (jurnal_saldo_bulan; the partial months at the ends of
 * the range counted from the lines), and only that month's lines up to the slice's end are read
 * (jurnal_detail_ledger_idx), with the sum of the months before it as the running sum's start.
 */
export async function ledgerLines(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  windows: LedgerWindow[],
): Promise<LedgerLineRow[]> {
  if (!windows.length) return [];
  const ids = [...new Set(windows.map((w) => w.akunId))];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const whole = wholeMonths(from, to);
  const partial: SQL[] = [];
  if (whole) {
    if (from < whole.first) partial.push(sql`(d.hari >= ${from} and d.hari < ${whole.first})`);
    const after = addMonth(whole.last, 1);
    if (after <= to) partial.push(sql`(d.hari >= ${after} and d.hari <= ${to})`);
  } else partial.push(sql`(d.hari >= ${from} and d.hari <= ${to})`);
  // Lines and net (debit - credit) per account and month within the range.
  const months = await queryRows<{ akun_id: number; bulan: string; n: number; net: string }>(
    db,
    sql`select akun_id, bulan, sum(n)::int as n, sum(net)::text as net from (
          ${
            whole
              ? sql`select s.akun_id, s.bulan, s.n, s.debit - s.credit as net from jurnal_saldo_bulan s
          where ${scopeSql(sql`s.profile_id`, scope)} and s.akun_id in (${idList})
            and s.bulan >= ${whole.first} and s.bulan <= ${whole.last}
          union all`
              : sql``
          }
          select d.akun_id, date_trunc('month', d.hari)::date as bulan, d.n, d.debit - d.credit as net
          from jurnal_saldo_hari d
          where ${scopeSql(sql`d.profile_id`, scope)} and d.akun_id in (${idList}) and (${partial.length ? sql.join(partial, sql` or `) : sql`false`})
        ) x group by akun_id, bulan order by akun_id, bulan`,
  );
  const byAkun = new Map<number, { bulan: string; n: number; net: number }[]>();
  for (const m of months) {
    const list = byAkun.get(Number(m.akun_id)) ?? [];
    list.push({ bulan: String(m.bulan).slice(0, 10), n: Number(m.n), net: Number(m.net) });
    byAkun.set(Number(m.akun_id), list);
  }
  const parts: SQL[] = [];
  const starts: { akunId: number; skip: number; base: number; fromRn: number }[] = [];
  for (const w of windows) {
    let before = 0;
    let net = 0;
    let start = from;
    for (const m of byAkun.get(w.akunId) ?? []) {
      if (before + m.n > w.fromRn) {
        start = m.bulan > from ? m.bulan : from;
        break;
      }
      before += m.n;
      net += m.net;
    }
    const k = starts.length;
    starts.push({ akunId: w.akunId, skip: w.fromRn - before, base: net, fromRn: w.fromRn });
    parts.push(sql`(select ${k}::int as k, d.akun_id, d.jurnal_id, d.line_no, d.transaction_at, d.description, d.debit, d.credit
        from jurnal_detail d
        where ${scopeSql(sql`d.profile_id`, scope)} and d.akun_id = ${w.akunId}
          and d.transaction_at >= ${start} and d.transaction_at <= ${to}
        order by d.transaction_at, d.jurnal_id, d.line_no
        limit ${w.toRn - before})`);
  }
  const rows = await queryRows<
    Omit<LedgerLineRow, 'debit' | 'credit' | 'run'> & {
      k: number;
      debit: string;
      credit: string;
      rn: number;
      run: string;
    }
  >(
    db,
    sql`select x.k, x.akun_id, x.jurnal_id, j.code, x.transaction_at::text as transaction_at, j.memo, x.description,
          x.debit::text as debit, x.credit::text as credit,
          (row_number() over w)::int as rn, (sum(x.debit - x.credit) over w)::text as run
        from (${sql.join(parts, sql` union all `)}) x join jurnal j on j.id = x.jurnal_id
        window w as (partition by x.k order by x.transaction_at, x.jurnal_id, x.line_no rows between unbounded preceding and current row)
        order by x.k, x.transaction_at, x.jurnal_id, x.line_no`,
  );
  return rows
    .filter((r) => Number(r.rn) > starts[Number(r.k)].skip)
    .map((r) => ({
      akun_id: Number(r.akun_id),
      jurnal_id: Number(r.jurnal_id),
      code: r.code,
      transaction_at: r.transaction_at,
      memo: r.memo,
      description: r.description,
      debit: Number(r.debit),
      credit: Number(r.credit),
      run: starts[Number(r.k)].base + Number(r.run),
    }));
}
