/**
 * The payables sub-ledger (issue 28 items 1-3): open items per party, payment transactions, ageing. REST contract
 * in docs/product-spec.md / the issue: amounts in rupiah at the edge, sen inside.
 */
import { hasAtMostTwoDecimals } from '../money.js';
import { dateString, emptyToUndefined, idOf, optionalText, requiredText, rupiah, z } from './common.js';
import { idempotencyKey } from './paket.js';

export const PARTY_TYPES = ['vendor', 'laboratorium', 'rumahsakit', 'doctor', 'investor', 'pegawai', 'pajak'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const PAYABLE_TAXES = [
  'pph_pegawai',
  'pph_doctor',
  'pph_investor',
  'pph_badan',
  'pph23',
  'bpjs',
  'ppn',
] as const;
export type PayableTax = (typeof PAYABLE_TAXES)[number];

/** Party pages /finance/hutang/actor/{...}. */
export const ACTOR_TYPES = ['doctor', 'investor', 'rumahsakit', 'laboratorium', 'vendor'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const PARTY_LABEL: Record<PartyType, string> = {
  vendor: 'Vendor',
  laboratorium: 'Laboratorium',
  rumahsakit: 'Rumah Sakit',
  doctor: 'Dokter',
  investor: 'Investor',
  pegawai: 'Pegawai',
  pajak: 'Kantor Pajak',
};

export const HUTANG_AGEING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type HutangAgeingBucket = (typeof HUTANG_AGEING_BUCKETS)[number];
export const HUTANG_AGEING_LABEL: Record<HutangAgeingBucket, string> = {
  not_due: 'Belum jatuh tempo',
  d1_30: '1-30 hari',
  d31_60: '31-60 hari',
  d61_90: '61-90 hari',
  over_90: '> 90 hari',
};

const partyType = z.enum(PARTY_TYPES, { error: 'Jenis pihak tidak dikenal' });
const optionalId = (m: string) => z.preprocess(emptyToUndefined, idOf(m).optional());
const scope = {
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  branch: optionalId('Cabang tidak valid'),
};

export const hutangItemQuery = z.object({
  party_type: z.preprocess(emptyToUndefined, partyType.optional()),
  party: optionalId('Pihak tidak valid'),
  party_name: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['open', 'paid'], { error: 'Status tidak dikenal' }).optional()),
  ...scope,
});
export type HutangItemQuery = z.infer<typeof hutangItemQuery>;

export interface HutangItemDto {
  id: number;
  profile_id: number;
  party_type: PartyType;
  party: number | null;
  party_name: string;
  tax: string | null;
  masa: string | null;
  recipient_name: string | null;
  recipient_tax_id: string | null;
  source_type: string;
  source_id: string;
  doc_date: string;
  due_date: string | null;
  amount: number;
  paid: number;
  outstanding: number;
  status: string;
  akun: string;
  akun_name: string;
}

export const hutangPaymentInput = z.object({
  party_type: partyType,
  party: z.preprocess(emptyToUndefined, idOf('Pihak tidak valid').optional().nullable()),
  /** A party without a master row (e.g. 'Saldo awal'): its name. */
  party_name: optionalText(200),
  method: idOf('Metode pembayaran wajib dipilih'),
  date: dateString,
  memo: optionalText(500),
  allocations: z
    .array(
      z.object({
        item: idOf('Hutang wajib dipilih'),
        /** Rupiah; negative only for a debit note (a negative item) set off in the payment. */
        amount: z
          .number({ error: 'Harus berupa angka' })
          .refine((v) => v !== 0, 'Jumlah tidak boleh nol')
          .refine((v) => Math.abs(v) <= 10_000_000_000_000, 'Jumlah terlalu besar')
          .refine((v) => Number.isFinite(v) && hasAtMostTwoDecimals(Math.abs(v)), 'Maksimal dua angka desimal'),
      }),
      { error: 'Rincian hutang wajib diisi' },
    )
    .min(1, 'Pilih minimal satu hutang yang dibayar')
    .max(200, 'Terlalu banyak hutang dalam satu pembayaran'),
  /** Withholding (e.g. PPh 23 of a laboratory's service): a new tax item, the cash paid is less by it. */
  withholding: z
    .array(
      z.object({
        tax: z.enum(PAYABLE_TAXES, { error: 'Jenis pajak tidak dikenal' }),
        amount: rupiah.refine((v) => v > 0, 'Jumlah harus lebih dari nol'),
      }),
    )
    .max(5)
    .optional(),
  idempotency_key: idempotencyKey.optional(),
});
export type HutangPaymentInput = z.infer<typeof hutangPaymentInput>;

export const hutangVoidInput = z.object({ reason: requiredText(500) });
export type HutangVoidInput = z.infer<typeof hutangVoidInput>;

export const hutangPaymentQuery = z.object({
  party_type: z.preprocess(emptyToUndefined, partyType.optional()),
  party: optionalId('Pihak tidak valid'),
  /** A party known by name only (no master row); ignored when `party` is given. */
  party_name: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  kind: z.preprocess(emptyToUndefined, z.enum(['payment', 'tax_deposit']).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(['posted', 'voided'], { error: 'Status tidak dikenal' }).optional()),
  from: z.preprocess(emptyToUndefined, dateString.optional()),
  to: z.preprocess(emptyToUndefined, dateString.optional()),
  ...scope,
});
export type HutangPaymentQuery = z.infer<typeof hutangPaymentQuery>;

export interface HutangPaymentDto {
  id: number;
  profile_id: number;
  code: string;
  kind: string;
  party_type: PartyType;
  party: number | null;
  party_name: string;
  method: number;
  method_name: string;
  date: string;
  total: number;
  withheld: number;
  cash: number;
  memo: string | null;
  status: 'posted' | 'voided';
  journal: string | null;
  void_reason: string | null;
  allocations: { item: number; amount: number; source_type: string; source_id: string; doc_date: string }[];
}

export const hutangAgeingQuery = z.object({
  party_type: z.preprocess(emptyToUndefined, partyType.optional()),
  party: optionalId('Pihak tidak valid'),
  as_of: z.preprocess(emptyToUndefined, dateString.optional()),
  ...scope,
});
export type HutangAgeingQuery = z.infer<typeof hutangAgeingQuery>;

export interface HutangAgeingRow {
  party_type: PartyType;
  party: number | null;
  party_name: string;
  buckets: Record<HutangAgeingBucket, number>;
  total: number;
}

export const hutangStatementQuery = z.object({
  party_type: partyType,
  party: optionalId('Pihak tidak valid'),
  party_name: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  as_of: z.preprocess(emptyToUndefined, dateString.optional()),
  format: z.preprocess(emptyToUndefined, z.enum(['pdf', 'xlsx']).default('pdf')),
});
export type HutangStatementQuery = z.infer<typeof hutangStatementQuery>;
