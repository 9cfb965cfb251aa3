import {
  z,
  optionalText,
  requiredText,
  emptyToUndefined,
  pageQuery,
  rupiah,
  dateString,
  optionalDate,
  idParam,
  idOf,
  masterCode,
  masterStatus,
} from './common.js';
import { formatRupiah, fromSen, toSen } from '../money.js';

/**
 * Paket promosi and membership (issue 5): the masters a package is made of (medical procedures, items, lab
 * forms), package types, packages kept as history versions, and registrations (memberships) with their slots
 * and instalment schedule. Field names follow spec section 3 word for word where the spec names them.
 */

// ---------------------------------------------------------------------------------------------------------
// Masters
// ---------------------------------------------------------------------------------------------------------

export const masterListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type MasterListQuery = z.infer<typeof masterListQuery>;

/** Medical procedure (tindakan medis / perawatan): price and the doctor's share of it, both in rupiah. */
export const tindakanInput = z
  .object({
    code: masterCode(),
    name: requiredText(150),
    price: rupiah,
    doctor_share: rupiah.default(0),
    status: masterStatus,
  })
  .refine((v) => toSen(v.doctor_share) <= toSen(v.price), {
    message: 'Bagian dokter tidak boleh melebihi harga',
    path: ['doctor_share'],
  });
export type TindakanInput = z.infer<typeof tindakanInput>;
export interface TindakanDto {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  price: number;
  doctor_share: number;
  status: number;
  chain_id?: number | null;
}

const wholeNumber = (message: string, min: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: message })
      .int(message)
      .min(min, min > 0 ? `Minimal ${min}` : 'Tidak boleh negatif')
      .max(1_000_000_000, 'Jumlah terlalu besar'),
  );

/**
 * An item (issue 13 adds the inventory fields): `unit` is the selling (stock) unit; one `purchase_unit` holds
 * `conversion` selling units; `min_stock` in selling units; `track_batch` keeps batches and expiry dates;
 * `last_purchase_price` is the price of one purchase unit (rupiah), updated by every receipt.
 */
export const itemInput = z.object({
  code: masterCode(),
  name: requiredText(150),
  unit: requiredText(30),
  category_id: z.preprocess(emptyToUndefined, idOf('Kategori tidak valid').optional().nullable()),
  purchase_unit: optionalText(30),
  conversion: wholeNumber('Isi per satuan beli harus bilangan bulat', 1).default(1),
  min_stock: wholeNumber('Stok minimum harus bilangan bulat', 0).default(0),
  track_batch: z.boolean({ error: 'Harus ya atau tidak' }).default(false),
  kfa_code: optionalText(30),
  /** Zat aktif: the active ingredient(s), matched against the patient's allergies (docs/decisions.md, issue 26). */
  generic_name: optionalText(200),
  last_purchase_price: rupiah.default(0),
  selling_price: rupiah,
  status: masterStatus,
});
export type ItemInput = z.infer<typeof itemInput>;
export interface ItemDto {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  unit: string;
  category_id: number | null;
  /** The category's name. */
  category: string | null;
  purchase_unit: string | null;
  conversion: number;
  min_stock: number;
  track_batch: boolean;
  kfa_code: string | null;
  generic_name: string | null;
  last_purchase_price: number;
  selling_price: number;
  status: number;
  /** The chain's record when the head office keeps this row (issue 30 item 2): read-only but the branch's own fields. */
  chain_id?: number | null;
}

/**
 * A lab form examined outside the clinic (issue 28 item 6): the laboratory or hospital it is sent to, picked from the
 * outside-party master (`partner_id`, an investor row of kind 'laboratorium' or 'rumahsakit'), and its cost per form.
 */
export const LAB_PARTNER_TYPES = ['laboratorium', 'rumahsakit'] as const;
export type LabPartnerType = (typeof LAB_PARTNER_TYPES)[number];
const PARTNER_RULES: [(v: FormLabInput) => unknown, string, string][] = [
  [(v) => v.partner_id && !v.partner_cost, 'partner_cost', 'Biaya mitra wajib diisi'],
  [(v) => !v.partner_id && v.partner_cost, 'partner_id', 'Pilih laboratorium/rumah sakit tujuan form ini'],
];

