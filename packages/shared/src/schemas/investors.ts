/**
 * Investors, hospitals, laboratories and partners (issue 29 part B, '/finance/master/investor'), their deviden
 * settings ('/finance/master/devidensetting') and distribution runs (POST /api/finance/deviden/runs). Money in rupiah
 * at the edge.
 */
import { isNikFormat } from '../nik.js';
import { percentToBp } from '../money.js';
import {
  dateString,
  emptyToUndefined,
  idOf,
  optionalDate,
  optionalQueryInt,
  optionalText,
  pageQuery,
  percent,
  plainString,
  rupiah,
  z,
} from './common.js';
import { idempotencyKey } from './paket.js';

export const INVESTOR_KINDS = ['investor', 'rumahsakit', 'laboratorium', 'partner'] as const;
export type InvestorKind = (typeof INVESTOR_KINDS)[number];
export const INVESTOR_KIND_LABEL: Record<InvestorKind, string> = {
  investor: 'Investor',
  rumahsakit: 'Rumah Sakit',
  laboratorium: 'Laboratorium',
  partner: 'Mitra Alat',
};

export const INVESTOR_PARTY_TYPES = ['individual', 'company', 'foreign'] as const;
export type InvestorPartyType = (typeof INVESTOR_PARTY_TYPES)[number];
export const INVESTOR_PARTY_TYPE_LABEL: Record<InvestorPartyType, string> = {
  individual: 'Orang pribadi',
  company: 'Badan usaha Indonesia',
  foreign: 'Luar negeri',
};

export const TAX_TREATMENTS = ['dividend', 'interest', 'equipment_rent', 'partnership'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];
export const TAX_TREATMENT_LABEL: Record<TaxTreatment, string> = {
  dividend: 'Dividen',
  interest: 'Bunga pinjaman',
  equipment_rent: 'Sewa alat per tindakan',
  partnership: 'Bagi hasil kemitraan',
};

export const DEVIDEN_BASES = ['profit', 'revenue', 'procedure'] as const;
export type DevidenBasis = (typeof DEVIDEN_BASES)[number];
export const DEVIDEN_BASIS_LABEL: Record<DevidenBasis, string> = {
  profit: 'Persentase laba bersih cabang',
  revenue: 'Persentase pendapatan cabang',
  procedure: 'Per tindakan medis',
};

/** The payables party an investor row is paid as (PARTY_TYPES of the payables sub-ledger). */
export function payablePartyOf(kind: InvestorKind): 'investor' | 'rumahsakit' | 'laboratorium' {
  return kind === 'rumahsakit' || kind === 'laboratorium' ? kind : 'investor';
}

export interface DevidenTax {
  kind: 'pph23' | 'pph26' | null;
  rateBp: number;
  /** A notice for the slip (the dividend to an Indonesian individual: PPh final 10% is the recipient's). */
  notice: string | null;
}

export const DIVIDEND_NOTICE =
  'Dividen dibayar bruto. PPh final 10% atas dividen ini menjadi kewajiban penerima sendiri (disetor paling lambat ' +
  'tanggal 15 bulan berikutnya), kecuali diinvestasikan kembali di Indonesia (PP 55/2022, PMK 18/2021).';

/**
 * What the clinic withholds from a distribution (docs/decisions.md, issue 29 part B): PPh 26 20% to any foreign
 * party; PPh 23 15% on interest and 2% on equipment rent (100% higher without NPWP/NIK); a dividend or partnership
 * share to an Indonesian party is paid gross (to an individual with the PPh final notice).
 */
export function devidenTax(partyType: InvestorPartyType, treatment: TaxTreatment, hasTaxId: boolean): DevidenTax {
  if (partyType === 'foreign') return { kind: 'pph26', rateBp: 2000, notice: null };
  const double = hasTaxId ? 1 : 2;
  if (treatment === 'interest') return { kind: 'pph23', rateBp: 1500 * double, notice: null };
  if (treatment === 'equipment_rent') return { kind: 'pph23', rateBp: 200 * double, notice: null };
  return { kind: null, rateBp: 0, notice: partyType === 'individual' ? DIVIDEND_NOTICE : null };
}

