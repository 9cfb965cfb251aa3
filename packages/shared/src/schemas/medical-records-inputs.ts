/** Electronic medical record: the input schemas of the REST contract (`/api/rekammedis/...`). */
import { emptyToUndefined, idOf, optionalText, plainString, requiredText, z } from './common.js';
import { vitalsInput, type Vitals, icd9cmCode, diagnosisInput, procedureInput } from './medical-records-vocabulary.js';

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

export const reason = requiredText(500).pipe(z.string().min(3, 'Alasan minimal 3 karakter'));
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

export const qty = z.preprocess(
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

export const signa = z.preprocess(
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

export const correctionsQuery = z.object({ ...pageOf(50, 20) });
