import { z, emptyToUndefined, optionalText, requiredText, dateString, pageQuery, idOf } from './common.js';
import { fromSen, MAX_RUPIAH, MAX_SEN, typedSen } from '../money.js';
import { formatDate, isValidDate } from '../dates.js';
import {
  journalTotalsProblem,
  LINE_AMOUNT_MESSAGES,
  ledgerTotals,
  lineAmountProblem,
  unbalancedMessage,
} from '../ledger.js';
export * from './finance-reports.js';
export * from './finance-masters.js';

/** Account categories (first digit of the default chart's codes). */
export const AKUN_CATEGORIES = {
  1: 'Aset',
  2: 'Kewajiban',
  3: 'Ekuitas',
  4: 'Pendapatan',
  5: 'Harga Pokok Penjualan',
  6: 'Beban Operasional',
  7: 'Pendapatan Lain-lain',
  8: 'Beban Lain-lain',
} as const;
export type AkunCategory = keyof typeof AKUN_CATEGORIES;
export const AKUN_CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Categories of the profit and loss statement; the rest are balance sheet accounts. */
export const INCOME_CATEGORIES: readonly number[] = [4, 5, 6, 7, 8];
export const NORMAL_SIDE_OF_CATEGORY: Record<number, 'D' | 'K'> = {
  1: 'D',
  2: 'K',
  3: 'K',
  4: 'K',
  5: 'D',
  6: 'D',
  7: 'K',
  8: 'D',
};

export interface AkunDto {
  id: number;
  code: string;
  name: string;
  category: number;
  categoryname: string;
  isheader: boolean;
  parent_id: number | null;
  parentcode: string | null;
  normal: 'D' | 'K';
  status: number;
  profile_id: number | null;
  description: string | null;
  /** Balance as of the date asked (or today): the net amount on its side, the other side 0. Rupiah. */
  debit: number;
  credit: number;
  /** Whether any journal line posts to it (then it cannot be deleted). */
  hasposting: boolean;
}

const boolish = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean().optional());

export const akunListQuery = z.object({
  /** 1: header (group) accounts only, with balances rolled up from their children; 0: detail accounts only. */
  istypegroup: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1).optional()),
  /** Balances at the start of this date (journals dated before it). Absent: all journals to date. */
  fromdate: z.preprocess(emptyToUndefined, dateString.optional()),
  keyword: pageQuery.keyword,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type AkunListQuery = z.infer<typeof akunListQuery>;

const emptyToNull = (v: unknown) => (v === '' ? null : v);

export const akunInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Kode akun wajib diisi' })
      .min(1, 'Kode akun wajib diisi')
      .max(20)
      .regex(/^[0-9A-Za-z.-]+$/, 'Kode akun hanya huruf, angka, titik atau strip'),
  ),
  name: requiredText(150),
  category: z.coerce
    .number()
    .int()
    .refine((v) => v >= 1 && v <= 8, 'Kategori akun tidak valid'),
  isheader: boolish.default(false),
  // null (or '') means "none"; only a missing field leaves it as it is (issue 8, finding 4: null is not ignored).
  parent_id: z.preprocess(emptyToNull, idOf('Id tidak valid').nullable().optional()),
  normal: z.enum(['D', 'K'], { error: 'Saldo normal harus D atau K' }).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
    .default(1),
  /** The branch an account belongs to; null: the chart-wide account every branch posts to. */
  profile_id: z.preprocess(emptyToNull, idOf('Id tidak valid').nullable().optional()),
  description: optionalText(500),
});
export type AkunInput = z.infer<typeof akunInput>;
export const akunUpdateInput = akunInput.partial();
export type AkunUpdateInput = z.infer<typeof akunUpdateInput>;

/** An amount typed in a form or sent by a client: number or numeric string; '' is 0. May be negative here: the service refuses it with a clear message. */
const amount = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v.replace(',', '.')) : v),
  z.number({ error: 'Harus berupa angka' }).finite('Harus berupa angka').max(MAX_RUPIAH, 'Jumlah terlalu besar'),
);

/** `akun`: a JSON number is an account id; a string is an account code (a digits-only string that is no code is tried as an id). */
const akunRef = z.union([z.number().int().positive(), z.string().trim().min(1, 'Akun wajib dipilih').max(20)], {
  error: 'Akun wajib dipilih',
});

export const jurnalLineInput = z.object({
  akun: akunRef,
  description: optionalText(500),
  debit: amount,
  credit: amount,
});
export type JurnalLineInput = z.infer<typeof jurnalLineInput>;

