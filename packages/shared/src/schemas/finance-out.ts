/**
 * Money going out that is not a payment of an open item (issue 28 items 4 and 5): registered expenses
 * ('Daftarkan Pengeluaran' /finance/hutang/dokter, 'Kelola Pengeluaran' /finance/hutang/customer) and the tax
 * payables per tax and masa (/finance/hutang/pajak/*) with their deposits (billing code, NTPN).
 * Amounts are rupiah at the edge (the API), sen inside the server.
 */
import { z, emptyToUndefined, optionalText, requiredText, dateString, idOf, pageQuery, rupiah } from './common.js';
import { access, type Access } from '../access.js';
import { PARTY_LABEL } from './payables.js';

/** FINANCE_HUTANG read (finance, manager) sees expenses and tax payables; manage registers and deposits. */
export const FINANCE_OUT_ACCESS: { read: Access; manage: Access } = {
  read: access.feature('FINANCE_HUTANG', 'read'),
  manage: access.feature('FINANCE_HUTANG', 'manage'),
};

// ---------------------------------------------------------------------------------------------------------------
// Expenses
// ---------------------------------------------------------------------------------------------------------------

/** Parties an expense can be owed to (a payable item on the party's control account). */
export const EXPENSE_PARTY_TYPES = ['vendor', 'laboratorium', 'rumahsakit', 'doctor', 'investor', 'pegawai'] as const;
export type ExpensePartyType = (typeof EXPENSE_PARTY_TYPES)[number];
/** The payables' names of these parties (PARTY_LABEL). */
export const EXPENSE_PARTY_LABELS = Object.fromEntries(EXPENSE_PARTY_TYPES.map((t) => [t, PARTY_LABEL[t]])) as Record<
  ExpensePartyType,
  string
>;

/** pending: waits for approval; posted; rejected: the approver refused it (never posted); reversed: corrected. */
export const EXPENSE_STATUSES = ['pending', 'posted', 'rejected', 'reversed'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  pending: 'Menunggu persetujuan',
  posted: 'Diposting',
  rejected: 'Ditolak',
  reversed: 'Dibatalkan',
};

/** Multipart field of the proof upload (POST /api/finance/expenses/proof). */
export const EXPENSE_PROOF_FIELD = 'proof';
export const EXPENSE_PROOF_ACCEPT = '.png,.jpg,.jpeg,.gif,.pdf,image/png,image/jpeg,image/gif,application/pdf';
export const EXPENSE_PROOF_TYPE_ERROR = 'Bukti harus berupa gambar (PNG, JPG, GIF) atau PDF';

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional().nullable());

const positiveRupiah = rupiah.refine((v) => v > 0, 'Jumlah harus lebih dari 0');

export const expenseInput = z
  .object({
    category: idOf('Kategori pengeluaran wajib dipilih'),
    date: dateString,
    amount: positiveRupiah,
    method: optionalId('Metode pembayaran tidak valid'),
    party_type: z.preprocess(
      emptyToUndefined,
      z.enum(EXPENSE_PARTY_TYPES, { error: 'Jenis pihak tidak dikenal' }).optional().nullable(),
    ),
    party: optionalId('Pihak tidak valid'),
    memo: requiredText(500),
    proof: optionalId('Bukti tidak valid'),
  })
  .superRefine((v, ctx) => {
    const byParty = !!v.party_type || !!v.party;
    if (v.method && byParty) {
      ctx.addIssue({
        code: 'custom',
        message: 'Pilih salah satu: dibayar dengan metode pembayaran atau dicatat sebagai hutang ke pihak',
        path: ['method'],
      });
    } else if (!v.method && !byParty) {
      ctx.addIssue({
        code: 'custom',
        message: 'Metode pembayaran wajib dipilih (atau pilih pihak bila pengeluaran dicatat sebagai hutang)',
        path: ['method'],
      });
    } else if (byParty && !v.party_type) {
      ctx.addIssue({ code: 'custom', message: 'Jenis pihak wajib dipilih', path: ['party_type'] });
    } else if (byParty && !v.party) {
      ctx.addIssue({ code: 'custom', message: 'Pihak wajib dipilih', path: ['party'] });
    }
  });
export type ExpenseInput = z.infer<typeof expenseInput>;

