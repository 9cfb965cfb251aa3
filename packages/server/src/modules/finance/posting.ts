/**
 * The posting service: the one way journals enter the ledger, for the general journal form and for every
 * module that posts a document (cashier, packages, inventory, payroll). It runs on ctx.db, so a caller inside
 * `inTransaction` posts in its own transaction: the document and its journal commit or roll back together.
 * The database re-checks balance, period and accounts itself (drizzle/0003_finance_rules.sql).
 */
import {
  asSen,
  formatDate,
  hasAtMostTwoDecimals,
  isValidDate,
  journalTotalsProblem,
  ledgerTotals,
  LINE_AMOUNT_MESSAGES,
  lineAmountProblem,
  MAX_SEN,
  MSG,
  sumSen,
  toSen,
  type ErrorItem,
  type Sen,
} from '@klinik/shared';
import { inTransaction, type Ctx } from '../../http/context.js';
import { AppError, badRequest, badRequestMany, isUniqueViolation } from '../../http/errors.js';
import * as q from './queries.js';
import { recordPayables, type PayableMode } from './payables/record.js';
import type { PayableParty } from './payables/types.js';
import { resolveAutoLines } from './autoposting/resolve.js';
import { accountProblem } from './account-check.js';

export interface PostingLine {
  /**
   * An automatic-journal key, `auto('hutangDokter')` (resolved per branch and date through the mapping:
   * ./autoposting/resolve.ts), or an account code (a chosen account, e.g. a payment method's or a tax's).
   */
  akun: string;
  description?: string;
  /** Integer sen (never rupiah: modules hand over what they store). Exactly one of debit and credit is non-zero. */
  debit: Sen;
  credit: Sen;
  /**
   * Who the amount is owed to, on a line to a control account of the payables sub-ledger (akun.payable_party:
   * 2101-2105, 2201-2205): a credit line becomes an open hutang_item, a debit line a debit note. Required there.
   */
  party?: PayableParty;
  /** YYYY-MM-DD: when the payable on this line falls due (ageing); none: ageing uses the document date. */
  due_date?: string | null;
}

export interface PostingDoc {
  /** YYYY-MM-DD, inside the branch's active period. */
  transaction_at: string;
  memo: string;
  /** What posted it, e.g. 'paket_membership'; with source_id it finds the journal of a document. */
  source_type: string;
  source_id: string | number;
  lines: PostingLine[];
  /** Blank: automatic numbering (JU/branch/yyyymm/nnnn). */
  code?: string;
  /**
   * The document this journal voids (e.g. a till payment's void posts with reverses: { source_type: 'kasir_payment',
   * source_id }): the payables its journals made are cancelled, refused if any is paid in part.
   */
  reverses?: { source_type: string; source_id: string | number } | null;
}

export type JournalKind = 'umum' | 'reversal' | 'opening' | 'closing';

/** A line as the general journal form sends it (the edge): `akun` a code or an id, amounts in rupiah. */
export interface RawLine {
  akun: string | number;
  description?: string | null;
  debit: number;
  credit: number;
}

export interface ResolvedLine {
  akun_id: number;
  description: string | null;
  debit: Sen;
  credit: Sen;
  /** The account's code and name and, for a control account of the payables sub-ledger, its party type and tax. */
  akun_code?: string;
  akun_name?: string;
  payable_party?: string | null;
  payable_tax?: string | null;
  party?: PayableParty | null;
  due_date?: string | null;
  /** The automatic-journal key the account was resolved from (stored on the line), if any. */
  autopost_key?: string | null;
}

/** The general journal form refuses control accounts: their amounts belong to a party (docs/decisions.md "Payables"). */
export const CONTROL_ACCOUNT_REFUSED =
  'adalah akun kontrol hutang per pihak; gunakan Transaksi Hutang atau dokumen sumbernya';

export interface ActivePeriod {
  id: number;
  start_date: string;
  status: number;
}

const AUTO_CODE = /^JU\/\d+\/\d{6}\/\d+$/i;

/** The active period of ctx.branchId, or null. */
export async function getActivePeriod(ctx: Ctx): Promise<ActivePeriod | null> {
  const p = await q.activePeriode(ctx.db, ctx.branchId);
  return p ? { id: p.id, start_date: p.start_date, status: p.status } : null;
}

