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
}

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
