import {
  ageOn,
  formatDate,
  GUARDIAN_SUGGESTED_BELOW_AGE,
  GENDER_LABELS,
  isNikFormat,
  nikMatchesBirth,
  type NewPatientInput,
  type UserDto,
  type UserListQuery,
} from '@klinik/shared';
import type { ExcelColumn } from '../../components/export-excel';
import { STATUS_LABELS } from '../../lib/status';

/** The guardian's fields ('Data Wali'), the last of the new-patient form's. */
export const WALI_FIELDS = [
  'wali_name',
  'wali_idcard',
  'wali_gender',
  'wali_email',
  'wali_phone',
  'wali_address',
] as const satisfies readonly (keyof NewPatientInput)[];

/** The new-patient form as the inputs hold it (spec 3 "New patient payload"): every field a string, plus the 'Data Wali' switch. */
export const PATIENT_FIELDS = [
  'name',
  'gender',
  'idcard',
  'birth_place',
  'birth_date',
  'address',
  'phone',
  'email',
  'instagram',
  ...WALI_FIELDS,
] as const satisfies readonly (keyof NewPatientInput)[];
export type PatientField = (typeof PATIENT_FIELDS)[number];

export type NewPatientValues = Record<PatientField, string> & { withWali: boolean };

export const EMPTY_PATIENT: NewPatientValues = {
  name: '',
  gender: '',
  idcard: '',
  birth_place: '',
  birth_date: '',
  address: '',
  phone: '',
  email: '',
  instagram: '',
  wali_name: '',
  wali_idcard: '',
  wali_gender: '',
  wali_email: '',
  wali_phone: '',
  wali_address: '',
  withWali: false,
};

/**
 * What the schema checks: the patient's fields, and the guardian's only while 'Data Wali' is on (hidden fields
 * neither block the form nor reach the server).
 */
export function valuesForValidation(
  values: NewPatientValues,
): Partial<Record<PatientField, string>> & { with_wali: boolean } {
  const out: Partial<Record<PatientField, string>> & { with_wali: boolean } = { with_wali: values.withWali };
  for (const k of PATIENT_FIELDS) {
    if (!values.withWali && (WALI_FIELDS as readonly string[]).includes(k)) continue;
    out[k] = values[k];
  }
  return out;
}

/**
 * The payload for PUT /api/users/{id} when the package wizard edits the patient it already registered (issue 26):
 * every field of the form, a cleared one (or the guardian's, with the switch off) as null so the stored value goes.
 */
export function patientUpdatePayload(parsed: NewPatientInput): Record<PatientField, unknown> {
  const out = {} as Record<PatientField, unknown>;
  for (const k of PATIENT_FIELDS) {
    const v = parsed[k];
    out[k] = v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;
  }
  return out;
}

/**
 * Issue 26: below GUARDIAN_SUGGESTED_BELOW_AGE on `today` a guardian is suggested (a hint, never a block). Null
 * when there is nothing to say (no birth date yet, an adult, or the guardian already on).
 */
export function guardianHint(birthDate: string, today: string, withWali: boolean): string | null {
  if (withWali || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || birthDate > today) return null;
  if (ageOn(birthDate, today) >= GUARDIAN_SUGGESTED_BELOW_AGE) return null;
  return `Pasien berusia di bawah ${GUARDIAN_SUGGESTED_BELOW_AGE} tahun: sebaiknya isi data wali.`;
}

/** The payload for POST /api/users (tRPC users.createPatient): the parsed input without empty fields. */
export function compactPatientPayload(parsed: NewPatientInput): NewPatientInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    out[k] = v;
  }
  return out as NewPatientInput;
}

/**
 * Spec: a NIK is permanent even when its date part looks wrong, so a mismatch with the birth date (or, for the
 * day + 40 rule, the gender) is a warning only. Null when there is nothing to compare or the parts agree.
 */
export function nikBirthWarning(idcard: string, birthDate: string, gender: string): string | null {
  const nik = idcard.trim();
  if (!isNikFormat(nik) || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return null;
  const g = gender === '0' || gender === '1' ? Number(gender) : undefined;
  if (nikMatchesBirth(nik, birthDate, g)) return null;
  if (g !== undefined && nikMatchesBirth(nik, birthDate)) {
    return 'Kode tanggal lahir pada NIK tidak sesuai dengan jenis kelamin (perempuan: tanggal + 40). Periksa kembali; data tetap dapat disimpan.';
  }
  return 'Tanggal lahir pada NIK tidak sesuai dengan tanggal lahir. Periksa kembali; data tetap dapat disimpan.';
}

export const PATIENT_STATUS_LABELS: Record<number, string> = STATUS_LABELS;

export function genderLabel(u: Pick<UserDto, 'gender' | 'gendername'>): string {
  if (u.gendername) return u.gendername;
  return u.gender === 0 || u.gender === 1 ? GENDER_LABELS[u.gender] : '';
}

export function ageLabel(old: number | null): string {
  return old === null ? '-' : `${old} th`;
}

/** The list's filters as users.list / GET /api/users take them (role 1 = patients; empty values dropped). */
export function patientListFilters(keyword: string, status: string): Omit<UserListQuery, 'page' | 'limit'> {
  const kw = keyword.trim();
  return {
    role: 1,
    keyword: kw === '' ? undefined : kw,
    status: status === '0' || status === '1' ? Number(status) : undefined,
  };
}

/** Excel columns of the 'Data Pasien' export. */
export const PATIENT_EXPORT_COLUMNS: ExcelColumn<UserDto>[] = [
  { header: 'NO RM.', value: 'username', width: 14 },
  { header: 'Nama', value: 'name', width: 30 },
  { header: 'Jenis Kelamin', value: (u) => genderLabel(u), width: 14 },
  { header: 'Umur', value: (u) => u.old, width: 8 },
  { header: 'Tempat Lahir', value: 'birth_place', width: 16 },
  { header: 'Tanggal Lahir', value: (u) => (u.birth_date ? formatDate(u.birth_date) : ''), width: 16 },
  { header: 'NIK', value: 'idcard', width: 20 },
  { header: 'Telepon', value: 'phone', width: 16 },
  { header: 'Email', value: 'email', width: 26 },
  { header: 'Alamat', value: 'address', width: 40 },
  { header: 'Kota', value: 'city', width: 20 },
  { header: 'Status', value: (u) => PATIENT_STATUS_LABELS[u.status] ?? String(u.status), width: 12 },
  { header: 'Nama Wali', value: 'wali_name', width: 24 },
  { header: 'Telepon Wali', value: 'wali_phone', width: 16 },
  { header: 'Tanggal Daftar', value: (u) => (u.join_at ? formatDate(u.join_at) : ''), width: 16 },
];