/** "Serialized" lists: a JSON string or the array itself. */
function serialized<T extends z.ZodType>(item: T, message: string) {
  return z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return { __invalid: true };
        }
      }
      return v;
    },
    z.array(item, { error: message }).max(500, 'Maksimal 500 baris'),
  );
}

export const jurnalInput = z.object({
  /** Blank: automatic numbering. */
  code: z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string().max(60, 'Kode maksimal 60 karakter'))
    .optional(),
  transaction_at: dateString,
  memo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string().max(1000)).default(''),
  details: serialized(jurnalLineInput, 'Detail jurnal tidak valid'),
});
export type JurnalInput = z.infer<typeof jurnalInput>;

/**
 * One line of a journal-like form as typed: `akun` is the chosen account's code ('' while none is chosen: such a
 * row is left out); amounts are typed text ('1.500.000,50'; blank is 0) or, for balances shown read-only, rupiah.
 */
const formAmount = z.union([z.string(), z.number()]);

/**
 * The one check of a form's lines (issue 9 item 5), on the rules of packages/shared/src/ledger.ts that the server's
 * posting service applies too: each line with an account readable, not negative, one-sided (and, for a journal,
 * not empty), within MAX_RUPIAH. Adds an issue at `[key, i, 'debit' | 'credit']` per bad line, named by `name(i)`;
 * returns the lines with an account in sen, or null when some line is bad.
 */
function checkFormLines(
  lines: { akun: string; debit: string | number; credit: string | number }[],
  key: string,
  ctx: z.RefinementCtx,
  opts: { name: (i: number, akun: string) => string; emptyLine?: string },
): { i: number; akun: string; debit: number; credit: number }[] | null {
  let bad = false;
  const out: { i: number; akun: string; debit: number; credit: number }[] = [];
  lines.forEach((l, i) => {
    const akun = l.akun.trim();
    if (!akun) return;
    const debit = typedSen(l.debit);
    const credit = typedSen(l.credit);
    const problem = lineAmountProblem(debit, credit);
    let message: string | null = null;
    let side: 'debit' | 'credit' = 'debit';
    if (problem === 'none') {
      if (opts.emptyLine === undefined) return;
      message = opts.emptyLine;
    } else if (problem) {
      message = LINE_AMOUNT_MESSAGES[problem];
      if (problem === 'unreadable' ? Number.isFinite(debit) : problem === 'negative' && debit >= 0) side = 'credit';
    } else if (debit > MAX_SEN || credit > MAX_SEN) {
      message = 'jumlah terlalu besar';
      if (debit <= MAX_SEN) side = 'credit';
    }
    if (message) {
      bad = true;
      ctx.addIssue({ code: 'custom', path: [key, i, side], message: `${opts.name(i, akun)}: ${message}` });
    } else out.push({ i, akun, debit, credit });
  });
  return bad ? null : out;
}

export const jurnalFormLine = z.object({
  akun: z.string(),
  description: z.string().max(500, 'Keterangan maksimal 500 karakter'),
  debit: formAmount,
  credit: formAmount,
});
export type JurnalFormLine = z.input<typeof jurnalFormLine>;

/** The message of a line with an account and no amount in the journal form (it may be removed there). */
export const JURNAL_FORM_EMPTY_LINE = 'isi debit atau kredit, atau hapus barisnya';

/**
 * The 'Jurnal Umum Baru' form (spec 5 "Journal"), as typed: rows without an account are left out; every other row
 * is one-sided with an amount ('Baris n: ...' next to it); there is at least one; debit equals credit and is not
 * zero (`journalTotalsProblem`, at `details`). Its output is the `jurnalInput` the server takes (rupiah amounts).
 */
export const jurnalFormInput = z
  .object({
    code: z.string().trim().max(60, 'Kode maksimal 60 karakter'),
    transaction_at: z
      .string()
      .refine((v) => v !== '', { message: 'Tanggal transaksi wajib diisi', abort: true })
      .pipe(dateString),
    memo: z.string().trim().max(1000, 'Memo maksimal 1000 karakter'),
    details: z.array(jurnalFormLine),
  })
  .superRefine((v, ctx) => {
    const lines = checkFormLines(v.details, 'details', ctx, {
      name: (i) => `Baris ${i + 1}`,
      emptyLine: JURNAL_FORM_EMPTY_LINE,
    });
    if (!lines) return;
    if (lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'Detail jurnal wajib diisi' });
      return;
    }
    const problem = journalTotalsProblem(ledgerTotals(lines));
    if (problem) ctx.addIssue({ code: 'custom', path: ['details'], message: problem });
  })
  .transform((v) => ({
    code: v.code,
    transaction_at: v.transaction_at,
    memo: v.memo,
    details: v.details
      .filter((l) => l.akun.trim())
      .map((l) => ({
        akun: l.akun.trim(),
        description: l.description.trim() || undefined,
        debit: fromSen(typedSen(l.debit)),
        credit: fromSen(typedSen(l.credit)),
      })),
  }));
