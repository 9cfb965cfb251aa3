import {
  AKUN_CATEGORIES,
  fromSen,
  INCOME_CATEGORIES,
  LEDGER_PAGE_LINES,
  sumSen,
  type BalanceSheetDto,
  type LedgerAccount,
  type LedgerDto,
  type LedgerQuery,
  type ProfitLossDto,
  type ReportQuery,
  type Sen,
  type StatementSection,
  type TrialBalanceDto,
  type TrialBalanceRow,
} from '@klinik/shared';
import type { Db } from '../../../db/client.js';
import type { BranchScope } from '../../../http/access-scope.js';
import { requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import * as q from '../queries.js';
import { rangeOf, scopeOf } from './common.js';

// ---------------------------------------------------------------- reports

/** A net balance (sen, debit positive) as its debit or credit column, in rupiah. */
export function side(net: number): { debit: number; credit: number } {
  return { debit: net > 0 ? fromSen(net) : 0, credit: net < 0 ? fromSen(-net) : 0 };
}

/** The columns of an account's trial-balance line from its opening balance and the range's movements (sen). */
export function balanceColumns(open: number, d: number, c: number) {
  const o = side(open);
  const cl = side(open + d - c);
  return {
    opening_debit: o.debit,
    opening_credit: o.credit,
    debit: fromSen(d),
    credit: fromSen(c),
    closing_debit: cl.debit,
    closing_credit: cl.credit,
  };
}

/** The totals of a trial balance from its column sums in sen (opening, movements, closing; debit and credit). */
export function balanceTotals(t: { od: number; oc: number; d: number; c: number; cd: number; cc: number }) {
  return {
    opening_debit: fromSen(t.od),
    opening_credit: fromSen(t.oc),
    debit: fromSen(t.d),
    credit: fromSen(t.c),
    closing_debit: fromSen(t.cd),
    closing_credit: fromSen(t.cc),
  };
}

export async function trialBalance(ctx: Ctx, query: ReportQuery): Promise<TrialBalanceDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([q.listAkun(c.db), q.rangeSums(c.db, scope, from, to)]);
  return trialBalanceOf(accounts, sums, from, to);
}

/**
 * Each branch's trial balance of [from, to], as `trialBalance` answers it for that branch, from one statement over
 * every branch (the Backoffice's consolidated trial balance). The scope is the caller's to check.
 */
export async function trialBalancesOfBranches(
  db: Db,
  scope: BranchScope,
  branchIds: number[],
  from: string,
  to: string,
): Promise<TrialBalanceDto[]> {
  const [accounts, sums] = await Promise.all([q.listAkun(db), q.rangeSumsByBranch(db, scope, from, to)]);
  return branchIds.map((id) => trialBalanceOf(accounts, sums.get(id) ?? new Map(), from, to));
}

function trialBalanceOf(
  accounts: q.AkunRow[],
  sums: Map<number, q.RangeSum>,
  from: string,
  to: string,
): TrialBalanceDto {
  const rows: TrialBalanceRow[] = [];
  const t = { od: 0, oc: 0, d: 0, c: 0, cd: 0, cc: 0 };
  for (const a of accounts) {
    const s = sums.get(a.id);
    if (!s) continue;
    const open = s.od - s.oc;
    const close = open + s.d - s.c;
    if (open === 0 && s.d === 0 && s.c === 0) continue;
    rows.push({
      akun_id: a.id,
      code: a.code,
      name: a.name,
      category: a.category,
      categoryname: AKUN_CATEGORIES[a.category as keyof typeof AKUN_CATEGORIES] ?? '',
      normal: a.normal === 'K' ? 'K' : 'D',
      ...balanceColumns(open, s.d, s.c),
    });
    if (open > 0) t.od += open;
    else t.oc -= open;
    t.d += s.d;
    t.c += s.c;
    if (close > 0) t.cd += close;
    else t.cc -= close;
  }
  return {
    from,
    to,
    rows,
    totals: balanceTotals(t),
  };
}

/**
 * General ledger of [from, to], one page of `limit` ledger lines: accounts in code order (one account, or every
 * detail account with a balance or a posting), each with its opening balance, this page's entries with running
 * balances, the range's movements and closing balance. A long account continues on the next page (entry_offset,
 * carried); an account with a balance but no posting takes one line. Bounded per request whatever the book's size.
 */
