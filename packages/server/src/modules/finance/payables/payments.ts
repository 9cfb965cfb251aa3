/**
 * Payment transactions of the payables sub-ledger (issue 28 item 2): one payment pays one or many open items of
 * one party, fully or in part, from a payment method's cash/bank account, with withholding lines (a new tax item,
 * party 'pajak', recipient the party paid); its journal posts in the same transaction. Items are locked FOR UPDATE
 * in id order and checked against their outstanding; hutang_item's CHECKs refuse over-payment in the database too;
 * the Idempotency-Key is unique per branch (hutang_payment_idem_idx). A void is a stored-line reversal carried out
 * through the approval engine ('hutang.void_payment'); the items open again. taxexp's tax deposits use payItems
 * with kind 'tax_deposit'.
 */
import {
  asSen,
  formatDate,
  fromSen,
  isValidDate,
  sumSen,
  toSen,
  type ActionOutcome,
  type ErrorItem,
  type HutangPaymentInput,
  type HutangVoidInput,
  type PartyType,
  type PayableTax,
  type Sen,
} from '@klinik/shared';
import { requireAccess, requireOwnBranch } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, badRequestMany, conflict, isUniqueViolation, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import { requestOrRun, requireSecondPerson, type ApprovalExecutor } from '../../applog/index.js';
import { postJournal } from '../posting.js';
import { HUTANG_PAYMENT } from '../entities.js';
import * as fq from '../queries.js';
import * as q from '../queries/payables.js';
import { PARTY_LABEL } from '@klinik/shared';
import { resolveWithholding } from './withholding.js';

export interface PayItemsArgs {
  kind?: 'payment' | 'tax_deposit';
  party_type: PartyType;
  /** The party's id (vendor.id, users.id) or null for a party known by name only. */
  party_id?: number | null;
  party_name?: string | null;
  /** payment_method.id: its account is credited with the cash paid. */
  method: number;
  date: string;
  memo?: string | null;
  /** Sen per item; negative only for a debit note (negative item) set off against the others. */
  allocations: { item: number; amount: Sen }[];
  withholding?: { tax: PayableTax; amount: Sen }[];
  idempotency_key: string;
  /** Tax deposits (taxexp): which tax and masa, billing code and NTPN. */
  tax?: PayableTax | null;
  masa?: string | null;
  billing_code?: string | null;
  ntpn?: string | null;
}

export interface PayItemsResult {
  id: number;
  code: string;
  total: Sen;
  withheld: Sen;
  journal: string | null;
  jurnal_id: number | null;
}

/** A payment pays its party's items; a tax deposit pays the tax office's items of its tax and masa. */
const sameParty = (i: q.ItemRow, a: PayItemsArgs) =>
  a.kind === 'tax_deposit'
    ? i.party_type === 'pajak' && i.tax === a.tax && i.masa === a.masa
    : i.party_type === a.party_type &&
      (a.party_id ? i.party_id === a.party_id : i.party_id === null && i.party_name === (a.party_name ?? '').trim());

