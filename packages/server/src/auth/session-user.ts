import type { SessionUserDto } from '@klinik/shared';

/**
 * The signed-in user as every check and service sees it: the API's user (profile_id is the user's home branch) with
 * the stored avatar path instead of its URL, and the session, instead of the current branch.
 */
export interface SessionUser extends Omit<SessionUserDto, 'avatarurl' | 'profile'> {
  avatar: string | null;
  sessionId: string;
}
