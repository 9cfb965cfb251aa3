import { eq, sql, and, gt, inArray } from 'drizzle-orm';
import { roleNameOf, topLevelNameOf, type Privilege, type Resource } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { loginAttempt, profile, session, userPrivilege, users } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import type { SessionUser } from '../../http/context.js';
import type { AuthCache } from '../../auth/cache.js';

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function loadPrivileges(db: Db, userId: number): Promise<Privilege[]> {
  const rows = await db.select().from(userPrivilege).where(eq(userPrivilege.user_id, userId));
  return rows.map((r) => ({ fiturcode: r.fiturcode as Resource, iscanread: r.iscanread, iscanmanage: r.iscanmanage }));
}

/**
 * The user behind a session with their privileges, in one query (every request pays for it), or null when
 * the account no longer exists or is inactive.
 */
export async function loadSessionUser(db: Db, userId: number, sessionId: string): Promise<SessionUser | null> {
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      roletoplevel: users.roletoplevel,
      profile_id: users.profile_id,
      shift_id: users.shift_id,
      initial: users.initial,
      username: users.username,
      avatar: users.avatar,
      status: users.status,
      previleges: sql<Privilege[]>`coalesce((
        select json_agg(json_build_object('fiturcode', p.fiturcode, 'iscanread', p.iscanread, 'iscanmanage', p.iscanmanage) order by p.fiturcode)
        from ${userPrivilege} p where p.user_id = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u || u.status !== 1) return null;
  const previleges = typeof u.previleges === 'string' ? (JSON.parse(u.previleges) as Privilege[]) : u.previleges;
  return {
    id: u.id,
    name: u.name,
    role: u.role,
    rolename: roleNameOf(u.role) ?? '',
    roletoplevel: u.roletoplevel,
    roletoplevelname: topLevelNameOf(u.roletoplevel) ?? '',
    profile_id: u.profile_id,
    shift_id: u.shift_id,
    initial: u.initial,
    username: u.username,
    avatar: u.avatar,
    previleges,
    sessionId,
  };
}

/** loadSessionUser through the auth cache (cache.ts): the user and privileges are read at most every few seconds. */
export async function cachedSessionUser(
  db: Db,
  cache: AuthCache | undefined,
  userId: number,
  sessionId: string,
): Promise<SessionUser | null> {
  const hit = cache?.user(userId);
  if (hit !== undefined) return hit && { ...hit, sessionId };
  const epoch = cache?.epoch ?? 0;
  const u = await loadSessionUser(db, userId, sessionId);
  if (cache) {
    if (u) {
      const { sessionId: _s, ...rest } = u;
      cache.putUser(userId, rest, epoch);
    } else cache.putUser(userId, null, epoch);
  }
  return u;
}

/**
 * Claims one sign-in attempt for every key at once (issue 8, finding 6): each key's count of recent attempts is
 * read under a transaction-scoped advisory lock on that key, and the attempt rows are inserted before the lock is
 * released, so concurrent attempts are counted one after another and never all see a count under the limit. The
 * claim is made before the password is checked: it is the failure record unless the sign-in succeeds (releaseAttempt).
 * Answers the claimed rows' ids, or null (and claims nothing) when a key already has `max` recent attempts.
 */
export async function claimAttempts(
  db: Db,
  keys: { key: string; max: number }[],
  since: Date,
): Promise<number[] | null> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    for (const k of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${k.key}, 7))`);
    const counts = await tx
      .select({ key: loginAttempt.key, n: sql<number>`count(*)::int` })
      .from(loginAttempt)
      .where(
        and(
          inArray(
            loginAttempt.key,
            sorted.map((k) => k.key),
          ),
          gt(loginAttempt.attempted_at, since),
        ),
      )
      .groupBy(loginAttempt.key);
    const seen = new Map(counts.map((c) => [c.key, Number(c.n)]));
    if (sorted.some((k) => (seen.get(k.key) ?? 0) >= k.max)) return null;
    const rows = await tx
      .insert(loginAttempt)
      .values(sorted.map((k) => ({ key: k.key })))
      .returning({ id: loginAttempt.id });
    return rows.map((r) => r.id);
  });
}

/** A claimed attempt that turned out to be a successful sign-in: not a failure. */
export async function releaseAttempts(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(loginAttempt).where(inArray(loginAttempt.id, ids));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempt).where(eq(loginAttempt.key, key));
}

export async function setSessionBranch(db: Db, sessionId: string, profileId: number): Promise<void> {
  await db.update(session).set({ profile_id: profileId }).where(eq(session.id, sessionId));
}

/** The sessions of a user still standing at `now` (neither expiry passed), newest first, with their branch's name. */
export async function userSessions(db: Db, userId: number, now: Date) {
  return queryRows<{
    id: string;
    profile_id: number;
    branch_name: string;
    created_at: Date | string;
    expires_at: Date | string;
    absolute_expires_at: Date | string;
    ip: string | null;
    user_agent: string | null;
  }>(
    db,
    sql`select s.id, s.profile_id, p.name as branch_name, s.created_at, s.expires_at, s.absolute_expires_at, s.ip,
               s.user_agent
          from ${session} s join ${profile} p on p.id = s.profile_id
         where s.user_id = ${userId} and s.expires_at > ${now} and s.absolute_expires_at > ${now}
         order by s.created_at desc, s.id`,
  );
}

/** Whether `sessionId` is a session of `userId`. */
export async function isSessionOf(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.user_id, userId)));
  return !!row;
}
