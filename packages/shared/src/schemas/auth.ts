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

/**
 * Sessions of a user (issue 30 item 6): GET /api/users/{id}/sessions lists the signed-in sessions, DELETE
 * /api/users/{id}/sessions/{session} ends one ('Akhiri sesi ini'). Owner and developer for anyone, everyone for
 * their own. `id` is the stored session id (the SHA-256 of the cookie token, never the token).
 */
export interface UserSessionDto {
  id: string;
  /** The branch the session works in. */
  profile_id: number;
  branch_name: string;
  created_at: string;
  /** Idle expiry (slides with use) and the absolute one. */
  expires_at: string;
  absolute_expires_at: string;
  ip: string | null;
  user_agent: string | null;
  /** The session making this request. */
  current: boolean;
}

export const userSessionsInput = z.object({ id: idOf('Id tidak valid') });
export const endSessionInput = z.object({
  id: idOf('Id tidak valid'),
  session: z.string({ error: 'Sesi tidak valid' }).regex(/^[0-9a-f]{64}$/, 'Sesi tidak valid'),
});
export type EndSessionInput = z.infer<typeof endSessionInput>;
