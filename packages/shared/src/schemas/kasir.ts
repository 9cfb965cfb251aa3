import { MAX_RUPIAH, hasAtMostTwoDecimals } from '../money.js';
import {
  emptyToUndefined,
  idOf,
  optionalDate,
  optionalText,
  pageQuery,
  plainString,
  requiredText,
  rupiah,
  z,
} from './common.js';

/** Kasir (issue 14): the clinic cashier, the general cashier, instalments at the till, receipts, voids, cash sessions. */

export const PAYMENT_KINDS = {
  visit: 'Kunjungan',
  sales: 'Penjualan',
  cicilan: 'Cicilan Paket',
  pelunasan: 'Pelunasan',
} as const;
export type PaymentKind = keyof typeof PAYMENT_KINDS;
export const PAYMENT_STATUS = { paid: 'Lunas', partly: 'Sebagian', void: 'Batal' } as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUS;
export const LINE_KINDS = {
  treatment: 'Tindakan',
  product: 'Produk',
  resep: 'Resep',
  bhp: 'BHP',
  lab: 'Lab',
  item: 'Item',
  cicilan: 'Cicilan',
  pelunasan: 'Pelunasan',
} as const;
export type LineKind = keyof typeof LINE_KINDS;
/**
 * The paid state of a visit, derived from its payment rows: no payment that is not void, paid in part (a receivable
 * left), or paid in full (at once or with settlements).
 */
export const VISIT_PAY_STATUS = {
  belum_dibayar: 'Belum Dibayar',
  belum_lunas: 'Belum Lunas',
  lunas: 'Lunas',
} as const;
export type VisitPayStatus = keyof typeof VISIT_PAY_STATUS;

/** A rupiah amount from the API, with `missing` when absent; `positive` refuses 0. */
const amount = (missing: string, positive = true) =>
  z.preprocess(
    emptyToUndefined,
    z
      .number({ error: (iss) => (iss.input === undefined ? missing : 'Harus berupa angka') })
      .min(0, 'Tidak boleh negatif')
      .max(MAX_RUPIAH, 'Jumlah terlalu besar')
      .refine((v) => !positive || v > 0, 'Harus lebih dari 0')
      .refine(hasAtMostTwoDecimals, 'Maksimal dua angka desimal'),
  );

/** One tender: a payment method and the amount handed over with it (cash may exceed what is due: change). */
export const tenderInput = z.object({
  method: z.preprocess(emptyToUndefined, idOf('Metode pembayaran wajib dipilih')),
  amount: amount('Jumlah wajib diisi'),
});
export type TenderInput = z.infer<typeof tenderInput>;

const tenders = z
  .array(tenderInput, { error: 'Pembayaran wajib diisi' })
  .min(1, 'Pembayaran wajib diisi')
  .max(10, 'Maksimal 10 metode pembayaran')
  .refine((a) => new Set(a.map((t) => t.method)).size === a.length, 'Metode pembayaran tidak boleh sama');

/** POST /api/kasir/cicilan: pay the down payment or the next instalments of a package registration. */
export const cicilanPayInput = z.object({
  membership: z.preprocess(emptyToUndefined, idOf('Registrasi paket wajib dipilih')),
  amount: amount('Jumlah wajib diisi'),
  payments: tenders,
});
export type CicilanPayInput = z.infer<typeof cicilanPayInput>;

/** A discount on one line of a visit's bill, naming the line by kind and ref. */
export const lineDiscountInput = z.object({
  kind: z.enum(Object.keys(LINE_KINDS) as [LineKind, ...LineKind[]], { error: 'Jenis baris tidak dikenal' }),
  ref: idOf('Baris tidak valid'),
  amount: rupiah,
});

