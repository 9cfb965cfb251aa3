import { eq, sql, and, gt } from 'drizzle-orm';
import { roleNameOf, topLevelNameOf, type Privilege, type Resource } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { loginAttempt, session, userPrivilege, users } from '../../db/schema/index.js';
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

export async function countRecentFailures(db: Db, key: string, since: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempt)
    .where(and(eq(loginAttempt.key, key), gt(loginAttempt.attempted_at, since)));
  return Number(r?.n ?? 0);
}

export async function recordFailures(db: Db, keys: string[]): Promise<void> {
  await db.insert(loginAttempt).values(keys.map((key) => ({ key })));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginAttempt).where(eq(loginAttempt.key, key));
}

export async function setSessionBranch(db: Db, sessionId: string, profileId: number): Promise<void> {
  await db.update(session).set({ profile_id: profileId }).where(eq(session.id, sessionId));
}