/** Throws AppError 400 [{ message: 'Periode Pembukuan Aktif belum ada' }] when the branch has no active period. */
export async function requireActivePeriod(ctx: Ctx): Promise<ActivePeriod> {
  const p = await getActivePeriod(ctx);
  if (!p) throw badRequest(MSG.noActivePeriod);
  return p;
}

type Unit = 'rupiah' | 'sen';

/** A line's amounts in sen, or what is wrong with them (rupiah from the edge: finite, two decimals; sen: integers). */
function amountsOf(
  l: { debit: number; credit: number },
  unit: Unit,
): { d: number; c: number } | { message: string; which: 'debit' | 'credit' } {
  const d = Number(l.debit ?? 0);
  const c = Number(l.credit ?? 0);
  if (!Number.isFinite(d) || !Number.isFinite(c))
    return { message: 'debit dan kredit harus berupa angka', which: 'debit' };
  if (d < 0 || c < 0) return { message: 'debit dan kredit tidak boleh negatif', which: d < 0 ? 'debit' : 'credit' };
  if (unit === 'rupiah') {
    if (!hasAtMostTwoDecimals(d) || !hasAtMostTwoDecimals(c))
      return { message: 'maksimal dua angka desimal', which: hasAtMostTwoDecimals(d) ? 'credit' : 'debit' };
    return { d: toSen(d), c: toSen(c) };
  }
  if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c))
    return { message: 'jumlah harus dalam sen utuh', which: Number.isSafeInteger(d) ? 'credit' : 'debit' };
  return { d, c };
}

/**
 * Checks the lines the way every journal is checked and resolves their accounts: each line one-sided, non-negative,
 * at most two decimals, an active detail account open to the branch; the whole balanced and non-zero.
 * `field` prefixes the issue fields ('details' for the general journal form).
 */
export async function resolveLines(
  ctx: Ctx,
  lines: RawLine[],
  field = 'details',
  opts: { balance?: boolean; label?: string; refuseControl?: boolean } = {},
): Promise<ResolvedLine[]> {
  return resolve(ctx, lines, 'rupiah', field, opts);
}

/** The same checks for lines already in sen (the posting service's lines): no conversion at all. */
export async function resolveSenLines(
  ctx: Ctx,
  lines: (Omit<PostingLine, 'akun'> & { akun: string | number })[],
  field = 'lines',
  opts: { balance?: boolean; label?: string } = {},
): Promise<ResolvedLine[]> {
  return resolve(ctx, lines, 'sen', field, opts);
}

