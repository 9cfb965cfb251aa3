/**
 * Voids only by reversal (issue 14, item 6): POST /api/kasir/payment/{id}/void { reason } goes through the approval
 * engine (action kasir.void_payment). Carried out (at once for a top-level user or when the branch's rule does not
 * ask for approval, else when approved): the payment's journal reversed by a journal with every side swapped,
 * instalments and package slots given back, the original kept and marked void with a kasir_void row. The journals
 * are reversed from their stored lines through the finance front door (reverseJournal / reverseDocument).
 */
import { requireAccess, requireOwnBranch } from '../../../http/access-scope.js';
import {
  paymentVoidInput,
  type ActionOutcome,
  type ApprovalAction,
  type PaymentDto,
  type PaymentVoidInput,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { requestOrRun, type ApprovalExecutor } from '../../applog/index.js';
import { settingsApprovalExecutors } from './settings.js';
import { reverseDocument, reverseJournal } from '../../finance/index.js';
import { receiveStock } from '../../inventory/index.js';
import { returnSlot, reverseInstalmentPayment } from '../../paket/index.js';
import { onPaymentVoided } from '../../sharing/index.js';
import { asSen } from '@klinik/shared';
import { KASIR_PAYMENT } from '../entities.js';
import * as q from '../queries.js';
import { getPayment } from './payments.js';

interface VoidPayload {
  payment_id: number;
  reason: string;
}

/**
 * The session the money of a void goes back from: the payment's own while it is open; once that is closed, the open
 * session (in the payment's branch) of the cashier who asked for the void, which must exist when anything goes back.
 * The closed session keeps its figures; the refund is money out of the refunding session (its expected drops).
 */
async function refundSession(
  tx: Ctx,
  pay: q.PaymentRow,
  cashier: { id: number; name: string; self: boolean },
  lock: boolean,
): Promise<number> {
  const own = lock ? await q.sessionForShare(tx.db, pay.session_id) : await q.findSession(tx.db, pay.session_id);
  if (own?.status === 'open') return own.id;
  const tenders = await q.tendersOf(tx.db, pay.id);
  if (!tenders.some((t) => t.amount > 0)) return pay.session_id;
  const mine = await q.openSessionOf(tx.db, pay.profile_id, cashier.id, lock ? 'share' : null);
  if (mine) return mine.id;
  throw badRequest(
    cashier.self
      ? `Sesi kasir pembayaran ${pay.code} sudah ditutup: uang dikembalikan dari sesi kasir Anda yang terbuka. Buka kasir terlebih dahulu.`
      : `Sesi kasir pembayaran ${pay.code} sudah ditutup dan ${cashier.name} tidak memiliki sesi kasir terbuka untuk mengembalikan uang. Buka kasir terlebih dahulu.`,
  );
}

/** The payments a void takes with it: a visit payment's settlements that are not void first, then itself. */
async function toReverse(tx: Ctx, pay: q.PaymentRow, lock: boolean): Promise<q.PaymentRow[]> {
  if (pay.kind !== 'visit') return [pay];
  const out: q.PaymentRow[] = [];
  for (const s of await q.settlementsOf(tx.db, pay.id, lock)) {
    const row = await q.findPayment(tx.db, s.id, lock);
    if (row) out.push(row);
  }
  return [...out, pay];
}

async function carryOut(tx: Ctx, p: VoidPayload, requestedBy: number, applogId: number | null): Promise<void> {
  await requireOwnBranch(tx, KASIR_PAYMENT, [p.payment_id]);
  const pay = await q.findPayment(tx.db, p.payment_id, true);
  if (!pay) throw notFound(KASIR_PAYMENT.notFound);
  if (pay.status === 'void') throw conflict('Pembayaran ini sudah dibatalkan');
  const requester = { id: requestedBy, name: await q.userName(tx.db, requestedBy), self: false };
  for (const row of await toReverse(tx, pay, true)) await reverseOne(tx, row, p, pay.code, requester, applogId);
}

async function reverseOne(
  tx: Ctx,
  pay: q.PaymentRow,
  p: VoidPayload,
  mainCode: string,
  requester: { id: number; name: string; self: boolean },
  applogId: number | null,
): Promise<void> {
  const c = requireUser(tx);
  const today = await tx.today();
  const refund = await refundSession(tx, pay, requester, true);
  const lines = await q.linesOf(tx.db, pay.id);
  // Instalments and package slots go back.
  if (pay.kind === 'cicilan') {
    // The registration is locked as an instalment payment locks it, so a payment or another void of it waits: the
    // schedule read here and written back is not stale (else what it received meanwhile would be lost).
    if (pay.membership_id) {
      await q.lockMembership(tx.db, pay.membership_id);
      await reverseInstalmentPayment(
        tx,
        pay.membership_id,
        lines.flatMap((l) => (l.ref_id === null ? [] : [{ id: l.ref_id, amount: asSen(l.total) }])),
      );
    }
  }
  for (const l of lines) if (l.covered_by_paket) await returnSlot(tx, l.covered_by_paket, l.qty);
  // Doctors' fee lines: cancelled while not paid out, else clawed back in the next run (never a refused void).
  const { paidOutDoctors } = await onPaymentVoided(tx, pay, p.reason);
  // The reversal is posted before the stock goes back: a payment posts its journal (the journal counter) before it
  // takes the stock (the items' valuation), and a void taking them the other way round deadlocked with it.
  let jurnal: { id: number; code: string } | null = null;
  if (pay.jurnal_id) {
    const memo = `Pembatalan ${pay.code}${pay.code === mainCode ? '' : ` (bersama ${mainCode})`}: ${p.reason}`.slice(
      0,
      1000,
    );
    // The lines the payment stored, debit and credit swapped (never rebuilt from today's mapping or tax account).
    jurnal = await reverseJournal(tx, pay.jurnal_id, {
      transaction_at: today,
      memo,
      as: { source_type: 'kasir_void', source_id: pay.id },
      paidOutDoctors,
    });
  }
  // Items sold (at the general cashier, or a visit's products) go back into the batches they left, at their cost.
  if (pay.kind === 'sales' || pay.kind === 'visit') {
    const moves = await q.saleMovements(tx.db, pay.id);
    if (moves.length) {
      await receiveStock(tx, {
        kind: 'return',
        warehouse: moves[0].warehouse,
        items: moves.map((m) => ({ item: m.item, qty: m.qty, value: asSen(m.value), batch: m.batch })),
        source: { kind: 'kasir_void', id: pay.id },
        memo: `Retur stok pembatalan ${pay.code}`,
        // The cost of goods the sale posted is reversed from its stored lines below, not rebuilt.
        journal: false,
      });
      await reverseDocument(tx, {
        source_type: 'stock_sale',
        source_id: `kasir_payment:${pay.id}`,
        transaction_at: today,
        memo: `Retur stok pembatalan ${pay.code}`,
        as: { source_type: 'stock_return', source_id: `kasir_void:${pay.id}` },
      });
    }
  }
  if (!(await q.markVoid(tx.db, pay.id))) throw conflict('Pembayaran ini sudah dibatalkan');
  const v = await q.insertVoid(tx.db, {
    profile_id: tx.branchId,
    payment_id: pay.id,
    reason: p.reason,
    requested_by: requester.id,
    approved_by: c.user.id,
    applog_id: applogId,
    jurnal_id: jurnal?.id ?? null,
    jurnal_code: jurnal?.code ?? null,
    voided_date: today,
    refund_session_id: refund,
  });
  await audit(tx, {
    action: 'void',
    entity: 'kasir_payment',
    entityId: pay.id,
    before: pay,
    after: { status: 'void', void: v },
  });
}

export async function requestVoid(ctx: Ctx, id: number, input: PaymentVoidInput): Promise<ActionOutcome<PaymentDto>> {
  const c = requireUser(ctx);
  await requireAccess(c, KASIR_PAYMENT, [id], 'write');
  const pay = await q.findPayment(c.db, id);
  if (!pay) throw notFound(KASIR_PAYMENT.notFound);
  if (pay.status === 'void') throw conflict('Pembayaran ini sudah dibatalkan');
  // The money must have somewhere to go back from before the request waits for approval (checked again then).
  for (const row of await toReverse(c, pay, false))
    await refundSession(c, row, { id: c.user.id, name: c.user.name, self: true }, false);
  const payload: VoidPayload = { payment_id: id, reason: input.reason };
  const out = await requestOrRun(
    c,
    {
      action: 'kasir.void_payment',
      message: `Membatalkan pembayaran ${pay.code}`,
      note: input.reason,
      entity: 'kasir_payment',
      entityId: id,
      payload,
      url: '/kasir/payment',
    },
    (tx) => carryOut(tx, payload, c.user.id, null),
  );
  if (out.pending) return out;
  return { pending: false, data: await getPayment(c, id) };
}

const runStoredVoid: ApprovalExecutor = async (tx, payload, req) => {
  const p = paymentVoidInput.extend({}).parse({ reason: (payload as VoidPayload).reason });
  await carryOut(
    tx,
    { payment_id: Number((payload as VoidPayload).payment_id), reason: p.reason },
    req.user_id,
    req.id,
  );
};

export const kasirApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'kasir.void_payment': runStoredVoid,
  // Approving a discount above the limit is the grant itself: the cashier then pays with it (bill.ts reads it).
  'kasir.discount': async () => undefined,
  ...settingsApprovalExecutors,
};
