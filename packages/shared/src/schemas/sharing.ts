/**
 * Doctor fee sharing (issue 29 items 1 and 2): sharing rules ('/finance/master/sharingprofit') and the fee lines
 * the till makes from them. Percentages are typed as people type them (12.5) and stored as basis points; amounts are
 * rupiah here and sen inside the server. docs/decisions.md "Sharing rules".
 */
import { z } from 'zod';
import { access } from '../access.js';
import { dateString, emptyToUndefined, idOf, optionalText, percent, rupiah } from './common.js';

/**
 * Rules: FINANCE_SHARING and a finance or manager role (the investor's FINANCE_SHARING read is for its own
 * distributions, not the doctors' terms). Fee lines: finance and managers of the branch, or a doctor for their own.
 */
const SHARING_STAFF = access.roles('finance', 'manager');
export const SHARING_ACCESS = {
  read: access.all(access.feature('FINANCE_SHARING', 'read'), SHARING_STAFF),
  manage: access.all(access.feature('FINANCE_SHARING', 'manage'), SHARING_STAFF),
  lines: access.roles('finance', 'manager', 'dokter'),
} as const;

export const SHARING_KINDS = { percent: 'Persentase', amount: 'Nominal (Rp)' } as const;
export type SharingKind = keyof typeof SHARING_KINDS;
export const SHARING_BASES = {
  list_price: 'Harga tindakan',
  after_discount: 'Harga setelah diskon',
  after_discount_bhp: 'Harga setelah diskon dan BHP',
} as const;
export type SharingBasis = keyof typeof SHARING_BASES;
export const SHARING_TAX_BASES = {
  share: 'Jasa yang diterima dokter',
  patient_fee: 'Jasa dokter yang dibayar pasien',
} as const;
export type SharingTaxBase = keyof typeof SHARING_TAX_BASES;
export const SHARING_LINE_STATUSES = {
  waiting: 'Menunggu pembayaran',
  payable: 'Siap dibayar',
  paid: 'Sudah dibayar',
  clawed_back: 'Ditarik kembali',
  cancelled: 'Dibatalkan',
} as const;
export type SharingLineStatus = keyof typeof SHARING_LINE_STATUSES;

const kinds = Object.keys(SHARING_KINDS) as [SharingKind, ...SharingKind[]];
const bases = Object.keys(SHARING_BASES) as [SharingBasis, ...SharingBasis[]];
const taxBases = Object.keys(SHARING_TAX_BASES) as [SharingTaxBase, ...SharingTaxBase[]];
const statuses = Object.keys(SHARING_LINE_STATUSES) as [SharingLineStatus, ...SharingLineStatus[]];

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional().nullable());

/** A rule as finance types it. `value`: percent (0-100, two decimals) or rupiah per unit, by `kind`. */
export const sharingRuleInput = z
  .object({
    doctor: optionalId('Dokter tidak valid'),
    perawatan: optionalId('Tindakan tidak valid'),
    branch: optionalId('Cabang tidak valid'),
    kind: z.enum(kinds, { error: 'Jenis sharing wajib dipilih' }),
    value: z.number({ error: 'Nilai wajib diisi' }),
    basis: z.enum(bases, { error: 'Dasar perhitungan wajib dipilih' }).default('list_price'),
    min_fee: z.preprocess(emptyToUndefined, rupiah.optional().nullable()),
    tax_base: z.enum(taxBases, { error: 'Dasar pajak wajib dipilih' }).default('share'),
    effective_from: dateString,
    effective_to: z.preprocess(emptyToUndefined, dateString.optional().nullable()),
    note: optionalText(500),
  })
  .superRefine((v, ctx) => {
    const check = v.kind === 'percent' ? percent().safeParse(v.value) : rupiah.safeParse(v.value);
    if (!check.success)
      ctx.addIssue({ code: 'custom', path: ['value'], message: check.error.issues[0]?.message ?? 'Nilai tidak valid' });
    if (v.effective_to && v.effective_to < v.effective_from)
      ctx.addIssue({
        code: 'custom',
        path: ['effective_to'],
        message: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
      });
  });
export type SharingRuleInput = z.input<typeof sharingRuleInput>;

export const sharingRuleQuery = z.object({
  doctor: optionalId('Dokter tidak valid'),
  perawatan: optionalId('Tindakan tidak valid'),
  date: z.preprocess(emptyToUndefined, dateString.optional()),
});
export type SharingRuleQuery = z.input<typeof sharingRuleQuery>;

export const sharingResolveQuery = z.object({
  doctor: idOf('Dokter wajib dipilih'),
  perawatan: idOf('Tindakan wajib dipilih'),
  date: dateString,
});
export type SharingResolveQuery = z.input<typeof sharingResolveQuery>;

export const sharingLineQuery = z.object({
  doctor: optionalId('Dokter tidak valid'),
  from: z.preprocess(emptyToUndefined, dateString.optional()),
  to: z.preprocess(emptyToUndefined, dateString.optional()),
  status: z.preprocess(emptyToUndefined, z.enum(statuses, { error: 'Status tidak valid' }).optional()),
});
export type SharingLineQuery = z.input<typeof sharingLineQuery>;

export interface SharingRuleDto {
  id: number;
  doctor: { id: number; name: string } | null;
  perawatan: { id: number; code: string; name: string } | null;
  branch: { id: number; name: string } | null;
  kind: SharingKind;
  /** percent: 0-100; amount: rupiah per unit. */
  value: number;
  basis: SharingBasis;
  min_fee: number | null;
  tax_base: SharingTaxBase;
  effective_from: string;
  effective_to: string | null;
  note: string | null;
  replaces_id: number | null;
  /** Fee lines made with it (a rule used is closed and continued, never rewritten). */
  used: number;
  /** Higher wins: doctor 4, treatment 2, branch 1. */
  specificity: number;
}

export interface SharingResolveDto {
  rule: SharingRuleDto | null;
  reason: string;
  candidates: { rule: SharingRuleDto; chosen: boolean; why: string }[];
}

export interface SharingLineDto {
  id: number;
  visit: number | null;
  payment: number;
  perawatan: number | null;
  doctor: number;
  rule: number | null;
  basis: SharingBasis | null;
  basis_amount: number;
  share: number;
  payable: number;
  tax_base: number;
  status: SharingLineStatus;
  run: number | null;
  service_date: string;
}

export interface SharingOptionsDto {
  doctors: { id: number; name: string }[];
  perawatan: { id: number; code: string; name: string }[];
}
