/**
 * Medium tests (issue 27 item 8): one service on a migrated in-memory PGlite, without Fastify, so a developer's loop
 * on billing, posting, sharing or payroll takes seconds (`pnpm exec vitest run --project medium`). The migrations run
 * once per worker; every database after that is a copy of the migrated snapshot. `ctxFor` builds the `Ctx` a request
 * would have for a user in a branch (no PDF renderer and no job worker: a service that needs them is tested by the
 * server project).
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { defaultPrivileges, ROLE_IDS, TOPLEVEL_IDS, type RoleName, type TopLevelName } from '@klinik/shared';
import { ROOT_DIR, loadConfig } from '../../src/config.js';
import { dumpPglite, openDatabase, type Database, type Db } from '../../src/db/client.js';
import { profile, users } from '../../src/db/schema/index.js';
import { branchClock } from '../../src/http/clock.js';
import type { Ctx, SessionUser } from '../../src/http/context.js';
import type { JobQueue } from '../../src/lib/jobs.js';
import type { PdfRenderer } from '../../src/pdf/renderer.js';
import type { AppServices } from '../../src/services.js';
import { branchTimezone } from '../../src/modules/branches/index.js';
import { initialsOf, replacePrivileges } from '../../src/modules/users/index.js';

let snapshot: Promise<Blob> | undefined;

/**
 * The migrated database: the snapshot the project's global setup made (kept in the temp directory for these
 * migrations), or, outside it, migrated here once per worker.
 */
function migrated(): Promise<Blob> {
  return (snapshot ??= (async () => {
    const file = inject('pgliteSnapshot');
    // Another checkout's run on this machine may have removed it (the setup keeps one snapshot): migrate here then.
    if (file && fs.existsSync(file)) {
      try {
        return new Blob([fs.readFileSync(file)]);
      } catch {
        // gone between the check and the read
      }
    }
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate(path.join(ROOT_DIR, 'drizzle'));
    const blob = await dumpPglite(database);
    await database.close();
    return blob;
  })());
}

const silent = (): FastifyBaseLogger => {
  const noop = () => undefined;
  const log = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
  };
  return { ...log, child: () => silent() };
};

const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available in a medium test: test this service in the server project`);
};

export interface MediumUser {
  id: number;
  branchId: number;
  session: SessionUser;
}

export interface MediumDb {
  db: Db;
  database: Database;
  makeBranch(values?: Partial<typeof profile.$inferInsert>): Promise<number>;
  makeUser(role: RoleName, branchId: number, opts?: { toplevel?: TopLevelName; name?: string }): Promise<MediumUser>;
  makePatient(branchId: number, name?: string): Promise<number>;
  /** The context a request of `user` in `branchId` (default: the user's branch) would have. */
  ctxFor(user: MediumUser, branchId?: number): Ctx;
  /** Fixes the clock every ctx.now()/ctx.today() reads; null: the system clock again. */
  setNow(instant: string | Date | null): void;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh copy of the migrated database with helpers to make branches, users and contexts. */
export async function mediumDb(): Promise<MediumDb> {
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await migrated() });
  const db = database.db;
  const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { logLevel: 'silent', seedDemo: false });
  const services: AppServices = {
    pdf: { render: unavailable('The PDF renderer') } as unknown as PdfRenderer,
    jobs: {
      define: async () => undefined,
      send: unavailable('The job queue'),
      state: unavailable('The job queue'),
      failed: unavailable('The job queue'),
      retry: unavailable('The job queue'),
    } as unknown as JobQueue,
  };
  let fixedNow: Date | null = null;
  const now = () => (fixedNow ? new Date(fixedNow) : new Date());
  const log = silent();
  return {
    db,
    database,
    async makeBranch(values = {}) {
      const [row] = await db
        .insert(profile)
        .values({ name: `Cabang Medium ${++counter}`, status: 1, timezone: 'Asia/Jakarta', ...values })
        .returning();
      return row.id;
    },
    async makeUser(role, branchId, opts = {}) {
      const name = opts.name ?? `Pengguna ${role} ${++counter}`;
      const username = `${role}_m${++counter}`;
      const [row] = await db
        .insert(users)
        .values({
          role: ROLE_IDS[role],
          roletoplevel: opts.toplevel ? TOPLEVEL_IDS[opts.toplevel] : 0,
          username,
          name,
          initial: initialsOf(name),
          status: 1,
          profile_id: branchId,
        })
        .returning();
      const previleges = defaultPrivileges(role);
      await replacePrivileges(db, row.id, previleges);
      const session: SessionUser = {
        id: row.id,
        name,
        role: row.role,
        rolename: role,
        roletoplevel: row.roletoplevel,
        roletoplevelname: opts.toplevel ?? '',
        profile_id: branchId,
        shift_id: null,
        initial: row.initial,
        username,
        avatar: null,
        previleges,
        sessionId: 'medium',
      };
      return { id: row.id, branchId, session };
    },
    async makePatient(branchId, name = `Pasien Medium ${++counter}`) {
      const [row] = await db
        .insert(users)
        .values({
          role: ROLE_IDS.customer,
          username: `RMM${++counter}`,
          name,
          initial: initialsOf(name),
          status: 1,
          profile_id: branchId,
          gender: 0,
        })
        .returning();
      return row.id;
    },
    ctxFor(user, branchId) {
      const branch = branchId ?? user.branchId;
      return {
        db,
        user: user.session,
        branchId: branch,
        log,
        requestId: `medium-${++counter}`,
        ip: '127.0.0.1',
        config,
        services,
        ...branchClock(branchTimezone(db), branch, now),
      };
    },
    setNow(instant) {
      fixedNow = instant === null ? null : new Date(instant);
    },
    close: () => database.close(),
  };
}
