/**
 * The reversal of a document's stored journal lines (issue 28 item 8's rule): the lines as posted, debit and credit
 * swapped, never lines rebuilt from today's categories or accounts. Posted as the document's own journal (an
 * automatic journal is never reversed from the journal report). Runs in the caller's transaction.
 */
import { asSen } from '@klinik/shared';
import type { Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { postJournal, type PostingLine } from '../posting.js';
import * as fq from '../queries.js';

export async function reverseStoredJournal(
  tx: Ctx,
  jurnalId: number,
  doc: {
    date: string;
    memo: string;
    source_type: string;
    source_id: number | string;
    /** The document voided: the payables items its journal made are cancelled. */
    reverses: { source_type: string; source_id: number | string };
  },
): Promise<{ id: number; code: string }> {
  const lines = await fq.detailsOf(tx.db, [jurnalId]);
  if (!lines.length) throw badRequest('Jurnal asal tidak ditemukan');
  return postJournal(tx, {
    transaction_at: doc.date,
    memo: doc.memo,
    source_type: doc.source_type,
    source_id: doc.source_id,
    reverses: doc.reverses,
    lines: lines.map((l): PostingLine => ({
      akun: l.code,
      description: l.d.description ?? undefined,
      debit: asSen(l.d.credit),
      credit: asSen(l.d.debit),
    })),
  });
}
