import { fromSen, type BatchRef } from '@klinik/shared';
import type { Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import * as q from '../queries.js';

/** A document number of the branch for the month of `date`: e.g. MUT/03/202611/0007. */
export async function docNumber(tx: Ctx, prefix: string, date: string): Promise<string> {
  const period = date.slice(0, 7).replace('-', '');
  const n = await nextNumber(tx.db, tx.branchId, prefix, period);
  return formatDocNumber(prefix, tx.branchId, period, n);
}

/** A line's batch (id or batch number) as the stock_batch id of that item; 400 on the field when unknown. */
export async function resolveBatch(tx: Ctx, itemId: number, ref: BatchRef, field: string): Promise<q.BatchRow | null> {
  if (ref === undefined || ref === null || ref === '') return null;
  const b = await q.batchOf(tx.db, itemId, ref);
  if (!b) throw badRequest('Batch tidak ditemukan untuk item ini', field);
  return b;
}

/** Sen -> rupiah for DTOs (the amounts here are whole sen). */
export const rp = (sen: number | null | undefined): number => fromSen(Number(sen ?? 0));
