import {
  fromSen,
  sumSen,
  toSen,
  type BackofficeBalanceSheetDto,
  type BackofficeProfitLossDto,
  type BackofficeProfitLossSection,
  type BackofficeTrialBalanceDto,
  type ConsolidatedTrialBalanceRow,
  type consolidatedReportQuery,
  type StatementSection,
  type TrialBalanceRow,
  type z,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import {
  balanceColumns,
  balanceSheet,
  balanceTotals,
  interBranchEliminations,
  profitLoss,
  side,
  trialBalancesOfBranches,
} from '../finance/index.js';
import { chosenBranches, rangeOf } from './service.js';

type Input = z.output<typeof consolidatedReportQuery>;
/** Finance reports are not capped by the dashboard's month count: a year and a bit at most is asked for. */
const MAX_MONTHS = 120;
const sen = (rupiah: number) => toSen(rupiah);

/**
 * GET /api/backoffice/finance/trialbalance: each chosen branch's trial balance, or (consolidated=1) one set of lines
 * summed over them with the inter-branch balances eliminated at `to` (an elimination column, then the consolidated
 * closing balance).
 */
export async function consolidatedTrialBalance(ctx: Ctx, input: Input): Promise<BackofficeTrialBalanceDto> {
  const c = requireUser(ctx);
  const { from, to } = await rangeOf(c, input, MAX_MONTHS);
  const { scope, branches } = await chosenBranches(c, input.profile_id);
  // One statement over every chosen branch (monthly and daily balances), each branch's rows as its own report.
  const reports = await trialBalancesOfBranches(
    c.db,
    scope,
    branches.map((b) => b.id),
    from,
    to,
  );
  const refs = branches.map((b) => ({ id: b.id, name: b.name }));
  const zero = { opening_debit: 0, opening_credit: 0, debit: 0, credit: 0, closing_debit: 0, closing_credit: 0 };
  const base = { from, to, branches: refs };
  if (input.consolidated !== 1) {
    return {
      ...base,
      consolidated: false,
      rows: [],
      totals: { ...zero, elimination_debit: 0, elimination_credit: 0, consolidated_debit: 0, consolidated_credit: 0 },
      reports: reports.map((r, i) => ({ ...r, profile_id: branches[i].id, profile_name: branches[i].name })),
    };
  }
  const sums = new Map<number, { meta: TrialBalanceRow; open: number; d: number; c: number; e: number }>();
  for (const r of reports)
    for (const row of r.rows) {
      const s = sums.get(row.akun_id) ?? { meta: row, open: 0, d: 0, c: 0, e: 0 };
      s.open += sen(row.opening_debit) - sen(row.opening_credit);
      s.d += sen(row.debit);
      s.c += sen(row.credit);
      sums.set(row.akun_id, s);
    }
  for (const e of await interBranchEliminations(c, scope, to)) {
    const s = sums.get(e.akun_id);
    // Lines eliminated are in the branches' books up to `to`, so the account has a line (balance or movement).
    if (s) s.e -= e.debit - e.credit;
  }
  const t = { od: 0, oc: 0, d: 0, c: 0, cd: 0, cc: 0, ed: 0, ec: 0, fd: 0, fc: 0 };
  const plus = (net: number, pos: 'od' | 'cd' | 'ed' | 'fd', neg: 'oc' | 'cc' | 'ec' | 'fc') => {
    if (net > 0) t[pos] += net;
    else t[neg] -= net;
  };
  const rows: ConsolidatedTrialBalanceRow[] = [...sums.values()]
    .sort((a, b) => a.meta.code.localeCompare(b.meta.code))
    .map((s) => {
      const close = s.open + s.d - s.c;
      plus(s.open, 'od', 'oc');
      plus(close, 'cd', 'cc');
      plus(s.e, 'ed', 'ec');
      plus(close + s.e, 'fd', 'fc');
      t.d += s.d;
      t.c += s.c;
      const el = side(s.e);
      const f = side(close + s.e);
      return {
        ...s.meta,
        ...balanceColumns(s.open, s.d, s.c),
        elimination_debit: el.debit,
        elimination_credit: el.credit,
        consolidated_debit: f.debit,
        consolidated_credit: f.credit,
      };
    });
  return {
    ...base,
    consolidated: true,
    rows,
    totals: {
      ...balanceTotals(t),
      elimination_debit: fromSen(t.ed),
      elimination_credit: fromSen(t.ec),
      consolidated_debit: fromSen(t.fd),
      consolidated_credit: fromSen(t.fc),
    },
    reports: [],
  };
}

/** GET /api/backoffice/finance/labarugi: profit and loss with one column per chosen branch and the total. */
export async function profitLossByBranch(ctx: Ctx, input: Input): Promise<BackofficeProfitLossDto> {
  const c = requireUser(ctx);
  const { from, to } = await rangeOf(c, input, MAX_MONTHS);
  const { branches } = await chosenBranches(c, input.profile_id);
  const reports = await Promise.all(branches.map((b) => profitLoss(c, { from, to, profile_id: b.id })));
  const keyed = (f: (i: number) => number) => {
    const out: Record<string, number> & { total: number } = { total: 0 };
    const parts = branches.map((b, i) => {
      out[String(b.id)] = f(i);
      return sen(f(i));
    });
    out.total = fromSen(sumSen(parts));
    return out;
  };
  const categories = reports[0]?.sections.map((s) => ({ category: s.category, title: s.title })) ?? [];
  const sections: BackofficeProfitLossSection[] = categories.map(({ category, title }) => {
    const of = (i: number) => reports[i].sections.find((s) => s.category === category);
    const lines = new Map<number, { akun_id: number; code: string; name: string }>();
    reports.forEach((_, i) => of(i)?.lines.forEach((l) => lines.set(l.akun_id, l)));
    const totals = keyed((i) => of(i)?.total ?? 0);
    return {
      category,
      title,
      lines: [...lines.values()]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((l) => {
          const amounts = keyed((i) => of(i)?.lines.find((x) => x.akun_id === l.akun_id)?.amount ?? 0);
          const { total, ...byBranch } = amounts;
          return { akun_id: l.akun_id, code: l.code, name: l.name, amounts: byBranch, total };
        }),
      totals: Object.fromEntries(Object.entries(totals).filter(([k]) => k !== 'total')),
      total: totals.total,
    };
  });
  return {
    from,
    to,
    branches: branches.map((b) => ({ id: b.id, name: b.name })),
    sections,
    gross_profit: keyed((i) => reports[i].gross_profit),
    operating_profit: keyed((i) => reports[i].operating_profit),
    net_profit: keyed((i) => reports[i].net_profit),
  };
}

function sumSections(sections: StatementSection[], less: Map<number, number>): StatementSection {
  const lines = new Map<number, { akun_id: number; code: string; name: string; amount: number }>();
  for (const s of sections)
    for (const l of s.lines) {
      const cur = lines.get(l.akun_id) ?? { ...l, amount: 0 };
      cur.amount += sen(l.amount);
      lines.set(l.akun_id, cur);
    }
  const out = [...lines.values()]
    .map((l) => ({ ...l, amount: l.amount - (less.get(l.akun_id) ?? 0) }))
    .filter((l) => l.amount !== 0)
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    category: sections[0]?.category ?? 0,
    title: sections[0]?.title ?? '',
    lines: out.map((l) => ({ ...l, amount: fromSen(l.amount) })),
    total: fromSen(sumSen(out.map((l) => l.amount))),
  };
}

