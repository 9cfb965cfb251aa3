/**
 * Automatic journal settings (issue 28 item 7, '/finance/master/jurnalautoposting'): every account a module posts to
 * automatically is named by a KEY; the finance posting service resolves the key to an account per branch and date
 * (table finance_autoposting, versioned by effective_from). `default` is the account code of the seeded chart each
 * branch starts with (the former constants of finance/accounts.ts; drizzle seeds the same list).
 */
import { z } from 'zod';
import { emptyToUndefined } from './common.js';

export const AUTOPOST_GROUPS = [
  'Pendapatan',
  'Piutang dan uang muka',
  'Hutang',
  'Pajak',
  'Persediaan dan HPP',
  'Beban',
] as const;
export type AutopostGroup = (typeof AUTOPOST_GROUPS)[number];

export const AUTOPOST_KEYS = {
  pendapatanTindakan: { group: 'Pendapatan', label: 'Pendapatan tindakan', default: '4101' },
  pendapatanProduk: { group: 'Pendapatan', label: 'Pendapatan produk', default: '4102' },
  pendapatanPaket: { group: 'Pendapatan', label: 'Pendapatan paket', default: '4103' },
  pendapatanLab: { group: 'Pendapatan', label: 'Pendapatan laboratorium', default: '4104' },
  pendapatanKonsultasi: { group: 'Pendapatan', label: 'Pendapatan konsultasi', default: '4105' },
  potonganPenjualan: { group: 'Pendapatan', label: 'Diskon / potongan penjualan', default: '4109' },
  piutangPasien: { group: 'Piutang dan uang muka', label: 'Piutang pasien', default: '1120' },
  piutangMembership: { group: 'Piutang dan uang muka', label: 'Piutang membership / paket', default: '1130' },
  pendapatanPaketDimuka: {
    group: 'Piutang dan uang muka',
    label: 'Pendapatan paket diterima di muka',
    default: '2301',
  },
  depositPasien: { group: 'Piutang dan uang muka', label: 'Deposit pasien', default: '2302' },
  piutangAntarCabang: { group: 'Piutang dan uang muka', label: 'Piutang antar cabang', default: '1170' },
  hutangUsaha: { group: 'Hutang', label: 'Hutang usaha / vendor', default: '2101' },
  hutangDokter: { group: 'Hutang', label: 'Hutang dokter (jasa dokter)', default: '2102' },
  hutangInvestor: { group: 'Hutang', label: 'Hutang investor', default: '2103' },
  hutangGaji: { group: 'Hutang', label: 'Hutang gaji', default: '2104' },
  hutangLabRumahSakit: { group: 'Hutang', label: 'Hutang laboratorium / rumah sakit', default: '2105' },
  hutangAntarCabang: { group: 'Hutang', label: 'Hutang antar cabang', default: '2106' },
  hutangPph21: { group: 'Pajak', label: 'Hutang PPh 21', default: '2201' },
  hutangPph23: { group: 'Pajak', label: 'Hutang PPh 23', default: '2202' },
  hutangPphBadan: { group: 'Pajak', label: 'Hutang PPh badan', default: '2203' },
  hutangBpjs: { group: 'Pajak', label: 'Hutang BPJS', default: '2204' },
  hutangPpn: { group: 'Pajak', label: 'Hutang PPN (bila pajak tidak menyebut akun)', default: '2205' },
  persediaan: { group: 'Persediaan dan HPP', label: 'Persediaan', default: '1140' },
  persediaanPerjalanan: { group: 'Persediaan dan HPP', label: 'Persediaan dalam perjalanan', default: '1141' },
  hpp: { group: 'Persediaan dan HPP', label: 'Harga pokok penjualan', default: '5101' },
  bebanBhp: { group: 'Persediaan dan HPP', label: 'Beban bahan habis pakai', default: '5102' },
  selisihPersediaan: { group: 'Persediaan dan HPP', label: 'Selisih persediaan', default: '5104' },
  bebanLab: { group: 'Beban', label: 'Beban laboratorium', default: '5103' },
  bebanGaji: { group: 'Beban', label: 'Beban gaji', default: '6101' },
  bebanBagiHasilDokter: { group: 'Beban', label: 'Beban bagi hasil dokter', default: '6102' },
  bebanBpjs: { group: 'Beban', label: 'Beban BPJS', default: '6105' },
  // Issue 29 part B: distribution runs to investors and partners.
  dividenDibagikan: { group: 'Beban', label: 'Dividen dibagikan (ekuitas)', default: '3102' },
  bebanSewaAlat: { group: 'Beban', label: 'Beban sewa alat mitra (per tindakan)', default: '6103' },
  bebanBagiHasilMitra: { group: 'Beban', label: 'Beban bagi hasil mitra', default: '6112' },
  bebanBungaPinjaman: { group: 'Beban', label: 'Beban bunga pinjaman investor', default: '8104' },
  hutangPph26: { group: 'Pajak', label: 'Hutang PPh 26', default: '2206' },
} as const satisfies Record<string, { group: AutopostGroup; label: string; default: string }>;

