/**
 * Pharmacy (docs/decisions.md "Inventory flows"). Prescriptions written in medical records (rm_prescription with
 * its 'resep' entries) wait at /inventory/sales/resep while menunggu or sebagian. Dispensing hands over what remains
 * (or the lines given, substitutions with a reason) from a warehouse of the branch, batches first-expired-first-out
 * (never an expired one) through the inventory front door, which posts Dr 5101 HPP / Cr 1140 Persediaan in the same
 * transaction. The prescription row is locked first, so a double submit hands over once (and an Idempotency-Key
 * answers the first dispensing). The cashier bills the dispensed lines (dispensedLinesForVisit).
 */
import {
  allows,
  asSen,
  fromSen,
  MOVEMENT_KIND_LABELS,
  PHARMACY_STATUS_LABELS,
  rmRead,
  type DispenseInput,
  type DispensingDto,
  type Paged,
  type PharmacyStatus,
  type ResepDto,
  type ResepListQuery,
  type SalesQuery,
  type SalesRowDto,
  type Sen,
} from '@klinik/shared';
import { branchScope, requireAccess } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { audit, auditRecordReads, type RecordRead } from '../../../lib/audit.js';
import { issueStock, warehouseOfKind } from '../../inventory/index.js';
import { allergyOverrides, patientAllergens } from '../../medicalRecords/index.js';
import { RESEP } from '../entities.js';
import * as q from '../queries.js';
import { docNumber, resolveBatch, rp } from './common.js';

function resepDto(r: q.ResepRow): ResepDto {
  const status = r.pharmacy_status as PharmacyStatus;
  return {
    id: r.id,
    code: r.code,
    visit_id: r.visit_id,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    doctor_name: r.doctor_name,
    note: r.note,
    pharmacy_status: status,
    status_label: PHARMACY_STATUS_LABELS[status] ?? status,
    created_at: String(r.created_at),
  };
}

/** A prescription at the pharmacy is the patient's clinical data: each answered read joins the read trail. */
const resepRead = (r: q.ResepRow) => ({ customer: r.customer_id, visit: r.visit_id, branch: r.profile_id });

/** The read trail of a dispensing (issue 25): its answer shows the prescription and the patient (readAudit). */
export async function dispenseReads(ctx: Ctx, resepId: number): Promise<RecordRead[]> {
  const r = await q.resep(ctx.db, resepId);
  return r ? [resepRead(r)] : [];
}

/** A page of prescriptions and the reads it is (the endpoint declares the trail: every patient on the page). */
export async function listResep(
  ctx: Ctx,
  query: ResepListQuery,
): Promise<{ page: Paged<ResepDto>; reads: RecordRead[] }> {
  requireUser(ctx);
  const { rows, count } = await q.listResep(ctx.db, branchScope(ctx), query, query.page, query.limit);
  return { page: { data: rows.map(resepDto), count }, reads: rows.map(resepRead) };
}

/** One prescription at the pharmacy and the read it is (the endpoint declares the trail). */
export async function getResep(ctx: Ctx, id: number): Promise<{ resep: ResepDto; reads: RecordRead[] }> {
  await requireAccess(ctx, RESEP, [id], 'read');
  const r = (await q.resep(ctx.db, id))!;
  const lines = await q.resepLines(ctx.db, id);
  const apotek = await warehouseOfKind({ ...ctx, branchId: r.profile_id }, 'apotek');
  const today = await ctx.today();
  const available = apotek
    ? await q.availableIn(
        ctx.db,
        apotek.id,
        lines.map((l) => l.item_id),
        today,
      )
    : new Map<number, number>();
  const ds = await q.dispensings(ctx.db, { prescription: id });
  const resep: ResepDto = {
    ...resepDto(r),
    items: lines.map((l) => ({
      id: l.id,
      item: l.item_id,
      code: l.code,
      name: l.name,
      unit: l.unit,
      qty: l.qty,
      signa: l.signa,
      price: rp(l.price),
      dispensed: l.dispensed,
      remaining: Math.max(0, l.qty - l.dispensed),
      available: available.get(l.item_id) ?? 0,
      generic_name: l.generic_name,
      allergy_override: l.allergy_override,
    })),
    dispensings: await dispensingDtos(ctx, ds, r.pharmacy_status as PharmacyStatus),
    allergies: await patientAllergens(ctx, r.customer_id),
  };
  return { resep, reads: [resepRead(r)] };
}