export async function ledger(ctx: Ctx, query: LedgerQuery): Promise<LedgerDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const page = query.page ?? 1;
  const limit = query.limit ?? LEDGER_PAGE_LINES;
  const accounts = await q.listAkun(c.db);
  let only: q.AkunRow | undefined;
  if (query.akun) {
    only =
      accounts.find((a) => a.code === query.akun) ??
      (/^\d+$/.test(query.akun) ? accounts.find((a) => a.id === Number(query.akun)) : undefined);
    if (!only) throw badRequest('Akun tidak ditemukan', 'akun');
  }
  const sums = await q.rangeSums(c.db, scope, from, to);
  // Every account of the report with its place in the run of ledger lines (slots).
  const offset = (page - 1) * limit;
  let start = 0;
  const onPage: {
    a: q.AkunRow;
    s: { od: number; oc: number; d: number; c: number; n: number };
    sign: number;
    opening: number;
    lo: number;
    hi: number;
  }[] = [];
  for (const a of only ? [only] : accounts) {
    if (a.isheader && !only) continue;
    const s = sums.get(a.id) ?? { od: 0, oc: 0, d: 0, c: 0, n: 0 };
    const sign = a.normal === 'K' ? -1 : 1;
    const opening = sign * (s.od - s.oc);
    if (!only && opening === 0 && s.n === 0) continue;
    const slots = Math.max(1, s.n);
    if (start < offset + limit && start + slots > offset) {
      onPage.push({ a, s, sign, opening, lo: Math.max(0, offset - start), hi: Math.min(s.n, offset + limit - start) });
    }
    start += slots;
  }
  const lines = await q.ledgerLines(
    c.db,
    scope,
    from,
    to,
    onPage.filter((p) => p.hi > p.lo).map((p) => ({ akunId: p.a.id, fromRn: p.lo, toRn: p.hi })),
  );
  const byAkun = new Map<number, q.LedgerLineRow[]>();
  for (const l of lines) {
    const list = byAkun.get(l.akun_id) ?? [];
    list.push(l);
    byAkun.set(l.akun_id, list);
  }
  const out: LedgerAccount[] = onPage.map(({ a, s, sign, opening, lo }) => {
    const entries = byAkun.get(a.id) ?? [];
    const first = entries[0];
    const carried = first ? opening + sign * (first.run - (first.debit - first.credit)) : opening;
    return {
      akun_id: a.id,
      code: a.code,
      name: a.name,
      normal: a.normal === 'K' ? 'K' : 'D',
      opening: fromSen(opening),
      debit: fromSen(s.d),
      credit: fromSen(s.c),
      closing: fromSen(opening + sign * (s.d - s.c)),
      entry_count: s.n,
      entry_offset: lo,
      carried: fromSen(carried),
      entries: entries.map((e) => ({
        jurnal_id: e.jurnal_id,
        code: e.code,
        transaction_at: e.transaction_at,
        memo: e.memo,
        description: e.description,
        debit: fromSen(e.debit),
        credit: fromSen(e.credit),
        balance: fromSen(opening + sign * e.run),
      })),
    };
  });
  return { from, to, accounts: out, page, limit, count: start };
}

const REVENUE_LIKE = new Set([2, 3, 4, 7]);

/** A statement section as its DTO (rupiah) and its total in sen, which the statement's own totals are summed from. */
function section(
  category: number,
  title: string,
  accounts: q.AkunRow[],
  netOfAkun: (id: number) => number,
): { dto: StatementSection; totalSen: Sen } {
  const sign = REVENUE_LIKE.has(category) ? -1 : 1;
  const lines = accounts
    .filter((a) => a.category === category && !a.isheader)
    .map((a) => ({ akun_id: a.id, code: a.code, name: a.name, amount: sign * netOfAkun(a.id) }))
    .filter((l) => l.amount !== 0);
  const totalSen = sumSen(lines.map((l) => l.amount));
  return {
    dto: { category, title, lines: lines.map((l) => ({ ...l, amount: fromSen(l.amount) })), total: fromSen(totalSen) },
    totalSen,
  };
}

/** Profit and loss of [from, to]: movements of categories 4-8, without the closing journals. */
export async function profitLoss(ctx: Ctx, query: ReportQuery): Promise<ProfitLossDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([
    q.listAkun(c.db),
    q.rangeSums(c.db, scope, from, to, { excludeClosing: true, movementOnly: true }),
  ]);
  const net = (id: number) => {
    const s = sums.get(id);
    return s ? s.d - s.c : 0;
  };
  const sections = INCOME_CATEGORIES.map((cat) =>
    section(cat, AKUN_CATEGORIES[cat as keyof typeof AKUN_CATEGORIES], accounts, net),
  );
  const totalSen = (cat: number) => sections.find((s) => s.dto.category === cat)?.totalSen ?? 0;
  const gross = totalSen(4) - totalSen(5);
  const operating = gross - totalSen(6);
  const netProfit = operating + totalSen(7) - totalSen(8);
  return {
    from,
    to,
    sections: sections.map((s) => s.dto),
    gross_profit: fromSen(gross),
    operating_profit: fromSen(operating),
    net_profit: fromSen(netProfit),
  };
}

/** Balance sheet as of `to`: balances of categories 1-3 plus the profit or loss not yet closed. */
export async function balanceSheet(ctx: Ctx, query: ReportQuery): Promise<BalanceSheetDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [accounts, sums] = await Promise.all([q.listAkun(c.db), q.sumsByAkun(c.db, scope, { upTo: to })]);
  const net = (id: number) => {
    const s = sums.get(id);
    return s ? s.debit - s.credit : 0;
  };
  const assets = section(1, 'Aset', accounts, net);
  const liabilities = section(2, 'Kewajiban', accounts, net);
  const equity = section(3, 'Ekuitas', accounts, net);
  let earnings = 0;
  for (const a of accounts) if (INCOME_CATEGORIES.includes(a.category)) earnings -= net(a.id);
  return {
    from,
    to,
    assets: assets.dto,
    liabilities: liabilities.dto,
    equity: equity.dto,
    current_earnings: fromSen(earnings),
    total_assets: assets.dto.total,
    total_liabilities_equity: fromSen(liabilities.totalSen + equity.totalSen + earnings),
  };
}
