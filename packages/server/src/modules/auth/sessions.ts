import type { EndSessionInput, UserSessionDto } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { invalidateSession } from '../../auth/session.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries.js';

const iso = (v: Date | string) => new Date(v).toISOString();

/** GET /api/users/{id}/sessions: the user's standing sessions, newest first; `current` marks the caller's own. */
export async function listSessions(ctx: Ctx, userId: number): Promise<UserSessionDto[]> {
  const c = requireUser(ctx);
  const rows = await q.userSessions(c.db, userId, c.now());
  return rows.map((r) => ({
    id: r.id,
    profile_id: Number(r.profile_id),
    branch_name: r.branch_name,
    created_at: iso(r.created_at),
    expires_at: iso(r.expires_at),
    absolute_expires_at: iso(r.absolute_expires_at),
    ip: r.ip,
    user_agent: r.user_agent,
    current: r.id === c.user.sessionId,
  }));
}

/**
 * DELETE /api/users/{id}/sessions/{session} ('Akhiri sesi ini'): the session is deleted, so its next request is 401
 * in every process (the session table's trigger notifies the auth caches, drizzle/0011) and its live event streams
 * in this process close at once (others notice on their next re-check, visits/events.ts). On the audit trail.
 */
export async function endSession(ctx: Ctx, input: EndSessionInput): Promise<{ ended: true }> {
  const c = requireUser(ctx);
  if (!(await q.isSessionOf(c.db, input.id, input.session))) throw notFound('Sesi tidak ditemukan');
  c.services.authCache?.dropSession(input.session);
  await invalidateSession(c.db, input.session);
  await audit(c, { action: 'end_session', entity: 'session', entityId: input.id });
  return { ended: true };
}