async function resolve(
  ctx: Ctx,
  lines: {
    akun: string | number;
    description?: string | null;
    debit: number;
    credit: number;
    party?: PayableParty | null;
    due_date?: string | null;
  }[],
  unit: Unit,
  field: string,
  opts: { balance?: boolean; label?: string; refuseControl?: boolean },
): Promise<ResolvedLine[]> {
  if (!Array.isArray(lines) || lines.length === 0) throw badRequest('Detail jurnal wajib diisi', field);
  const issues: ErrorItem[] = [];
  const ids: number[] = [];
  const codes: string[] = [];
  for (const l of lines) {
    if (typeof l.akun === 'number') ids.push(l.akun);
    else if (typeof l.akun === 'string' && l.akun.trim()) {
      codes.push(l.akun.trim());
      if (/^\d+$/.test(l.akun.trim())) ids.push(Number(l.akun.trim()));
    }
  }
  const found = await q.findAkunByRefs(
    ctx.db,
    ids.filter((n) => Number.isSafeInteger(n) && n > 0 && n < 2 ** 31),
    codes,
  );
  const byCode = new Map(found.map((a) => [a.code, a]));
  const byId = new Map(found.map((a) => [a.id, a]));
  const out: ResolvedLine[] = [];
  let debit = 0;
  let credit = 0;
  lines.forEach((l, i) => {
    const f = `${field}.${i}`;
    const n = `${opts.label ?? 'Baris'} ${i + 1}`;
    const a =
      typeof l.akun === 'number'
        ? byId.get(l.akun)
        : (byCode.get(String(l.akun).trim()) ??
          (/^\d+$/.test(String(l.akun).trim()) ? byId.get(Number(String(l.akun).trim())) : undefined));
    if (!a) {
      issues.push({ message: `${n}: akun tidak ditemukan`, field: `${f}.akun` });
    } else if (accountProblem(ctx, a)) {
      issues.push({ message: `${n}: akun ${a.code} ${a.name} ${accountProblem(ctx, a)}`, field: `${f}.akun` });
    } else if (opts.refuseControl && a.payable_party) {
      issues.push({ message: `${n}: akun ${a.code} ${a.name} ${CONTROL_ACCOUNT_REFUSED}`, field: `${f}.akun` });
    }
    const amounts = amountsOf(l, unit);
    if ('message' in amounts) {
      issues.push({ message: `${n}: ${amounts.message}`, field: `${f}.${amounts.which}` });
      return;
    }
    const { d: ds, c: cs } = amounts;
    const problem = lineAmountProblem(ds, cs);
    if (problem) {
      issues.push({ message: `${n}: ${LINE_AMOUNT_MESSAGES[problem]}`, field: `${f}.debit` });
      return;
    }
    debit += ds;
    credit += cs;
    if (a)
      out.push({
        akun_id: a.id,
        description: l.description?.trim() || null,
        debit: asSen(ds),
        credit: asSen(cs),
        akun_code: a.code,
        akun_name: a.name,
        payable_party: a.payable_party,
        payable_tax: a.payable_tax,
        party: l.party ?? null,
        due_date: l.due_date ?? null,
      });
  });
  if (issues.length) throw badRequestMany(issues);
  // Before the balance: past MAX_SEN the sums are no longer exact, and nothing that large is a real journal.
  if (debit > MAX_SEN || credit > MAX_SEN) throw badRequest('Jumlah terlalu besar', field);
  if (opts.balance === false) return out;
  const problem = journalTotalsProblem(ledgerTotals(out));
  if (problem) throw badRequest(problem, field);
  return out;
}

export interface InsertJournalArgs {
  periode: ActivePeriod;
  transaction_at: string;
  memo: string;
  kind: JournalKind;
  source_type?: string | null;
  source_id?: string | null;
  reversal_of?: number | null;
  code?: string;
  lines: ResolvedLine[];
  /** Numbering kind and prefix (JU for journals, SA opening, TP closing). */
  prefix?: string;
  /** How the payables sub-ledger reads the lines (./payables/record.ts); default 'document'. */
  payables?: PayableMode;
  reverses?: { source_type: string; source_id: string } | null;
  /** A reversal: doctors whose unpaid fee items count as paid out (a debit note instead of a cancellation). */
  paidOutDoctors?: readonly number[];
  /** Field prefix of the line errors. */
  field?: string;
}

/**
 * Stores a checked journal in ctx.db (which must be a transaction, or the deferred balance check fails at the
 * implicit commit of the first insert). Numbering: per branch, prefix and month of the date, taken inside the one
 * statement that stores the journal, its lines and its audit row (queries.insertJurnalNumbered), so the counter is
 * locked only until the commit right after. Returns the stored journal (RETURNING: no read-back).
 */
