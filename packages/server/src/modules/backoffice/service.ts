import {
  addDays,
  addMonths,
  asSen,
  BACKOFFICE_MAX_MONTHS,
  bpToPercent,
  fromSen,
  mulDivSen,
  sumSen,
  toSen,
  type BackofficeSeasonDto,
  type BackofficeSummaryDto,
  type BackofficeSummaryRow,
  type BackofficeSummaryTotals,
  type backofficeSummaryQuery,
  type z,
} from '@klinik/shared';
import { backofficeScope } from '../../http/access-scope.js';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { listBranches } from '../branches/index.js';
import { branchMonthFigures } from '../finance/index.js';
import { salesPerMonth } from '../paket/index.js';
import { seasonForReport } from '../season/index.js';
import { countsPerMonth, type SummaryKind } from './queries.js';

const monthOf = (date: string) => `${date.slice(0, 8)}01`;
const monthEnd = (month: string) => addDays(addMonths(month, 1), -1);

/**
 * The branches a Backoffice request compares: the ones named (each must exist: 400 on profile_id), or every branch.
 * Inactive branches are included when named or when they have figures; the list keeps id order.
 */
export async function chosenBranches(c: AuthedCtx, ids: number[] | undefined) {
  const scope = backofficeScope(c, ids ?? null);
  const rows = await listBranches(c.db, { scope });
  if (ids && rows.length !== ids.length) throw badRequest('Cabang tidak ditemukan', 'profile_id');
  return { scope, branches: rows.map((r) => ({ id: r.id, name: r.name, status: r.status })) };
}

/** The report range: `to` defaults to today, `from` to the first of the month five months before `to`. */
export async function rangeOf(c: Ctx, input: { from?: string; to?: string }, maxMonths = BACKOFFICE_MAX_MONTHS) {
  const to = input.to ?? (await c.today());
  const from = input.from ?? addMonths(monthOf(to), -5);
  if (from > to) throw badRequest('Tanggal akhir sebelum tanggal awal', 'to');
  const months: string[] = [];
  for (let m = monthOf(from); m <= to; m = addMonths(m, 1)) months.push(m);
  if (months.length > maxMonths) throw badRequest(`Rentang paling lama ${maxMonths} bulan`, 'from');
  return { from, to, months };
}

type Counts = { profile_id: number; month: string; n: number }[];
const countOf = (rows: Counts) => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(`${Number(r.profile_id)}:${r.month}`, Number(r.n));
  return (branch: number, month: string) => m.get(`${branch}:${month}`) ?? 0;
};

function totalOf(rows: BackofficeSummaryRow[], last: (r: BackofficeSummaryRow) => boolean): BackofficeSummaryTotals {
  const money = (f: (r: BackofficeSummaryRow) => number, only = rows) => fromSen(sumSen(only.map((r) => toSen(f(r)))));
  const ends = rows.filter(last);
  return {
    revenue: money((r) => r.revenue),
    visits: rows.reduce((s, r) => s + r.visits, 0),
    new_patients: rows.reduce((s, r) => s + r.new_patients, 0),
    packages_sold: rows.reduce((s, r) => s + r.packages_sold, 0),
    receivables: money((r) => r.receivables, ends),
    stock_value: money((r) => r.stock_value, ends),
  };
}

/**
 * GET /api/backoffice/summary: per branch and month, the figures of the branch reports for the part of the month
 * inside [from, to] (docs/decisions.md "Backoffice dashboard and consolidated reports").
 */
export async function summary(ctx: Ctx, input: z.output<typeof backofficeSummaryQuery>): Promise<BackofficeSummaryDto> {
  const c = requireUser(ctx);
  const season = input.season === undefined ? null : await seasonFilter(c, input);
  const { from, to, months } = await rangeOf(c, season?.range ?? input);
  const { scope, branches } = await chosenBranches(c, season?.branches ?? input.profile_id);
  // Counts from the daily counts, money from the monthly and daily balances: bounded by branches and days.
  const [counts, seasonSales, figures] = await Promise.all([
    countsPerMonth(c.db, scope, from, to),
    season ? salesPerMonth(c.db, scope, from, to, season.row.id).then(countOf) : null,
    branchMonthFigures(c.db, scope, from, to),
  ]);
  const byKind = (kind: SummaryKind) => countOf(counts.filter((r) => r.jenis === kind));
  const visits = byKind('kunjungan');
  const patients = byKind('pasien_baru');
  // A season counts only the sales of its package types: read from the sales of its (short) range.
  const packages = seasonSales ?? byKind('paket');
  const rows: BackofficeSummaryRow[] = [];
  for (const b of branches)
    for (const month of months) {
      const end = monthEnd(month);
      const f = figures.get(`${b.id}:${month}`);
      rows.push({
        profile_id: b.id,
        profile_name: b.name,
        month,
        from: month < from ? from : month,
        to: end > to ? to : end,
        revenue: fromSen(f?.revenue ?? asSen(0)),
        visits: visits(b.id, month),
        new_patients: patients(b.id, month),
        packages_sold: packages(b.id, month),
        receivables: fromSen(f?.receivables ?? asSen(0)),
        stock_value: fromSen(f?.stock_value ?? asSen(0)),
      });
    }
  const lastMonth = months[months.length - 1];
  const total = totalOf(rows, (r) => r.month === lastMonth);
  return {
    from,
    to,
    months,
    branches,
    rows,
    byBranch: branches.map((b) => ({
      profile_id: b.id,
      profile_name: b.name,
      ...totalOf(
        rows.filter((r) => r.profile_id === b.id),
        (r) => r.month === lastMonth,
      ),
    })),
    total,
    season: season ? seasonFigures(season.row, total.revenue) : null,
  };
}

/**
 * A season as the dashboard's filter: its branches (those named among them, 400 on profile_id if none) and its
 * dates (the part of from/to inside them, 400 on from if none).
 */
async function seasonFilter(
  c: AuthedCtx,
  input: { season?: number; profile_id?: number[]; from?: string; to?: string },
) {
  const row = await seasonForReport(c.db, input.season!);
  if (!row) throw badRequest('Musim promo tidak ditemukan', 'season');
  const branches = input.profile_id ? input.profile_id.filter((id) => row.branches.includes(id)) : row.branches;
  if (!branches.length) throw badRequest('Cabang yang dipilih tidak termasuk musim promo ini', 'profile_id');
  const from = input.from && input.from > row.start_at ? input.from : row.start_at;
  const to = input.to && input.to < row.end_at ? input.to : row.end_at;
  if (from > to) throw badRequest('Rentang tanggal di luar musim promo ini', 'from');
  return { row, branches, range: { from, to } };
}

function seasonFigures(
  row: NonNullable<Awaited<ReturnType<typeof seasonForReport>>>,
  revenue: number,
): BackofficeSeasonDto {
  const target = asSen(row.revenue_target);
  return {
    id: row.id,
    name: row.name,
    start_at: row.start_at,
    end_at: row.end_at,
    revenue_target: fromSen(target),
    revenue,
    achieved_percent: target > 0 ? bpToPercent(mulDivSen(toSen(revenue), 10_000, target)) : null,
  };
}