async function dispensingDtos(ctx: Ctx, ds: q.DispensingRow[], status: PharmacyStatus): Promise<DispensingDto[]> {
  const lines = ds.length ? await q.dispensingLines(ctx.db, { dispensings: ds.map((d) => d.id) }) : [];
  return ds.map((d) => ({
    id: d.id,
    code: d.code,
    resep: d.prescription_id,
    warehouse: d.warehouse_id,
    warehouse_name: d.warehouse_name,
    dispensed_at: d.dispensed_at,
    jurnal_code: d.jurnal_code,
    created_by_name: d.created_by_name,
    pharmacy_status: status,
    items: lines
      .filter((l) => l.dispensing_id === d.id)
      .map((l) => ({
        resep_item: l.resep_entry_id,
        item: l.item_id,
        code: l.code,
        name: l.name,
        unit: l.unit,
        batch: l.batch,
        expired_at: l.expired_at,
        qty: l.quantity,
        price: rp(l.price),
        cost: rp(l.cost),
        substitute_for: l.prescribed_item_id === l.item_id ? null : l.prescribed_item_id,
        substitute_for_name: l.prescribed_item_id === l.item_id ? null : l.prescribed_name,
        reason: l.reason,
        allergy_override: l.allergy_override,
      })),
  }));
}

interface Planned {
  line: q.ResepLineRow;
  item: number;
  qty: number;
  batch: number | null;
  reason: string | null;
  price: number;
  /** The drug handed over, for the allergy check. */
  drug: { name: string; generic_name: string | null };
}