export async function insertJournal(
  ctx: Ctx,
  a: InsertJournalArgs,
): Promise<{ id: number; code: string; stored: q.InsertedJurnal }> {
  const given = a.code?.trim() ?? '';
  if (given) {
    if (AUTO_CODE.test(given)) {
      throw badRequest(
        'Kode dengan format JU/cabang/bulan/nomor dipakai penomoran otomatis; kosongkan kode untuk nomor otomatis',
        'code',
      );
    }
    if (await q.jurnalCodeExists(ctx.db, ctx.branchId, given))
      throw badRequest(`Kode jurnal ${given} sudah dipakai`, 'code');
  }
  const prefix = a.prefix ?? 'JU';
  const month = a.transaction_at.slice(0, 7).replace('-', '');
  // formatDocNumber's layout (PREFIX/branch/yyyymm/nnnn); the database fills in the number.
  const branchPart = String(ctx.branchId).padStart(2, '0');
  const total = sumSen(a.lines.map((l) => l.debit));
  // The journal's head as stored, and as its audit row records it.
  const head = {
    code: given,
    transaction_at: a.transaction_at,
    memo: a.memo,
    kind: a.kind,
    source_type: a.source_type ?? null,
    source_id: a.source_id ?? null,
    reversal_of: a.reversal_of ?? null,
  };
  try {
    const stored = await q.insertJurnalNumbered(
      ctx.db,
      {
        profile_id: ctx.branchId,
        periode_id: a.periode.id,
        ...head,
        total,
        line_count: a.lines.length,
        created_by: ctx.user?.id ?? null,
      },
      a.lines.map((l) => ({
        akun_id: l.akun_id,
        description: l.description,
        debit: l.debit,
        credit: l.credit,
        autopost_key: l.autopost_key ?? null,
      })),
      given ? null : { prefix, period: month, branchPart },
      {
        user_id: ctx.user?.id ?? null,
        action: a.kind === 'reversal' ? 'reverse' : 'create',
        request_id: ctx.requestId,
        after: { ...head, lines: a.lines },
      },
    );
    await recordPayables(
      ctx,
      stored.row,
      a.lines.map((l) => ({
        akun_id: l.akun_id,
        akun_code: l.akun_code ?? '',
        akun_name: l.akun_name ?? '',
        debit: l.debit,
        credit: l.credit,
        payable_party: l.payable_party,
        payable_tax: l.payable_tax ?? null,
        party: l.party ?? null,
        due_date: l.due_date ?? null,
      })),
      { mode: a.payables, reverses: a.reverses, field: a.field, paidOutDoctors: a.paidOutDoctors },
    );
    return { id: stored.row.id, code: stored.row.code, stored };
  } catch (err) {
    if (isUniqueViolation(err, 'jurnal_profile_code_idx'))
      throw badRequest(`Kode jurnal ${given} sudah dipakai`, 'code');
    if (isUniqueViolation(err, 'jurnal_reversal_of_idx')) throw badRequest('Jurnal ini sudah dibatalkan');
    throw err;
  }
}

/** Locks the branch's active period for share (a close waits for this posting) and checks the date against it. */
export async function lockActivePeriodFor(ctx: Ctx, date: string): Promise<ActivePeriod> {
  if (typeof date !== 'string' || !isValidDate(date))
    throw badRequest('Tanggal tidak valid (format YYYY-MM-DD)', 'transaction_at');
  const p = await q.activePeriode(ctx.db, ctx.branchId, 'share');
  if (!p) throw badRequest(MSG.noActivePeriod);
  if (date < p.start_date) {
    throw badRequest(
      `Tanggal transaksi di luar periode pembukuan aktif (mulai ${formatDate(p.start_date)})`,
      'transaction_at',
    );
  }
  return { id: p.id, start_date: p.start_date, status: p.status };
}

/**
 * Posts a document's journal in the caller's transaction (ctx.db), for ctx.branchId. Amounts are `Sen` (integer
 * sen, what the documents store): no module converts to rupiah to post. Validates exactly like the
 * general journal (active period containing the date, balanced, non-zero, active detail accounts); throws
 * AppError 400 with Indonesian messages. Returns the journal id and code.
 */
export async function postJournal(
  ctx: Ctx,
  doc: PostingDoc & { payables?: PayableMode },
): Promise<{ id: number; code: string }> {
  if (!doc.source_type || doc.source_id === undefined || doc.source_id === null || String(doc.source_id) === '') {
    throw new AppError(400, [{ message: 'Sumber jurnal (source_type dan source_id) wajib diisi' }]);
  }
  // A transaction of its own, or a savepoint of the caller's.
  return inTransaction(ctx, async (tx) => {
    const periode = await lockActivePeriodFor(tx, doc.transaction_at);
    const auto = await resolveAutoLines(tx, doc.lines, doc.transaction_at);
    const lines = (await resolveSenLines(tx, auto.lines, 'lines')).map((l, i) => ({
      ...l,
      autopost_key: auto.keys[i],
    }));
    const { id, code } = await insertJournal(tx, {
      periode,
      transaction_at: doc.transaction_at,
      memo: (doc.memo ?? '').trim(),
      kind: 'umum',
      source_type: doc.source_type,
      source_id: String(doc.source_id),
      code: doc.code,
      lines,
      payables: doc.payables,
      reverses: doc.reverses
        ? { source_type: doc.reverses.source_type, source_id: String(doc.reverses.source_id) }
        : null,
    });
    return { id, code };
  });
}
