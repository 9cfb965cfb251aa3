import { asSen, type PrescriptionStatus, type Sen } from '@klinik/shared';
import { branchScope, requireAccess, requireOwnBranch } from '../../http/access-scope.js';
import { requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { RM_PRESCRIPTION, RM_VISIT } from './entities.js';
import * as q from './queries.js';

/**
 * For other modules (the cashier, the pharmacy/inventory): what a visit's record bills and what the pharmacy has to
 * dispense, from the current version of every entry that is not voided. Money in sen. Ids are rm_entry ids: stable
 * through corrections (a correction is a new version of the same entry), so a dispensing row or an invoice line
 * may reference them (FK rm_entry.id).
 */

export interface BillableTreatment {
  entry_id: number;
  version: number;
  perawatan_id: number;
  qty: number;
  /** Unit price and doctor's share per unit at the visit. */
  price: Sen;
  doctor_share: Sen;
  doctor_id: number;
  assistant_id: number | null;
  icd9cm: string | null;
}
export interface BillableItem {
  entry_id: number;
  version: number;
  item_id: number;
  qty: number;
  /** The item's selling price (per unit) at the visit. */
  price: Sen;
}
export interface BillableResepItem extends BillableItem {
  prescription_id: number;
  signa: string;
}
export interface BillableLab {
  entry_id: number;
  version: number;
  form_lab_id: number;
  qty: number;
  /** The lab form's price (per unit) at the visit. */
  price: Sen;
  note: string | null;
}
export interface VisitBillables {
  visit_id: number;
  record_id: number | null;
  /** 'finished' once the doctor finished the record (the visit is then 'selesai'). */
  record_status: 'draft' | 'finished' | null;
  treatments: BillableTreatment[];
  produk: BillableItem[];
  bhp: BillableItem[];
  resep: BillableResepItem[];
  lab: BillableLab[];
}

/** Every billable entry of a visit of the caller's branch (404 otherwise). */
export async function billableEntriesOfVisit(ctx: Ctx, visitId: number): Promise<VisitBillables> {
  const c = requireUser(ctx);
  await requireAccess(c, RM_VISIT, [visitId], 'read');
  const head = await q.visitHead(c.db, visitId);
  if (!head) throw notFound(RM_VISIT.notFound);
  const rows = await q.billableOf(c.db, visitId);
  const item = (r: q.VersionRow): BillableItem => ({
    entry_id: r.entry_id,
    version: r.version,
    item_id: r.item_id!,
    qty: r.qty!,
    price: asSen(r.price ?? 0),
  });
  return {
    visit_id: visitId,
    record_id: head.record_id,
    record_status: (head.record_status as 'draft' | 'finished' | null) ?? null,
    treatments: rows
      .filter((r) => r.kind === 'treatment')
      .map((r) => ({
        entry_id: r.entry_id,
        version: r.version,
        perawatan_id: r.perawatan_id!,
        qty: r.qty!,
        price: asSen(r.price ?? 0),
        doctor_share: asSen(r.doctor_share ?? 0),
        doctor_id: r.doctor_id!,
        assistant_id: r.assistant_id,
        icd9cm: r.icd9cm,
      })),
    produk: rows.filter((r) => r.kind === 'produk').map(item),
    bhp: rows.filter((r) => r.kind === 'bhp').map(item),
    resep: rows
      .filter((r) => r.kind === 'resep')
      .map((r) => ({ ...item(r), prescription_id: r.prescription_id!, signa: r.signa ?? '' })),
    lab: rows
      .filter((r) => r.kind === 'lab')
      .map((r) => ({
        entry_id: r.entry_id,
        version: r.version,
        form_lab_id: r.form_lab_id!,
        qty: r.qty!,
        price: asSen(r.price ?? 0),
        note: r.note,
      })),
  };
}

export interface WaitingPrescription {
  id: number;
  code: string;
  visit_id: number;
  customer_id: number;
  doctor_id: number;
  pharmacy_status: PrescriptionStatus;
  created_at: string;
  /** Items not voided, current version. */
  items: BillableResepItem[];
}

/** Prescriptions of the caller's branch the pharmacy still has to dispense (menunggu, sebagian), oldest first. */
export async function prescriptionsWaiting(
  ctx: Ctx,
  f: { visit?: number; limit?: number } = {},
): Promise<WaitingPrescription[]> {
  const c = requireUser(ctx);
  const list = await q.waitingPrescriptions(c.db, branchScope(c, {}, 'write'), {
    visit: f.visit,
    limit: f.limit ?? 200,
  });
  const items = await q.prescriptionItems(
    c.db,
    list.map((p) => p.id),
  );
  return list.map((p) => ({
    id: p.id,
    code: p.code,
    visit_id: p.visit_id,
    customer_id: p.customer_id,
    doctor_id: p.doctor_id,
    pharmacy_status: p.pharmacy_status as PrescriptionStatus,
    created_at: new Date(p.created_at).toISOString(),
    items: items
      .filter((r) => r.prescription_id === p.id && !r.voided)
      .map((r) => ({
        entry_id: r.entry_id,
        version: r.version,
        item_id: r.item_id!,
        qty: r.qty!,
        price: asSen(r.price ?? 0),
        prescription_id: p.id,
        signa: r.signa ?? '',
      })),
  }));
}

const FORWARD: Record<PrescriptionStatus, PrescriptionStatus[]> = {
  menunggu: [],
  sebagian: ['menunggu'],
  diserahkan: ['menunggu', 'sebagian'],
  batal: ['menunggu', 'sebagian'],
};

/**
 * For the pharmacy's dispensing, inside its transaction: moves a prescription of the caller's branch forward
 * (menunggu -> sebagian | diserahkan | batal, sebagian -> diserahkan | batal); 409 from any other status. The
 * database keeps the same rule (rm_prescription_guard).
 */
export async function setPrescriptionStatus(tx: AuthedCtx, id: number, to: PrescriptionStatus): Promise<void> {
  await requireOwnBranch(tx, RM_PRESCRIPTION, [id]);
  const p = await q.prescriptionById(tx.db, id);
  if (!p) throw notFound(RM_PRESCRIPTION.notFound);
  const row = await q.setPharmacyStatus(tx.db, id, FORWARD[to], to, tx.now().toISOString());
  if (!row) throw conflict(`Status resep tidak dapat diubah dari ${p.pharmacy_status} ke ${to}`);
  await audit(tx, {
    action: 'pharmacy_status',
    entity: 'rm_prescription',
    entityId: id,
    before: { pharmacy_status: p.pharmacy_status },
    after: { pharmacy_status: to },
  });
}