export type JurnalFormValues = z.input<typeof jurnalFormInput>;
export type JurnalFormOutput = z.output<typeof jurnalFormInput>;

export const saldoAwalLine = z.object({ akun: akunRef, debit: amount, credit: amount });
export type SaldoAwalLine = z.infer<typeof saldoAwalLine>;

export const periodeInput = z.object({
  start_date: dateString,
  saldo_awal: z.preprocess(emptyToUndefined, serialized(saldoAwalLine, 'Saldo awal tidak valid').optional()),
});
export type PeriodeInput = z.infer<typeof periodeInput>;

/**
 * The 'Periode Keuangan Baru' dialog (spec 5 "Period"): the start date and one line per detail account (typed on a
 * branch's first period, the previous closing balances otherwise). Each line one-sided and not negative; debit
 * equals credit ('Saldo awal tidak seimbang: ...' at `saldo_awal`). Its output is the `periodeInput` the server
 * takes: the nonzero lines as a serialized list.
 */
export const periodeFormInput = z
  .object({
    start_date: z
      .string()
      .refine((v) => v !== '', { message: 'Tanggal mulai wajib diisi', abort: true })
      .pipe(dateString),
    saldo_awal: z.array(z.object({ akun: z.string(), debit: formAmount, credit: formAmount })),
  })
  .superRefine((v, ctx) => {
    const lines = checkFormLines(v.saldo_awal, 'saldo_awal', ctx, { name: (_i, akun) => `Akun ${akun}` });
    if (!lines) return;
    const totals = ledgerTotals(lines);
    if (!totals.balanced)
      ctx.addIssue({ code: 'custom', path: ['saldo_awal'], message: unbalancedMessage('Saldo awal', totals) });
  })
  .transform((v) => ({
    start_date: v.start_date,
    saldo_awal: JSON.stringify(
      v.saldo_awal
        .map((l) => ({ akun: l.akun.trim(), debit: fromSen(typedSen(l.debit)), credit: fromSen(typedSen(l.credit)) }))
        .filter((l) => l.akun && (l.debit || l.credit)),
    ),
  }));
export type PeriodeFormValues = z.input<typeof periodeFormInput>;
export type PeriodeFormOutput = z.output<typeof periodeFormInput>;

export const periodeCloseInput = z.object({
  /** Last day of the period; default today in the branch's time zone. */
  end_date: z.preprocess(emptyToUndefined, dateString.optional()),
});
export type PeriodeCloseInput = z.infer<typeof periodeCloseInput>;

export const periodeListQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
});
export type PeriodeListQuery = z.infer<typeof periodeListQuery>;

export interface PeriodeDto {
  id: number;
  profile_id: number;
  profilename: string | null;
  start_date: string;
  end_date: string | null;
  status: number;
  statusname: string;
  created_at: string;
  closed_at: string | null;
}

export interface SaldoDto {
  akun_id: number;
  code: string;
  name: string;
  debit: number;
  credit: number;
}

export interface PeriodeDetailDto extends PeriodeDto {
  saldo_awal: SaldoDto[];
  saldo_akhir: SaldoDto[];
}

export interface JurnalLineDto {
  akun_id: number;
  akun: string;
  akunname: string;
  description: string | null;
  debit: number;
  credit: number;
}

/**
 * Journals a person writes ('Jurnal Umum'; the demo clinic's sample bookkeeping): reversible with 'Batalkan'. Every
 * other source is a document's automatic journal (till, stock, packages, payroll): corrected only by voiding or
 * correcting that document, never reversed from the journal report (issue 26 item 5; docs/decisions.md).
 */
export const MANUAL_JOURNAL_SOURCES: readonly string[] = ['jurnal_umum', 'demo'];
export function isAutomaticJournal(j: { kind: string; source_type: string | null }): boolean {
  return (
    j.kind !== 'opening' &&
    j.kind !== 'closing' &&
    j.source_type !== null &&
    !MANUAL_JOURNAL_SOURCES.includes(j.source_type)
  );
}
export const AUTOMATIC_JOURNAL_REFUSED =
  'Jurnal otomatis tidak dapat dibatalkan dari laporan jurnal: batalkan atau koreksi dokumen sumbernya';

/** Where an automatic journal came from: what the document is, its code, and the page that holds it. */
export interface JurnalSourceDto {
  label: string;
  code: string | null;
  href: string | null;
}

