/**
 * In-process cache of sessions, session users (with privileges) and branches, so that an authenticated request
 * needs no database round trip (issue 10). Entries live a few seconds (SESSION_CACHE_SECONDS, default 5) and are
 * dropped at once when the rows behind them change:
 * - triggers on session, users, user_privilege and profile NOTIFY `klinik_auth` at commit (drizzle/0010), which
 *   every app process LISTENs to (PostgreSQL: a dedicated connection; PGlite: in-process, delivered before the
 *   committing query returns), so logout, password change, deactivation and privilege change in one process end
 *   the session in all of them;
 * - the services that make those changes also drop the entries in their own process right away.
 * While the LISTEN connection is down nothing is cached (every request reads the database), and everything is
 * forgotten when it comes back. A load that started before an invalidation is never stored (epoch check).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { SessionUser } from './session-user.js';

export const AUTH_CHANNEL = 'klinik_auth';

export interface CachedSessionRow {
  id: string;
  user_id: number;
  profile_id: number;
  expires_at: Date;
  absolute_expires_at: Date;
}

export type CachedUser = Omit<SessionUser, 'sessionId'>;

interface Entry<T> {
  v: T;
  at: number;
}

const MAX_ENTRIES = 20_000;

export class AuthCache {
  /** False while invalidations might be missed (no LISTEN connection): then nothing is served from the cache. */
  live = false;
  /** Bumped by every invalidation; a load that saw an older epoch is not stored. */
  epoch = 0;
  private sessions = new Map<string, Entry<CachedSessionRow>>();
  private users = new Map<number, Entry<CachedUser | null>>();
  private branches = new Map<number, Entry<unknown>>();
  private waiters = new Map<string, () => void>();
  private seq = 0;

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
  }

  private get<K, T>(map: Map<K, Entry<T>>, key: K): T | undefined {
    if (!this.enabled) return undefined;
    const e = map.get(key);
    if (!e) return undefined;
    if (performance.now() - e.at > this.ttlMs) {
      map.delete(key);
      return undefined;
    }
    return e.v;
  }

  private put<K, T>(map: Map<K, Entry<T>>, key: K, v: T, epoch: number): void {
    if (!this.enabled || epoch !== this.epoch) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { v, at: performance.now() });
  }

  session(id: string): CachedSessionRow | undefined {
    return this.get(this.sessions, id);
  }
  putSession(row: CachedSessionRow, epoch: number): void {
    this.put(this.sessions, row.id, row, epoch);
  }
  user(id: number): CachedUser | null | undefined {
    return this.get(this.users, id);
  }
  putUser(id: number, u: CachedUser | null, epoch: number): void {
    this.put(this.users, id, u, epoch);
  }
  branch<T>(id: number): T | undefined {
    return this.get(this.branches, id) as T | undefined;
  }
  putBranch(id: number, row: unknown, epoch: number): void {
    this.put(this.branches, id, row, epoch);
  }

  dropSession(id: string): void {
    this.epoch++;
    this.sessions.delete(id);
  }
  /** The user's cached row and privileges, and every cached session of theirs. */
  dropUser(id: number): void {
    this.epoch++;
    this.users.delete(id);
    for (const [k, e] of this.sessions) if (e.v.user_id === id) this.sessions.delete(k);
  }
  dropBranch(id: number): void {
    this.epoch++;
    this.branches.delete(id);
  }
  clear(): void {
    this.epoch++;
    this.sessions.clear();
    this.users.clear();
    this.branches.clear();
  }

  /** A NOTIFY payload from the triggers: 's:<session id>', 'u:<user id>', 'b:<branch id>' or '*'. */
  onMessage(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.waiters.get(payload)?.();
      this.waiters.delete(payload);
      return;
    }
    const kind = payload.slice(0, 2);
    const key = payload.slice(2);
    if (kind === 's:') this.dropSession(key);
    else if (kind === 'u:') this.dropUser(Number(key));
    else if (kind === 'b:') this.dropBranch(Number(key));
    else this.clear();
  }

  /**
   * Resolves once this process has heard every invalidation committed before the call (a NOTIFY of our own is
   * delivered after them, in commit order). For tests and tools that change rows behind the app's back.
   */
  async sync(db: Db, timeoutMs = 5_000): Promise<void> {
    if (!this.live) return;
    const token = `sync:${process.pid}:${++this.seq}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waiters.set(token, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${token})`);
    await heard;
    clearTimeout(timer);
    this.waiters.delete(token);
  }

  onState(live: boolean): void {
    this.clear();
    this.live = live;
  }
}
