/**
 * The stored-line reversal (issue 28 item 8): the one way a document's automatic journal is undone. A void, a
 * cancellation or a correction of any document (till payment, sale, instalment, settlement, purchase receipt,
 * transfer, stock count, payroll run, expense, payment transaction) calls `reverseDocument` or `reverseJournal` from
 * the finance front door: the journal lines STORED for the document are read and posted again with debit and credit
 * swapped (same accounts, amounts, descriptions and order), as a journal of kind 'reversal' naming the original in
 * `reversal_of`. Nothing is rebuilt from today's rules (the automatic-journal mapping or a tax's account may have
 * changed since the posting; docs/decisions.md "Stored-line reversal").
 *
 * The database refuses a reversal of an automatic journal from anywhere else (drizzle `jurnal_reversal_of_manual`):
 * this function marks its own insert with the transaction-local setting `klinik.document_reversal`, which the
 * trigger accepts and which is cleared again right after.
 */
import { asSen, isValidDate, formatDate } from '@klinik/shared';
import * as rq from './queries/reversal.js';
import { requireOwnBranch } from '../../http/access-scope.js';
import { inTransaction, type Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { JURNAL } from './entities.js';
import { insertJournal, lockActivePeriodFor, type ResolvedLine } from './posting.js';

export interface ReverseOptions {
  /** YYYY-MM-DD inside the branch's active period, not before the original journal's date. */
  transaction_at: string;
  /** The reversal journal's memo (e.g. 'Pembatalan KSR/...: alasan'). */
  memo: string;
  /**
   * The document the reversal journal is filed under (its source_type/source_id), e.g. the void
   * `{ source_type: 'kasir_void', source_id: payment.id }`. Default: the original journal's own source.
   */
  as?: { source_type: string; source_id: string | number };
  /**
   * Doctors whose fee items in the original the sharing module counts as paid out (in an approved payout run) though
   * not paid yet: their items stay and the reversal's debit becomes a debit note, as for a paid item.
   */
  paidOutDoctors?: readonly number[];
}

export interface ReverseDocumentArgs extends ReverseOptions {
  /** The document whose journals are reversed: every journal posted for it (kind 'umum') not reversed yet. */
  source_type: string;
  source_id: string | number;
}

export interface ReversedJournal {
  id: number;
  code: string;
  /** The journal it reverses. */
  reversal_of: number;
}

type StoredJournal = rq.StoredJournal;

async function storedLines(ctx: Ctx, jurnalId: number): Promise<ResolvedLine[]> {
  const rows = await rq.storedLines(ctx.db, jurnalId);
  // Swapped: what was debited is credited and the other way round, account by account, in the stored order.
  return rows.map((r) => ({
    akun_id: Number(r.akun_id),
    description: r.description,
    debit: asSen(Number(r.credit)),
    credit: asSen(Number(r.debit)),
  }));
}

async function reverseStored(ctx: Ctx, orig: StoredJournal, o: ReverseOptions): Promise<ReversedJournal> {
  await requireOwnBranch(ctx, JURNAL, [orig.id]);
  if (orig.kind !== 'umum') throw badRequest(`Jurnal ${orig.code} bukan jurnal transaksi dan tidak dapat dibatalkan`);
  if (typeof o.transaction_at !== 'string' || !isValidDate(o.transaction_at))
    throw badRequest('Tanggal tidak valid (format YYYY-MM-DD)', 'transaction_at');
  if (o.transaction_at < orig.transaction_at) {
    throw badRequest(
      `Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal (${formatDate(orig.transaction_at)})`,
      'transaction_at',
    );
  }
  return inTransaction(ctx, async (tx) => {
    const periode = await lockActivePeriodFor(tx, o.transaction_at);
    const lines = await storedLines(tx, orig.id);
    if (!lines.length) throw badRequest(`Jurnal ${orig.code} tidak memiliki baris`);
    await rq.markDocumentReversal(tx.db, true);
    const { id, code } = await insertJournal(tx, {
      periode,
      transaction_at: o.transaction_at,
      memo: (o.memo ?? '').trim().slice(0, 1000),
      kind: 'reversal',
      source_type: o.as?.source_type ?? orig.source_type,
      source_id: o.as ? String(o.as.source_id) : orig.source_id,
      reversal_of: orig.id,
      lines,
      paidOutDoctors: o.paidOutDoctors,
    });
    await rq.markDocumentReversal(tx.db, false);
    return { id, code, reversal_of: orig.id };
  });
}

/**
 * Reverses one stored journal of ctx.branchId (in the caller's transaction, or a savepoint of it). 400 when it is
 * not a document journal, is already reversed ('Jurnal ini sudah dibatalkan'), or the date is outside the period.
 */
export async function reverseJournal(ctx: Ctx, jurnalId: number, o: ReverseOptions): Promise<ReversedJournal> {
  const orig = await rq.storedJournal(ctx.db, jurnalId);
  if (!orig) throw badRequest('Jurnal tidak ditemukan');
  return reverseStored(ctx, orig, o);
}

/**
 * Reverses every journal posted for a document (source_type + source_id, kind 'umum', in ctx.branchId) that is not
 * reversed yet, oldest first. Returns the reversal journals (empty when the document posted nothing).
 */
export async function reverseDocument(ctx: Ctx, a: ReverseDocumentArgs): Promise<ReversedJournal[]> {
  const journals = await rq.unreversedOf(ctx.db, ctx.branchId, a.source_type, String(a.source_id));
  const out: ReversedJournal[] = [];
  for (const j of journals) out.push(await reverseStored(ctx, j, a));
  return out;
}