/** POST /api/kasir/payment: pay a visit's bill. */
export const visitPayInput = z.object({
  visit: z.preprocess(emptyToUndefined, idOf('Kunjungan wajib dipilih')),
  use_paket: z.boolean({ error: 'Harus ya atau tidak' }).optional(),
  /**
   * The package slots the bill the cashier is paying covered (its lines' `covered_by_paket`, one per covered line).
   * Given, the payment is refused (409) when the bill no longer covers exactly these, a slot having gone to another
   * visit meanwhile, instead of charging the lines it no longer covers; the web and the bank test send it.
   */
  paket_slots: z.array(idOf('Slot paket tidak valid')).max(200).optional(),
  /** Discount on the whole bill (rupiah). */
  discount: z.preprocess(emptyToUndefined, rupiah.optional()),
  line_discounts: z.array(lineDiscountInput).max(200).optional(),
  /** May be empty only when package slots cover the whole bill. */
  payments: z
    .array(tenderInput, { error: 'Pembayaran wajib diisi' })
    .max(10, 'Maksimal 10 metode pembayaran')
    .refine((a) => new Set(a.map((t) => t.method)).size === a.length, 'Metode pembayaran tidak boleh sama'),
});
export type VisitPayInput = z.infer<typeof visitPayInput>;

/** The package slots a bill covers, one per covered line: what a payment of that bill names in `paket_slots`. */
export function coveredSlots(bill: { lines: { covered_by_paket: number | null }[] }): number[] {
  return bill.lines.flatMap((l) => (l.covered_by_paket ? [l.covered_by_paket] : []));
}

/** POST /api/kasir/payment/{id}/settle: further payments of a visit payment's receivable (pelunasan). */
export const settleInput = z.object({ payments: tenders });
export type SettleInput = z.infer<typeof settleInput>;

export const billQuery = z.object({
  use_paket: z.preprocess(
    (v) => (v === 'false' || v === '0' ? false : v === 'true' || v === '1' ? true : emptyToUndefined(v)),
    z.boolean().optional(),
  ),
});

/** POST /api/kasir/sales: the general cashier. */
export const salesInput = z.object({
  customer: z.preprocess(emptyToUndefined, idOf('Pasien tidak valid').optional()),
  warehouse: z.preprocess(emptyToUndefined, idOf('Gudang wajib dipilih')),
  items: z
    .array(
      z.object({
        item: z.preprocess(emptyToUndefined, idOf('Item wajib dipilih')),
        qty: z.preprocess(
          emptyToUndefined,
          z.coerce
            .number({ error: 'Jumlah wajib diisi' })
            .int('Jumlah harus bilangan bulat')
            .min(1, 'Jumlah minimal 1')
            .max(100000, 'Jumlah terlalu besar'),
        ),
      }),
      { error: 'Item wajib diisi' },
    )
    .min(1, 'Item wajib diisi')
    .max(100, 'Maksimal 100 item'),
  payments: tenders,
});
export type SalesInput = z.infer<typeof salesInput>;

export const paymentVoidInput = z.object({ reason: requiredText(500) });
export type PaymentVoidInput = z.infer<typeof paymentVoidInput>;

export const sessionOpenInput = z.object({
  opening_float: amount('Modal awal wajib diisi', false),
});
export type SessionOpenInput = z.infer<typeof sessionOpenInput>;

export const sessionCloseInput = z.object({
  counts: z
    .array(
      z.object({
        method: idOf('Metode pembayaran wajib dipilih'),
        amount: amount('Jumlah wajib diisi', false),
      }),
    )
    .max(20),
  note: optionalText(500),
});
export type SessionCloseInput = z.infer<typeof sessionCloseInput>;

export const kasirSettingInput = z.object({
  is_pkp: z.boolean({ error: 'Harus ya atau tidak' }),
  discount_limit_percent: z
    .number({ error: 'Harus berupa angka' })
    .min(0, 'Tidak boleh negatif')
    .max(100, 'Maksimal 100%'),
});
export type KasirSettingInput = z.infer<typeof kasirSettingInput>;

export const paymentListQuery = z.object({
  ...pageQuery,
  kind: z.preprocess(emptyToUndefined, z.enum(['visit', 'sales', 'cicilan', 'pelunasan']).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['paid', 'partly', 'void']).optional()),
  fromdate: optionalDate,
  todate: optionalDate,
  session: z.preprocess(emptyToUndefined, idOf('Sesi tidak valid').optional()),
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const sessionReportQuery = z.object({
  date: optionalDate,
});
export type SessionReportQuery = z.infer<typeof sessionReportQuery>;

export const cicilanSearchQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
});