export async function dispense(
  ctx: Ctx,
  input: DispenseInput,
  idempotencyKey?: string,
): Promise<{ created: boolean; data: DispensingDto }> {
  const c = requireUser(ctx);
  await requireAccess(c, RESEP, [input.resep], 'write');
  const out = await inTransaction(c, async (tx) => {
    // Lock the prescription first: a concurrent dispensing of it waits here (a retry with the same key waits on
    // the key itself: http/idempotency.ts).
    const r = (await q.resep(tx.db, input.resep, true))!;
    if (r.pharmacy_status === 'batal') throw conflict('Resep ini dibatalkan');
    if (r.pharmacy_status === 'diserahkan') throw conflict('Resep ini sudah diserahkan seluruhnya');
    const lines = await q.resepLines(tx.db, input.resep);
    const left = new Map(lines.map((l) => [l.id, Math.max(0, l.qty - l.dispensed)]));
    const plan: Planned[] = [];
    if (!input.items) {
      for (const l of lines)
        if (left.get(l.id)! > 0)
          plan.push({
            line: l,
            item: l.item_id,
            qty: left.get(l.id)!,
            batch: null,
            reason: null,
            price: l.price,
            drug: { name: l.name, generic_name: l.generic_name },
          });
      if (!plan.length) throw conflict('Resep ini sudah diserahkan seluruhnya');
    } else {
      const subs = await q.items(
        tx.db,
        input.items.map((l) => l.item),
      );
      const itemRows = new Map(subs.map((i) => [i.id, i]));
      for (const [i, l] of input.items.entries()) {
        const line = l.resep_item
          ? lines.find((x) => x.id === l.resep_item)
          : (lines.find((x) => x.item_id === l.item && left.get(x.id)! > 0) ?? lines.find((x) => x.item_id === l.item));
        if (!line)
          throw badRequest(
            l.resep_item
              ? 'Baris resep tidak ditemukan'
              : 'Item tidak ada di resep ini; pilih baris resep yang diganti',
            l.resep_item ? `items.${i}.resep_item` : `items.${i}.item`,
          );
        const substitute = line.item_id !== l.item;
        if (substitute && !l.reason) throw badRequest('Alasan penggantian item wajib diisi', `items.${i}.reason`);
        const remaining = left.get(line.id)!;
        if (l.qty > remaining)
          throw badRequest(`Jumlah melebihi sisa resep (${remaining} ${line.unit})`, `items.${i}.qty`);
        left.set(line.id, remaining - l.qty);
        const b = await resolveBatch(tx, l.item, l.batch, `items.${i}.batch`);
        const sub = itemRows.get(l.item);
        plan.push({
          line,
          item: l.item,
          qty: l.qty,
          batch: b ? b.id : null,
          reason: substitute ? (l.reason ?? null) : null,
          price: substitute ? Number(sub?.selling_price ?? 0) : line.price,
          drug: sub
            ? { name: sub.name, generic_name: sub.generic_name }
            : { name: line.name, generic_name: line.generic_name },
        });
      }
    }
    // What is handed over (the prescribed drug or its substitute) against the patient's allergies: refused without
    // the pharmacist's own reason, even when the prescriber gave one (shown in the dialog).
    const overrides = await allergyOverrides(
      tx,
      r.customer_id,
      plan.map((p) => p.drug),
      input.allergy_override,
    );
    const today = await tx.today();
    const id = await q.nextDispensingId(tx.db);
    const code = await docNumber(tx, 'APT', today);
    const memo = `Penyerahan resep ${r.code} (${code})`;
    const taken = await issueStock(tx, {
      kind: 'dispense',
      warehouse: input.warehouse,
      source: { kind: 'dispensing', id },
      date: today,
      note: memo,
      memo,
      items: plan.map((p) => ({ item: p.item, qty: p.qty, batch: p.batch })),
    });
    await q.insertDispensing(tx.db, {
      id,
      profile_id: tx.branchId,
      code,
      prescription_id: r.id,
      visit_id: r.visit_id,
      warehouse_id: input.warehouse,
      dispensed_at: today,
      note: input.note ?? null,
      jurnal_code: taken.jurnal?.code ?? null,
      idempotency_key: idempotencyKey ?? null,
      created_by: c.user.id,
    });
    // issueStock answers the batches taken in the order of the lines asked: give each planned line its share.
    let k = 0;
    for (const [pi, p] of plan.entries()) {
      let need = p.qty;
      while (need > 0) {
        const t = taken.lines[k++];
        const qty = -t.qty;
        need -= qty;
        await q.insertDispensingItem(tx.db, {
          profile_id: tx.branchId,
          dispensing_id: id,
          prescription_id: r.id,
          resep_entry_id: p.line.id,
          prescribed_item_id: p.line.item_id,
          item_id: p.item,
          reason: p.reason,
          allergy_override: overrides[pi],
          batch_id: t.batch,
          quantity: qty,
          price: p.price,
          cost: Math.abs(t.value),
        });
      }
    }
    const after = await q.resepLines(tx.db, r.id);
    const status = after.every((l) => l.dispensed >= l.qty) ? 'diserahkan' : 'sebagian';
    await q.setPharmacyStatus(tx.db, r.id, status);
    await audit(tx, {
      action: 'dispense',
      entity: 'rm_prescription',
      entityId: r.id,
      before: { pharmacy_status: r.pharmacy_status },
      after: {
        pharmacy_status: status,
        dispensing: code,
        items: plan.map((p, i) => ({ item: p.item, qty: p.qty, allergy_override: overrides[i] })),
      },
    });
    return { created: true, id };
  });
  const [d] = await q.dispensings(c.db, { id: out.id });
  const r = (await q.resep(c.db, d.prescription_id))!;
  const [dto] = await dispensingDtos(c, [d], r.pharmacy_status as PharmacyStatus);
  return { created: out.created, data: dto };
}

/** A line the cashier bills: what the pharmacy handed over for a visit. */
export interface DispensedLine {
  /** The prescription item (rm_entry id of kind 'resep'). */
  resep_item: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  qty: number;
  /** Selling price per unit, sen. */
  price: Sen;
  batch: string | null;
  /** The prescribed item when this one replaced it. */
  substitute_for: number | null;
}

