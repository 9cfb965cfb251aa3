import { z, idOf } from './common.js';
import type { Privilege } from '../access.js';
import type { BranchDto } from './branches.js';

export const loginInput = z.object({
  username: z.string({ error: 'Username wajib diisi' }).trim().min(1, 'Username wajib diisi').max(100),
  password: z.string({ error: 'Password wajib diisi' }).min(1, 'Password wajib diisi').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Spec 3 "Logged-in user" plus previleges and the current branch. */
export interface SessionUserDto {
  id: number;
  name: string;
  role: number;
  rolename: string;
  roletoplevel: number;
  roletoplevelname: string;
  profile_id: number;
  shift_id: number | null;
  initial: string;
  username: string;
  avatarurl: string | null;
  previleges: Privilege[];
  profile: BranchDto;
}

export const switchBranchInput = z.object({
  profile_id: idOf('Cabang wajib dipilih'),
});
