/**
 * POST /api/kasir/cicilan: the down payment or the next instalments of a package registration at the till. The
 * membership row is locked, so concurrent payments of one registration run one after another and never pay more
 * than is outstanding; the amount goes to the schedule rows in order (paket_membership_cicilan.paid_amount), which
 * is what /finance/piutang/membership and /paket/sales read. Journal: Dr Kas/Bank per method / Cr Piutang Membership.
 */
import { requireAccess } from '../../../http/access-scope.js';
import { asSen, formatRupiah, fromSen, toSen, type CicilanDueDto, type CicilanPayInput } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { requireActivePeriod } from '../../finance/index.js';
import { applyInstalmentPayment, MEMBERSHIP } from '../../paket/index.js';
import * as q from '../queries.js';
import { releasePackageFees } from '../../sharing/index.js';
import { requireOpenSession, resultOf, settle, storePayment, type NewLine, type PaymentOut } from './core.js';

const DEDUPE_WINDOW_MS = 2 * 60 * 1000;
const NOT_FOUND = 'Registrasi paket tidak ditemukan';

function labelOf(seq: number): string {
  return seq === 0 ? 'Uang Muka / Pembayaran Pertama' : `Cicilan ke-${seq}`;
}

/** An instalment payment sent without an Idempotency-Key is the same as one of the same amount within 2 minutes. */
export function cicilanKeylessKey(ctx: Ctx, input: CicilanPayInput): string {
  const window = Math.floor(ctx.now().getTime() / DEDUPE_WINDOW_MS);
  return `cicilan:${input.membership}:${toSen(input.amount)}:${ctx.user?.id ?? 0}:${window}`;
}

export async function payCicilan(ctx: Ctx, input: CicilanPayInput, idempotencyKey?: string): Promise<PaymentOut> {
  const c = requireUser(ctx);
  const amount = toSen(input.amount);
  const key = idempotencyKey ? `key:${idempotencyKey}` : `auto:${cicilanKeylessKey(c, input)}`;
  const row = await inTransaction(c, async (tx) => {
    await requireAccess(tx, MEMBERSHIP, [input.membership], 'write').catch(() => {
      throw badRequest(NOT_FOUND, 'membership');
    });
    await requireActivePeriod(tx);
    const session = await requireOpenSession(tx);
    const m = await q.lockMembership(tx.db, input.membership);
    if (!m) throw badRequest(NOT_FOUND, 'membership');
    if (m.status === 0) throw badRequest('Registrasi paket ini sudah dibatalkan', 'membership');
    const rows = await q.cicilanOf(tx.db, [m.id]);
    const outstanding = rows.reduce((s, r) => s + (r.amount - r.paid_amount), 0);
    if (outstanding <= 0) throw badRequest('Registrasi paket ini sudah lunas', 'membership');
    if (amount > outstanding)
      throw badRequest(`Jumlah melebihi sisa tagihan (${formatRupiah(fromSen(outstanding))})`, 'amount');
    const settlement = await settle(tx, asSen(amount), input.payments);
    if (settlement.paid < amount) throw badRequest('Jumlah pembayaran kurang dari jumlah yang dibayar', 'payments');

    const lines: NewLine[] = (await applyInstalmentPayment(tx, m.id, asSen(amount))).map((a) => ({
      kind: 'cicilan',
      ref_id: a.id,
      name: `${labelOf(a.seq)} ${m.code}`,
      qty: 1,
      price: a.amount,
      discount: asSen(0),
      covered_by_paket: null,
      tax: asSen(0),
      total: a.amount,
    }));
    const paid = await storePayment(tx, session, {
      kind: 'cicilan',
      key,
      customer_id: m.customer_id,
      membership_id: m.id,
      subtotal: asSen(amount),
      discount: asSen(0),
      tax: asSen(0),
      total: asSen(amount),
      lines,
      settlement,
      memo: `Pembayaran paket ${m.code} - ${m.customername} (${m.customerusername})`,
    });
    // Doctors' fees of treatments this package already covered become payable pro rata to what it has received.
    await releasePackageFees(tx, m.id, paid);
    return paid;
  });
  return { data: resultOf(row), created: true };
}

/** Memberships of this branch with instalments still open, by patient name / RM number / code, with their schedule. */
export async function cicilanDue(ctx: Ctx, keyword?: string, customer?: number): Promise<CicilanDueDto[]> {
  const c = requireUser(ctx);
  const today = await c.today();
  const ms = await q.searchMembershipsDue(c.db, c.branchId, keyword, customer);
  const rows = await q.cicilanOf(
    c.db,
    ms.map((m) => m.id),
  );
  return ms.map((m) => {
    const mine = rows.filter((r) => r.membership_id === m.id);
    const open = mine.filter((r) => r.amount > r.paid_amount);
    const dueNow = open.filter((r) => r.due_date <= today);
    const dueSen = (dueNow.length ? dueNow : open.slice(0, 1)).reduce((s, r) => s + r.amount - r.paid_amount, 0);
    return {
      membership: m.id,
      code: m.code,
      customer: { id: m.customer_id, name: m.customername, username: m.customerusername },
      paketname: m.paketname,
      price: fromSen(m.price),
      paid_amount: fromSen(mine.reduce((s, r) => s + r.paid_amount, 0)),
      outstanding: fromSen(open.reduce((s, r) => s + r.amount - r.paid_amount, 0)),
      due_now: fromSen(dueSen),
      next_due_date: open[0]?.due_date ?? null,
      cicilan: mine.map((r) => ({
        seq: r.seq,
        due_date: r.due_date,
        amount: fromSen(r.amount),
        paid_amount: fromSen(r.paid_amount),
        status: r.status,
      })),
    };
  });
}
