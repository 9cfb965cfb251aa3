/**
 * The job queue for background work (appointment reminders, SATUSEHAT sending, report exports): pg-boss in the
 * app's own database, on PostgreSQL through the app's pool and on the embedded PGlite through its single connection
 * (`Database.executeSql`; PGlite runs one statement or transaction at a time, so the queue's statements wait for an
 * open transaction of a request instead of running inside it). No home-made queue.
 *
 * A module defines its jobs at start (`app.services.jobs.define({ name, retryLimit, retryDelay, retryBackoff,
 * handler })`) and sends work with `send(name, data)`. A handler that throws is retried `retryLimit` times with
 * exponential backoff from `retryDelay` seconds; after the last attempt the job stays in the `failed` state — the
 * dead letters — which a top-level user sees at /admin/jobs (GET /api/jobs/failed) and sends back to the queue
 * (POST /api/jobs/:name/:id/retry). Failed jobs are kept 30 days before pg-boss archives them.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.js';
import type { Config } from '../config.js';
import type { FailedJobDto } from '@klinik/shared';

export const JOB_SCHEMA = 'pgboss';
/** Failed jobs (dead letters) stay visible this long. */
const KEEP_FAILED_SECONDS = 30 * 24 * 3600;
/** How long stop() waits for running jobs. */
const STOP_TIMEOUT_MS = 30_000;

export interface JobDefinition<T extends object> {
  /** Letters, digits, `_`, `-` and `.`: e.g. 'reminder.appointment'. */
  name: string;
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled each time with retryBackoff (default true). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An attempt that runs longer than this is failed (and retried). Default 15 minutes. */
  expireInSeconds?: number;
  /**
   * How many of this job's jobs run at once in this process (default 1). pg-boss 10 has no per-worker concurrency:
   * each `work()` is its own fetch loop, so this many are started. A handler must then be safe beside itself.
   */
  workers?: number;
  handler(data: T, job: { id: string; name: string; log: FastifyBaseLogger }): Promise<void>;
}

/** A job that failed for good, as /admin/jobs lists it (`error`: the error of the last attempt). */
export type FailedJob = FailedJobDto;

