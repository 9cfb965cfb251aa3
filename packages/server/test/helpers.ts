import { randomBytes } from 'node:crypto';
import { inject, vi } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  defaultPrivileges,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type Privilege,
  type RoleName,
  type TopLevelName,
} from '@klinik/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, ROOT_DIR, type Config } from '../src/config.js';
import { openDatabase, queryRows, type Database, type Db } from '../src/db/client.js';
import { sql } from 'drizzle-orm';
import { profile, users } from '../src/db/schema/index.js';
import { createSession } from '../src/auth/session.js';
import { hashPassword } from '../src/auth/password.js';
import { loadSessionUser } from '../src/modules/auth/index.js';
import { initialsOf, replacePrivileges } from '../src/modules/users/index.js';
import type { Ctx, SessionUser } from '../src/http/context.js';
import { branchClock } from '../src/http/clock.js';
import { branchTimezone } from '../src/modules/branches/index.js';
import { appRouter } from '../src/router.js';
import { createCallerFactory } from '../src/http/trpc.js';
import type { PdfRenderer } from '../src/pdf/renderer.js';
import fs from 'node:fs';
import path from 'node:path';

export const TEST_PASSWORD = 'rahasia-uji-1';
let passwordHash: Promise<string> | undefined;

let snapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a copy of the template on PostgreSQL, or an in-memory PGlite
 * loaded from the migrated snapshot that the global setup made (migrations are not replayed per file).
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('templateDb');
  if (!url || !template) {
    const file = inject('pgliteSnapshot');
    if (!file) {
      // Outside the server project's global setup (a script importing the helpers): migrate here.
      const database = await openDatabase({ dataDir: 'memory://' });
      await database.migrate(path.join(ROOT_DIR, 'drizzle'));
      return { database, drop: () => database.close() };
    }
    snapshot ??= new Blob([fs.readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: snapshot });
    return { database, drop: () => database.close() };
  }
  const name = `klinik_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // CREATE DATABASE ... TEMPLATE needs the template to have no other connections: retry briefly if it does.
  for (let i = 0; ; i++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      break;
    } catch (err) {
      if (i > 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // Settings of this database's sessions that change how fast, never what, a statement answers: no parallel workers
  // (forking them and loading their catalogs costs more than they save on these small tables: 150 ms of a 200 ms
  // statement), no JIT compiling, and a commit returns before its WAL is flushed (lost only if PostgreSQL itself
  // crashes, which no test does; every session still sees every committed row).
  await admin.query(
    `alter database "${name}" set max_parallel_workers_per_gather = 0; ` +
      `alter database "${name}" set jit = off; ` +
      `alter database "${name}" set synchronous_commit = off`,
  );
  await admin.end();
  const u = new URL(url);
  u.pathname = '/' + name;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

export interface MakeUserOptions {
  branchId: number;
  username?: string;
  name?: string;
  toplevel?: TopLevelName;
  status?: number;
  privileges?: Privilege[];
  password?: string | null;
}

export interface TestUser {
  id: number;
  username: string;
  branchId: number;
  role: RoleName;
  /** Cookie header value for app.inject. */
  cookie: string;
  /** The session user, for service calls and the tRPC caller. */
  session: SessionUser;
}

export interface Api {
  get(url: string): Promise<ApiResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
  put(url: string, body?: unknown): Promise<ApiResponse>;
  delete(url: string): Promise<ApiResponse>;
}

export interface ApiResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the API answers
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

let counter = 0;

const createAppCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createAppCaller>;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The PostgreSQL database's URL (a second app on the same database); undefined on PGlite. */
  databaseUrl?: string;
  makeBranch(values?: Partial<typeof profile.$inferInsert>): Promise<number>;
  /** A staff user with a live session (no password round trip unless `password` is given). */
  makeUser(role: RoleName, opts: MakeUserOptions): Promise<TestUser>;
  makePatient(branchId: number, values?: Partial<typeof users.$inferInsert>): Promise<number>;
  /** REST calls as a user (or anonymous with null). */
  api(user: TestUser | null): Api;
  /** A service context as a user, in the user's current branch. */
  ctx(user: TestUser, branchId?: number): Ctx;
  /** The tRPC caller as a user. */
  trpc(user: TestUser | null): AppCaller;
  /** Fixes the clock every ctx.now()/ctx.today() reads (REST, tRPC and t.ctx); null: the system clock again. */
  setNow(instant: Date | string | null): void;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database. Call in beforeAll; close in afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  services?: { pdf?: PdfRenderer },
): Promise<TestApp> {
  const { database, drop, url } = await freshDatabase();
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '' },
    {
      logLevel: 'silent',
      seedDemo: false,
      // Jobs (reminders, retries) are picked up as soon as pg-boss allows: the tests wait for them.
      jobPollingSeconds: 0.5,
      // The SATUSEHAT sweep changes outbox rows in the background: tests that want it run it themselves.
      satusehatSweepSeconds: 0,
      dataDir: '/tmp/klinik-test-data',
      uploadDir: `/tmp/klinik-test-uploads/${randomBytes(4).toString('hex')}`,
      ...overrides,
    },
  );
  let fixedNow: Date | null = null;
  const now = () => (fixedNow ? new Date(fixedNow) : new Date());
  const app = await buildApp(config, { database, logger: false, services, now });
  await app.ready();
  const db = database.db;

  const t: TestApp = {
    app,
    db,
    config,
    databaseUrl: url,
    async makeBranch(values = {}) {
      const [row] = await db
        .insert(profile)
        .values({ name: `Cabang Uji ${++counter}`, status: 1, timezone: 'Asia/Jakarta', ...values })
        .returning();
      return row.id;
    },
    async makeUser(role, opts) {
      const username = opts.username ?? `${role}_${++counter}_${randomBytes(3).toString('hex')}`;
      let hash: string | null = null;
      if (opts.password !== null) {
        hash = opts.password ? await hashPassword(opts.password) : await (passwordHash ??= hashPassword(TEST_PASSWORD));
      }
      const name = opts.name ?? `Pengguna ${role} ${counter}`;
      const [row] = await db
        .insert(users)
        .values({
          role: ROLE_IDS[role],
          roletoplevel: opts.toplevel ? TOPLEVEL_IDS[opts.toplevel] : 0,
          username,
          password_hash: hash,
          name,
          initial: initialsOf(name),
          status: opts.status ?? 1,
          profile_id: opts.branchId,
        })
        .returning();
      await replacePrivileges(db, row.id, opts.privileges ?? defaultPrivileges(role));
      const { token, session } = await createSession(
        db,
        row.id,
        opts.branchId,
        { idleMs: 3_600_000, absoluteMs: 12 * 3_600_000 },
        {},
      );
      const sessionUser =
        (await loadSessionUser(db, row.id, session.id)) ??
        ({
          id: row.id,
          name,
          role: row.role,
          rolename: role,
          roletoplevel: row.roletoplevel,
          roletoplevelname: '',
          profile_id: opts.branchId,
          shift_id: null,
          initial: row.initial,
          username,
          avatar: null,
          previleges: [],
          sessionId: session.id,
        } satisfies SessionUser);
      return {
        id: row.id,
        username,
        branchId: opts.branchId,
        role,
        cookie: `klinik_session=${token}`,
        session: sessionUser,
      };
    },
    async makePatient(branchId, values = {}) {
      const name = values.name ?? `Pasien Uji ${++counter}`;
      const [row] = await db
        .insert(users)
        .values({
          role: 1,
          username: `RMT${++counter}${randomBytes(3).toString('hex')}`,
          name,
          initial: initialsOf(name),
          status: 1,
          profile_id: branchId,
          gender: 0,
          ...values,
        })
        .returning();
      return row.id;
    },
    api(user) {
      const send = async (
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: string,
        body?: unknown,
        headers: Record<string, string> = {},
      ) => {
        const res = await app.inject({
          method,
          url,
          headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        let parsed: unknown = res.body;
        if ((res.headers['content-type'] ?? '').toString().includes('json')) {
          try {
            parsed = JSON.parse(res.body);
          } catch {
            parsed = res.body;
          }
        }
        return { status: res.statusCode, body: parsed, headers: res.headers, raw: res };
      };
      return {
        get: (url) => send('GET', url),
        post: (url, body, headers) => send('POST', url, body ?? {}, headers),
        put: (url, body) => send('PUT', url, body ?? {}),
        delete: (url) => send('DELETE', url),
      };
    },
    ctx(user, branchId) {
      return {
        db,
        user: user.session,
        branchId: branchId ?? user.branchId,
        log: app.log,
        requestId: `test-${++counter}`,
        ip: '127.0.0.1',
        config,
        services: app.services,
        ...branchClock(branchTimezone(db), branchId ?? user.branchId, now),
      };
    },
    setNow(instant) {
      fixedNow = instant === null ? null : new Date(instant);
    },
    trpc(user) {
      return createAppCaller(
        user
          ? t.ctx(user)
          : {
              db,
              user: null,
              branchId: 0,
              log: app.log,
              requestId: 'test',
              ip: '127.0.0.1',
              config,
              services: app.services,
              ...branchClock(branchTimezone(db), 0, now),
            },
      );
    },
    async close() {
      await app.close();
      await drop();
    },
  };
  return t;
}

/** Row counts of tables, to prove a refused request changed nothing. */
export async function countRows(db: Db, ...tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${table}"`));
    out[table] = Number(row.n);
  }
  return out;
}

/**
 * Waits until `count` sessions of this database wait on a lock (pg_stat_activity), so a lock test lets the blocker go
 * only once the blocked request is really queued behind it, instead of sleeping a guessed number of milliseconds.
 * PostgreSQL only.
 */
export async function waitForLockWaiters(db: Db, count = 1): Promise<void> {
  await vi.waitFor(
    async () => {
      const [{ n }] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (n < count) throw new Error(`${n} of ${count} sessions wait on a lock`);
    },
    { timeout: 15_000, interval: 20 },
  );
}