/** The parties of one type an expense can be owed to (the 'Daftarkan Pengeluaran' picker; issue 28, branch w28). */
export const expensePartiesQuery = z.object({
  party_type: z.enum(EXPENSE_PARTY_TYPES, { error: 'Jenis pihak tidak dikenal' }),
});
export interface ExpensePartyOption {
  id: number;
  name: string;
}

export const expenseListQuery = z.object({
  from: z.preprocess(emptyToUndefined, dateString.optional()),
  to: z.preprocess(emptyToUndefined, dateString.optional()),
  category: z.preprocess(emptyToUndefined, idOf('Kategori tidak valid').optional()),
  status: z.preprocess(emptyToUndefined, z.enum(EXPENSE_STATUSES, { error: 'Status tidak dikenal' }).optional()),
  keyword: pageQuery.keyword,
  page: pageQuery.page,
  limit: pageQuery.limit,
});
export type ExpenseListQuery = z.infer<typeof expenseListQuery>;

export const expenseReverseInput = z.object({
  reason: requiredText(500),
  /** Date of the reversing journal; absent: today. */
  date: z.preprocess(emptyToUndefined, dateString.optional()),
});
export type ExpenseReverseInput = z.infer<typeof expenseReverseInput>;

export interface ExpenseDto {
  id: number;
  code: string;
  date: string;
  category: { id: number; name: string; akun_code: string };
  amount: number;
  method: { id: number; name: string } | null;
  party_type: ExpensePartyType | null;
  party: { id: number; name: string } | null;
  memo: string;
  proof: { id: number; mime: string; url: string } | null;
  status: ExpenseStatus;
  journal: { id: number; code: string } | null;
  reversal_journal: { id: number; code: string } | null;
  applog_id: number | null;
  reverse_applog_id: number | null;
  reverse_reason: string | null;
  created_by: { id: number; name: string } | null;
  approved_by: { id: number; name: string } | null;
  created_at: string;
}

/** Answer of POST /api/finance/expenses: the expense, and whether it waits for approval (then `applog_id`). */
export interface ExpenseOutcome extends ExpenseDto {
  pending: boolean;
  message: string | null;
}

export interface ExpenseCategoryDto {
  id: number;
  code: string;
  name: string;
  akun_id: number;
  akun_code: string;
  akun_name: string;
  status: number;
}

export const expenseCategoryInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'Kode wajib diisi' })
      .regex(/^[a-z0-9_-]{1,30}$/, 'Kode hanya huruf kecil, angka, - dan _ (maksimal 30)'),
  ),
  name: requiredText(100),
  akun_id: idOf('Akun beban wajib dipilih'),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
    .default(1),
});
export type ExpenseCategoryInput = z.infer<typeof expenseCategoryInput>;
export const expenseCategoryUpdateInput = expenseCategoryInput.partial();
export type ExpenseCategoryUpdateInput = z.infer<typeof expenseCategoryUpdateInput>;

/** The branch's limits: proof required above `proof_limit`, approval above `approval_limit` (rupiah). */
export interface ExpenseSettingDto {
  proof_limit: number;
  approval_limit: number;
  /** A change waiting for a second person, if any. */
  pending: { proof_limit: number; approval_limit: number; applog_id: number } | null;
}
export const expenseSettingInput = z
  .object({ proof_limit: rupiah, approval_limit: rupiah })
  .refine((v) => v.approval_limit >= v.proof_limit, {
    message: 'Batas persetujuan tidak boleh lebih kecil dari batas wajib bukti',
    path: ['approval_limit'],
  });
export type ExpenseSettingInput = z.infer<typeof expenseSettingInput>;

// ---------------------------------------------------------------------------------------------------------------
// Tax payables and deposits
// ---------------------------------------------------------------------------------------------------------------

export const TAX_PAYABLE_KINDS = ['pph_badan', 'pph_doctor', 'pph_investor', 'pph_pegawai'] as const;
export type TaxPayableKind = (typeof TAX_PAYABLE_KINDS)[number];
export const TAX_PAYABLE_LABELS: Record<TaxPayableKind, string> = {
  pph_badan: 'PPh Badan',
  pph_doctor: 'PPh 21 Dokter',
  pph_investor: 'PPh Investor',
  pph_pegawai: 'PPh 21 Pegawai',
};

