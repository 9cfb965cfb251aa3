/**
 * Settling a visit's receivable later (pelunasan): POST /api/kasir/payment/{id}/settle { payments } takes a further
 * payment of a visit payment that left part of the bill unpaid. The settlement is a payment of its own (kind
 * pelunasan, code PLN, parent_id = the visit payment) in the cashier's open session, with tenders like any payment
 * (non-cash whole, cash gives change); its journal is Dr Kas/Bank per method / Cr 1120 Piutang Pasien. The visit
 * payment's row is locked while the outstanding amount is read, and the database keeps paid + settled <= total
 * (kasir_payment_settle_chk, `settled` kept by a trigger), so two cashiers cannot settle more than is owed.
 */
import { requireAccess } from '../../../http/access-scope.js';
import {
  asSen,
  formatRupiah,
  fromSen,
  type SettleInput,
  type SettleResultDto,
  type SettlementDto,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { auto, requireActivePeriod } from '../../finance/index.js';
import { releaseBillFees } from '../../sharing/index.js';
import { KASIR_PAYMENT } from '../entities.js';
import * as q from '../queries.js';
import { requireOpenSession, resultOf, settle, storePayment } from './core.js';

export const NOTHING_OUTSTANDING = 'Tagihan ini sudah lunas';

function settlementDto(s: q.SettlementRow): SettlementDto {
  return {
    id: s.id,
    code: s.code,
    paid_date: s.paid_date,
    cashier: s.cashier,
    paid: fromSen(s.paid),
    status: s.status as SettlementDto['status'],
  };
}

export async function settlementsOf(c: Ctx, paymentId: number): Promise<SettlementDto[]> {
  return (await q.settlementsOf(c.db, paymentId)).map(settlementDto);
}

/** The bill's payment as GET /api/kasir/bill shows it: what was paid with the settlements and what is left. */
export async function paymentSummary(
  c: Ctx,
  p: { id: number; code: string; cashier: string; total: number; paid: number; outstanding: number },
) {
  return {
    id: p.id,
    code: p.code,
    cashier: p.cashier,
    total: fromSen(p.total),
    paid: fromSen(p.paid),
    outstanding: fromSen(p.outstanding),
    settlements: await settlementsOf(c, p.id),
  };
}

async function settleResult(
  c: Ctx,
  row: Pick<q.PaymentRow, 'id' | 'code' | 'total' | 'paid' | 'change' | 'status'>,
  paymentId: number,
): Promise<SettleResultDto> {
  const parent = await q.findPayment(c.db, paymentId);
  return {
    ...resultOf(row),
    payment: { id: paymentId, code: parent?.code ?? '' },
    outstanding: parent ? fromSen(parent.total - parent.paid - parent.settled) : 0,
  };
}

/**
 * POST /api/kasir/payment/{id}/settle. 201 with the settlement, 200 when the same Idempotency-Key already made it,
 * 400 when the payment is not a visit payment with something outstanding... 409 when nothing is outstanding any
 * more (someone settled it) or the payment is void.
 */
export async function settlePayment(
  ctx: Ctx,
  paymentId: number,
  input: SettleInput,
  idempotencyKey?: string,
): Promise<{ data: SettleResultDto; created: boolean }> {
  const c = requireUser(ctx);
  await requireAccess(c, KASIR_PAYMENT, [paymentId], 'write');
  const key = idempotencyKey ? `key:${idempotencyKey}` : `auto:settle:${paymentId}:${c.requestId}`;
  const row = await inTransaction(c, async (tx) => {
    await requireActivePeriod(tx);
    const session = await requireOpenSession(tx);
    // The visit payment's row is the lock: settlements of one bill run one after another.
    const parent = await q.findPayment(tx.db, paymentId, true);
    if (!parent) throw notFound(KASIR_PAYMENT.notFound);
    if (parent.kind !== 'visit') throw badRequest('Hanya tagihan kunjungan yang dapat dilunasi', 'payment');
    if (parent.status === 'void') throw conflict('Pembayaran ini sudah dibatalkan');
    const outstanding = asSen(parent.total - parent.paid - parent.settled);
    if (outstanding <= 0) throw conflict(NOTHING_OUTSTANDING);
    const settlement = await settle(
      tx,
      outstanding,
      input.payments,
      `Pembayaran melebihi sisa tagihan (${formatRupiah(fromSen(outstanding))})`,
    );
    if (settlement.paid <= 0) throw badRequest('Jumlah pembayaran wajib lebih dari 0', 'payments');
    const customer = parent.customer_id ? await q.findPatient(tx.db, parent.customer_id) : undefined;
    const paid = await storePayment(tx, session, {
      kind: 'pelunasan',
      key,
      parent_id: parent.id,
      customer_id: parent.customer_id,
      subtotal: settlement.paid,
      discount: asSen(0),
      tax: asSen(0),
      total: settlement.paid,
      lines: [
        {
          kind: 'pelunasan',
          ref_id: parent.id,
          name: `Pelunasan ${parent.code}`,
          qty: 1,
          price: settlement.paid,
          discount: asSen(0),
          covered_by_paket: null,
          tax: asSen(0),
          total: settlement.paid,
        },
      ],
      settlement,
      memo: `Pelunasan ${parent.code}${customer ? ` - ${customer.name} (${customer.username})` : ''}`,
      receivable: auto('piutangPasien'),
    });
    // The doctors' fees of the bill become payable up to what it has now received.
    await releaseBillFees(
      tx,
      parent.id,
      { paid: parent.paid + parent.settled + settlement.paid, total: parent.total },
      paid,
    );
    return paid;
  });
  return { data: await settleResult(c, row, paymentId), created: true };
}
