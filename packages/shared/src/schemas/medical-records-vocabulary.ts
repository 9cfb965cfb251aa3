/** Electronic medical record: the vocabulary (kinds, statuses, vital signs, codes). */
import type { Resource } from '../access.js';
import { z } from './common.js';

/** Kinds of entry of a record. 'resep' is one item of a prescription (rm_prescription is the header). */
export const RM_KINDS = ['soap', 'treatment', 'produk', 'bhp', 'resep', 'alergi', 'lab'] as const;
export type RmKind = (typeof RM_KINDS)[number];
export const RM_KIND_LABEL: Record<RmKind, string> = {
  soap: 'SOAP',
  treatment: 'Tindakan',
  produk: 'Produk',
  bhp: 'BHP',
  resep: 'Resep',
  alergi: 'Alergi',
  lab: 'Form Lab',
};

/** The privilege (spec 6 resource) that guards each kind: read to see it, manage to write it. */
export const RM_KIND_RESOURCE: Record<RmKind, 'RM_DOKUMEN' | 'RM_TREATMENT' | 'RM_PRODUK' | 'RM_BHP' | 'RM_RESEP'> = {
  soap: 'RM_DOKUMEN',
  treatment: 'RM_TREATMENT',
  produk: 'RM_PRODUK',
  bhp: 'RM_BHP',
  resep: 'RM_RESEP',
  alergi: 'RM_DOKUMEN',
  /** Lab forms are ordered with the treatments (the spec has no RM_* resource of their own). */
  lab: 'RM_TREATMENT',
};

/** The correction right (perbaikan, Permenkes 24/2022): manage on this resource lets a finished record be corrected. */
export const RM_CORRECTION_RESOURCE = 'RM_PERBAIKAN' as const satisfies Resource;

export const RM_RECORD_STATUSES = ['draft', 'finished'] as const;
export type RmRecordStatus = (typeof RM_RECORD_STATUSES)[number];
export const RM_RECORD_STATUS_LABEL: Record<RmRecordStatus, string> = { draft: 'Draf', finished: 'Selesai' };

export const RM_VERSION_ACTIONS = ['create', 'correct', 'void'] as const;
export type RmVersionAction = (typeof RM_VERSION_ACTIONS)[number];
export const RM_VERSION_ACTION_LABEL: Record<RmVersionAction, string> = {
  create: 'Dibuat',
  correct: 'Perbaikan',
  void: 'Dibatalkan',
};

/** The pharmacy's progress on a prescription (the inventory module moves it; forward only, kept by a trigger). */
export const PRESCRIPTION_STATUSES = ['menunggu', 'sebagian', 'diserahkan', 'batal'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];
export const PRESCRIPTION_STATUS_LABEL: Record<PrescriptionStatus, string> = {
  menunggu: 'Menunggu',
  sebagian: 'Diserahkan Sebagian',
  diserahkan: 'Diserahkan',
  batal: 'Batal',
};

// ---------------------------------------------------------------------------------------------------------------
// Vital signs
// ---------------------------------------------------------------------------------------------------------------

/** Plausible ranges (also CHECKed by PostgreSQL on rm_entry_version). */
export const VITAL_RANGES = {
  sistole: { min: 40, max: 300, unit: 'mmHg', label: 'Sistole', decimals: 0 },
  diastole: { min: 20, max: 200, unit: 'mmHg', label: 'Diastole', decimals: 0 },
  nadi: { min: 20, max: 250, unit: 'x/menit', label: 'Nadi', decimals: 0 },
  respirasi: { min: 4, max: 80, unit: 'x/menit', label: 'Respirasi', decimals: 0 },
  suhu: { min: 30, max: 45, unit: '°C', label: 'Suhu', decimals: 1 },
  spo2: { min: 50, max: 100, unit: '%', label: 'SpO2', decimals: 0 },
  berat: { min: 0.5, max: 400, unit: 'kg', label: 'Berat badan', decimals: 1 },
  tinggi: { min: 20, max: 260, unit: 'cm', label: 'Tinggi badan', decimals: 1 },
} as const;
export type VitalName = keyof typeof VITAL_RANGES;
export const VITAL_NAMES = Object.keys(VITAL_RANGES) as VitalName[];

