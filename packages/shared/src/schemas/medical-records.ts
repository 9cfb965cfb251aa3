import type { Resource } from '../access.js';
import { emptyToUndefined, idOf, optionalText, plainString, requiredText, z } from './common.js';

/**
 * Electronic medical record (rekam medis, issue 12; Permenkes 24/2022): the vocabulary, the input schemas of the
 * REST contract (`/api/rekammedis/...`) and the DTOs. Every clinical entry is versioned: version 1 as written, then
 * corrections (reason required) and at most one void (reason required); nothing is erased.
 * Tables: rm_record, rm_entry, rm_entry_version, rm_entry_head, rm_diagnosis, rm_procedure, rm_prescription, icd10,
 * icd9cm (packages/server/src/db/schema/medical-records.ts).
 */

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
function vital(name: VitalName) {
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

// ---------------------------------------------------------------------------------------------------------------
// Inputs of the REST contract
// ---------------------------------------------------------------------------------------------------------------

export const SOAP_EMPTY_MESSAGE = 'Isi minimal satu bagian SOAP atau tanda vital';
export const PRIMARY_DIAGNOSIS_MESSAGE = 'Pilih tepat satu diagnosis utama';
export const REASON_MESSAGE = 'Alasan wajib diisi';

const soapFields = {
  subjective: optionalText(5000),
  objective: optionalText(5000),
  assessment: optionalText(5000),
  plan: optionalText(5000),
  vitals: z.preprocess((v) => (v === null || v === undefined ? {} : v), vitalsInput),
  diagnoses: z.array(diagnosisInput, { error: 'Diagnosis tidak valid' }).max(20, 'Maksimal 20 diagnosis').default([]),
  /** ICD-9-CM procedures noted with the SOAP (a treatment may carry its own ICD-9-CM too). */
  procedures: z.array(procedureInput, { error: 'Prosedur tidak valid' }).max(20, 'Maksimal 20 prosedur').default([]),
};

type SoapShape = {
  subjective?: string | null;
  objective?: string | null;
  assessment?: string | null;
  plan?: string | null;
  vitals: Vitals;
  diagnoses: { code: string; primary: boolean }[];
  procedures: { code: string }[];
};
function soapRules(v: SoapShape, ctx: z.RefinementCtx) {
  const hasText = [v.subjective, v.objective, v.assessment, v.plan].some((s) => !!s && s.trim() !== '');
  const hasVital = Object.values(v.vitals).some((n) => n !== undefined);
  if (!hasText && !hasVital) ctx.addIssue({ code: 'custom', path: ['subjective'], message: SOAP_EMPTY_MESSAGE });
  if (v.diagnoses.length && v.diagnoses.filter((d) => d.primary).length !== 1)
    ctx.addIssue({ code: 'custom', path: ['diagnoses'], message: PRIMARY_DIAGNOSIS_MESSAGE });
  const seen = new Set<string>();
  v.diagnoses.forEach((d, i) => {
    if (seen.has(d.code))
      ctx.addIssue({ code: 'custom', path: ['diagnoses', i, 'code'], message: 'Diagnosis sudah ada di daftar' });
    seen.add(d.code);
  });
  const seenP = new Set<string>();
  v.procedures.forEach((p, i) => {
    if (seenP.has(p.code))
      ctx.addIssue({ code: 'custom', path: ['procedures', i, 'code'], message: 'Prosedur sudah ada di daftar' });
    seenP.add(p.code);
  });
}

const reason = requiredText(500).pipe(z.string().min(3, 'Alasan minimal 3 karakter'));
/** On a new entry: needed only when the record is already finished (adding to it is a correction). */
const addReason = optionalText(500);
/** On a correction: the version the user corrected (from the screen); another version by now answers 409. */
const baseVersion = z.preprocess(
  emptyToUndefined,
  z.coerce.number({ error: 'Versi tidak valid' }).int('Versi tidak valid').min(1, 'Versi tidak valid').optional(),
);

/** POST /api/rekammedis/visit/{visit}/soap. */
export const soapInput = z.object({ ...soapFields, reason: addReason }).superRefine(soapRules);
export type SoapInput = z.input<typeof soapInput>;
export type SoapInputParsed = z.output<typeof soapInput>;

/** PUT /api/rekammedis/soap/{id}: the whole note again, and why. */
export const soapCorrectionInput = z.object({ ...soapFields, reason, version: baseVersion }).superRefine(soapRules);
export type SoapCorrectionInput = z.input<typeof soapCorrectionInput>;

const qty = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ error: 'Jumlah wajib diisi' })
    .int('Jumlah harus bilangan bulat')
    .min(1, 'Jumlah minimal 1')
    .max(9999, 'Jumlah maksimal 9999'),
);
const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional().nullable());
const optionalIcd9 = z.preprocess(emptyToUndefined, icd9cmCode.optional().nullable());