export interface JobQueue {
  define<T extends object>(def: JobDefinition<T>): Promise<void>;
  send<T extends object>(
    name: string,
    data: T,
    opts?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<string>;
  /** One job's state ('created', 'retry', 'active', 'completed', 'cancelled', 'failed'), or null. */
  state(name: string, id: string): Promise<{ state: string; retry_count: number } | null>;
  /** Jobs in the failed state (dead letters), newest first. */
  failed(opts?: { limit?: number; offset?: number }): Promise<{ data: FailedJob[]; count: number }>;
  /** Sends a failed job back to the queue; false when there is no such failed job. */
  retry(name: string, id: string): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * What a module's job definitions get when the app starts (modules.ts `registerJobs`): the app's database, queue,
 * log, clock and configuration. A handler runs outside any request: no user, no branch of its own.
 */
export interface JobEnv {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  config: Config;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for work (seconds, at least 0.5). Default 2. */
  pollingIntervalSeconds?: number;
  /** Run pg-boss maintenance (archiving, expiry) in this process. Default true. */
  supervise?: boolean;
  /** How often that maintenance runs (seconds; pg-boss's default 120): an expired job is retried then. */
  maintenanceSeconds?: number;
}

/** Creates or upgrades the queue's tables (schema `pgboss`) without starting any work: the test setup uses it. */
export async function migrateJobQueue(database: Database): Promise<void> {
  const boss = new PgBoss({
    db: adapter(database),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

function adapter(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.executeSql(text, values) };
}

/**
 * Jobs per queue and state, for the metrics: the work waiting ('created', 'retry'), running ('active') and the dead
 * letters ('failed'); finished jobs are left out. Empty before the queue's tables exist.
 */
export async function jobCounts(database: Database): Promise<{ name: string; state: string; n: number }[]> {
  const { rows } = await database.executeSql(
    `select name, state::text as state, count(*)::int as n from ${JOB_SCHEMA}.job
      where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    [],
  );
  return (rows as { name: string; state: string; n: number }[]).map((r) => ({ ...r, n: Number(r.n) }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Starts the queue on the app's database (creating its tables on first start). Stop it before the database. */
export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  opts: JobQueueOptions = {},
): Promise<JobQueue> {
  // What the queue still does with the database: pg-boss's statements (a worker's fetch in flight, the completion
  // it sends without waiting after a handler returns) and our handlers. stop() waits until both are done.
  let pendingSql = 0;
  let running = 0;
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        pendingSql++;
        try {
          return await database.executeSql(text, values);
        } finally {
          pendingSql--;
        }
      },
    },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: opts.supervise ?? true,
    schedule: false,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    ...(opts.maintenanceSeconds ? { maintenanceIntervalSeconds: opts.maintenanceSeconds } : {}),
  });
  boss.on('error', (err) => log.error({ err }, 'antrian pekerjaan: kesalahan'));
  await boss.start();
  const polling = Math.max(0.5, opts.pollingIntervalSeconds ?? 2);
  let stopped = false;

  const rows = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    (await database.executeSql(text, values)).rows as T[];

  const queue: JobQueue = {
    async define(def) {
      const policy = {
        name: def.name,
        retryLimit: def.retryLimit ?? 3,
        retryDelay: def.retryDelay ?? 30,
        retryBackoff: def.retryBackoff ?? true,
        expireInSeconds: def.expireInSeconds ?? 15 * 60,
        retentionDays: 30,
      };
      // Created once; a later release's (or setting's) policy replaces the stored one, for the jobs sent from now.
      await boss.createQueue(def.name, policy);
      await boss.updateQueue(def.name, policy);
      // pg-boss 10 waits its polling interval after every fetch, even one that found a job: one job per interval
      // and worker (the SATUSEHAT outbox drained one visit a second). Workers that found a job ask again at once
      // (their siblings too); only an empty fetch waits.
      const ids: string[] = [];
      const work = async (jobs: PgBoss.Job<object>[]) => {
        if (jobs.length) for (const id of ids) boss.notifyWorker(id);
        for (const job of jobs) {
          const jobLog = log.child({ job: job.name, jobId: job.id });
          running++;
          try {
            await def.handler(job.data as never, { id: job.id, name: job.name, log: jobLog });
          } catch (err) {
            jobLog.warn({ err }, 'pekerjaan gagal; dicoba lagi bila batas belum tercapai');
            throw err;
          } finally {
            running--;
          }
        }
      };
      for (let i = 0; i < Math.max(1, Math.floor(def.workers ?? 1)); i++)
        ids.push(await boss.work<object>(def.name, { pollingIntervalSeconds: polling, batchSize: 1 }, work));
    },
    async send(name, data, o = {}) {
      const id = await boss.send(name, data, {
        ...(o.startAfterSeconds ? { startAfter: o.startAfterSeconds } : {}),
        ...(o.singletonKey ? { singletonKey: o.singletonKey } : {}),
      });
      if (!id) throw new Error(`Pekerjaan ${name} tidak dapat dikirim (kunci tunggal sudah ada?)`);
      return id;
    },
    async state(name, id) {
      if (!UUID.test(id)) return null;
      const [row] = await rows<{ state: string; retry_count: number }>(
        `select state, retry_count from ${JOB_SCHEMA}.job where name = $1 and id = $2`,
        [name, id],
      );
      return row ? { state: row.state, retry_count: Number(row.retry_count) } : null;
    },
    async failed(o = {}) {
      const limit = Math.min(Math.max(o.limit ?? 50, 1), 500);
      const offset = Math.max(o.offset ?? 0, 0);
      const list = await rows<{
        id: string;
        name: string;
        data: unknown;
        output: { message?: string } | null;
        retry_count: number;
        retry_limit: number;
        created_on: Date | string;
        completed_on: Date | string | null;
      }>(
        `select id, name, data, output, retry_count, retry_limit, created_on, completed_on
           from ${JOB_SCHEMA}.job where state = 'failed'
          order by completed_on desc nulls last, created_on desc limit $1 offset $2`,
        [limit, offset],
      );
      const [{ n }] = await rows<{ n: number }>(
        `select count(*)::int as n from ${JOB_SCHEMA}.job where state = 'failed'`,
        [],
      );
      const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
      return {
        data: list.map((r) => ({
          id: r.id,
          name: r.name,
          data: r.data,
          error: r.output?.message ?? (r.output ? JSON.stringify(r.output) : ''),
          retry_count: Number(r.retry_count),
          retry_limit: Number(r.retry_limit),
          created_on: iso(r.created_on)!,
          failed_on: iso(r.completed_on),
        })),
        count: Number(n),
      };
    },
    async retry(name, id) {
      const current = await queue.state(name, id);
      if (current?.state !== 'failed') return false;
      await boss.retry(name, id);
      return true;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Waits for running handlers (up to 30 s), then leaves the database to its owner. pg-boss's own wait ends
      // when no worker holds a job, which misses a fetch still in flight (its jobs then run after the stop) and the
      // completion it sends after the handler: wait until nothing of the queue's is running, twice in a row.
      const until = Date.now() + STOP_TIMEOUT_MS;
      await boss.stop({ graceful: true, close: false, wait: true, timeout: STOP_TIMEOUT_MS });
      for (let idle = 0; idle < 2 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 50));
        idle = running === 0 && pendingSql === 0 ? idle + 1 : 0;
      }
    },
  };
  return queue;
}