/** Payables parties that are rows of the investors module (issue 29 part B), not users or vendors. */
const INVESTOR_PARTIES: readonly string[] = ['investor', 'laboratorium', 'rumahsakit'];
/** Pays items in the caller's transaction (or its own). Throws 400 with Indonesian messages; writes nothing then. */
export async function payItems(ctx: Ctx, a: PayItemsArgs): Promise<PayItemsResult> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const today = await tx.today();
    if (!isValidDate(a.date)) throw badRequest('Tanggal tidak valid (format YYYY-MM-DD)', 'date');
    if (a.date > today) throw badRequest('Tanggal pembayaran tidak boleh di masa depan', 'date');
    if (!a.allocations.length) throw badRequest('Pilih minimal satu hutang yang dibayar', 'allocations');
    const issues: ErrorItem[] = [];
    const seen = new Set<number>();
    a.allocations.forEach((l, i) => {
      if (!Number.isSafeInteger(l.amount) || l.amount === 0)
        issues.push({ message: 'Jumlah tidak boleh nol', field: `allocations.${i}.amount` });
      if (seen.has(l.item))
        issues.push({ message: 'Hutang yang sama dipilih dua kali', field: `allocations.${i}.item` });
      seen.add(l.item);
    });
    if (issues.length) throw badRequestMany(issues);
    const method = await q.methodAkun(tx.db, a.method);
    if (!method || method.status !== 1)
      throw badRequest('Metode pembayaran tidak ditemukan atau tidak aktif', 'method');
    const items = await q.lockItems(tx.db, tx.branchId, [...seen]);
    const byId = new Map(items.map((i) => [i.id, i]));
    a.allocations.forEach((l, i) => {
      const it = byId.get(l.item);
      const f = `allocations.${i}`;
      if (!it) return issues.push({ message: 'Hutang tidak ditemukan', field: `${f}.item` });
      if (it.status !== 'open')
        return issues.push({
          message: it.status === 'paid' ? 'Hutang ini sudah lunas' : 'Hutang ini sudah dibatalkan',
          field: `${f}.item`,
        });
      if (!sameParty(it, a))
        return issues.push({
          message:
            a.kind === 'tax_deposit'
              ? `Hutang ini bukan hutang ${a.tax ?? 'pajak'} masa ${a.masa ?? ''}`
              : `Hutang ini bukan milik ${PARTY_LABEL[a.party_type]} yang dibayar`,
          field: `${f}.item`,
        });
      const outstanding = it.amount - it.paid;
      if (Math.sign(l.amount) !== Math.sign(outstanding))
        return issues.push({
          message: outstanding < 0 ? 'Nota debit dipotongkan dengan jumlah negatif' : 'Jumlah harus lebih dari nol',
          field: `${f}.amount`,
        });
      if (Math.abs(l.amount) > Math.abs(outstanding))
        issues.push({
          message: `Pembayaran melebihi sisa hutang (sisa Rp${fromSen(asSen(outstanding)).toLocaleString('id-ID')})`,
          field: `${f}.amount`,
        });
      if (it.doc_date > a.date)
        issues.push({
          message: `Tanggal pembayaran sebelum tanggal hutang (${formatDate(it.doc_date)})`,
          field: 'date',
        });
    });
    if (issues.length) throw badRequestMany(issues);
    const total = sumSen(a.allocations.map((l) => l.amount));
    if (total <= 0) throw badRequest('Jumlah pembayaran harus lebih dari nol', 'allocations');
    // A payment withholds what the party's tax treatment says (a tax deposit withholds nothing).
    const withholding =
      a.kind === 'tax_deposit'
        ? (a.withholding ?? [])
        : await resolveWithholding(tx.db, tx.branchId, a, (item) => byId.get(item)?.source_type ?? '');
    const withheld = sumSen(withholding.map((w) => w.amount));
    if (withheld >= total) throw badRequest('Potongan pajak harus kurang dari jumlah yang dibayar', 'withholding');
    // Per control account: what the payment takes off (a debit; a debit note on an account alone cannot be paid).
    const perAkun = new Map<number, number>();
    for (const l of a.allocations) {
      const it = byId.get(l.item)!;
      perAkun.set(it.akun_id, (perAkun.get(it.akun_id) ?? 0) + l.amount);
    }
    if ([...perAkun.values()].some((v) => v <= 0))
      throw badRequest('Nota debit melebihi hutang yang dibayar pada akun yang sama', 'allocations');
    const partyName = a.party_id ? items[0].party_name : (a.party_name ?? '').trim();
    const period = a.date.slice(0, 7).replace('-', '');
    const prefix = a.kind === 'tax_deposit' ? 'SPJ' : 'BYH';
    const code = formatDocNumber(prefix, tx.branchId, period, await nextNumber(tx.db, tx.branchId, prefix, period));
    let pay: q.PaymentRow;
    try {
      pay = await q.insertPayment(tx.db, {
        profile_id: tx.branchId,
        code,
        kind: a.kind ?? 'payment',
        party_type: a.party_type,
        party_id: a.party_id ?? null,
        party_name: partyName,
        payment_method_id: a.method,
        date: a.date,
        total,
        withheld,
        memo: a.memo?.trim() || null,
        idempotency_key: a.idempotency_key,
        created_by: c.user.id,
        tax: a.tax ?? null,
        masa: a.masa ?? null,
        billing_code: a.billing_code ?? null,
        ntpn: a.ntpn ?? null,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'hutang_payment_idem_idx')) throw conflict('Pembayaran ini sudah dicatat');
      throw err;
    }
    await q.insertAllocations(
      tx.db,
      a.allocations.map((l) => ({ profile_id: tx.branchId, payment_id: pay.id, item_id: l.item, amount: l.amount })),
    );
    for (const l of a.allocations) await q.addPaid(tx.db, l.item, l.amount);
    const memo = (
      a.kind === 'tax_deposit'
        ? `Setoran ${(a.tax ?? '').toUpperCase()} masa ${a.masa ?? ''} ${code} (billing ${a.billing_code ?? '-'}, NTPN ${a.ntpn ?? '-'})`
        : `Pembayaran hutang ${code} ${partyName}`
    ).slice(0, 1000);
    const akunCodes = await q.akunInfo(tx.db, [...perAkun.keys()]);
    const first = items[0];
    const partyTaxId =
      withholding.length && a.party_id && INVESTOR_PARTIES.includes(a.party_type)
        ? await q.investorTaxId(tx.db, a.party_id)
        : null;
    const withAkun: string[] = [];
    for (const [i, w] of withholding.entries()) {
      const acc = await q.controlAccount(tx.db, 'pajak', w.tax);
      if (!acc) throw badRequest('Akun hutang pajak untuk potongan ini belum ada', `withholding.${i}.tax`);
      withAkun.push(acc.code);
    }
    const j = await postJournal(tx, {
      transaction_at: a.date,
      memo,
      source_type: 'hutang_payment',
      source_id: pay.id,
      payables: 'payment',
      lines: [
        ...[...perAkun.entries()].map(([akunId, v]) => ({
          akun: akunCodes.get(akunId)!.code,
          description: memo,
          debit: asSen(v),
          credit: asSen(0),
        })),
        ...withholding.map((w, i) => ({
          akun: withAkun[i],
          description: `Potongan ${w.tax.toUpperCase()} ${partyName}`,
          debit: asSen(0),
          credit: w.amount,
          party: {
            type: 'pajak' as const,
            name: 'Kantor Pajak',
            tax: w.tax,
            masa: a.date.slice(0, 7),
            // Only doctors and staff are users; investors, hospitals and laboratories are investor rows (issue 29).
            recipient: {
              id: a.party_type === 'doctor' || a.party_type === 'pegawai' ? (a.party_id ?? null) : null,
              name: partyName,
              tax_id: first.recipient_tax_id ?? partyTaxId,
            },
          },
        })),
        { akun: method.code, description: memo, debit: asSen(0), credit: asSen(total - withheld) },
      ].filter((l) => l.debit > 0 || l.credit > 0),
    });
    await q.setPaymentJournal(tx.db, pay.id, j.id);
    await audit(tx, {
      action: 'pay',
      entity: 'hutang_payment',
      entityId: pay.id,
      after: { ...pay, allocations: a.allocations, withholding },
    });
    return { id: pay.id, code, total, withheld, journal: j.code, jurnal_id: j.id };
  });
}