const treatmentFields = {
  perawatan: idOf('Pilih perawatan'),
  qty,
  doctor: idOf('Pilih dokter'),
  assistant: optionalId('Asisten tidak valid'),
  icd9cm: optionalIcd9,
};
/** POST /api/rekammedis/visit/{visit}/treatment. */
export const treatmentInput = z.object({ ...treatmentFields, reason: addReason });
export type TreatmentInput = z.input<typeof treatmentInput>;
export const treatmentCorrectionInput = z.object({ ...treatmentFields, reason, version: baseVersion });

/** POST /api/rekammedis/visit/{visit}/produk. */
export const produkInput = z.object({ item: idOf('Pilih produk'), qty, reason: addReason });
export type ProdukInput = z.input<typeof produkInput>;
export const produkCorrectionInput = z.object({ item: idOf('Pilih produk'), qty, reason, version: baseVersion });

/** POST /api/rekammedis/visit/{visit}/bhp. */
export const bhpInput = z.object({ item: idOf('Pilih BHP'), qty, reason: addReason });
export type BhpInput = z.input<typeof bhpInput>;
export const bhpCorrectionInput = z.object({ item: idOf('Pilih BHP'), qty, reason, version: baseVersion });

const signa = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'Signa wajib diisi' })
    .min(1, 'Signa wajib diisi')
    .max(200, 'Signa maksimal 200 karakter')
    .pipe(plainString()),
);
export const resepItemInput = z.object({ item: idOf('Pilih obat'), qty, signa });
/**
 * Why a drug matching a recorded allergy of the patient is given all the same (docs/decisions.md, issue 26): the
 * server refuses such a drug (400 on this field) unless the request carries it; it is kept on the line.
 */
export const allergyOverride = optionalText(500);
/** POST /api/rekammedis/visit/{visit}/resep: one prescription with its items. */
export const resepInput = z.object({
  items: z
    .array(resepItemInput, { error: 'Isi item resep' })
    .min(1, 'Isi minimal satu obat')
    .max(30, 'Maksimal 30 obat per resep'),
  note: optionalText(500),
  reason: addReason,
  allergy_override: allergyOverride,
});
export type ResepInput = z.input<typeof resepInput>;
/** PUT /api/rekammedis/resep/{id}: one item of a prescription corrected. */
export const resepCorrectionInput = z.object({
  item: idOf('Pilih obat'),
  qty,
  signa,
  reason,
  version: baseVersion,
  allergy_override: allergyOverride,
});

/** POST /api/rekammedis/visit/{visit}/alergi: an allergy of the patient, shown on every later record. */
export const alergiInput = z.object({
  allergen: requiredText(200),
  note: optionalText(500),
  reason: addReason,
});
export type AlergiInput = z.input<typeof alergiInput>;
export const alergiCorrectionInput = z.object({
  allergen: requiredText(200),
  note: optionalText(500),
  reason,
  version: baseVersion,
});

/**
 * POST /api/rekammedis/visit/{visit}/lab: a lab form of the branch's lab master (Master Laboratorium) ordered for
 * the patient, with a quantity (normally 1) and a note; its price is the master's at the visit.
 */
export const labInput = z.object({ form_lab: idOf('Pilih form lab'), qty, note: optionalText(500), reason: addReason });
export type LabInput = z.input<typeof labInput>;
export const labCorrectionInput = z.object({
  form_lab: idOf('Pilih form lab'),
  qty,
  note: optionalText(500),
  reason,
  version: baseVersion,
});

/** POST /api/rekammedis/{kind}/{id}/void: the entry stays, marked void, with why. */
export const voidInput = z.object({ reason, version: baseVersion });
export type VoidInput = z.input<typeof voidInput>;

/** The correction schema of each kind (PUT /api/rekammedis/{kind}/{id}). */
export const RM_CORRECTION_INPUT = {
  soap: soapCorrectionInput,
  treatment: treatmentCorrectionInput,
  produk: produkCorrectionInput,
  bhp: bhpCorrectionInput,
  resep: resepCorrectionInput,
  alergi: alergiCorrectionInput,
  lab: labCorrectionInput,
} as const;

const pageOf = (max: number, dflt: number) => ({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1, 'Halaman tidak valid').default(1)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, 'Batas tidak valid').max(max, `Maksimal ${max} per halaman`).default(dflt),
  ),
});

