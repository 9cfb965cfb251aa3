import type { Privilege } from '@klinik/shared';

/** The signed-in user as every check and service sees it. */
export interface SessionUser {
  id: number;
  name: string;
  role: number;
  rolename: string;
  roletoplevel: number;
  roletoplevelname: string;
  /** The user's home branch. */
  profile_id: number;
  shift_id: number | null;
  initial: string;
  username: string;
  avatar: string | null;
  previleges: Privilege[];
  sessionId: string;
}