// ------------------------------------------------------------------------------------------------ REST edge

/** POST /api/finance/hutang/payments: rupiah in, the payment's id, code, total, withheld (rupiah) and journal out. */
export async function createPayment(ctx: Ctx, input: HutangPaymentInput) {
  const r = await payItems(ctx, {
    kind: 'payment',
    party_type: input.party_type,
    party_id: input.party ?? null,
    party_name: input.party_name ?? null,
    method: input.method,
    date: input.date,
    memo: input.memo ?? null,
    allocations: input.allocations.map((l) => ({ item: l.item, amount: toSen(l.amount) })),
    // Omitted: the party's tax treatment decides (resolveWithholding); [] withholds nothing.
    withholding: input.withholding?.map((w) => ({ tax: w.tax, amount: toSen(w.amount) })),
    idempotency_key: input.idempotency_key ? `key:${input.idempotency_key}` : `auto:${ctx.requestId}`,
  });
  return { id: r.id, code: r.code, total: fromSen(r.total), withheld: fromSen(r.withheld), journal: r.journal };
}

// ------------------------------------------------------------------------------------------------ void

interface VoidPayload {
  payment_id: number;
  reason: string;
}

/** Reverses a payment's stored journal lines and takes its allocations off the items (they open again). */
export async function voidPaymentNow(ctx: Ctx, id: number, reason: string, applogId: number | null = null) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireOwnBranch(tx, HUTANG_PAYMENT, [id]);
    const pay = await q.findPayment(tx.db, id, true);
    if (!pay) throw notFound(HUTANG_PAYMENT.notFound);
    if (pay.status !== 'posted') throw conflict('Pembayaran hutang ini sudah dibatalkan');
    let voidJurnal: number | null = null;
    if (pay.jurnal_id) {
      const orig = await fq.findJurnal(tx.db, pay.jurnal_id);
      const today = await tx.today();
      const date = orig && orig.transaction_at > today ? orig.transaction_at : today;
      const details = await fq.detailsOf(tx.db, [pay.jurnal_id]);
      // The stored lines, debit and credit swapped (never rebuilt from today's accounts). An automatic journal is
      // not reversed by kind 'reversal' (the database keeps that for the general journal), so the void posts the
      // swapped lines as the payment's own journal; the withholding items the payment made are cancelled (refused
      // once deposited).
      const { id: jid } = await postJournal(tx, {
        transaction_at: date,
        memo: `Pembatalan ${pay.code}: ${reason}`.slice(0, 1000),
        source_type: 'hutang_payment_void',
        source_id: pay.id,
        reverses: { source_type: 'hutang_payment', source_id: pay.id },
        lines: details.map((d) => ({
          akun: d.code,
          description: d.d.description ?? undefined,
          debit: asSen(d.d.credit),
          credit: asSen(d.d.debit),
        })),
      });
      voidJurnal = jid;
    }
    const allocs = await q.allocationsOf(tx.db, [pay.id]);
    await q.lockItems(
      tx.db,
      tx.branchId,
      allocs.map((l) => l.item_id),
    );
    for (const l of allocs) await q.addPaid(tx.db, l.item_id, -l.amount);
    if (
      !(await q.markPaymentVoided(tx.db, pay.id, {
        void_jurnal_id: voidJurnal,
        void_applog_id: applogId,
        void_reason: reason,
      }))
    )
      throw conflict('Pembayaran hutang ini sudah dibatalkan');
    await audit(tx, {
      action: 'void',
      entity: 'hutang_payment',
      entityId: pay.id,
      before: pay,
      after: { status: 'voided', reason },
    });
    return pay.id;
  });
}

