/** Electronic medical record: the DTOs the API answers. */
import {
  type RmKind,
  type RmRecordStatus,
  type RmVersionAction,
  type PrescriptionStatus,
} from './medical-records-vocabulary.js';

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

/** A choice of the record's forms (a treatment, an item, a lab form) with its price in force (rupiah). */
export interface RmOptionDto {
  id: number;
  code: string;
  name: string;
  price: number;
  unit?: string;
  /** Items: the active ingredient (matched against the allergies; searched too). */
  generic_name?: string | null;
}

/** The vital signs of a SOAP note. */
export interface RmVitals {
  sistole: number | null;
  diastole: number | null;
  nadi: number | null;
  respirasi: number | null;
  suhu: number | null;
  spo2: number | null;
  berat: number | null;
  tinggi: number | null;
  bmi: number | null;
}

/** The text of a SOAP note. */
export interface RmSoapText {
  subjective: string | null;
  objective: string | null;
  assessment: string | null;
  plan: string | null;
}

/** One version of an entry: the content as it was then, who wrote it, when, why. */
export interface RmVersionDto extends Partial<RmSoapText> {
  id: number;
  version: number;
  action: RmVersionAction;
  reason: string | null;
  created_at: string;
  created_by: RmPerson | null;
  // soap: the text (RmSoapText) and
  vitals?: RmVitals;
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
