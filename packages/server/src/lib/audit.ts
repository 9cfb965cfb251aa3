import type { Ctx } from '../http/context.js';
import { auditLog } from '../db/schema/index.js';

const SECRET_KEYS = new Set(['password', 'password_hash', 'repeatpassword', 'token']);

function scrub(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(scrub);
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (!SECRET_KEYS.has(k)) out[k] = scrub(val);
  }
  return out;
}

/** Appends an audit row in the caller's transaction (ARCHITECTURE rule 9). Secrets are never recorded. */
export async function audit(
  ctx: Ctx,
  entry: {
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
    /** The branch the row belongs to (default: the request's; null: none, e.g. a failed sign-in of nobody). */
    profileId?: number | null;
  },
): Promise<void> {
  await ctx.db.insert(auditLog).values({
    user_id: ctx.user?.id ?? null,
    profile_id: entry.profileId !== undefined ? entry.profileId : ctx.branchId || null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    request_id: ctx.requestId,
  });
}
