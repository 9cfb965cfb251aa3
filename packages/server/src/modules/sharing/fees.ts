/**
 * Fee lines (issue 29 item 2): one per treatment line a doctor performed that is paid at the till, with the rule
 * and its inputs copied. `planFees` runs inside the till's payment transaction before the payment is stored and
 * gives each line its doctor_share (the line's share, what the income reports show) and doctor_payable: the part
 * payable now (all of it when the bill is paid in full; pro rata to what it received when paid in part), which the
 * till's journal books to Hutang Dokter; `recordFees` stores the lines once the payment has its id. A treatment covered by a package slot
 * is payable pro rata to what the package has received of its price; the rest waits. A void cancels a line not yet
 * paid out (the payment's stored-line reversal takes its payable back) and claws back a line already paid (a
 * negative line for the next run); a void is never refused because the doctor was paid.
 */
import {
  asSen,
  fromSen,
  isTopLevel,
  mulDivSen,
  percentOf,
  sumSen,
  type Sen,
  type SharingBasis,
  type SharingLineDto,
  type SharingLineQuery,
  type SharingLineStatus,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { forbidden } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { pickRule } from './rules.js';
import { cancelReleasesOfLines, reverseRelease } from './release.js';
import * as q from './queries.js';

/** What the till knows of a bill line. */
export interface FeeSource {
  kind: string;
  perawatan_id?: number | null;
  doctor_id?: number | null;
  qty: number;
  price: Sen;
  discount: Sen;
  covered_by_paket: number | null;
  /** The fixed doctor share the record copied from the treatment master (x qty): the fee when no rule applies. */
  doctor_share?: Sen;
}

export interface FeePlan {
  index: number;
  line: Omit<q.NewLine, 'payment_id' | 'payment_line_id'>;
}

export interface PlannedFees<L> {
  lines: (L & { doctor_share: Sen; doctor_payable: Sen })[];
  plans: FeePlan[];
}

/** The share of one line by its rule: percent of the basis or amount per unit, at least the minimum fee. */
export function shareOf(rule: Pick<q.RuleRow, 'kind' | 'value' | 'min_fee'>, basisAmount: number, qty: number): Sen {
  const raw = rule.kind === 'percent' ? percentOf(basisAmount, rule.value) : asSen(rule.value * qty);
  return asSen(Math.max(raw, rule.min_fee ?? 0));
}

/**
 * The fee of every treatment line with a doctor, at the rules in force on the visit's date. `billDiscount` (the
 * discount on the whole bill) is spread over the paid lines by their amount; the visit's consumables (their stock
 * cost) over its treatment lines by their amount after discount.
 */
export async function planFees<L extends FeeSource>(
  ctx: Ctx,
  visit: { id: number; date: string; branch: number },
  lines: L[],
  billDiscount: Sen,
  received?: { paid: number; total: number },
): Promise<PlannedFees<L>> {
  const paidGross = sumSen(lines.filter((l) => !l.covered_by_paket).map((l) => l.price * l.qty - l.discount));
  const afterDiscount = lines.map((l) => {
    const own = l.price * l.qty - (l.covered_by_paket ? 0 : l.discount);
    const spread = l.covered_by_paket || paidGross <= 0 ? 0 : mulDivSen(billDiscount, own, paidGross);
    return Math.max(0, own - spread);
  });
  const treatments = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.kind === 'treatment' && l.doctor_id);
  const bhp = treatments.length ? await q.bhpCostOfVisit(ctx.db, visit.id) : 0;
  const treatmentTotal = sumSen(treatments.map(({ i }) => afterDiscount[i]));
  const plans: FeePlan[] = [];
  const shares = new Map<number, { share: Sen; payable: Sen }>();
  for (const { l, i } of treatments) {
    const { rule } = l.perawatan_id
      ? await pickRule(ctx, {
          branch: visit.branch,
          doctor: l.doctor_id!,
          perawatan: l.perawatan_id,
          date: visit.date,
        })
      : { rule: null };
    const basis = (rule?.basis ?? 'list_price') as SharingBasis;
    const bhpPart = treatmentTotal > 0 ? mulDivSen(bhp, afterDiscount[i], treatmentTotal) : 0;
    const basisAmount =
      basis === 'list_price'
        ? l.price * l.qty
        : basis === 'after_discount'
          ? afterDiscount[i]
          : Math.max(0, afterDiscount[i] - bhpPart);
    // No rule: the treatment master's fixed doctor share the record copied (an amount on the list price).
    const share = rule ? shareOf(rule, basisAmount, l.qty) : (l.doctor_share ?? asSen(0));
    let payable = share;
    let membership: number | null = null;
    // A bill paid in part: payable pro rata to what it received; its settlements release the rest.
    if (!l.covered_by_paket && received && received.total > 0 && received.paid < received.total)
      payable = mulDivSen(share, Math.max(0, received.paid), received.total, 'floor');
    if (l.covered_by_paket) {
      const m = await q.membershipOfSlot(ctx.db, l.covered_by_paket);
      membership = m?.membership ?? null;
      if (m && m.price > 0) payable = mulDivSen(share, Math.min(m.paid, m.price), m.price, 'floor');
    }
    shares.set(i, { share, payable });
    plans.push({
      index: i,
      line: {
        profile_id: visit.branch,
        doctor_id: l.doctor_id!,
        visit_id: visit.id,
        perawatan_id: l.perawatan_id ?? null,
        qty: l.qty,
        membership_id: membership,
        rule_id: rule?.id ?? null,
        kind: rule?.kind ?? null,
        value: rule?.value ?? null,
        basis,
        basis_amount: basisAmount,
        min_fee: rule?.min_fee ?? null,
        share,
        payable,
        tax_base_kind: rule?.tax_base ?? 'share',
        tax_base: rule?.tax_base === 'patient_fee' ? basisAmount : share,
        status: payable === share ? 'payable' : 'waiting',
        service_date: visit.date,
      },
    });
  }
  const none = { share: asSen(0), payable: asSen(0) };
  return {
    lines: lines.map((l, i) => {
      const f = shares.get(i) ?? none;
      return { ...l, doctor_share: f.share, doctor_payable: f.payable };
    }),
    plans,
  };
}