/** POST /api/finance/hutang/payments/{id}/void: through the approval engine (pending until a second person approves). */
export async function requestVoidPayment(
  ctx: Ctx,
  id: number,
  input: HutangVoidInput,
): Promise<ActionOutcome<{ id: number; status: string }>> {
  const c = requireUser(ctx);
  await requireAccess(c, HUTANG_PAYMENT, [id], 'write');
  const pay = await q.findPayment(c.db, id);
  if (!pay) throw notFound(HUTANG_PAYMENT.notFound);
  if (pay.status !== 'posted') throw conflict('Pembayaran hutang ini sudah dibatalkan');
  const payload: VoidPayload = { payment_id: id, reason: input.reason };
  const out = await requestOrRun(
    c,
    {
      action: 'hutang.void_payment',
      message: `Membatalkan pembayaran hutang ${pay.code} (${pay.party_name})`,
      note: input.reason,
      entity: 'hutang_payment',
      entityId: id,
      payload,
      url: '/finance/hutang/transaction',
    },
    async (tx) => {
      // Who made the payment does not also decide its void (separation of duties).
      requireSecondPerson(c.user.id, null, [pay.created_by]);
      await voidPaymentNow(tx, id, input.reason);
      return { id, status: 'voided' };
    },
  );
  return out;
}

const runStoredVoid: ApprovalExecutor = async (tx, payload, req) => {
  const p = payload as VoidPayload;
  const pay = await q.findPayment(tx.db, Number(p.payment_id));
  requireSecondPerson(requireUser(tx).user.id, req.user_id, [pay?.created_by ?? null]);
  await voidPaymentNow(tx, Number(p.payment_id), String(p.reason), req.id);
};

export const payablesApprovalExecutors = { 'hutang.void_payment': runStoredVoid };