export const masaString = z
  .string({ error: 'Masa pajak wajib diisi' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Masa pajak tidak valid (format YYYY-MM)');

export const taxKindParam = z.enum(TAX_PAYABLE_KINDS, { error: 'Jenis pajak tidak dikenal' });

export const taxMasaQuery = z.object({ tax: taxKindParam, masa: masaString });
export type TaxMasaQuery = z.infer<typeof taxMasaQuery>;

/** Kode billing: 15 digits (DJP's billing system); NTPN: 16 letters and digits (the bank's validation number). */
export const BILLING_CODE_RE = /^\d{15}$/;
export const NTPN_RE = /^[A-Z0-9]{16}$/;

export const taxDepositInput = z.object({
  tax: taxKindParam,
  masa: masaString,
  amount: positiveRupiah,
  billing_code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v),
    z.string({ error: 'Kode billing wajib diisi' }).regex(BILLING_CODE_RE, 'Kode billing harus 15 digit angka'),
  ),
  ntpn: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
    z.string({ error: 'NTPN wajib diisi' }).regex(NTPN_RE, 'NTPN harus 16 karakter huruf atau angka'),
  ),
  date: dateString,
  method: idOf('Metode pembayaran wajib dipilih'),
});
export type TaxDepositInput = z.infer<typeof taxDepositInput>;

export const taxDepositVoidInput = z.object({ reason: requiredText(500) });

export interface TaxItemDto {
  id: number;
  source_type: string;
  source_id: string;
  doc_date: string;
  recipient: { id: number | null; name: string | null; tax_id: string | null };
  amount: number;
  paid: number;
  outstanding: number;
  status: string;
  journal: { id: number; code: string } | null;
}
export interface TaxDepositDto {
  id: number;
  code: string;
  date: string;
  amount: number;
  billing_code: string | null;
  ntpn: string | null;
  method: { id: number; name: string } | null;
  status: string;
  journal: { id: number; code: string } | null;
  void_applog_id: number | null;
  created_by: { id: number; name: string } | null;
}
export interface TaxMasaDto {
  tax: TaxPayableKind;
  masa: string;
  items: TaxItemDto[];
  deposits: TaxDepositDto[];
  withheld: number;
  deposited: number;
  outstanding: number;
  /** pph_badan only: the regime of the masa's year and, once calculated, the turnover and the amount. */
  badan: {
    regime: PphBadanRegime | null;
    turnover: number | null;
    amount: number | null;
    calculated: boolean;
    journal: { id: number; code: string } | null;
  } | null;
}

export const PPH_BADAN_REGIMES = ['pp55', 'pph25'] as const;
export type PphBadanRegime = (typeof PPH_BADAN_REGIMES)[number];
export const PPH_BADAN_REGIME_LABELS: Record<PphBadanRegime, string> = {
  pp55: 'PP 55/2022: PPh final 0,5% dari peredaran bruto bulanan',
  pph25: 'Angsuran PPh Pasal 25 bulanan',
};

export const pphBadanSettingInput = z
  .object({
    year: z.coerce
      .number({ error: 'Tahun wajib diisi' })
      .int('Tahun tidak valid')
      .min(2000, 'Tahun tidak valid')
      .max(2100, 'Tahun tidak valid'),
    regime: z.enum(PPH_BADAN_REGIMES, { error: 'Pilih skema PPh badan' }),
    /** PP 55/2022 rate in percent (0,5 by the regulation); a setting, not a constant. */
    rate: z.coerce.number({ error: 'Tarif wajib diisi' }).min(0, 'Tarif tidak boleh negatif').max(100).default(0.5),
    /** PPh 25: the monthly instalment (rupiah). */
    instalment: rupiah.optional().nullable(),
    note: optionalText(255),
  })
  .refine((v) => v.regime !== 'pph25' || (v.instalment ?? 0) > 0, {
    message: 'Angsuran PPh 25 per bulan wajib diisi',
    path: ['instalment'],
  });
export type PphBadanSettingInput = z.infer<typeof pphBadanSettingInput>;
export interface PphBadanSettingDto {
  year: number;
  regime: PphBadanRegime;
  rate: number;
  instalment: number | null;
  note: string | null;
}
export const pphBadanCalculateInput = z.object({ masa: masaString });
