import {
  type RmEntryDto,
  type RmKind,
  type z,
  type alergiCorrectionInput,
  type bhpCorrectionInput,
  type labCorrectionInput,
  type produkCorrectionInput,
  type resepCorrectionInput,
  type soapCorrectionInput,
  type soapInput,
  type treatmentCorrectionInput,
  type voidInput,
} from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { RM_ENTRY_ENTITY } from './entities.js';
import * as q from './queries.js';
import { requireCorrection, requireManage } from './access.js';
import { pgConflict, STALE, VOIDED } from './rules.js';
import {
  checkCodes,
  entryOut,
  itemContent,
  labContent,
  resepContents,
  soapContent,
  treatmentContent,
  type VersionContent,
} from './writes.js';

// ---------------------------------------------------------------------------------------------------------------
// Corrections and voids: a new version, never a change
// ---------------------------------------------------------------------------------------------------------------

type CorrectionOf = {
  soap: z.output<typeof soapCorrectionInput>;
  treatment: z.output<typeof treatmentCorrectionInput>;
  produk: z.output<typeof produkCorrectionInput>;
  bhp: z.output<typeof bhpCorrectionInput>;
  resep: z.output<typeof resepCorrectionInput>;
  alergi: z.output<typeof alergiCorrectionInput>;
  lab: z.output<typeof labCorrectionInput>;
};

/** The entry to add a version to: this branch's, of this kind, with the right, not voided, at the expected version. */
async function amendTarget(ctx: Ctx, kind: RmKind, entryId: number) {
  const c = requireUser(ctx);
  await requireAccess(c, RM_ENTRY_ENTITY[kind], [entryId], 'write');
  const entry = await q.findEntry(c.db, entryId);
  if (!entry || entry.kind !== kind) throw notFound(RM_ENTRY_ENTITY[kind].notFound);
  requireManage(c, kind);
  return { c, entry };
}

async function addVersion(
  c: AuthedCtx,
  entry: q.EntryRow,
  action: 'correct' | 'void',
  reason: string,
  expected: number | undefined,
  content: (
    tx: AuthedCtx,
    current: q.VersionInsert,
  ) => Promise<{ version: VersionContent; codes?: z.output<typeof soapInput> }>,
): Promise<RmEntryDto> {
  try {
    await inTransaction(c, async (tx0) => {
      const tx = tx0 as AuthedCtx;
      const record = await q.lockRecord(tx.db, entry.visit_id, 'share');
      if (!record) throw notFound(RM_ENTRY_ENTITY[entry.kind as RmKind].notFound);
      requireCorrection(tx, record, reason);
      const current = await q.currentVersionRow(tx.db, entry.id);
      if (!current) throw notFound(RM_ENTRY_ENTITY[entry.kind as RmKind].notFound);
      if (current.voided) throw conflict(VOIDED);
      if (expected !== undefined && expected !== current.version) throw conflict(STALE, 'version');
      const body = await content(tx, current);
      const version = current.version + 1;
      const versionId = await q.insertVersion(tx.db, {
        ...body.version,
        profile_id: entry.profile_id,
        entry_id: entry.id,
        kind: entry.kind,
        version,
        action,
        reason,
        created_by: tx.user.id,
      });
      if (body.codes) {
        await q.insertDiagnoses(tx.db, entry.profile_id, versionId, body.codes.diagnoses);
        await q.insertProcedures(tx.db, entry.profile_id, versionId, body.codes.procedures);
      } else if (entry.kind === 'soap') {
        await q.copyCodes(tx.db, current.id, versionId);
      }
      if (action === 'void' && entry.prescription_id) await q.cancelPrescriptionIfEmpty(tx.db, entry.prescription_id);
      await audit(tx, {
        action: action === 'void' ? 'void' : 'correct',
        entity: 'rm_entry',
        entityId: entry.id,
        before: { version: current.version },
        after: { kind: entry.kind, visit: entry.visit_id, version, reason, finished: record.status === 'finished' },
      });
    });
  } catch (err) {
    throw pgConflict(err) ?? err;
  }
  return entryOut(c, entry.id, entry.kind as RmKind);
}

/** Copy of a version's content (for a void: the voided content stays readable on the void marker). */
function contentOf(v: q.VersionInsert): VersionContent {
  const {
    id: _id,
    profile_id: _p,
    entry_id: _e,
    kind: _k,
    version: _v,
    action: _a,
    reason: _r,
    created_by: _cb,
    created_at: _ca,
    ...rest
  } = v as q.VersionInsert & { bmi?: unknown; voided?: unknown };
  const { bmi: _bmi, voided: _voided, ...content } = rest;
  return content;
}

export async function correct<K extends RmKind>(ctx: Ctx, kind: K, entryId: number, input: CorrectionOf[K]) {
  const { c, entry } = await amendTarget(ctx, kind, entryId);
  if (kind === 'soap') await checkCodes(c, input as CorrectionOf['soap']);
  const visitDate = (await q.visitHead(c.db, entry.visit_id))?.visit_date ?? (await c.today());
  return addVersion(c, entry, 'correct', input.reason, input.version, async (tx, current) => {
    switch (kind) {
      case 'soap': {
        const i = input as CorrectionOf['soap'];
        return { version: soapContent(i), codes: i };
      }
      case 'treatment':
        return { version: await treatmentContent(tx, input as CorrectionOf['treatment'], visitDate, current) };
      case 'produk':
      case 'bhp': {
        const i = input as CorrectionOf['produk'];
        return { version: await itemContent(tx, i.item, i.qty, 'item', visitDate, current) };
      }
      case 'resep': {
        const i = input as CorrectionOf['resep'];
        const [version] = await resepContents(
          tx,
          entry.customer_id,
          [{ item: i.item, qty: i.qty, signa: i.signa, field: 'item', keep: current }],
          i.allergy_override,
          visitDate,
        );
        return { version };
      }
      case 'lab':
        return { version: await labContent(tx, input as CorrectionOf['lab'], current) };
      default: {
        const i = input as CorrectionOf['alergi'];
        return { version: { allergen: i.allergen, note: i.note || null } };
      }
    }
  });
}

export async function voidEntry(ctx: Ctx, kind: RmKind, entryId: number, input: z.output<typeof voidInput>) {
  const { c, entry } = await amendTarget(ctx, kind, entryId);
  return addVersion(c, entry, 'void', input.reason, input.version, async (_tx, current) => ({
    version: contentOf(current),
  }));
}