export const formLabInput = z
  .object({
    code: masterCode(),
    name: requiredText(150),
    price: rupiah,
    partner_id: z.preprocess(emptyToUndefined, idOf('Laboratorium/rumah sakit tidak dikenal').optional().nullable()),
    partner_cost: rupiah.default(0),
    status: masterStatus,
  })
  .superRefine((v, ctx) => {
    for (const [broken, field, message] of PARTNER_RULES)
      if (broken(v)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type FormLabInput = z.infer<typeof formLabInput>;
export interface FormLabDto {
  id: number;
  profile_id: number;
  code: string;
  name: string;
  price: number;
  /** The outside laboratory or hospital (investor row), or null (in-house, or a name-only partner of before). */
  partner_id: number | null;
  partner_type: LabPartnerType | null;
  partner_name: string | null;
  partner_cost: number;
  status: number;
}

// ---------------------------------------------------------------------------------------------------------
// Package types and packages
// ---------------------------------------------------------------------------------------------------------

/** Package type kinds (pakettypedata.type). */
export const PAKET_TYPE_KINDS = { 1: 'Paket Promosi', 2: 'Membership' } as const;
export type PaketTypeKind = keyof typeof PAKET_TYPE_KINDS;

export const paketTypeInput = z
  .object({
    name: requiredText(100),
    type: z.coerce
      .number({ error: 'Jenis wajib dipilih' })
      .int()
      .refine((v) => v === 1 || v === 2, 'Jenis paket tidak valid'),
    start_at: dateString,
    end_at: optionalDate,
    status: masterStatus,
    // Absent keeps the type's season; '' or null: no season.
    season_id: z.preprocess((v) => (v === '' ? null : v), idOf('Musim promo tidak valid').nullable().optional()),
  })
  .refine((v) => !v.end_at || v.end_at >= v.start_at, {
    message: 'Tanggal berakhir tidak boleh sebelum tanggal mulai',
    path: ['end_at'],
  });
export type PaketTypeInput = z.infer<typeof paketTypeInput>;
export interface PaketTypeDto {
  id: number;
  profile_id: number;
  name: string;
  type: number;
  typename: string;
  start_at: string;
  end_at: string | null;
  status: number;
  season_id: number | null;
  chain_id: number | null; // the head office's type (issue 30 item 2): a branch shows it, does not change it
}

/** Item kinds of a package (spec 3 "Package item"). */
export const PAKET_ITEM_TYPES = { 1: 'Perawatan', 2: 'Item', 3: 'Form Lab' } as const;

/** installment_schema: 0 paid in full at registration, 1 down payment plus instalments. */
export const INSTALLMENT_SCHEMAS = { 0: 'Lunas', 1: 'Cicilan' } as const;

export const paketItemInput = z.object({
  type: z.coerce
    .number({ error: 'Jenis item wajib dipilih' })
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, 'Jenis item harus 1 (perawatan), 2 (item) atau 3 (form lab)'),
  ref_id: idParam,
  free_slot: z.coerce
    .number({ error: 'Jumlah slot wajib diisi' })
    .int('Jumlah slot harus bilangan bulat')
    .min(1, 'Jumlah slot minimal 1')
    .max(1000, 'Jumlah slot maksimal 1000'),
  expired_duration: z.coerce
    .number({ error: 'Masa berlaku wajib diisi' })
    .int('Masa berlaku harus bilangan bulat')
    .min(1, 'Masa berlaku minimal 1 hari')
    .max(3650, 'Masa berlaku maksimal 3650 hari'),
});
export type PaketItemInput = z.infer<typeof paketItemInput>;

/** A package version. Instalments (schema 1): DP + cicilan_attempt x cicilan_amount = price exactly (in sen). */
export const paketInput = z
  .object({
    code: masterCode(),
    name: requiredText(150),
    paket_type_id: idParam,
    active_at: dateString,
    price: rupiah.refine((v) => v > 0, 'Harga harus lebih dari 0'),
    description: optionalText(2000),
    status: masterStatus,
    installment_schema: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || v === 1, 'Skema pembayaran harus 0 (lunas) atau 1 (cicilan)')
      .default(0),
    dp_amount: rupiah.default(0),
    cicilan_amount: rupiah.default(0),
    cicilan_attempt: z.coerce
      .number()
      .int('Jumlah cicilan harus bilangan bulat')
      .min(0, 'Jumlah cicilan tidak boleh negatif')
      .max(60, 'Jumlah cicilan maksimal 60')
      .default(0),
    items: z.array(paketItemInput).max(100, 'Maksimal 100 item').default([]),
  })
  .superRefine((v, ctx) => {
    if (v.installment_schema !== 1) return;
    if (v.cicilan_attempt < 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Jumlah cicilan minimal 1 untuk skema cicilan',
        path: ['cicilan_attempt'],
      });
    if (v.cicilan_amount <= 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Nominal cicilan harus lebih dari 0 untuk skema cicilan',
        path: ['cicilan_amount'],
      });
    const mismatch = installmentMismatch(v.price, v.dp_amount, v.cicilan_amount, v.cicilan_attempt);
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['cicilan_amount'] });
  });
