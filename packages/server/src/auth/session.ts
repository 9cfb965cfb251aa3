import { createHash } from 'node:crypto';
import { closeSessionStreams, closeUserStreams } from './streams.js';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { session } from '../db/schema/index.js';
import type { AuthCache } from './cache.js';

export const SESSION_COOKIE = 'klinik_session';

/** 160 bits from the CSPRNG, base32: the only place the token exists is the user's cookie. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** SHA-256 of the token, hex (node's native hash: it runs on every request). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/** What a session row needs at `now`: nothing, a renewal of its idle expiry, or it has expired. */
function sessionState(row: SessionRow, times: SessionTimes, now: number): 'ok' | 'renew' | 'expired' {
  if (row.expires_at.getTime() <= now || row.absolute_expires_at.getTime() <= now) return 'expired';
  const renewed = Math.min(now + times.idleMs, row.absolute_expires_at.getTime());
  // Renew at most once a minute to keep reads cheap (the update's NOTIFY drops the cached copy everywhere).
  return renewed - row.expires_at.getTime() > 60_000 ? 'renew' : 'ok';
}

/**
 * validateSessionToken's answer when it needs no database work at all (the hot path of every request, run without
 * a promise): the cached session row, unexpired and not due for renewal. Undefined in every other case (no cache,
 * not cached, expired, to renew, malformed token): then validateSessionToken decides.
 */
export function cachedSessionRow(token: string, times: SessionTimes, cache?: AuthCache): SessionRow | undefined {
  if (!cache?.enabled || !TOKEN_PATTERN.test(token)) return undefined;
  const row = cache.session(hashToken(token));
  return row && sessionState(row, times, Date.now()) === 'ok' ? row : undefined;
}

/** The session row of a session id (hashed token), as stored. */
async function readSession(db: Db, id: string): Promise<SessionRow[]> {
  return db
    .select({
      id: session.id,
      user_id: session.user_id,
      profile_id: session.profile_id,
      expires_at: session.expires_at,
      absolute_expires_at: session.absolute_expires_at,
    })
    .from(session)
    .where(eq(session.id, id));
}

/**
 * The session for a cookie token, renewed while used (idle expiry slides, never past the absolute one).
 * Expired sessions are deleted when met. With a cache, a session read in the last few seconds is not read again
 * (its expiry is still checked on every request; see cache.ts for how changes reach it).
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  times: SessionTimes,
  cache?: AuthCache,
): Promise<SessionRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = hashToken(token);
  let row: SessionRow | undefined = cache?.session(id);
  if (!row) {
    const epoch = cache?.epoch ?? 0;
    [row] = await readSession(db, id);
    if (!row) return null;
    cache?.putSession(row, epoch);
  }
  const now = Date.now();
  const state = sessionState(row, times, now);
  if (state === 'expired') {
    cache?.dropSession(id);
    await db.delete(session).where(eq(session.id, id));
    return null;
  }
  if (state === 'renew') {
    row = { ...row, expires_at: new Date(Math.min(now + times.idleMs, row.absolute_expires_at.getTime())) };
    cache?.dropSession(id);
    await db.update(session).set({ expires_at: row.expires_at }).where(eq(session.id, id));
  }
  return row;
}

export async function invalidateSession(db: Db, id: string): Promise<void> {
  await db.delete(session).where(eq(session.id, id));
  closeSessionStreams(id);
}

/**
 * Whether a session still stands (not deleted, not expired), without renewing it: a live stream re-checks its
 * session with it on every event and keep-alive (auth/streams.ts), so an open stream never outlives its session.
 */
export async function sessionAlive(db: Db, id: string, times: SessionTimes, cache?: AuthCache): Promise<boolean> {
  let row: SessionRow | undefined = cache?.session(id);
  if (!row) {
    [row] = await readSession(db, id);
  }
  return !!row && sessionState(row, times, Date.now()) !== 'expired';
}

/** Ends every session of a user (inactive, password changed), optionally keeping the one making the change. */
export async function invalidateUserSessions(db: Db, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .delete(session)
    .where(
      exceptSessionId ? and(eq(session.user_id, userId), ne(session.id, exceptSessionId)) : eq(session.user_id, userId),
    );
  closeUserStreams(userId, exceptSessionId);
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(session).where(or(lt(session.expires_at, now), lt(session.absolute_expires_at, now)));
}
