import { access, type Access, type Resource } from '../access.js';
import { rmRead } from '../module-access.js';
import { z, emptyToUndefined, idOf, optionalDate, optionalQueryInt, pageQuery } from './common.js';

/**
 * The record lists of issue 12 (spec routes /rekammedis/{soap|treatment|produk|resep|foto} and, for top-level users
 * across branches, /backoffice/rekammedis/{treatment|produk|resep|foto}): every entry of one kind across patients,
 * newest first, with date range, doctor and patient filters, server pages and Excel. REST
 * GET /api/rekammedis/daftar/{kind}; tRPC medicalLists.{kind}.
 */
export const MEDICAL_LIST_KINDS = ['soap', 'treatment', 'produk', 'resep', 'foto'] as const;
export type MedicalListKind = (typeof MEDICAL_LIST_KINDS)[number];

/** The RM_* resource whose read right opens each list (spec 6). */
export const MEDICAL_LIST_RESOURCE: Record<MedicalListKind, Resource> = {
  soap: 'RM_DOKUMEN',
  treatment: 'RM_TREATMENT',
  produk: 'RM_PRODUK',
  resep: 'RM_RESEP',
  foto: 'RM_FOTOPROGRES',
};
export const MEDICAL_LIST_ACCESS: Record<MedicalListKind, Access> = {
  soap: rmRead('RM_DOKUMEN'),
  treatment: rmRead('RM_TREATMENT'),
  produk: rmRead('RM_PRODUK'),
  resep: rmRead('RM_RESEP'),
  foto: access.feature('RM_FOTOPROGRES', 'read'),
};
export const MEDICAL_LIST_TITLE: Record<MedicalListKind, string> = {
  soap: 'Catatan SOAP',
  treatment: 'Rekam Medis Tindakan',
  produk: 'Rekam Medis Produk',
  resep: 'Rekam Medis Resep',
  foto: 'Foto Progres',
};

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional());

export const medicalListQuery = z
  .object({
    ...pageQuery,
    fromdate: optionalDate,
    todate: optionalDate,
    doctor: optionalId('Dokter tidak valid'),
    customer: optionalId('Pasien tidak valid'),
    /** Top-level users only (ignored for others): 1 = every branch; or one branch by profile_id. */
    isallbranch: optionalQueryInt,
    profile_id: optionalId('Cabang tidak valid'),
    /** 1: the page is read for the Excel file (recorded as an export in the audit trail). */
    export: optionalQueryInt,
  })
  .superRefine((v, ctx) => {
    if (v.fromdate && v.todate && v.fromdate > v.todate)
      ctx.addIssue({ code: 'custom', path: ['todate'], message: 'Tanggal akhir sebelum tanggal awal' });
  });
export type MedicalListQuery = z.input<typeof medicalListQuery>;
/** The doctor filter's choices: the branch's doctors, or every branch's for a top-level user (isallbranch=1). */
export const medicalListDoctorsQuery = z.object({
  isallbranch: optionalQueryInt,
  profile_id: optionalId('Cabang tidak valid'),
});

/** What every row of the lists has: the visit, its branch, patient and doctor. */
export interface MedicalListBase {
  id: number;
  visit_id: number;
  visit_code: string;
  visit_date: string;
  branch: { id: number; name: string };
  customer: { id: number; name: string; username: string };
  doctor: { id: number; name: string };
  /** When the entry (or photo) was written. */
  created_at: string;
}

/** A clinical entry's current version: its number and whether it was voided (voided rows stay listed). */
interface Versioned {
  version: number;
  voided: boolean;
  record_status: string;
}

export interface SoapListRow extends MedicalListBase, Versioned {
  subjective: string | null;
  objective: string | null;
  assessment: string | null;
  plan: string | null;
  diagnoses: { code: string; name_id: string; name_en: string; primary: boolean }[];
}
export interface TreatmentListRow extends MedicalListBase, Versioned {
  perawatan: { id: number; name: string };
  qty: number;
  /** Who performed it (the record's doctor is `doctor`). */
  performer: { id: number; name: string } | null;
  assistant: { id: number; name: string } | null;
  icd9cm: { code: string; name_en: string; name_id: string } | null;
  /** Price per unit at the visit, rupiah. */
  price: number;
}
export interface ProdukListRow extends MedicalListBase, Versioned {
  item: { id: number; name: string };
  qty: number;
  /** Price per unit at the visit, rupiah. */
  price: number;
}
export interface ResepListRow extends MedicalListBase, Versioned {
  prescription: { id: number; code: string; pharmacy_status: string };
  item: { id: number; name: string };
  qty: number;
  signa: string;
}
export interface FotoListRow extends MedicalListBase {
  label: string | null;
  note: string | null;
  upload_at: string;
  photourl: string;
  thumbnailurl: string;
}
export interface MedicalListRows {
  soap: SoapListRow;
  treatment: TreatmentListRow;
  produk: ProdukListRow;
  resep: ResepListRow;
  foto: FotoListRow;
}

/** How many days after the visit a sick leave may start (issue 25: the doctor certifies what they examined). */
export const SICK_LETTER_MAX_START_DAYS = 3;

/**
 * POST /api/rekammedis/visit/{id}/surat-sakit (issue 25): days of rest (1-30, default 1), from (default the visit
 * date; from the visit date to SICK_LETTER_MAX_START_DAYS days after it), diagnosis=1 to print the primary diagnosis
 * (left out by default: the letter leaves the clinic). Issued once, stored; GET .../surat-sakit.pdf reprints it.
 */
export const sickLetterQuery = z.object({
  days: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Jumlah hari harus berupa angka' })
      .int('Jumlah hari harus bilangan bulat')
      .min(1, 'Minimal 1 hari')
      .max(30, 'Maksimal 30 hari')
      .default(1),
  ),
  from: optionalDate,
  diagnosis: optionalQueryInt,
});
export const sickLetterInput = sickLetterQuery;

/** A stored sick-leave letter: what was issued, and what every reprint shows. */
export interface SickLetterDto {
  id: number;
  code: string;
  visit_id: number;
  days: number;
  from: string;
  to: string;
  diagnosis: string | null;
  doctor: { id: number; name: string };
  issued_at: string;
}
export type SickLetterQuery = z.input<typeof sickLetterQuery>;
