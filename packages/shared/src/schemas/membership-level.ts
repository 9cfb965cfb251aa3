/** The chain's membership levels (one list for every branch, kept by the head office: issue 30 item 2). */
import { z, requiredText } from './common.js';

export interface MembershipLevelDto {
  id: number;
  name: string;
  status: number;
}

export const membershipLevelInput = z.object({
  name: requiredText(80),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
    .default(1),
});
export type MembershipLevelInput = z.infer<typeof membershipLevelInput>;
export const membershipLevelUpdateInput = membershipLevelInput.partial();
export type MembershipLevelUpdateInput = z.infer<typeof membershipLevelUpdateInput>;
