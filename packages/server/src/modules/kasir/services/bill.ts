/**
 * The bill of a visit and its payment (issue 14, items 1, 2 and 8). The bill is built from the finished medical
 * record: treatments, lab forms, products, consumables billed to the patient and handed-over prescription items, at the
 * prices stored with the record. A line the patient's unexpired package slot covers is shown at Rp 0 and, when
 * paid, uses that slot (unless the cashier turns use_paket off). Discounts per line and per bill; above the
 * clinic's limit they need an approved kasir.discount request. PPN on items when the clinic is a PKP; medical
 * services are exempt. A visit is paid once: the partial unique index kasir_payment_visit_idx refuses a second
 * active payment, whose caller gets 409 naming who already paid it.
 */
import { branchScope, requireAccess } from '../../../http/access-scope.js';
import {
  asSen,
  formatRupiah,
  coveredSlots,
  fromSen,
  sumSen,
  toSen,
  type BillDto,
  type BillLineDto,
  type LineKind,
  type Sen,
  type VisitPayInput,
  type VisitPayStatus,
  bpToPercent,
  mulDivSen,
  percentOf,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../http/errors.js';
import { approvalRuleFor, storeRequest } from '../../applog/index.js';
import { requireActivePeriod } from '../../finance/index.js';
import { VISIT } from '../../visits/index.js';
import { issueStock, warehouseOfKind } from '../../inventory/index.js';
import { takeSlot } from '../../paket/index.js';
import { planFees, recordFees } from '../../sharing/index.js';
import { dispensedLinesForVisit, type DispensedLine } from '../../stockFlows/index.js';
import { auditRecordReads } from '../../../lib/audit.js';
import * as q from '../queries.js';
import {
  lineFigures,
  requireOpenSession,
  resultOf,
  revenueAccount,
  settle,
  storePayment,
  type NewLine,
  type PaymentOut,
} from './core.js';
import { paymentSummary } from './settle.js';

const NOT_FOUND = 'Kunjungan tidak ditemukan';

const KIND_OF: Record<q.BillSourceRow['kind'], LineKind> = {
  treatment: 'treatment',
  produk: 'product',
  bhp: 'bhp',
  resep: 'resep',
  lab: 'lab',
};

interface BuiltLine extends NewLine {
  kind: LineKind;
  ref_id: number;
  perawatan_id: number | null;
  covered_label: string | null;
  /** The item of a product, prescription or consumable line (stock), null for a treatment or a lab form. */
  item_id: number | null;
}

interface Built {
  visit: q.VisitHead;
  lines: BuiltLine[];
  subtotal: Sen;
  lineDiscount: Sen;
  tax: Sen;
  taxAccount: string | undefined;
}

/**
 * Prescriptions are billed as the pharmacy handed them over (issue 13: "the dispensed lines go to the visit's
 * bill"): the quantities given, a substitute under its own name and price, one line per prescription item and item
 * given (batches summed). What the record prescribed and was not (yet) given is not billed.
 */
function withDispensed(recorded: q.BillSourceRow[], dispensed: DispensedLine[]): q.BillSourceRow[] {
  const byKey = new Map<string, q.BillSourceRow>();
  for (const d of dispensed) {
    const key = `${d.resep_item}:${d.item}`;
    const row = byKey.get(key);
    if (row) row.qty += d.qty;
    else
      byKey.set(key, {
        entry_id: d.resep_item,
        kind: 'resep',
        perawatan_id: null,
        item_id: d.item,
        form_lab_id: null,
        name: d.substitute_for === null ? d.name : `${d.name} (pengganti)`,
        qty: d.qty,
        price: d.price,
        doctor_id: null,
        doctor_share: 0,
        partner_type: null,
        partner_name: null,
        partner_id: null,
        partner_cost: 0,
      });
  }
  const order = { treatment: 1, lab: 2, produk: 3, resep: 4, bhp: 5 } as const;
  return [...recorded.filter((r) => r.kind !== 'resep'), ...byKey.values()].sort(
    (a, b) => order[a.kind] - order[b.kind] || a.entry_id - b.entry_id,
  );
}

/** Builds the bill from the record (no writes). `discounts`: per line (kind:ref) in sen. */
async function build(
  c: Ctx,
  visitId: number,
  usePaket: boolean,
  discounts: Map<string, Sen> = new Map(),
): Promise<Built> {
  const visit = await q.visitHead(c.db, visitId);
  if (!visit) throw notFound(NOT_FOUND);
  if (visit.record_status !== 'finished')
    throw badRequest('Rekam medis kunjungan ini belum selesai; tagihan belum dapat dibuat', 'visit');
  const [recorded, dispensed, setting, ppn, slots] = await Promise.all([
    q.billSources(c.db, visitId),
    dispensedLinesForVisit(c, visitId),
    q.settingOf(c.db, visit.profile_id),
    q.ppnTax(c.db),
    usePaket ? q.usableSlots(c.db, visit.profile_id, visit.customer_id, await c.today()) : Promise.resolve([]),
  ]);
  const sources = withDispensed(recorded, dispensed);
  const left = new Map(slots.map((s) => [s.id, s.free_slot - s.used_slot]));
  const lines: BuiltLine[] = sources.map((s) => {
    const kind = KIND_OF[s.kind];
    const gross = s.price * s.qty;
    // A package slot of the same master (type 1 perawatan, 2 item, 3 lab form) with enough left for the whole line.
    const slot =
      kind === 'bhp'
        ? undefined
        : slots.find(
            (x) =>
              (kind === 'treatment'
                ? x.type === 1 && x.ref_id === s.perawatan_id
                : kind === 'lab'
                  ? x.type === 3 && x.ref_id === s.form_lab_id
                  : x.type === 2 && x.ref_id === s.item_id) && (left.get(x.id) ?? 0) >= s.qty,
          );
    if (slot) left.set(slot.id, (left.get(slot.id) ?? 0) - s.qty);
    const discount = slot ? asSen(0) : (discounts.get(`${kind}:${s.entry_id}`) ?? asSen(0));
    if (discount > gross) throw badRequest(`Diskon ${s.name} melebihi harganya`, 'line_discounts');
    // Treatments and lab forms are medical services: exempt.
    const taxable = !slot && kind !== 'treatment' && kind !== 'lab' && setting.is_pkp && ppn;
    // PPN 12% on a base of 11/12 of the price (effective 11%), rounded to the sen.
    const tax = taxable ? mulDivSen(gross - discount, 11 * ppn.rate_bp, 12 * 10_000) : asSen(0);
    return {
      kind,
      ref_id: s.entry_id,
      perawatan_id: s.perawatan_id,
      name: s.name,
      qty: s.qty,
      price: asSen(s.price),
      discount,
      covered_by_paket: slot ? slot.id : null,
      covered_label: slot ? `Paket ${slot.membershipcode} (${slot.name})` : null,
      item_id: s.item_id,
      tax,
      total: slot ? asSen(0) : asSen(gross - discount + tax),
      doctor_id: kind === 'treatment' ? s.doctor_id : null,
      doctor_share: kind === 'treatment' ? asSen(s.doctor_share * s.qty) : asSen(0),
      // A lab form sent outside is owed to its laboratory or hospital, covered by a package or not.
      lab_partner:
        kind === 'lab' && s.partner_type && s.partner_name && s.partner_cost > 0
          ? { type: s.partner_type, id: s.partner_id, name: s.partner_name, cost: asSen(s.partner_cost * s.qty) }
          : null,
      revenue: revenueAccount(kind),
    };
  });
  for (const key of discounts.keys())
    if (!lines.some((l) => `${l.kind}:${l.ref_id}` === key))
      throw badRequest('Baris diskon tidak ada di tagihan', 'line_discounts');
  const payable = lines.filter((l) => !l.covered_by_paket);
  return {
    visit,
    lines,
    subtotal: sumSen(payable.map((l) => l.price * l.qty)),
    lineDiscount: sumSen(payable.map((l) => l.discount)),
    tax: sumSen(lines.map((l) => l.tax)),
    taxAccount: ppn?.akun,
  };
}

function lineDto(l: BuiltLine): BillLineDto {
  return {
    kind: l.kind,
    ...lineFigures(l),
    covered_label: l.covered_label,
    tax: fromSen(l.tax),
    total: fromSen(l.total),
  };
}

/** GET /api/kasir/bill/{visit}[?use_paket=false]. */
export async function getBill(ctx: Ctx, visitId: number, usePaket = true): Promise<BillDto> {
  const c = requireUser(ctx);
  await requireAccess(c, VISIT, [visitId], 'read').catch(() => {
    throw notFound(NOT_FOUND);
  });
  const paid = await q.activePaymentOfVisit(c.db, visitId);
  const b = await build(c, visitId, usePaket && !paid);
  const total = b.subtotal - b.lineDiscount + b.tax;
  // The bill's lines are the record's treatments, drugs and lab forms: a read of clinical data (lib/audit.ts).
  if (b.lines.length)
    await auditRecordReads(
      c,
      'read',
      [{ customer: Number(b.visit.customer_id), visit: visitId, branch: Number(b.visit.profile_id) }],
      { what: 'tagihan' },
    );
  return {
    visit: {
      id: b.visit.id,
      code: b.visit.code,
      visit_date: b.visit.visit_date,
      status: b.visit.status,
      customer: { id: b.visit.customer_id, name: b.visit.customername, username: b.visit.customerusername },
      doctor: { id: b.visit.doctor_id, name: b.visit.doctorname },
    },
    lines: b.lines.map(lineDto),
    subtotal: fromSen(b.subtotal),
    discount: fromSen(b.lineDiscount),
    tax: fromSen(b.tax),
    total: fromSen(total),
    payment: paid ? await paymentSummary(c, paid) : null,
    pay_status: !paid ? 'belum_dibayar' : paid.outstanding > 0 ? 'belum_lunas' : 'lunas',
  };
}

const SLOT_TAKEN = 'Slot paket sudah terpakai oleh transaksi lain; muat ulang tagihan';

/** Whether the bill's covered lines use exactly the slots the cashier's bill showed (as multisets of slot ids). */
function sameSlots(lines: { covered_by_paket: number | null }[], asked: number[]): boolean {
  const key = (ids: number[]) => [...ids].sort((a, b) => a - b).join(',');
  return key(coveredSlots({ lines })) === key(asked);
}

/** A bill paid in part answers 409 too, pointing at the settlement (POST /api/kasir/payment/{id}/settle). */
function alreadyPaid(p: { code: string; cashier: string; outstanding?: number }) {
  if (p.outstanding && p.outstanding > 0)
    return conflict(
      `Tagihan kunjungan ini sudah dibayar sebagian oleh ${p.cashier} (${p.code}); lunasi sisa ${formatRupiah(fromSen(p.outstanding))} melalui pelunasan`,
    );
  return conflict(`Tagihan kunjungan ini sudah dibayar oleh ${p.cashier} (${p.code})`);
}

/** The cashier's queue: visits with a finished record (unpaid first when asked). */
export async function queue(
  ctx: Ctx,
  f: { date?: string; unpaid?: boolean; paystatus?: VisitPayStatus; keyword?: string },
) {
  const c = requireUser(ctx);
  const rows = await q.billableVisits(c.db, branchScope(c), f);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    visit_date: r.visit_date,
    status: r.status,
    customer: { id: r.customer_id, name: r.customername, username: r.customerusername },
    doctorname: r.doctorname,
    pay_status: r.pay_status as VisitPayStatus,
    payment: r.payment_id
      ? {
          id: r.payment_id,
          code: r.payment_code!,
          total: fromSen(r.payment_total),
          paid: fromSen(r.payment_paid),
          outstanding: fromSen(r.payment_outstanding),
        }
      : null,
  }));
}

