import { z, optionalText, requiredText, emptyToUndefined } from './common.js';
import { BRANCH_TIME_ZONES } from '../dates.js';
import { PHONE_PATTERN } from '../phone.js';

export interface BranchDto {
  id: number;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  logo: string | null;
  logourl: string | null;
  status: number;
  timezone: string;
  city: string | null;
  /** Administrative area codes (issue 30 item 5), the wilayah module's dotted codes; null = not set. */
  provincy_code: string | null;
  city_code: string | null;
  kecamatan_code: string | null;
  desa_code: string | null;
  /** The names of those codes, title-cased (empty where a level is not set). */
  area: BranchAreaNames;
}

export interface BranchAreaNames {
  provincy: string;
  city: string;
  kecamatan: string;
  desa: string;
}

/**
 * A wilayah code of one level: digits in dotted groups ('32', '32.73', '32.73.01', '32.73.01.1001'). Empty or null
 * clears the level; absent keeps it (a partial update).
 */
const areaCode = (pattern: RegExp, label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.string().trim().regex(pattern, `Kode ${label} tidak valid`).optional().nullable(),
  );

/** The four area levels of a branch; that each lies inside the one above is checked by the server (400 on the field). */
export const branchAreaFields = {
  provincy_code: areaCode(/^\d{2}$/, 'provinsi'),
  city_code: areaCode(/^\d{2}\.\d{2}$/, 'kota/kabupaten'),
  kecamatan_code: areaCode(/^\d{2}\.\d{2}\.\d{2}$/, 'kecamatan'),
  desa_code: areaCode(/^\d{2}\.\d{2}\.\d{2}\.\d{4}$/, 'desa/kelurahan'),
};

const branchFields = {
  name: requiredText(100),
  address: optionalText(500),
  city: optionalText(100),
  phone: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(PHONE_PATTERN, 'Nomor telepon tidak valid (contoh: 021xxxxxxx atau 08xxxxxxxxxx)')
      .optional()
      .nullable(),
  ),
  email: z.preprocess(emptyToUndefined, z.email('Alamat email tidak valid').optional().nullable()),
  // No `logo`: the logo is set only by POST /api/profile/uploadavatar/{id} (issue 8, finding 3).
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1'),
  timezone: z.enum(BRANCH_TIME_ZONES, { error: 'Zona waktu tidak valid' }),
  ...branchAreaFields,
};

/** A new branch: active and in WIB unless said otherwise. */
export const branchInput = z.object({
  ...branchFields,
  status: branchFields.status.default(1),
  timezone: branchFields.timezone.default('Asia/Jakarta'),
});
export type BranchInput = z.infer<typeof branchInput>;

/** A partial update changes only what it names: no defaults here, or `{ status: 0 }` would reset the time zone. */
export const branchUpdateInput = z.object(branchFields).partial();
export type BranchUpdateInput = z.infer<typeof branchUpdateInput>;

export const branchListQuery = z.object({
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type BranchListQuery = z.infer<typeof branchListQuery>;