export interface InvestorDto {
  id: number;
  profile_id: number;
  kind: InvestorKind;
  party_type: InvestorPartyType;
  name: string;
  nik: string | null;
  npwp: string | null;
  country: string | null;
  address: string | null;
  phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
  tax_treatment: TaxTreatment;
  /** The investor's sign-in account (role investor), or null. */
  user: number | null;
  status: number;
  created_at: string;
}

const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v);
const nullable = (v: unknown) => (v === '' ? null : v);

export const investorInput = z
  .object({
    kind: z.enum(INVESTOR_KINDS, { error: 'Jenis wajib dipilih (investor, rumah sakit, laboratorium atau mitra)' }),
    party_type: z.enum(INVESTOR_PARTY_TYPES, { error: 'Tipe pihak wajib dipilih' }),
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      plainString().min(2, 'Nama minimal 2 karakter').max(150, 'Nama maksimal 150 karakter'),
    ),
    nik: z.preprocess(
      (v) => nullable(digitsOnly(v)),
      z.string().refine(isNikFormat, 'NIK harus 16 digit angka').optional().nullable(),
    ),
    npwp: z.preprocess(
      (v) => nullable(digitsOnly(v)),
      z
        .string()
        .regex(/^\d{15,16}$/, 'NPWP harus 15 atau 16 digit angka')
        .optional()
        .nullable(),
    ),
    country: optionalText(60),
    address: optionalText(255),
    phone: optionalText(30),
    bank_name: optionalText(60),
    bank_account: z.preprocess(
      (v) => nullable(digitsOnly(v)),
      z
        .string()
        .regex(/^\d{5,30}$/, 'Nomor rekening harus 5 sampai 30 digit angka')
        .optional()
        .nullable(),
    ),
    bank_holder: optionalText(150),
    tax_treatment: z.enum(TAX_TREATMENTS, { error: 'Perlakuan pajak wajib dipilih' }),
    user: z.preprocess(emptyToUndefined, idOf('Akun tidak valid').optional().nullable()),
    status: z.coerce.number().int().min(0).max(1).default(1),
  })
  .superRefine((v, ctx) => {
    if (v.party_type === 'foreign' && !v.country?.trim())
      ctx.addIssue({ code: 'custom', message: 'Negara wajib diisi untuk pihak luar negeri', path: ['country'] });
    if (v.party_type === 'company' && v.nik)
      ctx.addIssue({ code: 'custom', message: 'Badan usaha memakai NPWP, bukan NIK', path: ['nik'] });
  });
export type InvestorInput = z.infer<typeof investorInput>;

export const investorListQuery = z.object({
  ...pageQuery,
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
  kind: z.preprocess(emptyToUndefined, z.enum(INVESTOR_KINDS, { error: 'Jenis tidak dikenal' }).optional()),
  isallbranch: optionalQueryInt,
});
export type InvestorListQuery = z.infer<typeof investorListQuery>;

export interface DevidenSettingDto {
  id: number;
  profile_id: number;
  investor: number;
  investor_name: string;
  basis: DevidenBasis;
  perawatan: number | null;
  perawatan_name: string | null;
  /** Percent (e.g. 12.5) or null. */
  percent: number | null;
  /** Rupiah per procedure or null. */
  amount: number | null;
  effective_from: string;
  effective_to: string | null;
  note: string | null;
  status: number;
}

