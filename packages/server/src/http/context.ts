import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Config } from '../config.js';
import type { AppServices } from '../services.js';
import { unauthorized } from './errors.js';
import type { SessionUser } from '../auth/session-user.js';

export type { SessionUser } from '../auth/session-user.js';

/**
 * What a service gets instead of the HTTP request (ARCHITECTURE rule 1 and 2).
 * `branchId` is the session's current branch: the only branch whose rows a request reads or writes,
 * unless a top-level user explicitly asks for all branches.
 */
export interface Ctx {
  db: Db;
  user: SessionUser | null;
  branchId: number;
  log: FastifyBaseLogger;
  requestId: string;
  ip: string;
  config: Config;
  services: AppServices;
  /** The current instant (injectable: tests fix it). Use instead of `new Date()` / `Date.now()`. */
  now: () => Date;
  /** Today (YYYY-MM-DD) in the current branch's time zone. Use instead of `todayIn(...)`. */
  today: () => Promise<string>;
}

export type AuthedCtx = Ctx & { user: SessionUser };

export function requireUser(ctx: Ctx): AuthedCtx {
  if (!ctx.user) throw unauthorized();
  return ctx as AuthedCtx;
}

/** Runs fn in one transaction with a context whose db is that transaction. */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  // The branch clock reads the time zone on the request's connection, once: read it before the transaction holds
  // the only connection (PGlite has one), so ctx.today() inside the transaction never waits for it.
  await ctx.today();
  return ctx.db.transaction(async (db) => fn({ ...ctx, db: db }));
}
