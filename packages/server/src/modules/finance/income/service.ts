/**
 * Income reports (issue 28 item 6): GET /api/finance/income/{kind}. Every figure comes from the documents (the
 * till's payments and voids, the packages sold, the record's lab forms); `ledger` gives the revenue accounts of the
 * ledger (category 4) for the same range and branches, and `other` what the documents do not explain. What each
 * kind covers: docs/decisions.md, "Income reports and the financial statements hub".
 */
import {
  asSen,
  fromSen,
  INCOME_KIND_TITLES,
  type Sen,
  sumSen,
  type IncomeKind,
  type IncomeLedgerDto,
  type IncomeQuery,
  type IncomeReportDto,
  type IncomeRowDto,
  type IncomeTotalsDto,
} from '@klinik/shared';
import { requireUser, type AuthedCtx, type Ctx } from '../../../http/context.js';
import { rangeOf, scopeOf } from '../services/common.js';
import * as q from '../queries/income.js';

/** Labels of the till's revenue line kinds ('service' rows). */
export const SERVICE_KIND_LABELS: Record<(typeof q.REVENUE_LINE_KINDS)[number], string> = {
  treatment: 'Tindakan Medis',
  lab: 'Laboratorium',
  product: 'Produk',
  resep: 'Obat (Resep)',
  bhp: 'Bahan Habis Pakai',
  item: 'Penjualan Umum',
};

const EMPTY_TOTALS: IncomeTotalsDto = {
  qty: 0,
  gross: 0,
  discount: 0,
  net: 0,
  doctor_share: 0,
  sold_count: 0,
  sold_value: 0,
  collected: 0,
  slots_used: 0,
  recognized: 0,
  deferred: 0,
  amount: 0,
};

const money = (v: number) => fromSen(v);

/** Gross, discount and net (gross less discount) of a row or of the totals, in rupiah. */
const netOf = (gross: number, discount: number) => ({
  gross: money(gross),
  discount: money(discount),
  net: money(gross - discount),
});

interface Page {
  rows: IncomeRowDto[];
  count: number;
  totals: Partial<IncomeTotalsDto>;
}

function slice<T>(rows: T[], page: number, limit: number): T[] {
  return rows.slice((page - 1) * limit, page * limit);
}

/**
 * A report read whole: the page of its rows asked for (key, code and name, then the figures `figures` gives) and the
 * totals over all of them.
 */
function wholePage<R extends { key: string; code: string; name: string }>(
  rows: R[],
  f: IncomeQuery,
  figures: (x: R) => Omit<IncomeRowDto, 'key' | 'code' | 'name'>,
  totals: Partial<IncomeTotalsDto>,
): Page {
  const page = slice(rows, f.page, f.limit).map((x) => ({ key: x.key, code: x.code, name: x.name, ...figures(x) }));
  return { count: rows.length, rows: page, totals };
}

async function tindakanmedis(c: AuthedCtx, r: q.Range, f: IncomeQuery): Promise<Page> {
  const rows = await q.procedures(c.db, r, f.doctor, f.keyword);
  const gross = sumSen(rows.map((x) => x.gross));
  const discount = sumSen(rows.map((x) => x.discount));
  return wholePage(
    rows,
    f,
    (x) => ({
      qty: x.qty,
      covered_qty: x.covered_qty,
      ...netOf(x.gross, x.discount),
      doctor_share: money(x.doctor_share),
    }),
    {
      qty: rows.reduce((s, x) => s + x.qty, 0),
      ...netOf(gross, discount),
      doctor_share: money(sumSen(rows.map((x) => x.doctor_share))),
    },
  );
}

async function service(c: AuthedCtx, r: q.Range, f: IncomeQuery): Promise<Page> {
  const [kinds, discount] = await Promise.all([q.serviceKinds(c.db, r, f.doctor), q.tillDiscount(c.db, r, f.doctor)]);
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const rows: IncomeRowDto[] = q.REVENUE_LINE_KINDS.map((kind) => {
    const k = byKind.get(kind);
    return {
      key: kind,
      code: kind,
      name: SERVICE_KIND_LABELS[kind],
      qty: k?.qty ?? 0,
      covered_qty: k?.covered_qty ?? 0,
      gross: money(k?.gross ?? 0),
      discount: 0,
      net: money(k?.gross ?? 0),
    };
  }).filter((x) => !f.keyword || x.name.toLowerCase().includes(f.keyword.toLowerCase()));
  const gross = sumSen(kinds.map((k) => k.gross));
  // The bills' discounts (Potongan Penjualan) are not per service: one row of their own.
  rows.push({
    key: 'discount',
    code: 'diskon',
    name: 'Potongan Penjualan (diskon)',
    gross: 0,
    discount: money(discount),
    net: money(-discount),
  });
  return {
    count: rows.length,
    rows: slice(rows, f.page, f.limit),
    totals: {
      qty: kinds.reduce((s, k) => s + k.qty, 0),
      ...netOf(gross, discount),
    },
  };
}

type DocFilter = { doctor?: number; keyword?: string };

/**
 * A report of documents read a page at a time: this page's rows and the totals over the whole filter, each read with
 * the report's doctor and keyword.
 */
async function documentPage<R, T extends { count: number }>(
  c: AuthedCtx,
  r: q.Range,
  f: IncomeQuery,
  read: (db: AuthedCtx['db'], r: q.Range, f: DocFilter & { limit: number; offset: number }) => Promise<R[]>,
  readTotals: (db: AuthedCtx['db'], r: q.Range, f: DocFilter) => Promise<T>,
): Promise<{ rows: R[]; t: T }> {
  const filter = { doctor: f.doctor, keyword: f.keyword };
  const [rows, t] = await Promise.all([
    read(c.db, r, { ...filter, limit: f.limit, offset: (f.page - 1) * f.limit }),
    readTotals(c.db, r, filter),
  ]);
  return { rows, t };
}