const SOURCE_PAGES: Record<string, [string, string | null]> = {
  kasir_payment: ['Pembayaran kasir', '/kasir/payment'],
  kasir_void: ['Pembatalan pembayaran kasir', '/kasir/payment'],
  paket_membership: ['Registrasi paket', '/paket/registration'],
  payroll_run: ['Penggajian', '/attendance/payroll/transaction'],
  stock_transfer_difference: ['Selisih mutasi stok', '/inventory/mutation'],
  stock_transfer_settle: ['Mutasi stok diterima', '/inventory/mutation'],
  dispensing: ['Penyerahan resep', '/inventory/sales/resep'],
  purchase_receipt: ['Penerimaan barang', '/inventory/purchase/receive'],
  stock_transfer: ['Mutasi stok', '/inventory/mutation'],
  stock_count: ['Stok opname', '/inventory/warehouse'],
  rm_bhp: ['BHP rekam medis', '/inventory/warehouse'],
};

/**
 * The source of an automatic journal for the journal report: stock journals (`stock_<kind>`) are named by their
 * document (`source_id` '<document kind>:<id>'), the others by their source type. Null for a manual journal.
 */
export function journalSource(
  j: { kind: string; source_type: string | null; source_id: string | null },
  code: string | null,
): JurnalSourceDto | null {
  if (!isAutomaticJournal(j)) return null;
  const type = j.source_type ?? '';
  const key = type.startsWith('stock_') && !SOURCE_PAGES[type] ? (j.source_id ?? '').split(':')[0] : type;
  const [label, href] = SOURCE_PAGES[key] ?? [type, null];
  return { label, code, href };
}

export interface JurnalDto {
  id: number;
  profile_id: number;
  periode_id: number;
  code: string;
  transaction_at: string;
  memo: string;
  kind: string;
  source_type: string | null;
  source_id: string | null;
  reversal_of: number | null;
  reversed_by: number | null;
  total: number;
  created_at: string;
  details: JurnalLineDto[];
  /** An automatic journal's source document ('Otomatis' in the report); null for a manual journal. */
  source: JurnalSourceDto | null;
}

/** Branch filter of reports: the current branch; top-level users may name one (profile_id) or all (isallbranch=1). */
const branchFilter = {
  profile_id: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
};

export const dateRange = {
  from: z.preprocess(emptyToUndefined, dateString.optional()),
  to: z.preprocess(emptyToUndefined, dateString.optional()),
};

export const jurnalListQuery = z.object({
  ...pageQuery,
  ...dateRange,
  ...branchFilter,
  source_type: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
});
export type JurnalListQuery = z.infer<typeof jurnalListQuery>;

export const reportQuery = z.object({ ...dateRange, ...branchFilter });
export type ReportQuery = z.infer<typeof reportQuery>;

/** Ledger lines per page of the general ledger (an account with a balance but no posting in range counts as one). */
export const LEDGER_PAGE_LINES = 500;
export const ledgerQuery = z.object({
  ...dateRange,
  ...branchFilter,
  /** Account id or code; absent: every account with a balance or a posting. */
  akun: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(2000).default(LEDGER_PAGE_LINES)),
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export const reverseInput = z.object({
  transaction_at: z.preprocess(emptyToUndefined, dateString.optional()),
  memo: optionalText(1000),
});
export type ReverseInput = z.infer<typeof reverseInput>;

/**
 * The 'Batalkan Jurnal' dialog: the reversing journal's date, inside the active period (`periodStart`; null: there
 * is none) and not before the original journal (`jurnalDate`). The server checks the same.
 */
export function reverseFormInput(opts: { periodStart: string | null; jurnalDate: string | null }) {
  return z
    .object({
      transaction_at: z
        .string()
        .refine((v) => v !== '', { message: 'Tanggal pembatalan wajib diisi', abort: true })
        .pipe(dateString),
    })
    .superRefine((v, ctx) => {
      if (!isValidDate(v.transaction_at)) return;
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['transaction_at'], message });
      if (!opts.periodStart) issue('Tidak ada periode pembukuan aktif');
      else if (v.transaction_at < opts.periodStart)
        issue(`Tanggal harus di dalam periode aktif (mulai ${formatDate(opts.periodStart)})`);
      else if (opts.jurnalDate && v.transaction_at < opts.jurnalDate)
        issue(`Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal (${formatDate(opts.jurnalDate)})`);
    });
}
export type ReverseFormValues = z.input<ReturnType<typeof reverseFormInput>>;

export const PERIODE_STATUS_LABELS: Record<number, string> = { 0: 'Aktif', 1: 'Ditutup' };