export type AutopostKey = keyof typeof AUTOPOST_KEYS;
export const AUTOPOST_KEY_LIST = Object.keys(AUTOPOST_KEYS) as AutopostKey[];
export function isAutopostKey(k: unknown): k is AutopostKey {
  return typeof k === 'string' && Object.prototype.hasOwnProperty.call(AUTOPOST_KEYS, k);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /api/finance/autoposting/{key} body: the account (id or code) and the date from which it applies. */
export const autopostingUpdateInput = z.object({
  akun: z.union([
    z.number({ message: 'Akun wajib dipilih' }).int('Akun tidak valid').positive('Akun tidak valid'),
    z.string({ message: 'Akun wajib dipilih' }).trim().min(1, 'Akun wajib dipilih').max(20, 'Akun tidak valid'),
  ]),
  effective_from: z
    .string({ message: 'Tanggal berlaku wajib diisi' })
    .regex(DATE, 'Tanggal berlaku tidak valid (format YYYY-MM-DD)'),
});
export type AutopostingUpdateInput = z.infer<typeof autopostingUpdateInput>;

/** POST /api/finance/autoposting/preview: what a posted document would post under the mapping in force (or edited). */
export const autopostingPreviewInput = z.object({
  source_type: z.string({ message: 'Jenis dokumen wajib diisi' }).trim().min(1, 'Jenis dokumen wajib diisi').max(40),
  source: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ message: 'Dokumen wajib diisi' }).trim().min(1, 'Dokumen wajib diisi').max(60),
  ),
  /** The date whose mapping applies (default: today). */
  date: z.preprocess(emptyToUndefined, z.string().regex(DATE, 'Tanggal tidak valid (format YYYY-MM-DD)').optional()),
  /** A change being edited (not saved): the key and the account it would book to. */
  change: z
    .object({
      key: z.string().trim().min(1).max(40),
      akun: z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]),
    })
    .optional(),
});
export type AutopostingPreviewInput = z.infer<typeof autopostingPreviewInput>;

export interface AutopostingVersionDto {
  id: number;
  akun_id: number;
  akun: string;
  akunname: string;
  effective_from: string;
  created_by: string | null;
  created_at: string;
}

export interface AutopostingDto {
  key: AutopostKey;
  group: AutopostGroup;
  label: string;
  default: string;
  /** The version in force today (null: not set for this branch, postings with this key are refused). */
  current: AutopostingVersionDto | null;
  /** Every version, newest effective date first (a future one included). */
  history: AutopostingVersionDto[];
  /** The latest document of the branch that posted with this key (what the page previews), or null. */
  sample: { source_type: string; source: string; code: string; transaction_at: string } | null;
}

export interface AutopostingMethodDto {
  id: number;
  name: string;
  type: string;
  akun: string;
  akunname: string;
}

export interface AutopostingPreviewLineDto {
  key: string | null;
  label: string | null;
  akun: string;
  akunname: string;
  /** The account the stored journal booked (differs from `akun` when the mapping has changed since). */
  posted_akun: string;
  description: string | null;
  debit: number;
  credit: number;
}

export interface AutopostingPreviewDto {
  source_type: string;
  source: string;
  date: string;
  lines: AutopostingPreviewLineDto[];
  debit: number;
  credit: number;
}
