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

export const branchInput = z.object({
  name: requiredText(100),
  address: optionalText(500),
  city: optionalText(100),
  phone: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(PHONE_PATTERN, 'Nomor telepon tidak valid (contoh: 021xxxxxxx atau 08xxxxxxxxxx)').optional().nullable(),
  ),
  email: z.preprocess(emptyToUndefined, z.email('Alamat email tidak valid').optional().nullable()),
  logo: optionalText(500),
  status: z.coerce.number().int().refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1').default(1),
  timezone: z.enum(BRANCH_TIME_ZONES, { error: 'Zona waktu tidak valid' }).default('Asia/Jakarta'),
});
export type BranchInput = z.infer<typeof branchInput>;

export const branchUpdateInput = branchInput.partial();
export type BranchUpdateInput = z.infer<typeof branchUpdateInput>;

export const branchListQuery = z.object({
  isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type BranchListQuery = z.infer<typeof branchListQuery>;