/** GET /api/rekammedis/patient/{customer}?page=&limit=: visits newest first, with their entries. */
export const patientRecordQuery = z.object({
  ...pageOf(50, 10),
  /** Top-level users: every branch's visits (others always get the current branch). */
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type PatientRecordQuery = z.input<typeof patientRecordQuery>;

/** GET /api/rekammedis/patient/{customer}/access: who opened the patient's record (manager). */
export const recordAccessQuery = z.object({ ...pageOf(100, 20) });
export type RecordAccessQuery = z.input<typeof recordAccessQuery>;

// ---------------------------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------------------------

export interface RmPerson {
  id: number;
  name: string;
}

export interface RmDiagnosisDto {
  code: string;
  name_id: string;
  name_en: string;
  primary: boolean;
}
export interface RmProcedureDto {
  code: string;
  name_id: string;
  name_en: string;
}

/** One version of an entry: the content as it was then, who wrote it, when, why. */
export interface RmVersionDto {
  id: number;
  version: number;
  action: RmVersionAction;
  reason: string | null;
  created_at: string;
  created_by: RmPerson | null;
  // soap
  subjective?: string | null;
  objective?: string | null;
  assessment?: string | null;
  plan?: string | null;
  vitals?: {
    sistole: number | null;
    diastole: number | null;
    nadi: number | null;
    respirasi: number | null;
    suhu: number | null;
    spo2: number | null;
    berat: number | null;
    tinggi: number | null;
    bmi: number | null;
  };
  diagnoses?: RmDiagnosisDto[];
  procedures?: RmProcedureDto[];
  // treatment
  perawatan?: { id: number; code: string; name: string } | null;
  doctor?: RmPerson | null;
  assistant?: RmPerson | null;
  icd9cm?: RmProcedureDto | null;
  // produk, bhp, resep
  item?: { id: number; code: string; name: string; unit: string } | null;
  signa?: string | null;
  /** resep: why it was prescribed although it matches a recorded allergy (this version's who and when). */
  allergy_override?: string | null;
  qty?: number | null;
  /** Unit price at the visit and the doctor's share per unit, in rupiah (the API's money unit). */
  price?: number | null;
  doctor_share?: number | null;
  // lab
  form_lab?: { id: number; code: string; name: string } | null;
  // alergi (and the note of a lab form)
  allergen?: string | null;
  note?: string | null;
}

/** An entry with its current version. */
export interface RmEntryDto {
  id: number;
  kind: RmKind;
  visit_id: number;
  prescription_id: number | null;
  created_at: string;
  created_by: RmPerson | null;
  /** Number of versions; > 1 means corrected (or voided). */
  version: number;
  voided: boolean;
  current: RmVersionDto;
}

export interface RmPrescriptionDto {
  id: number;
  code: string;
  note: string | null;
  pharmacy_status: PrescriptionStatus;
  created_at: string;
  items: RmEntryDto[];
}

export interface RmPhotoDto {
  id: number;
  thumbnail: string;
  photo: string;
  label: string | null;
  upload_at: string;
}

/** The record of one visit (GET /api/rekammedis/visit/{visit}); also one element of the patient timeline. */
export interface RmVisitRecordDto {
  visit: {
    id: number;
    code: string;
    visit_date: string;
    kind: string;
    status: string;
    /** Paid state from the cashier's payment rows: belum_dibayar | belum_lunas | lunas. */
    pay_status: 'belum_dibayar' | 'belum_lunas' | 'lunas';
    complaint: string | null;
    doctor: RmPerson;
    nurse: RmPerson | null;
  };
  customer: { id: number; name: string; username: string; birth_date: string | null; gender: number | null };
  record: {
    id: number;
    status: RmRecordStatus;
    finished_at: string | null;
    finished_by: RmPerson | null;
  } | null;
  /** Kinds the caller may read (others are left out, not emptied). */
  readable: RmKind[];
  soap: RmEntryDto[];
  treatment: RmEntryDto[];
  produk: RmEntryDto[];
  bhp: RmEntryDto[];
  resep: RmPrescriptionDto[];
  /** The patient's allergies recorded at this visit (the patient's allergies overall: `allergies`). */
  alergi: RmEntryDto[];
  /** Lab forms ordered at this visit (billed at the cashier like the treatments). */
  lab: RmEntryDto[];
  photos: RmPhotoDto[];
}

/** GET /api/rekammedis/visit/{visit}: the record plus the patient's current allergies from every visit. */
export interface RmVisitRecordFullDto extends RmVisitRecordDto {
  allergies: RmEntryDto[];
  /** What the caller may do here. */
  can: { write: RmKind[]; correct: boolean; finish: boolean };
}

export interface RmAccessLogDto {
  id: number;
  at: string;
  user: RmPerson | null;
  action: string;
  visit_id: number | null;
  ip: string | null;
}

/**
 * A change another user made to a record after it was finished (issue 25): a correction, a void or an addition,
 * with its reason, shown to the visit's treating doctor (GET /api/rekammedis/corrections).
 */
export interface RmCorrectionDto {
  /** The version written (rm_entry_version id). */
  id: number;
  at: string;
  by: RmPerson | null;
  action: RmVersionAction;
  kind: RmKind;
  entry: number;
  version: number;
  reason: string | null;
  visit: { id: number; code: string; visit_date: string };
  customer: { id: number; name: string };
}
export const correctionsQuery = z.object({ ...pageOf(50, 20) });
