import { z, emptyToUndefined, optionalQueryInt, pageQuery, plainString, requiredText } from './common.js';

/** SATUSEHAT (issue 31): settings, mappings, the outbox of finished visits and its board. */

export const SATUSEHAT_ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type SatusehatEnvironment = (typeof SATUSEHAT_ENVIRONMENTS)[number];
export const SATUSEHAT_ENVIRONMENT_LABELS: Record<SatusehatEnvironment, string> = {
  development: 'Development',
  staging: 'Staging (sandbox)',
  production: 'Production',
};

export const SATUSEHAT_VISIT_STATUSES = ['waiting', 'sent', 'failed', 'not_configured'] as const;
export type SatusehatVisitStatus = (typeof SATUSEHAT_VISIT_STATUSES)[number];
export const SATUSEHAT_STATUS_LABELS: Record<string, string> = {
  waiting: 'Menunggu',
  sent: 'Terkirim',
  failed: 'Gagal',
  invalid: 'Tidak valid',
  not_configured: 'Belum diatur',
  not_applicable: 'Tidak berlaku',
};

export const SATUSEHAT_MAP_KINDS = ['location', 'practitioner', 'patient', 'item', 'treatment'] as const;
export type SatusehatMapKind = (typeof SATUSEHAT_MAP_KINDS)[number];

const digits = (n: string, len: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(new RegExp(`^[0-9]{${len}}$`), `${n} harus ${len} digit angka`)
      .optional()
      .nullable(),
  );
const coordinate = (min: number, max: number, msg: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ error: msg }).min(min, msg).max(max, msg).optional().nullable());

/**
 * PUT /api/satusehat/settings/{profile_id}. The client secret is write-only: left blank it keeps the stored one
 * (required the first time); it is never answered.
 */
export const satusehatSettingInput = z.object({
  organization_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Organization ID wajib diisi' })
      .min(1, 'Organization ID wajib diisi')
      .max(64, 'Organization ID maksimal 64 karakter')
      .regex(/^[A-Za-z0-9-]+$/, 'Organization ID hanya huruf, angka dan tanda -'),
  ),
  client_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    plainString().min(1, 'Client ID wajib diisi').max(200, 'Client ID maksimal 200 karakter'),
  ),
  client_secret: z.preprocess(
    emptyToUndefined,
    plainString().max(200, 'Client secret maksimal 200 karakter').optional(),
  ),
  environment: z.enum(SATUSEHAT_ENVIRONMENTS, { error: 'Pilih lingkungan: development, staging atau production' }),
  province_code: digits('Kode provinsi', 2),
  city_code: digits('Kode kabupaten/kota', 4),
  district_code: digits('Kode kecamatan', 6),
  village_code: digits('Kode desa/kelurahan', 10),
  postal_code: digits('Kode pos', 5),
  latitude: coordinate(-90, 90, 'Latitude antara -90 dan 90'),
  longitude: coordinate(-180, 180, 'Longitude antara -180 dan 180'),
});
export type SatusehatSettingInput = z.infer<typeof satusehatSettingInput>;

export interface SatusehatTokenHealth {
  /** ok: a live token; failed: the last token request failed; none: never asked. */
  state: 'ok' | 'failed' | 'none';
  expires_at: string | null;
  failed_at: string | null;
  reason: string | null;
}

export interface SatusehatSettingDto {
  profile_id: number;
  profile_name: string;
  configured: boolean;
  organization_id: string | null;
  client_id: string | null;
  /** The secret is never answered: only whether one is stored. */
  has_secret: boolean;
  environment: SatusehatEnvironment | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  village_code: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  updated_at: string | null;
  token: SatusehatTokenHealth;
}

export interface SatusehatConnectionTestDto {
  ok: boolean;
  message: string;
  expires_at: string | null;
}

/** PUT /api/satusehat/mappings: one local thing of the branch mapped to a SATUSEHAT code (blank code: unmapped). */
export const satusehatMapInput = z.object({
  kind: z.enum(SATUSEHAT_MAP_KINDS, { error: 'Jenis pemetaan tidak dikenal' }),
  local_key: requiredText(60),
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    plainString().min(1, 'Kode wajib diisi').max(80, 'Kode maksimal 80 karakter'),
  ),
  display: z.preprocess(emptyToUndefined, plainString().trim().max(200).optional().nullable()),
});
export type SatusehatMapInput = z.infer<typeof satusehatMapInput>;

export const satusehatMapQuery = z.object({
  ...pageQuery,
  kind: z.enum(SATUSEHAT_MAP_KINDS, { error: 'Jenis pemetaan tidak dikenal' }),
  /** 1: only what is not mapped yet. */
  unmapped: optionalQueryInt,
});
export type SatusehatMapQuery = z.infer<typeof satusehatMapQuery>;

export interface SatusehatMapRowDto {
  kind: SatusehatMapKind;
  local_key: string;
  /** What it is locally: the room kind, the doctor's or patient's name, the item or treatment name. */
  name: string;
  /** NIK of a practitioner or patient (masked but the last 4 digits); null for the others. */
  nik: string | null;
  code: string | null;
  display: string | null;
  updated_at: string | null;
}

export const satusehatLookupInput = z.object({
  kind: z.enum(['practitioner', 'patient'], { error: 'Jenis pencarian tidak dikenal' }),
  /** The users to look up by NIK; none: every one of the list not mapped yet (at most 50). */
  ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
});
export type SatusehatLookupInput = z.infer<typeof satusehatLookupInput>;

export const satusehatVisitsQuery = z.object({
  ...pageQuery,
  status: z.preprocess(
    emptyToUndefined,
    z.enum(SATUSEHAT_VISIT_STATUSES, { error: 'Status tidak dikenal' }).optional(),
  ),
  isallbranch: optionalQueryInt,
});
export type SatusehatVisitsQuery = z.infer<typeof satusehatVisitsQuery>;

export interface SatusehatResourceDto {
  key: string;
  resource_type: string;
  status: string;
  satusehat_id: string | null;
  rule: string | null;
  reason: string | null;
}

export interface SatusehatVisitDto {
  id: number;
  profile_id: number;
  visit_id: number;
  visit_code: string;
  visit_date: string;
  patient_id: number;
  patient_name: string;
  doctor_name: string;
  status: SatusehatVisitStatus;
  reason: string | null;
  attempts: number;
  sent_at: string | null;
  updated_at: string;
  resources: SatusehatResourceDto[];
}

export interface SatusehatSummaryDto {
  branches: {
    profile_id: number;
    profile_name: string;
    configured: boolean;
    finished_visits: number;
    encounters_sent: number;
    waiting: number;
    failed: number;
    failures: { reason: string; count: number }[];
    token: SatusehatTokenHealth;
  }[];
}