/**
 * Front door for the cashier: every line dispensed for a visit (one per item and batch handed over), priced at
 * the prescription's price (a substitute at its own selling price). Reads in the caller's transaction.
 */
export async function dispensedLinesForVisit(ctx: Ctx, visitId: number): Promise<DispensedLine[]> {
  const rows = await q.dispensingLines(ctx.db, { visit: visitId });
  return rows.map((l) => ({
    resep_item: l.resep_entry_id,
    item: l.item_id,
    code: l.code,
    name: l.name,
    unit: l.unit,
    qty: l.quantity,
    price: asSen(Number(l.price)),
    batch: l.batch,
    substitute_for: l.prescribed_item_id === l.item_id ? null : l.prescribed_item_id,
  }));
}

function salesDto(r: q.SalesRow): SalesRowDto {
  return {
    id: Number(r.id),
    moved_at: r.moved_at,
    kind: r.kind,
    kind_label: MOVEMENT_KIND_LABELS[r.kind],
    source_kind: r.source_kind,
    source_id: r.source_id,
    document: r.document,
    customer_name: r.customer_name,
    warehouse: r.warehouse_id,
    warehouse_name: r.warehouse_name,
    item: r.item_id,
    code: r.code,
    name: r.name,
    unit: r.unit,
    batch: r.batch,
    qty: Number(r.quantity),
    cost: fromSen(Number(r.value)),
    price: r.price === null ? null : fromSen(Number(r.price)),
  };
}

/**
 * Items out by sale or dispensing. Whose prescription a dispensing served is clinical data: the patient's name is
 * shown only to prescription readers (rmRead RM_RESEP), and each patient shown joins the read trail ('export' when
 * taken for the Excel file); others see the drug, batch and quantity only.
 */
export async function sales(
  ctx: Ctx,
  query: SalesQuery,
  action: 'read' | 'export' = 'read',
): Promise<Paged<SalesRowDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listSales(c.db, branchScope(c), query, query.page, query.limit);
  if (!allows(c.user, rmRead('RM_RESEP')))
    return { data: rows.map((r) => ({ ...salesDto(r), customer_name: null })), count };
  const reads = rows.flatMap((r) =>
    r.customer_id ? [{ customer: Number(r.customer_id), visit: Number(r.visit_id), branch: Number(r.profile_id) }] : [],
  );
  await auditRecordReads(c, action, reads, { what: 'apotek_penjualan', page: query.page });
  return { data: rows.map(salesDto), count };
}

/**
 * Consumables (BHP) of a medical record leave the branch's treatment-room warehouse: what each current BHP entry
 * records minus what already left for it (so calling again after a correction takes only the rest), each entry a
 * ledger source ('rm_bhp'), Dr 5102 Beban BHP / Cr 1140 Persediaan. Meant to run when the record is finished, in
 * that transaction (the medical records module calls it). Returns the value taken (sen).
 */
export async function consumeRecordBhp(ctx: Ctx, recordId: number): Promise<Sen> {
  return inTransaction(ctx, async (tx) => {
    const lines = (await q.bhpLines(tx.db, recordId)).filter((l) => l.qty - l.used > 0);
    if (!lines.length) return asSen(0);
    const room = await warehouseOfKind(tx, 'tindakan');
    if (!room) throw badRequest('Gudang ruang tindakan belum ada; buat di Master Gudang');
    // The journal names the visit by its code, as every other journal does (issue 26 item 7: not 'rekam medis #759').
    const memo = `BHP kunjungan ${await q.recordVisitLabel(tx.db, recordId)}`;
    let total = 0;
    for (const l of lines) {
      const r = await issueStock(tx, {
        kind: 'consumable',
        warehouse: room.id,
        source: { kind: 'rm_bhp', id: l.entry_id },
        items: [{ item: l.item_id, qty: l.qty - l.used }],
        memo,
      });
      total += r.value;
    }
    return asSen(total);
  });
}
