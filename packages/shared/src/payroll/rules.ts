import { TER_PP58_2023, type TerRow } from './ter-pp58-2023.js';

/**
 * Indonesian PPh 21 rules as dated sets (docs/decisions.md, "Attendance and payroll"). Amounts in whole rupiah,
 * rates in basis points (1 bp = 0,01%). A new regulation adds a set with its own `from`; a computation for a tax
 * year uses the last set in force on 1 January of that year (`taxRulesFor`).
 */

export const PTKP_STATUSES = ['TK/0', 'TK/1', 'TK/2', 'TK/3', 'K/0', 'K/1', 'K/2', 'K/3'] as const;
export type PtkpStatus = (typeof PTKP_STATUSES)[number];
export type TerCategory = 'A' | 'B' | 'C';

export interface TaxBracket {
  /** Upper bound of the layer in rupiah of PKP (inclusive); null = no upper bound. */
  upTo: number | null;
  rateBp: number;
}

export interface TaxRules {
  /** First day in force (YYYY-MM-DD). */
  from: string;
  source: string;
  /** PTKP per year, rupiah. */
  ptkp: Readonly<Record<PtkpStatus, number>>;
  terCategory: Readonly<Record<PtkpStatus, TerCategory>>;
  ter: Readonly<Record<TerCategory, readonly TerRow[]>>;
  /** Pasal 17 ayat (1) huruf a, on annual PKP. */
  brackets: readonly TaxBracket[];
  /** Biaya jabatan: rate of gross, capped at monthsWorked × monthly maximum (PMK 105/2025). */
  biayaJabatanBp: number;
  biayaJabatanMonthlyMax: number;
  /** PKP is rounded down to this many rupiah (UU PPh Pasal 17 ayat (4)). */
  pkpRounding: number;
  /** Bukan pegawai: the tax base is this share of gross (PMK 168/2023). */
  bukanPegawaiBaseBp: number;
  /** Without a valid NIK/NPWP, PPh 21 is this much higher (UU PPh Pasal 21(5a): 20%). */
  noTaxIdSurchargeBp: number;
  /** Daily-paid pegawai tidak tetap (PP 58/2023 TER harian). */
  harian: { freeUpTo: number; upTo: number; rateBp: number };
}

export const TAX_RULES: readonly TaxRules[] = [
  {
    from: '2024-01-01',
    source: 'UU 7/2021 (HPP), PP 58/2023, PMK 168/2023, PMK 105/2025',
    ptkp: {
      'TK/0': 54_000_000,
      'TK/1': 58_500_000,
      'TK/2': 63_000_000,
      'TK/3': 67_500_000,
      'K/0': 58_500_000,
      'K/1': 63_000_000,
      'K/2': 67_500_000,
      'K/3': 72_000_000,
    },
    terCategory: {
      'TK/0': 'A',
      'TK/1': 'A',
      'K/0': 'A',
      'TK/2': 'B',
      'TK/3': 'B',
      'K/1': 'B',
      'K/2': 'B',
      'K/3': 'C',
    },
    ter: TER_PP58_2023,
    brackets: [
      { upTo: 60_000_000, rateBp: 500 },
      { upTo: 250_000_000, rateBp: 1500 },
      { upTo: 500_000_000, rateBp: 2500 },
      { upTo: 5_000_000_000, rateBp: 3000 },
      { upTo: null, rateBp: 3500 },
    ],
    biayaJabatanBp: 500,
    biayaJabatanMonthlyMax: 500_000,
    pkpRounding: 1000,
    bukanPegawaiBaseBp: 5000,
    noTaxIdSurchargeBp: 2000,
    harian: { freeUpTo: 450_000, upTo: 2_500_000, rateBp: 50 },
  },
];

/** The rules for a tax year: the last set in force on 1 January of that year (the first set for earlier years). */
export function taxRulesFor(year: number): TaxRules {
  const day = `${String(year).padStart(4, '0')}-01-01`;
  let found = TAX_RULES[0];
  for (const r of TAX_RULES) if (r.from <= day) found = r;
  return found;
}

export function isPtkpStatus(v: unknown): v is PtkpStatus {
  return typeof v === 'string' && (PTKP_STATUSES as readonly string[]).includes(v);
}
