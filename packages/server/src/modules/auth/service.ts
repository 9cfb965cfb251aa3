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

export async function toSessionUserDto(ctx: Ctx, user: SessionUser, branchId: number): Promise<SessionUserDto> {
  const branch = await findBranch(ctx.db, branchId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
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
    profile: toBranchDto(branch),
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
  const [byAccount, byAddress] = await Promise.all([
    q.countRecentFailures(ctx.db, accountKey, since),
    q.countRecentFailures(ctx.db, addressKey, since),
  ]);
  if (byAccount >= ctx.config.loginMaxFailuresPerAccount || byAddress >= ctx.config.loginMaxFailuresPerAddress) {
    throw new AppError(429, [{ message: MSG.loginRateLimited }]);
  }

  const row = await q.findUserByUsername(ctx.db, input.username);
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!row || !ok || row.status !== 1 || row.role === 1 || !row.password_hash) {
    await q.recordFailures(ctx.db, [accountKey, addressKey]);
    ctx.log.info({ event: 'login_failed' }, 'login failed');
    throw new AppError(401, [{ message: MSG.loginFailed }]);
  }
  await q.clearFailures(ctx.db, accountKey);

  const { token, session } = await createSession(ctx.db, row.id, row.profile_id, sessionTimes(ctx), meta);
  const user = await q.loadSessionUser(ctx.db, row.id, session.id);
  if (!user) throw new AppError(401, [{ message: MSG.loginFailed }]);
  await audit({ ...ctx, user, branchId: row.profile_id }, { action: 'login', entity: 'session', entityId: row.id });
  return { token, expiresAt: session.absolute_expires_at, user: await toSessionUserDto(ctx, user, row.profile_id) };
}

export async function logout(ctx: Ctx): Promise<void> {
  if (!ctx.user) return;
  await invalidateSession(ctx.db, ctx.user.sessionId);
}

export async function me(ctx: Ctx): Promise<SessionUserDto> {
  const c = requireUser(ctx);
  return toSessionUserDto(c, c.user, c.branchId);
}

/** Spec 6: only owner and developer switch branches; the new branch holds for the rest of the session. */
export async function switchBranch(ctx: Ctx, profileId: number): Promise<SessionUserDto> {
  const c = requireUser(ctx);
  if (!isTopLevel(c.user)) throw forbidden(MSG.switchOnlyTopLevel);
  const branch = await findBranch(c.db, profileId);
  if (!branch) throw notFound('Cabang tidak ditemukan');
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
