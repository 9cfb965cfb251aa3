import { fromSen } from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { completeVisitForRecord } from '../visits/index.js';
import { RM_VISIT } from './entities.js';
import * as q from './queries.js';
import { VISIT_CANCELLED } from './rules.js';

// ---------------------------------------------------------------------------------------------------------------
// Finishing
// ---------------------------------------------------------------------------------------------------------------

/** POST /api/rekammedis/visit/{visit}/finish: the record is finished, the visit 'selesai' (ready for the cashier). */
/**
 * What other modules do when a record is finished, in its transaction (registered at start, modules.ts): the
 * inventory takes the record's consumables (BHP) from the treatment room. A hook that fails with a 4xx (stock short,
 * no treatment-room warehouse) is undone on its own (a savepoint) and reported as a warning: the clinical record is
 * finished all the same, and finishing never waits for the store room.
 */
export type RecordFinishedHook = (tx: Ctx, recordId: number) => Promise<unknown>;
const finishedHooks = new Map<string, RecordFinishedHook>();
/** Registers (or replaces) the hook of one name; every app started in the process registers the same ones. */
export function onRecordFinished(name: string, hook: RecordFinishedHook): void {
  finishedHooks.set(name, hook);
}

export async function finish(
  ctx: Ctx,
  visitId: number,
): Promise<{ visit: number; record: number; status: 'finished'; visit_status: string; warnings: string[] }> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'write');
  const head = await q.visitHead(c.db, visitId);
  if (!head) throw notFound(RM_VISIT.notFound);
  if (head.status === 'batal') throw conflict(VISIT_CANCELLED);
  return inTransaction(c, async (tx0) => {
    const tx = tx0 as AuthedCtx;
    const record = await q.lockRecord(tx.db, visitId, 'update');
    if (!record) throw badRequest('Rekam medis masih kosong: isi SOAP atau tindakan dahulu');
    if (record.status === 'finished') throw conflict('Rekam medis sudah diselesaikan');
    if (!(await q.liveEntryCount(tx.db, record.id)))
      throw badRequest('Rekam medis masih kosong: isi SOAP atau tindakan dahulu');
    const at = tx.now().toISOString();
    const done = await q.finishRecord(tx.db, record.id, tx.user.id, at);
    if (!done) throw conflict('Rekam medis sudah diselesaikan');
    const passed = await completeVisitForRecord(tx, visitId);
    const warnings: string[] = [];
    for (const hook of finishedHooks.values()) {
      try {
        await inTransaction(tx, (inner) => hook(inner, record.id));
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        warnings.push(`BHP belum keluar dari gudang: ${err.message}`);
      }
    }
    await audit(tx, {
      action: 'finish',
      entity: 'rm_record',
      entityId: record.id,
      before: { status: 'draft', visit_status: head.status },
      after: { status: 'finished', visit: visitId, visit_status: passed.at(-1) ?? head.status },
    });
    return {
      visit: visitId,
      record: record.id,
      status: 'finished' as const,
      visit_status: passed.at(-1) ?? head.status,
      warnings,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Choices for the forms
// ---------------------------------------------------------------------------------------------------------------

export async function perawatanOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.perawatanOptions(c.db, c.branchId, keyword, await c.today());
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function itemOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.itemOptions(c.db, c.branchId, keyword, await c.today());
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function formLabOptions(ctx: Ctx, keyword?: string) {
  const c = requireUser(ctx);
  const rows = await q.formLabOptions(c.db, c.branchId, keyword);
  return rows.map((r) => ({ ...r, price: Number(fromSen(r.price)) }));
}

export async function staffOptions(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.staffOptions(c.db, c.branchId);
}