async function treatment(c: AuthedCtx, r: q.Range, f: IncomeQuery): Promise<Page> {
  const { rows, t } = await documentPage(c, r, f, q.documents, q.documentTotals);
  return {
    count: t.count,
    rows: rows.map((x) => ({
      key: x.key,
      code: x.code,
      name: x.kind === 'sales' ? 'Penjualan umum' : 'Kunjungan',
      date: x.day,
      patient: x.patient ?? '-',
      doctor: x.doctor ?? '-',
      branch: x.branch ?? '-',
      status: x.is_void ? 'batal' : 'dibayar',
      ...netOf(x.gross, x.discount),
      doctor_share: money(x.doctor_share),
    })),
    totals: {
      ...netOf(t.gross, t.discount),
      doctor_share: money(t.doctor_share),
    },
  };
}

async function paket(c: AuthedCtx, r: q.Range, f: IncomeQuery): Promise<Page> {
  const rows = await q.pakets(c.db, r, f.doctor, f.keyword);
  const deferred = (x: q.PaketRow) => x.price_to_date - x.recognized_to_date;
  return wholePage(
    rows,
    f,
    (x) => ({
      sold_count: x.sold_count,
      sold_value: money(x.sold_value),
      collected: money(x.collected),
      slots_total: x.slots_total,
      slots_used: x.slots_used,
      recognized: money(x.recognized),
      net: money(x.recognized),
      deferred: money(deferred(x)),
    }),
    {
      sold_count: rows.reduce((s, x) => s + x.sold_count, 0),
      sold_value: money(sumSen(rows.map((x) => x.sold_value))),
      collected: money(sumSen(rows.map((x) => x.collected))),
      slots_used: rows.reduce((s, x) => s + x.slots_used, 0),
      recognized: money(sumSen(rows.map((x) => x.recognized))),
      net: money(sumSen(rows.map((x) => x.recognized))),
      deferred: money(sumSen(rows.map(deferred))),
    },
  );
}

async function pendingformlab(c: AuthedCtx, r: q.Range, f: IncomeQuery): Promise<Page> {
  const { rows, t } = await documentPage(c, r, f, q.pendingLab, q.pendingLabTotals);
  return {
    count: t.count,
    rows: rows.map((x) => ({
      key: x.key,
      code: x.code,
      name: x.name,
      date: x.day,
      patient: `${x.patient} (${x.visit_code})`,
      doctor: x.doctor,
      status: x.status,
      qty: x.qty,
      amount: money(x.price * x.qty),
    })),
    totals: { qty: t.qty, amount: money(t.amount) },
  };
}

const BUILDERS: Record<IncomeKind, (c: AuthedCtx, r: q.Range, f: IncomeQuery) => Promise<Page>> = {
  tindakanmedis,
  service,
  paket,
  treatment,
  pendingformlab,
};

/**
 * The ledger's revenue for the range and branches, and the part of it the documents do not explain (`other`:
 * the till's net revenue and the packages' recognised revenue taken away; manual journals and the like).
 */
async function ledgerOf(c: AuthedCtx, r: q.Range): Promise<IncomeLedgerDto> {
  const [accounts, kinds, discount, pakets] = await Promise.all([
    q.ledgerRevenue(c.db, r),
    q.serviceKinds(c.db, r),
    q.tillDiscount(c.db, r),
    q.pakets(c.db, r),
  ]);
  const total = sumSen(accounts.map((a) => a.amount));
  const explained = sumSen(kinds.map((k) => k.gross)) - discount + sumSen(pakets.map((p) => p.recognized));
  return {
    accounts: accounts.map((a) => ({ ...a, amount: money(a.amount) })),
    total: money(total),
    other: money(total - explained),
  };
}

export async function incomeReport(ctx: Ctx, f: IncomeQuery): Promise<IncomeReportDto> {
  const c = requireUser(ctx);
  const { from, to } = await rangeOf(c, f);
  const r: q.Range = { scope: scopeOf(c, f), from, to };
  const [page, ledger, doctors] = await Promise.all([BUILDERS[f.kind](c, r, f), ledgerOf(c, r), q.doctorsOf(c.db, r)]);
  return {
    kind: f.kind,
    title: INCOME_KIND_TITLES[f.kind],
    from,
    to,
    data: page.rows,
    count: page.count,
    page: f.page,
    limit: f.limit,
    totals: { ...EMPTY_TOTALS, ...page.totals },
    ledger,
    doctors,
  };
}

/**
 * Treatments paid at the till (net of voids) per procedure of the current branch in [from, to], for other modules
 * (issue 29 part B: deviden per procedure). `qty` counts every session performed, package-covered ones included;
 * `net` is what the till billed for them after line discounts (package-covered sessions bill nothing there). Sen.
 */
export async function proceduresPaid(
  c: AuthedCtx,
  from: string,
  to: string,
): Promise<{ perawatan: number; qty: number; net: Sen }[]> {
  const rows = await q.procedures(c.db, { scope: scopeOf(c, {}), from, to });
  return rows
    .filter((r) => r.key.startsWith('p'))
    .map((r) => ({ perawatan: Number(r.key.slice(1)), qty: r.qty + r.covered_qty, net: asSen(r.gross - r.discount) }));
}