export interface BillLineDto {
  kind: LineKind;
  ref: number;
  name: string;
  qty: number;
  price: number;
  discount: number;
  /** The package slot covering this line (shown Rp 0), or null. */
  covered_by_paket: number | null;
  covered_label: string | null;
  tax: number;
  total: number;
}

export interface BillDto {
  visit: {
    id: number;
    code: string;
    visit_date: string;
    status: string;
    customer: { id: number; name: string; username: string };
    doctor: { id: number; name: string };
  };
  lines: BillLineDto[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  /** Set when the bill has already been paid (in full or in part). */
  payment: {
    id: number;
    code: string;
    cashier: string;
    total: number;
    /** What the payment and its settlements (not void) paid. */
    paid: number;
    outstanding: number;
    settlements: SettlementDto[];
  } | null;
  pay_status: VisitPayStatus;
}

/** A settlement (pelunasan) of a visit payment's receivable. */
export interface SettlementDto {
  id: number;
  code: string;
  paid_date: string;
  cashier: string;
  paid: number;
  status: PaymentStatus;
}

/** POST /api/kasir/payment/{id}/settle answer: the settlement and what is still outstanding on the bill. */
export interface SettleResultDto extends PaymentResultDto {
  payment: { id: number; code: string };
  outstanding: number;
}

export interface PaymentResultDto {
  id: number;
  code: string;
  total: number;
  paid: number;
  change: number;
  status: PaymentStatus;
}

export interface PaymentDto {
  id: number;
  profile_id: number;
  branchname: string;
  branchaddress: string | null;
  branchphone: string | null;
  code: string;
  kind: PaymentKind;
  kindname: string;
  visit_id: number | null;
  customer: { id: number; name: string; username: string } | null;
  membership: { id: number; code: string } | null;
  cashier: { id: number; name: string };
  session_id: number;
  paid_date: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  paid: number;
  tendered: number;
  change: number;
  status: PaymentStatus;
  statusname: string;
  jurnal_code: string | null;
  print_count: number;
  created_at: string;
  void: { reason: string; voided_date: string; jurnal_code: string | null } | null;
  void_pending: boolean;
  /** A visit payment: what is still outstanding after its settlements (not void); otherwise 0. */
  outstanding: number;
  /** A settlement: the visit payment it settles. */
  parent: { id: number; code: string } | null;
  /** A visit payment: its settlements (pelunasan), void ones included. */
  settlements?: SettlementDto[];
  lines?: {
    kind: LineKind;
    ref: number | null;
    name: string;
    qty: number;
    price: number;
    discount: number;
    covered_by_paket: number | null;
    tax: number;
    total: number;
  }[];
  tenders?: { method: number; methodname: string; amount: number; tendered: number; change: number }[];
}

export interface SessionDto {
  id: number;
  profile_id: number;
  cashier: { id: number; name: string };
  open_date: string;
  opened_at: string;
  opening_float: number;
  status: 'open' | 'closed';
  closed_at: string | null;
  expected_total: number;
  counted_total: number;
  difference: number;
  note: string | null;
  /** Per method: what the system expects in the till (cash includes the float) and, once closed, what was counted. */
  methods: {
    method: number;
    methodname: string;
    type: string;
    expected: number;
    counted: number | null;
    difference: number | null;
  }[];
  payment_count: number;
}

export interface DailyReportDto {
  date: string;
  byCashier: { cashier: string; count: number; total: number; methods: Record<string, number> }[];
  byMethod: { method: string; count: number; amount: number }[];
  total: number;
  sessions: SessionDto[];
}

export interface KasirSettingDto {
  is_pkp: boolean;
  discount_limit_percent: number;
  /** A new discount limit waiting for a second person's approval (issue 25), or null. */
  pending_limit: { applog_id: number; discount_limit_percent: number; requested_by: string } | null;
}

export interface CicilanDueDto {
  membership: number;
  code: string;
  customer: { id: number; name: string; username: string };
  paketname: string;
  price: number;
  paid_amount: number;
  outstanding: number;
  /** What falls due up to today (the next instalment when nothing is overdue). */
  due_now: number;
  next_due_date: string | null;
  cicilan: { seq: number; due_date: string; amount: number; paid_amount: number; status: number }[];
}