export type PaketInput = z.infer<typeof paketInput>;

/** Down payment plus `attempt` instalments, in sen: the one place the instalment sum is computed (issue 9 item 5). */
export function installmentTotalSen(dp: number, cicilan: number, attempt: number): number {
  return toSen(dp) + toSen(cicilan) * attempt;
}

/**
 * Null when DP + attempt x cicilan equals the price exactly (in sen); otherwise the message shown next to the
 * instalment amount, by the schema on the server and live in the package dialog.
 */
export function installmentMismatch(price: number, dp: number, cicilan: number, attempt: number): string | null {
  const total = installmentTotalSen(dp, cicilan, attempt);
  return total === toSen(price) ? null : installmentMismatchMessage(price, dp, cicilan, attempt);
}

export function installmentMismatchMessage(price: number, dp: number, cicilan: number, attempt: number): string {
  const rp = (v: number) => formatRupiah(v);
  const total = fromSen(installmentTotalSen(dp, cicilan, attempt));
  return `DP ${rp(dp)} + ${attempt} x cicilan ${rp(cicilan)} = ${rp(total)}, tidak sama dengan harga paket ${rp(price)}`;
}

export const paketListQuery = z.object({
  ...pageQuery,
  /** Top-level users: 1 lists every branch (docs/decisions.md, issue 9). */
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  paket_type_id: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type PaketListQuery = z.infer<typeof paketListQuery>;

export interface PaketItemDto {
  id: number;
  type: number;
  typename: string;
  ref_id: number;
  perawatandata: { name: string; code: string } | null;
  itemdata: { name: string; code: string; unit: string } | null;
  formlabdata: { name: string; code: string } | null;
  free_slot: number;
  expired_duration: number;
}

/** Spec 3 "Promo package history". */
export interface PaketHistoryDto {
  id: number;
  paket_id: number;
  version: number;
  is_current: boolean;
  code: string;
  name: string;
  pakettypedata: { id: number; name: string; type: number; start_at: string; end_at: string | null };
  active_at: string;
  price: number;
  description: string | null;
  status: number;
  installment_schema: number;
  dp_amount: number;
  cicilan_amount: number;
  cicilan_attempt: number;
  created_at: string;
  items?: PaketItemDto[];
  chain_id?: number | null; // in the list: the head office's package (issue 30 item 2), not changed by a branch
}

export const paketHistoryQuery = z.object({
  ...pageQuery,
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type PaketHistoryQuery = z.infer<typeof paketHistoryQuery>;

export const historyPerawatanQuery = z.object({
  paket_history_id: z.preprocess(emptyToUndefined, idParam),
});

// ---------------------------------------------------------------------------------------------------------
// Registration (membership)
// ---------------------------------------------------------------------------------------------------------

/** Spec 3 "Package registration payload". */
export const membershipInput = z.object({
  customer: z.preprocess(emptyToUndefined, idOf('Pasien wajib dipilih')),
  doctor: z.preprocess(emptyToUndefined, idOf('Dokter wajib dipilih')),
  paket_history_id: z.preprocess(emptyToUndefined, idOf('Paket wajib dipilih')),
});
export type MembershipInput = z.infer<typeof membershipInput>;

/** Idempotency-Key header / tRPC field: a client-generated token (UUID). */
export const idempotencyKey = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key tidak valid')
  .max(100, 'Idempotency-Key tidak valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'Idempotency-Key tidak valid');

export const MEMBERSHIP_STATUS = { 0: 'Batal', 1: 'Aktif', 2: 'Lunas' } as const;

export const membershipListQuery = z.object({
  ...pageQuery,
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  doctor: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  customer: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  season: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  fromdate: optionalDate,
  todate: optionalDate,
});
export type MembershipListQuery = z.infer<typeof membershipListQuery>;

export interface MembershipSlotDto {
  id: number;
  type: number;
  typename: string;
  code: string;
  name: string;
  free_slot: number;
  used_slot: number;
  left_slot: number;
  expired_at: string;
}

export interface MembershipCicilanDto {
  id: number;
  seq: number;
  /** 'DP' for the down payment, otherwise 'Cicilan n'. */
  label: string;
  due_date: string;
  amount: number;
  paid_amount: number;
  paid_at: string | null;
  status: number;
}

export interface MembershipDto {
  id: number;
  profile_id: number;
  code: string;
  registered_at: string;
  status: number;
  statusname: string;
  customer: number;
  customerdata: { id: number; name: string; username: string; initial: string };
  doctor: number;
  doctordata: { id: number; name: string };
  paket_history_id: number;
  paketdata: { code: string; name: string; typename: string };
  price: number;
  dp_amount: number;
  cicilan_amount: number;
  cicilan_attempt: number;
  installment_schema: number;
  paid_amount: number;
  outstanding_amount: number;
  jurnal_code: string | null;
  created_at: string;
  slots?: MembershipSlotDto[];
  cicilan?: MembershipCicilanDto[];
}

export const piutangQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  /** The date ageing is measured on; default the branch's today. */
  asof: optionalDate,
});
export type PiutangQuery = z.infer<typeof piutangQuery>;

/** Ageing buckets of outstanding instalments, by days past the due date. */
export const AGEING_BUCKETS = ['belum_jatuh_tempo', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  belum_jatuh_tempo: 'Belum Jatuh Tempo',
  d1_30: '1-30 Hari',
  d31_60: '31-60 Hari',
  d61_90: '61-90 Hari',
  d90_plus: '> 90 Hari',
};

export interface PiutangRowDto {
  customer: number;
  customerdata: { id: number; name: string; username: string };
  memberships: string[];
  total: number;
  belum_jatuh_tempo: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  d90_plus: number;
  oldest_due: string | null;
}

export const agreementParams = z.object({
  profile_id: idParam,
  customer: idParam,
  paket_history_id: idParam,
});
export const agreementQuery = z.object({
  doctor: z.preprocess(emptyToUndefined, idOf('Id tidak valid').optional()),
});

/** The agreement export path (documented in docs/decisions.md, "Paket"). */
export function agreementPath(
  profileId: number,
  customer: number,
  paketHistoryId: number,
  doctor?: number | null,
): string {
  return `/api/paket/export/agreement/${profileId}/${customer}/${paketHistoryId}${doctor ? `?doctor=${doctor}` : ''}`;
}

/**
 * The instalment schedule of a registration: the down payment due on the registration date, then
 * cicilan_attempt instalments of cicilan_amount, one month apart. A package paid in full (schema 0) has one
 * row of the whole price on the registration date. Amounts in the unit given (`Sen` on the server, rupiah in a DTO):
 * the rows only copy them, so no conversion happens here.
 */
export function instalmentSchedule<A extends number>(
  registeredAt: string,
  p: { price: A; installment_schema: number; dp_amount: A; cicilan_amount: A; cicilan_attempt: number },
  addMonthsFn: (date: string, months: number) => string,
): { seq: number; label: string; due_date: string; amount: A }[] {
  if (p.installment_schema !== 1) return [{ seq: 0, label: 'Pelunasan', due_date: registeredAt, amount: p.price }];
  const rows: { seq: number; label: string; due_date: string; amount: A }[] = [];
  if (p.dp_amount > 0) rows.push({ seq: 0, label: 'DP', due_date: registeredAt, amount: p.dp_amount });
  for (let i = 1; i <= p.cicilan_attempt; i++) {
    rows.push({ seq: i, label: `Cicilan ${i}`, due_date: addMonthsFn(registeredAt, i), amount: p.cicilan_amount });
  }
  return rows;
}