const fmt = (n: number) => String(n).replace('.', ',');
export function vital(name: VitalName) {
  const r = VITAL_RANGES[name];
  const msg = `${r.label} harus ${fmt(r.min)}–${fmt(r.max)} ${r.unit}`;
  const step = r.decimals === 0 ? `${r.label} harus bilangan bulat` : `${r.label} maksimal ${r.decimals} angka desimal`;
  return z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return undefined;
      if (typeof v === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(v)) return Number(v.trim().replace(',', '.'));
      return v;
    },
    z
      .number({ error: `${r.label} harus berupa angka` })
      .min(r.min, msg)
      .max(r.max, msg)
      .refine((n) => Math.abs(n * 10 ** r.decimals - Math.round(n * 10 ** r.decimals)) < 1e-9, step)
      .optional(),
  );
}

export const vitalsInput = z
  .object({
    sistole: vital('sistole'),
    diastole: vital('diastole'),
    nadi: vital('nadi'),
    respirasi: vital('respirasi'),
    suhu: vital('suhu'),
    spo2: vital('spo2'),
    berat: vital('berat'),
    tinggi: vital('tinggi'),
  })
  .superRefine((v, ctx) => {
    if ((v.sistole === undefined) !== (v.diastole === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [v.sistole === undefined ? 'sistole' : 'diastole'],
        message: 'Isi sistole dan diastole bersama',
      });
    if (v.sistole !== undefined && v.diastole !== undefined && v.diastole >= v.sistole)
      ctx.addIssue({ code: 'custom', path: ['diastole'], message: 'Diastole harus lebih kecil dari sistole' });
  });
export type VitalsInput = z.input<typeof vitalsInput>;
export type Vitals = z.output<typeof vitalsInput>;

/**
 * BMI (kg/m²) from weight and height, rounded to one decimal the way the database's generated column rounds
 * (numeric, half up): the form's live figure is the one stored. Weight and height have at most one decimal, so the
 * division is done on whole tenths, without float error (60,8 kg at 160 cm is 23,75: 23,8, not float's 23,7).
 * Null when either is missing.
 */
export function bmiOf(berat: number | null | undefined, tinggi: number | null | undefined): number | null {
  if (!berat || !tinggi || tinggi <= 0) return null;
  const b = Math.round(berat * 10);
  const t = Math.round(tinggi * 10);
  // bmi = (b / 10) / (t / 1000)^2 = b * 100000 / t^2; in tenths: b * 1000000 / t^2, rounded half up.
  const num = b * 1_000_000;
  const den = t * t;
  return Math.floor((2 * num + den) / (2 * den)) / 10;
}

/**
 * WHO Asia-Pacific categories (Kemenkes uses them), of the BMI as shown (one decimal): the figure and its category
 * always agree (issue 26 item 7: 18,46 showed as 18,5 must not read as 'kurang' beside it, nor the other way).
 */
export function bmiCategory(bmi: number | null): string | null {
  if (bmi === null) return null;
  const shown = Math.round(bmi * 10);
  if (shown < 185) return 'Berat badan kurang';
  if (shown < 230) return 'Normal';
  if (shown < 250) return 'Berat badan lebih';
  if (shown < 300) return 'Obesitas I';
  return 'Obesitas II';
}

/** '23,8 kg/m² (Berat badan lebih)': always one decimal, with the category of that figure. */
export function bmiText(bmi: number): string {
  return `${bmi.toFixed(1).replace('.', ',')} kg/m² (${bmiCategory(bmi)})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------------------------

/** ICD-10: a letter, two digits, optionally a dot and up to two more characters ('A09', 'J06.9', 'L70.0'). */
export const ICD10_PATTERN = /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,2})?$/;
/** ICD-9-CM procedures: two digits, optionally a dot and one or two digits ('86', '86.3', '99.29'). */
export const ICD9CM_PATTERN = /^[0-9]{2}(\.[0-9]{1,2})?$/;

const upperTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
export const icd10Code = z.preprocess(
  upperTrim,
  z.string({ error: 'Kode ICD-10 wajib diisi' }).regex(ICD10_PATTERN, 'Kode ICD-10 tidak valid'),
);
export const icd9cmCode = z.preprocess(
  upperTrim,
  z.string({ error: 'Kode ICD-9-CM wajib diisi' }).regex(ICD9CM_PATTERN, 'Kode ICD-9-CM tidak valid'),
);

export const diagnosisInput = z.object({
  code: icd10Code,
  primary: z.boolean({ error: 'Harus ya atau tidak' }).optional().default(false),
});
export const procedureInput = z.object({ code: icd9cmCode });