export const devidenSettingInput = z
  .object({
    investor: idOf('Investor wajib dipilih'),
    basis: z.enum(DEVIDEN_BASES, { error: 'Dasar pembagian wajib dipilih' }),
    perawatan: z.preprocess(emptyToUndefined, idOf('Tindakan tidak valid').optional().nullable()),
    percent: z.preprocess(emptyToUndefined, percent().optional().nullable()),
    amount: z.preprocess(emptyToUndefined, rupiah.optional().nullable()),
    effective_from: dateString,
    effective_to: optionalDate,
    note: optionalText(255),
  })
  .superRefine((v, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.basis === 'procedure') {
      if (!v.perawatan) add('perawatan', 'Tindakan wajib dipilih untuk pembagian per tindakan');
      const hasPercent = v.percent !== undefined && v.percent !== null;
      const hasAmount = v.amount !== undefined && v.amount !== null;
      if (hasPercent === hasAmount) add('amount', 'Isi salah satu: nominal per tindakan atau persentase');
    } else {
      if (v.percent === undefined || v.percent === null) add('percent', 'Persentase wajib diisi');
      if (v.amount !== undefined && v.amount !== null) add('amount', 'Nominal hanya untuk pembagian per tindakan');
      if (v.perawatan) add('perawatan', 'Tindakan hanya untuk pembagian per tindakan');
    }
    if (v.effective_to && v.effective_to < v.effective_from)
      add('effective_to', 'Tanggal berakhir tidak boleh sebelum tanggal mulai');
  });
export type DevidenSettingInput = z.infer<typeof devidenSettingInput>;
export const percentBpOf = (p: number | null | undefined) => (p === undefined || p === null ? null : percentToBp(p));

export const devidenSettingQuery = z.object({
  investor: z.preprocess(emptyToUndefined, idOf('Investor tidak valid').optional()),
  date: z.preprocess(emptyToUndefined, dateString.optional()),
});
export type DevidenSettingQuery = z.infer<typeof devidenSettingQuery>;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
export const devidenRunInput = z.object({
  period: z.string({ error: 'Periode wajib diisi' }).regex(PERIOD, 'Periode harus berformat YYYY-MM'),
  profile_id: idOf('Cabang wajib dipilih'),
  idempotency_key: idempotencyKey.optional(),
});
export type DevidenRunInput = z.infer<typeof devidenRunInput>;

export const devidenRunQuery = z.object({
  period: z.preprocess(emptyToUndefined, z.string().regex(PERIOD, 'Periode harus berformat YYYY-MM').optional()),
});
export type DevidenRunQuery = z.infer<typeof devidenRunQuery>;

export interface DevidenRunLineDto {
  id: number;
  setting: number;
  investor: number;
  investor_name: string;
  party_type: InvestorPartyType;
  tax_treatment: TaxTreatment;
  basis: DevidenBasis;
  perawatan: number | null;
  perawatan_name: string | null;
  qty: number;
  basis_amount: number;
  percent: number | null;
  unit_amount: number | null;
  gross: number;
  tax_kind: 'pph23' | 'pph26' | null;
  tax_rate: number;
  tax: number;
  net: number;
  notice: string | null;
}

export interface DevidenRunDto {
  id: number;
  profile_id: number;
  period: string;
  status: 'pending' | 'approved';
  revenue: number;
  profit: number;
  applog_id: number | null;
  jurnal_id: number | null;
  created_by: number | null;
  approved_by: number | null;
  approved_at: string | null;
  lines: DevidenRunLineDto[];
  totals: { gross: number; tax: number; net: number };
}

export const devidenSlipQuery = z.object({
  id: idOf('Id tidak valid'),
  /** One investor's slip; absent: every slip of the run the caller may read. */
  investor: z.preprocess(emptyToUndefined, idOf('Investor tidak valid').optional()),
});

export const devidenIncomeQuery = z.object({
  from: dateString,
  to: dateString,
  perawatan: z.preprocess(emptyToUndefined, idOf('Tindakan tidak valid').optional()),
});
export type DevidenIncomeQuery = z.infer<typeof devidenIncomeQuery>;

export interface DevidenIncomeRowDto {
  period: string;
  perawatan: number;
  perawatan_name: string;
  investor: number;
  investor_name: string;
  qty: number;
  basis_amount: number;
  gross: number;
  status: 'pending' | 'approved';
}

/** An outside laboratory or hospital (an investor row of that kind) the lab form master can send a form to (picker). */
export interface LabPartnerOption {
  id: number;
  kind: 'laboratorium' | 'rumahsakit';
  name: string;
}