/**
 * POST /api/kasir/payment. Answers 201 with the payment, 200 when the same Idempotency-Key already paid it, 202
 * (pending) when the discount is above the clinic's limit and was sent for approval, 409 when someone else paid
 * the bill.
 */
export async function payVisit(
  ctx: Ctx,
  input: VisitPayInput,
  idempotencyKey?: string,
): Promise<PaymentOut | { pending: true; applog_id: number; message: string }> {
  const c = requireUser(ctx);
  const key = idempotencyKey ? `key:${idempotencyKey}` : `auto:visit:${input.visit}:${c.requestId}`;
  await requireAccess(c, VISIT, [input.visit], 'write').catch(() => {
    throw badRequest(NOT_FOUND, 'visit');
  });
  const before = await q.activePaymentOfVisit(c.db, input.visit);
  if (before) throw alreadyPaid(before);
  const discounts = new Map<string, Sen>();
  for (const d of input.line_discounts ?? []) if (d.amount > 0) discounts.set(`${d.kind}:${d.ref}`, toSen(d.amount));
  const billDiscount = toSen(input.discount ?? 0);
  try {
    const out = await inTransaction(c, async (tx) => {
      await requireActivePeriod(tx);
      const b = await build(tx, input.visit, input.use_paket !== false, discounts);
      if (input.paket_slots && !sameSlots(b.lines, input.paket_slots)) throw conflict(SLOT_TAKEN);
      const beforeDiscount = b.subtotal + b.tax;
      const discount = asSen(b.lineDiscount + billDiscount);
      if (billDiscount > b.subtotal - b.lineDiscount) throw badRequest('Diskon melebihi jumlah tagihan', 'discount');
      const setting = await q.settingOf(tx.db, tx.branchId);
      const limit = percentOf(b.subtotal, setting.discount_limit_bp, 'floor');
      let discountApplogId: number | null = null;
      if (discount > limit) {
        const rule = await approvalRuleFor(requireUser(tx), 'kasir.discount');
        const granted = await q.approvedDiscount(tx.db, tx.branchId, input.visit);
        // The payment uses the approval up (unique index), so a voided payment does not free it for a second use.
        if (rule && granted.sen >= discount) discountApplogId = granted.applogId;
        if (rule && granted.sen < discount) {
          const pending = await storeRequest(tx, rule, {
            action: 'kasir.discount',
            message: `Diskon ${formatRupiah(fromSen(discount))} untuk kunjungan ${b.visit.code} (${b.visit.customername}) melebihi batas ${bpToPercent(setting.discount_limit_bp)}%`,
            entity: 'visit',
            entityId: input.visit,
            payload: { visit: input.visit, discount_sen: discount, discount: fromSen(discount) },
            url: '/kasir/payment',
          });
          return { kind: 'pending' as const, pending };
        }
      }
      const total = asSen(beforeDiscount - discount);
      const session = await requireOpenSession(tx);
      if (total > 0 && input.payments.length === 0) throw badRequest('Pembayaran wajib diisi', 'payments');
      const settlement = await settle(tx, total, input.payments);
      // Package slots: each covered line takes its units; a slot taken meanwhile refuses the payment.
      for (const l of b.lines) {
        if (l.covered_by_paket && !(await takeSlot(tx, l.covered_by_paket, l.qty))) throw conflict(SLOT_TAKEN);
      }
      // The doctors' fee lines at the sharing rules of the visit's date: the journal books what is payable now.
      const fees = await planFees(
        tx,
        { id: b.visit.id, date: b.visit.visit_date, branch: b.visit.profile_id },
        b.lines,
        billDiscount,
        { paid: settlement.paid, total },
      );
      const row = await storePayment(tx, session, {
        kind: 'visit',
        key,
        visit_id: b.visit.id,
        customer_id: b.visit.customer_id,
        subtotal: b.subtotal,
        discount,
        tax: b.tax,
        total,
        lines: fees.lines,
        settlement,
        memo: `Pembayaran kunjungan ${b.visit.code} - ${b.visit.customername} (${b.visit.customerusername})`,
        taxAccount: b.taxAccount,
        allowPartial: true,
        discountApplogId,
      });
      await recordFees(tx, row.id, fees);
      // Products of the record are sold here: they leave the branch's pharmacy (FEFO, Dr HPP / Cr Persediaan) in this
      // transaction, whether paid or covered by a package; short stock refuses the payment (409), nothing written.
      // Prescriptions left with the pharmacy's dispensing, consumables when the record was finished.
      const products = b.lines.filter((l) => l.kind === 'product' && l.item_id !== null);
      if (products.length) {
        const apotek = await warehouseOfKind(tx, 'apotek');
        if (!apotek) throw badRequest('Gudang apotek belum ada; buat di Master Gudang', 'visit');
        await issueStock(tx, {
          kind: 'sale',
          warehouse: apotek.id,
          items: products.map((l) => ({ item: l.item_id!, qty: l.qty })),
          source: { kind: 'kasir_payment', id: row.id },
          memo: `HPP produk ${row.code}`,
        });
      }
      return { kind: 'paid' as const, row };
    });
    if (out.kind === 'pending') return out.pending;
    return { data: resultOf(out.row), created: true };
  } catch (err) {
    if (isUniqueViolation(err, 'kasir_payment_visit_idx')) {
      const paid = await q.activePaymentOfVisit(c.db, input.visit);
      if (paid) throw alreadyPaid(paid);
      throw conflict('Tagihan kunjungan ini sudah dibayar');
    }
    throw err;
  }
}