/** Stores the planned lines of a stored payment (linked to its payment lines, stored in the same order). */
export async function recordFees(ctx: Ctx, paymentId: number, fees: { plans: FeePlan[] }): Promise<void> {
  if (!fees.plans.length) return;
  const ids = await q.paymentLineIds(ctx.db, paymentId);
  await q.insertLines(
    ctx.db,
    fees.plans.map((p) => ({ ...p.line, payment_id: paymentId, payment_line_id: ids[p.index] ?? null })),
  );
}

/**
 * A payment is voided (called in the void's transaction, before its journal is reversed): its lines not yet paid
 * out are cancelled (the reversal of the payment's stored lines takes their payable back); a line already paid
 * out is marked clawed back and a negative line of its payable becomes payable in the doctor's next run.
 * Paid out: the line is in an approved run (status `paid`), paid to the doctor or not yet, or the doctor's Hutang
 * Dokter item of the payment is paid (whole or in part). Returns the doctors with such a line: the void's reversal
 * keeps their item (the approved run pays it) and books a debit note instead, which the next run's clawback lines
 * explain, so the fee is taken back once (decisions: "Doctor fees: clawbacks, exports, My Income").
 */
export async function onPaymentVoided(
  ctx: Ctx,
  payment: { id: number; code: string },
  reason: string,
): Promise<{ paidOutDoctors: number[] }> {
  const paymentId = payment.id;
  // A voided instalment takes back what it released of its package's lines.
  await reverseRelease(ctx, payment, reason);
  const today = await ctx.today();
  const lines = await q.linesOfPayment(ctx.db, paymentId);
  // Paid out: in a paid run, or its Hutang Dokter item already paid through the payables (whole or in part).
  const paidDoctors = lines.length ? await q.doctorsPaidOnPayment(ctx.db, paymentId) : new Set<number>();
  const paidOut = new Set(paidDoctors);
  for (const l of lines) if (l.status === 'paid' && l.share > 0) paidOut.add(l.doctor_id);
  const clawbacks: q.NewLine[] = [];
  for (const l of lines) {
    if (l.status === 'cancelled' || l.status === 'clawed_back' || l.share < 0) continue;
    if (l.status !== 'paid' && !paidDoctors.has(l.doctor_id)) {
      await q.setStatus(ctx.db, l.id, 'cancelled');
      continue;
    }
    await q.setStatus(ctx.db, l.id, 'clawed_back');
    clawbacks.push({
      profile_id: l.profile_id,
      doctor_id: l.doctor_id,
      visit_id: l.visit_id,
      payment_id: l.payment_id,
      payment_line_id: null,
      perawatan_id: l.perawatan_id,
      qty: l.qty,
      membership_id: l.membership_id,
      rule_id: l.rule_id,
      kind: l.kind,
      value: l.value,
      basis: l.basis,
      basis_amount: -l.basis_amount,
      min_fee: l.min_fee,
      share: -l.payable,
      payable: -l.payable,
      tax_base_kind: l.tax_base_kind,
      tax_base: l.share === 0 ? 0 : 0 - mulDivSen(l.tax_base, l.payable, l.share),
      status: 'payable',
      clawback_of: l.id,
      service_date: today,
    });
  }
  await q.insertLines(ctx.db, clawbacks);
  await cancelReleasesOfLines(
    ctx,
    lines.filter((l) => l.share > 0 && l.status !== 'cancelled' && l.status !== 'clawed_back').map((l) => l.id),
    payment,
  );
  if (lines.length)
    await audit(ctx, {
      action: 'void',
      entity: 'sharing_line',
      entityId: paymentId,
      after: { lines: lines.map((l) => l.id), clawbacks: clawbacks.map((c) => c.clawback_of) },
    });
  return { paidOutDoctors: [...paidOut] };
}

/**
 * GET /api/finance/sharing/lines. Finance and managers read their branch's lines (top-level users every branch);
 * a doctor reads only their own (another doctor's asked for: an empty list is not enough, it is 403).
 */
export async function listLines(ctx: Ctx, f: SharingLineQuery): Promise<SharingLineDto[]> {
  const c = requireUser(ctx);
  const own = c.user.rolename === 'dokter';
  const asked = (f.doctor as number | null | undefined) ?? null;
  if (own && asked !== null && asked !== c.user.id) throw forbidden('Anda hanya dapat melihat jasa Anda sendiri');
  const doctor = own ? c.user.id : asked;
  // A doctor's own lines of every branch they practise in; finance and managers their branch's.
  const rows = await q.listLines(c.db, own || isTopLevel(c.user) ? null : [c.branchId], {
    doctor,
    from: f.from as string | undefined,
    to: f.to as string | undefined,
    status: f.status as string | undefined,
  });
  return rows.map((r) => ({
    id: r.id,
    visit: r.visit_id,
    payment: r.payment_id,
    perawatan: r.perawatan_id,
    doctor: r.doctor_id,
    rule: r.rule_id,
    basis: r.basis as SharingBasis | null,
    basis_amount: fromSen(r.basis_amount),
    share: fromSen(r.share),
    payable: fromSen(r.payable),
    tax_base: fromSen(r.tax_base),
    status: r.status as SharingLineStatus,
    run: r.run_id,
    service_date: r.service_date,
  }));
}
