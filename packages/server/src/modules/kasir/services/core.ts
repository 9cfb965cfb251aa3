/**
 * The payment core shared by the clinic cashier, the general cashier and instalments at the till: the open session
 * of the cashier, the tenders settled against what is due (cash gives change, nothing else may exceed the bill),
 * the payment with its code, lines and tenders, and its journal, all in the caller's transaction.
 */
import {
  asSen,
  fromSen,
  sumSen,
  toSen,
  PAYMENT_KINDS,
  type PaymentDto,
  type PaymentKind,
  type PaymentResultDto,
  type Sen,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import { auto, postJournal, type PayableParty, type PostingLine } from '../../finance/index.js';
import * as q from '../queries.js';

export const NO_SESSION = 'Sesi kasir belum dibuka. Buka kasir terlebih dahulu.';

/** The open session of the signed-in cashier in this branch, locked for share (closing waits for this payment). */
export async function requireOpenSession(tx: Ctx): Promise<q.SessionRow> {
  const c = requireUser(tx);
  const s = await q.openSessionOf(tx.db, tx.branchId, c.user.id, 'share');
  if (!s) throw badRequest(NO_SESSION);
  return s;
}

export interface SettledTender {
  method: number;
  akun: string;
  methodname: string;
  amount: Sen;
  tendered: Sen;
  change: Sen;
}

export interface Settlement {
  tenders: SettledTender[];
  paid: Sen;
  tendered: Sen;
  change: Sen;
}

/**
 * Applies the tenders to what is due. Non-cash tenders are taken whole and together may not exceed the bill; cash
 * covers the rest and gives change for what it exceeds. `paid` (<= due) is what the bill received.
 */
export async function settle(
  tx: Ctx,
  due: Sen,
  input: { method: number; amount: number }[],
  overMessage = 'Pembayaran non-tunai melebihi jumlah tagihan',
): Promise<Settlement> {
  const methods = new Map((await q.paymentMethods(tx.db)).map((m) => [m.id, m]));
  const rows = input.map((t, i) => {
    const m = methods.get(t.method);
    if (!m) throw badRequest('Metode pembayaran tidak ditemukan', `payments.${i}.method`);
    if (m.status !== 1) throw badRequest(`Metode pembayaran ${m.name} tidak aktif`, `payments.${i}.method`);
    return { m, amount: toSen(t.amount) };
  });
  const nonCash = sumSen(rows.filter((r) => r.m.type !== 'tunai').map((r) => r.amount));
  if (nonCash > due) throw badRequest(overMessage, 'payments');
  let left = due - nonCash;
  const tenders: SettledTender[] = rows.map((r) => {
    if (r.m.type !== 'tunai')
      return {
        method: r.m.id,
        akun: r.m.akun,
        methodname: r.m.name,
        amount: r.amount,
        tendered: r.amount,
        change: asSen(0),
      };
    const applied = Math.min(r.amount, left);
    left -= applied;
    return {
      method: r.m.id,
      akun: r.m.akun,
      methodname: r.m.name,
      amount: asSen(applied),
      tendered: r.amount,
      change: asSen(r.amount - applied),
    };
  });
  return {
    tenders,
    paid: sumSen(tenders.map((t) => t.amount)),
    tendered: sumSen(tenders.map((t) => t.tendered)),
    change: sumSen(tenders.map((t) => t.change)),
  };
}

export interface LabPartner {
  type: 'laboratorium' | 'rumahsakit';
  /** The outside-party master row (issue 28, branch w28); null for a name-only partner saved before it. */
  id: number | null;
  name: string;
  cost: Sen;
}

export interface NewLine {
  kind: string;
  ref_id: number | null;
  name: string;
  qty: number;
  price: Sen;
  discount: Sen;
  covered_by_paket: number | null;
  tax: Sen;
  total: Sen;
  doctor_id?: number | null;
  doctor_share?: Sen;
  /** A lab form examined outside: the laboratory or hospital owed `cost` (sen, for the line's quantity). Not stored. */
  lab_partner?: LabPartner | null;
  /** The part of the share payable now (the journal's Hutang Dokter; sharing module); default the whole share. */
  doctor_payable?: Sen;
  /** Revenue account the line's gross amount is credited to (not stored). */
  revenue?: string;
}

export interface NewPayment {
  kind: PaymentKind;
  key: string;
  visit_id?: number | null;
  customer_id?: number | null;
  membership_id?: number | null;
  warehouse_id?: number | null;
  /** A settlement: the visit payment it settles. */
  parent_id?: number | null;
  subtotal: Sen;
  discount: Sen;
  tax: Sen;
  total: Sen;
  lines: NewLine[];
  settlement: Settlement;
  memo: string;
  /** A partial payment leaves the rest as a receivable (visit bills); otherwise it is refused. */
  allowPartial?: boolean;
  /** What the unpaid rest of the bill is booked to (default: Piutang Pasien). */
  receivable?: string;
  taxAccount?: string;
  /** The approved kasir.discount request this payment uses up (once: unique, void payments included). */
  discountApplogId?: number | null;
}

/** Revenue account per line kind of a visit or a sale. */
export function revenueAccount(kind: string): string {
  switch (kind) {
    case 'treatment':
      return auto('pendapatanTindakan');
    case 'lab':
      return auto('pendapatanLab');
    case 'cicilan':
      return auto('piutangMembership');
    case 'pelunasan':
      return auto('piutangPasien');
    default:
      return auto('pendapatanProduk');
  }
}

/**
 * The journal of a payment: Dr the method's account per tender, Dr patient receivable for an unpaid rest, Dr
 * Potongan Penjualan for discounts; Cr revenue per line (gross), Cr PPN payable; doctor's shares Dr Beban Jasa
 * Dokter / Cr Hutang Dokter. Covered lines post nothing but the doctor's share. Accounts
 * are automatic-journal keys (`auto(...)`), but tenders (the method's account) and PPN (the tax's account, if any).
 * A void reverses the stored lines (finance reverseJournal), never these rebuilt.
 */
export function journalLines(
  p: { total: number; paid: number; discount: number; tax: number },
  lines: {
    kind: string;
    price: number;
    qty: number;
    covered_by_paket: number | null;
    doctor_share: number;
    doctor_payable?: number;
    doctor_id?: number | null;
    lab_partner?: LabPartner | null;
    name: string;
  }[],
  tenders: { akun: string; amount: number; methodname: string }[],
  opts: { receivable?: string; taxAccount?: string; memo: string },
): PostingLine[] {
  const out: PostingLine[] = [];
  const dr = (akun: string, amount: number, description: string) => {
    if (amount > 0) out.push({ akun, description, debit: asSen(amount), credit: asSen(0) });
  };
  const cr = (akun: string, amount: number, description: string, party?: PayableParty) => {
    if (amount > 0) out.push({ akun, description, debit: asSen(0), credit: asSen(amount), party });
  };
  for (const t of tenders) dr(t.akun, t.amount, `${opts.memo} (${t.methodname})`);
  const rest = p.total - p.paid;
  if (rest > 0) dr(opts.receivable ?? auto('piutangPasien'), rest, `${opts.memo} (sisa tagihan)`);
  dr(auto('potonganPenjualan'), p.discount, `${opts.memo} (diskon)`);
  const byAccount = new Map<string, number>();
  for (const l of lines) {
    if (l.covered_by_paket) continue;
    const akun = revenueAccount(l.kind);
    byAccount.set(akun, (byAccount.get(akun) ?? 0) + l.price * l.qty);
  }
  for (const [akun, amount] of byAccount) cr(akun, amount, opts.memo);
  cr(opts.taxAccount ?? auto('hutangPpn'), p.tax, `${opts.memo} (PPN)`, {
    type: 'pajak',
    name: 'Kantor Pajak',
    tax: 'ppn',
  });
  const owed = (l: { doctor_share: number; doctor_payable?: number }) => l.doctor_payable ?? l.doctor_share;
  const share = lines.reduce((s, l) => s + owed(l), 0);
  dr(auto('bebanBagiHasilDokter'), share, `${opts.memo} (jasa dokter)`);
  // One payable per doctor (the payables sub-ledger keeps each doctor's share apart).
  const byDoctor = new Map<number | null, number>();
  for (const l of lines) byDoctor.set(l.doctor_id ?? null, (byDoctor.get(l.doctor_id ?? null) ?? 0) + owed(l));
  for (const [doctor, amount] of byDoctor)
    cr(auto('hutangDokter'), amount, `${opts.memo} (jasa dokter)`, {
      type: 'doctor',
      id: doctor,
      name: doctor === null ? 'Dokter (tanpa nama)' : null,
    });
  // Lab forms sent outside (issue 28 item 6): Dr Beban Laboratorium / Cr Hutang Lab/Rumah Sakit per partner.
  const partners = new Map<string, { type: LabPartner['type']; id: number | null; name: string; cost: number }>();
  for (const l of lines) {
    const lp = l.lab_partner;
    if (!lp || lp.cost <= 0) continue;
    const key = lp.id === null ? `${lp.type}|${lp.name}` : `#${lp.id}`;
    const cur = partners.get(key) ?? { type: lp.type, id: lp.id, name: lp.name, cost: 0 };
    cur.cost += lp.cost;
    partners.set(key, cur);
  }
  dr(
    auto('bebanLab'),
    sumSen([...partners.values()].map((p) => asSen(p.cost))),
    `${opts.memo} (form lab dikirim keluar)`,
  );
  for (const p of partners.values())
    cr(
      auto('hutangLabRumahSakit'),
      p.cost,
      `${opts.memo} (form lab ${p.name})`,
      p.id === null ? { type: p.type, name: p.name } : { type: p.type, id: p.id },
    );
  return out;
}

/** Stores a payment with its lines, tenders and journal in the caller's transaction. Returns the payment row. */
export async function storePayment(tx: Ctx, session: q.SessionRow, p: NewPayment): Promise<q.PaymentRow> {
  const c = requireUser(tx);
  const today = await tx.today();
  if (p.settlement.paid < p.total && !p.allowPartial)
    throw badRequest('Jumlah pembayaran kurang dari jumlah tagihan', 'payments');
  const period = today.slice(0, 7).replace('-', '');
  const prefix = { cicilan: 'KWC', sales: 'PJU', pelunasan: 'PLN', visit: 'INV' }[p.kind];
  const number = await nextNumber(tx.db, tx.branchId, prefix, period);
  const code = formatDocNumber(prefix, tx.branchId, period, number);
  const row = await q.insertPayment(tx.db, {
    profile_id: tx.branchId,
    code,
    kind: p.kind,
    visit_id: p.visit_id ?? null,
    customer_id: p.customer_id ?? null,
    membership_id: p.membership_id ?? null,
    warehouse_id: p.warehouse_id ?? null,
    parent_id: p.parent_id ?? null,
    session_id: session.id,
    cashier_id: c.user.id,
    paid_date: today,
    subtotal: p.subtotal,
    discount: p.discount,
    tax: p.tax,
    total: p.total,
    paid: p.settlement.paid,
    tendered: p.settlement.tendered,
    change: p.settlement.change,
    status: p.settlement.paid >= p.total ? 'paid' : 'partly',
    idempotency_key: p.key,
    discount_applog_id: p.discountApplogId ?? null,
  });
  await q.insertLines(
    tx.db,
    p.lines.map((l) => ({
      profile_id: tx.branchId,
      payment_id: row.id,
      kind: l.kind,
      ref_id: l.ref_id,
      name: l.name.slice(0, 200),
      qty: l.qty,
      price: l.price,
      discount: l.discount,
      covered_by_paket: l.covered_by_paket,
      tax: l.tax,
      total: l.total,
      doctor_id: l.doctor_id ?? null,
      doctor_share: l.doctor_share ?? 0,
    })),
  );
  await q.insertTenders(
    tx.db,
    p.settlement.tenders.map((t) => ({
      profile_id: tx.branchId,
      payment_id: row.id,
      payment_method_id: t.method,
      amount: t.amount,
      tendered: t.tendered,
      change: t.change,
    })),
  );
  const memo = `${p.memo} ${code}`;
  const lines = journalLines(
    { total: p.total, paid: p.settlement.paid, discount: p.discount, tax: p.tax },
    p.lines.map((l) => ({ ...l, doctor_share: l.doctor_share ?? 0 })),
    p.settlement.tenders,
    { receivable: p.receivable, taxAccount: p.taxAccount, memo },
  );
  if (lines.length) {
    const j = await postJournal(tx, {
      transaction_at: today,
      memo,
      source_type: 'kasir_payment',
      source_id: row.id,
      lines,
    });
    await q.setPaymentJournal(tx.db, row.id, j.id, j.code);
    row.jurnal_id = j.id;
    row.jurnal_code = j.code;
  }
  await audit(tx, {
    action: 'pay',
    entity: 'kasir_payment',
    entityId: row.id,
    after: {
      ...row,
      lines: p.lines.map((l) => ({ ...l, price: fromSen(l.price), total: fromSen(l.total) })),
      tenders: p.settlement.tenders.map((t) => ({
        method: t.method,
        amount: fromSen(t.amount),
        change: fromSen(t.change),
      })),
    },
  });
  return row;
}

export function resultOf(
  p: Pick<q.PaymentRow, 'id' | 'code' | 'total' | 'paid' | 'change' | 'status'>,
): PaymentResultDto {
  return {
    id: p.id,
    code: p.code,
    total: fromSen(Number(p.total)),
    paid: fromSen(Number(p.paid)),
    change: fromSen(Number(p.change)),
    status: p.status as PaymentResultDto['status'],
  };
}

export type PaymentOut = { data: PaymentResultDto; created: boolean };

export function toPaymentDto(r: q.PaymentListRow): PaymentDto {
  const st = r.status as PaymentDto['status'];
  return {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    branchname: r.branchname,
    branchaddress: r.branchaddress,
    branchphone: r.branchphone,
    code: r.code,
    kind: r.kind as PaymentKind,
    kindname: PAYMENT_KINDS[r.kind as PaymentKind] ?? r.kind,
    visit_id: r.visit_id === null ? null : Number(r.visit_id),
    customer: r.customer_id
      ? { id: Number(r.customer_id), name: r.customername ?? '-', username: r.customerusername ?? '' }
      : null,
    membership: r.membership_id ? { id: Number(r.membership_id), code: r.membershipcode ?? '' } : null,
    cashier: { id: Number(r.cashier_id), name: r.cashiername },
    session_id: Number(r.session_id),
    paid_date: r.paid_date,
    subtotal: fromSen(Number(r.subtotal)),
    discount: fromSen(Number(r.discount)),
    tax: fromSen(Number(r.tax)),
    total: fromSen(Number(r.total)),
    paid: fromSen(Number(r.paid)),
    tendered: fromSen(Number(r.tendered)),
    change: fromSen(Number(r.change)),
    status: st,
    statusname: { paid: 'Lunas', partly: 'Sebagian', void: 'Batal' }[st] ?? st,
    jurnal_code: r.jurnal_code,
    print_count: Number(r.print_count),
    created_at: r.created_at,
    void: r.void_reason
      ? { reason: r.void_reason, voided_date: r.voided_date ?? '', jurnal_code: r.void_jurnal_code }
      : null,
    void_pending: !!r.void_pending,
    outstanding: fromSen(Math.max(0, Number(r.outstanding ?? 0))),
    parent: r.parent_id ? { id: Number(r.parent_id), code: r.parentcode ?? '' } : null,
  };
}

/** A bill's or a payment's line as the API shows it: what it is, how many, at what price (rupiah), package cover. */
export function lineFigures<R, C>(l: {
  ref_id: R;
  name: string;
  qty: number;
  price: number;
  discount: number;
  covered_by_paket: C;
}) {
  return {
    ref: l.ref_id,
    name: l.name,
    qty: l.qty,
    price: fromSen(l.price),
    discount: fromSen(l.discount),
    covered_by_paket: l.covered_by_paket,
  };
}