/** GET /api/backoffice/finance/neraca: the consolidated balance sheet at `to`, inter-branch balances eliminated. */
export async function consolidatedBalanceSheet(ctx: Ctx, input: Input): Promise<BackofficeBalanceSheetDto> {
  const c = requireUser(ctx);
  const { from, to } = await rangeOf(c, input, MAX_MONTHS);
  const { scope, branches } = await chosenBranches(c, input.profile_id);
  const [reports, elims] = await Promise.all([
    Promise.all(branches.map((b) => balanceSheet(c, { from, to, profile_id: b.id }))),
    interBranchEliminations(c, scope, to),
  ]);
  // On each section's natural sign: an asset's receivable is debit, a liability's payable credit.
  const less = new Map(elims.map((e) => [e.akun_id, e.category === 1 ? e.debit - e.credit : e.credit - e.debit]));
  const assets = sumSections(
    reports.map((r) => r.assets),
    less,
  );
  const liabilities = sumSections(
    reports.map((r) => r.liabilities),
    less,
  );
  const equity = sumSections(
    reports.map((r) => r.equity),
    less,
  );
  const earnings = sumSen(reports.map((r) => sen(r.current_earnings)));
  const total = (s: StatementSection) => sen(s.total);
  return {
    from,
    to,
    branches: branches.map((b) => ({ id: b.id, name: b.name })),
    assets,
    liabilities,
    equity,
    current_earnings: fromSen(earnings),
    total_assets: assets.total,
    total_liabilities_equity: fromSen(total(liabilities) + total(equity) + earnings),
    eliminations: elims.map((e) => ({
      akun_id: e.akun_id,
      code: e.code,
      name: e.name,
      amount: fromSen(less.get(e.akun_id) ?? 0),
    })),
    elimination_total: fromSen(sumSen(elims.filter((e) => e.category === 1).map((e) => less.get(e.akun_id) ?? 0))),
  };
}
