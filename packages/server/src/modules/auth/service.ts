import { isTopLevel, MSG, type LoginInput, type SessionUserDto } from '@klinik/shared';
import type { Ctx, SessionUser } from '../../http/context.js';
import { requireUser } from '../../http/context.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../auth/password.js';
import { createSession, invalidateSession } from '../../auth/session.js';
import { audit } from '../../lib/audit.js';
import { findBranch, toBranchDto } from '../branches/index.js';
import * as q from './queries.js';

export function sessionTimes(ctx: Ctx) {
  return { idleMs: ctx.config.sessionIdleMinutes * 60_000, absoluteMs: ctx.config.sessionAbsoluteHours * 3_600_000 };
}

/** The branch row, through the auth cache (every GET /api/auth/me needs it). */
async function sessionBranch(ctx: Ctx, branchId: number) {
  const cache = ctx.services.authCache;
  const hit = cache?.branch<Awaited<ReturnType<typeof findBranch>>>(branchId);
  if (hit) return hit;
  const epoch = cache?.epoch ?? 0;
  const row = await findBranch(ctx.db, branchId);
  if (row) cache?.putBranch(branchId, row, epoch);
  return row;
}

export async function toSessionUserDto(ctx: Ctx, user: SessionUser, branchId: number): Promise<SessionUserDto> {
  const branch = await sessionBranch(ctx, branchId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  return dtoOf(user, branchId, branch, await toBranchDto(branch));
}

function dtoOf(
  user: SessionUser,
  branchId: number,
  branch: NonNullable<Awaited<ReturnType<typeof findBranch>>>,
  profile: SessionUserDto['profile'],
): SessionUserDto {
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    rolename: user.rolename,
    roletoplevel: user.roletoplevel,
    roletoplevelname: user.roletoplevelname,
    profile_id: branchId,
    shift_id: user.shift_id,
    initial: user.initial,
    username: user.username,
    avatarurl: user.avatar ? `/api/files/users/${user.id}/avatar` : null,
    previleges: user.previleges,
    profile,
  };
}

/**
 * Signs in with username and password. Unknown accounts, wrong passwords, patients and inactive accounts
 * all get the same answer after the same work. Failures are counted per account and per address.
 */
export async function login(
  ctx: Ctx,
  input: LoginInput,
  meta: { ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date; user: SessionUserDto }> {
  const accountKey = `u:${input.username.toLowerCase()}`;
  const addressKey = `ip:${meta.ip}`;
  const since = new Date(Date.now() - ctx.config.loginWindowMinutes * 60_000);
  // Counted atomically and before the password is checked (issue 8): 20 attempts at once are not 20 checks.
  const claimed = await q.claimAttempts(
    ctx.db,
    [
      { key: accountKey, max: ctx.config.loginMaxFailuresPerAccount },
      { key: addressKey, max: ctx.config.loginMaxFailuresPerAddress },
    ],
    since,
  );
  if (!claimed) {
    ctx.log.info({ event: 'login_rate_limited' }, 'login refused: too many failures');
    throw new AppError(429, [{ message: MSG.loginRateLimited }]);
  }

  const row = await q.findUserByUsername(ctx.db, input.username);
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok || row.status !== 1 || row.role === 1 || !row.password_hash) {
    // The claimed attempts stay as the failure record. Audited without the password, with the name as typed.
    ctx.log.info({ event: 'login_failed' }, 'login failed');
    await audit(
      { ...ctx, user: null },
      {
        action: 'login_failed',
        entity: 'session',
        entityId: row?.id ?? null,
        after: { username: input.username.slice(0, 100), ip: meta.ip },
        profileId: row?.profile_id ?? null,
      },
    );
    throw new AppError(401, [{ message: MSG.loginFailed }]);
  }
  await q.releaseAttempts(ctx.db, claimed);
  await q.clearFailures(ctx.db, accountKey);

  const { token, session } = await createSession(ctx.db, row.id, row.profile_id, sessionTimes(ctx), meta);
  const user = await q.loadSessionUser(ctx.db, row.id, session.id);
  if (!user) throw new AppError(401, [{ message: MSG.loginFailed }]);
  await audit({ ...ctx, user, branchId: row.profile_id }, { action: 'login', entity: 'session', entityId: row.id });
  return { token, expiresAt: session.absolute_expires_at, user: await toSessionUserDto(ctx, user, row.profile_id) };
}

export async function logout(ctx: Ctx): Promise<void> {
  if (!ctx.user) return;
  ctx.services.authCache?.dropSession(ctx.user.sessionId);
  await invalidateSession(ctx.db, ctx.user.sessionId);
  await audit(ctx, { action: 'logout', entity: 'session', entityId: ctx.user.id });
}

/**
 * GET /api/auth/me answers the same object while neither the cached user nor the cached branch row changed, so that
 * its JSON is written once (the endpoint's rest.memoJson; issue 10). Keyed by the privileges array, which belongs to
 * one load of the user (the auth cache hands the same array to every request until the user is read again); the
 * user's other fields, the branch row and the branch id are compared too. Never shared between users (the array is
 * the user's own).
 */
const meMemo = new WeakMap<SessionUser['previleges'], { user: SessionUser; branch: unknown; dto: SessionUserDto }>();
const SAME_FIELDS = [
  'id',
  'name',
  'role',
  'rolename',
  'roletoplevel',
  'roletoplevelname',
  'shift_id',
  'initial',
  'username',
  'avatar',
] as const;

export async function me(ctx: Ctx): Promise<SessionUserDto> {
  const c = requireUser(ctx);
  const branch = await sessionBranch(c, c.branchId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  const m = meMemo.get(c.user.previleges);
  if (
    m &&
    m.branch === branch &&
    m.dto.profile_id === c.branchId &&
    SAME_FIELDS.every((k) => m.user[k] === c.user[k])
  ) {
    return m.dto;
  }
  const dto = dtoOf(c.user, c.branchId, branch, await toBranchDto(branch));
  meMemo.set(c.user.previleges, { user: c.user, branch, dto });
  return dto;
}

/** Spec 6: only owner and developer switch branches; the new branch holds for the rest of the session. */
export async function switchBranch(ctx: Ctx, profileId: number): Promise<SessionUserDto> {
  const c = requireUser(ctx);
  if (!isTopLevel(c.user)) throw forbidden(MSG.switchOnlyTopLevel);
  const branch = await findBranch(c.db, profileId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  c.services.authCache?.dropSession(c.user.sessionId);
  await q.setSessionBranch(c.db, c.user.sessionId, profileId);
  await audit(
    { ...c, branchId: profileId },
    {
      action: 'switch_branch',
      entity: 'session',
      entityId: c.user.id,
      before: { profile_id: c.branchId },
      after: { profile_id: profileId },
    },
  );
  return toSessionUserDto(c, c.user, profileId);
}
