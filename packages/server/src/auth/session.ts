import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { session } from '../db/schema/index.js';

export const SESSION_COOKIE = 'klinik_session';

/** 160 bits from the CSPRNG, base32: the only place the token exists is the user's cookie. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionRow {
  id: string;
  user_id: number;
  profile_id: number;
  expires_at: Date;
  absolute_expires_at: Date;
}

export async function createSession(
  db: Db,
  userId: number,
  profileId: number,
  times: SessionTimes,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = generateSessionToken();
  const now = Date.now();
  const row = {
    id: hashToken(token),
    user_id: userId,
    profile_id: profileId,
    expires_at: new Date(now + times.idleMs),
    absolute_expires_at: new Date(now + times.absoluteMs),
    ip: meta.ip?.slice(0, 64) ?? null,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
  };
  await db.insert(session).values(row);
  return { token, session: row };
}

/**
 * The session for a cookie token, renewed while used (idle expiry slides, never past the absolute one).
 * Expired sessions are deleted when met.
 */
export async function validateSessionToken(db: Db, token: string, times: SessionTimes): Promise<SessionRow | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const [row] = await db.select().from(session).where(eq(session.id, id));
  if (!row) return null;
  const now = Date.now();
  if (row.expires_at.getTime() <= now || row.absolute_expires_at.getTime() <= now) {
    await db.delete(session).where(eq(session.id, id));
    return null;
  }
  const renewed = Math.min(now + times.idleMs, row.absolute_expires_at.getTime());
  // Renew at most once a minute to keep reads cheap.
  if (renewed - row.expires_at.getTime() > 60_000) {
    row.expires_at = new Date(renewed);
    await db.update(session).set({ expires_at: row.expires_at }).where(eq(session.id, id));
  }
  return row;
}

export async function invalidateSession(db: Db, id: string): Promise<void> {
  await db.delete(session).where(eq(session.id, id));
}

/** Ends every session of a user (inactive, password changed), optionally keeping the one making the change. */
export async function invalidateUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .delete(session)
    .where(
      exceptSessionId ? and(eq(session.user_id, userId), ne(session.id, exceptSessionId)) : eq(session.user_id, userId),
    );
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(session).where(or(lt(session.expires_at, now), lt(session.absolute_expires_at, now)));
}
