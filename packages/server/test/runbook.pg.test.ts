/**
 * The runbook's commands on PostgreSQL (docs/ops/runbook.md, issue 32 item 5) run as an operator types them, on the
 * built app (`pnpm test` builds first): install (createdb, create-owner, start), a backup while the app runs, the
 * restore drill into a new database, signing everyone out with `delete from session`, and a stop (SIGTERM) while a
 * job runs. The same backup and restore on the embedded database: runbook-embedded.pg.test.ts (a file of its own, so
 * the two drills run side by side). PostgreSQL only (the `server-pg` project): it needs `createdb` and `psql`.
 */
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  archiveIn,
  cli,
  createOwner,
  dbUrl,
  drill,
  freePort,
  healthy,
  MAIN,
  me,
  pgArgs,
  run,
  signIn,
} from './runbook-helpers.js';

const d = drill();
beforeAll(() => {
  if (!fs.existsSync(MAIN)) throw new Error('Build first: pnpm build (this test runs the built app)');
});
afterAll(() => d.cleanup());

describe('runbook on PostgreSQL', () => {
  // Two app starts, a backup and a restore, each command with its own 120 s limit (`cli`), as in the embedded drill:
  // the project's 60 s default is for one request's work, not for an install and a restore on a loaded machine.
  it(
    'installs, backs up while running, restores into a new database, and signs everyone out',
    { timeout: 300_000 },
    async () => {
      // Install: createdb, create-owner, start.
      const live_db = d.database('live');
      const restored_db = d.database('restored');
      await run('createdb', [...pgArgs, live_db]);
      const live = { DATABASE_URL: dbUrl(live_db), DATA_DIR: path.join(d.tmp, 'pg-data') };
      await createOwner(live);
      const base = await d.start(live);
      const cookie = await signIn(base);
      expect(await me(base, cookie)).toBe(200);

      // Backup now, while the app runs.
      const out = path.join(d.tmp, 'pg-backups');
      await cli(live, 'backup', '--out', out);
      const archive = archiveIn(out);

      // Restore drill: a new database, the restore, the app on it, the owner signs in.
      await run('createdb', [...pgArgs, restored_db]);
      const restored = { DATABASE_URL: dbUrl(restored_db), DATA_DIR: path.join(d.tmp, 'pg-restored') };
      await cli(restored, 'restore', archive);
      const base2 = await d.start(restored);
      expect(await me(base2, await signIn(base2))).toBe(200);
      // A restore over a database that is not empty is refused.
      await expect(cli(restored, 'restore', archive)).rejects.toMatchObject({ code: 1 });

      // Rotating secrets: `delete from session;` signs everyone out.
      await run('psql', [...pgArgs, '-d', live_db, '-c', 'delete from session;']);
      let status = 200;
      for (let i = 0; i < 40 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = await me(base, cookie);
      }
      expect(status).toBe(401);
    },
  );
});

describe('stopping the app', () => {
  it('SIGTERM while a job runs: the job finishes, then the app exits 0 without touching a closed pool', async () => {
    const db = d.database('stop');
    await run('createdb', [...pgArgs, db]);
    const env = { DATABASE_URL: dbUrl(db), DATA_DIR: path.join(d.tmp, 'pg-stop'), JOB_POLLING_SECONDS: '0.5' };
    await createOwner(env);
    const port = await freePort();
    const server = d.spawnApp(env, port, 'info', 'pipe');
    let log = '';
    server.stdout!.on('data', (b: Buffer) => (log += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let ok = false; !ok; await new Promise((r) => setTimeout(r, 250))) {
      expect(server.exitCode).toBeNull();
      ok = await healthy(base);
    }

    // The daily backup (ops.backup) is due now, but its pg_dump waits for a lock the test holds: the job is running.
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    const locker = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table profile in access exclusive mode');
      const job = await client.query<{ id: string }>(
        `update pgboss.job set start_after = now() where name = 'ops.backup' and state = 'created' returning id`,
      );
      expect(job.rows).toHaveLength(1);
      const state = async () =>
        (await client.query<{ state: string }>('select state from pgboss.job where id = $1', [job.rows[0].id])).rows[0]
          .state;
      let s = await state();
      for (let i = 0; i < 80 && s !== 'active'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        s = await state();
      }
      expect(s).toBe('active');
      // The job's pg_dump waits for the lock (seen in pg_stat_activity), then SIGTERM: the app stops listening and
      // waits for the running job instead of exiting under it.
      const dumpWaits = async () =>
        (
          await client.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and pid <> pg_backend_pid()`,
          )
        ).rowCount! > 0;
      await vi.waitFor(async () => expect(await dumpWaits()).toBe(true), { timeout: 60_000, interval: 250 });
      server.kill('SIGTERM');
      await vi.waitFor(async () => expect(await healthy(base)).toBe(false), { timeout: 60_000, interval: 250 });
      expect(server.exitCode).toBeNull();
      expect(await dumpWaits()).toBe(true);
      await locker.query('commit');
      expect(await exited).toBe(0);
      expect(log).not.toMatch(/Cannot use a pool|pool after calling end|shut down while active/);
      // The job completed (its next day's run queued) instead of being failed or left active.
      expect(await state()).toBe('completed');
      const next = await client.query(`select 1 from pgboss.job where name = 'ops.backup' and state = 'created'`);
      expect(next.rows).toHaveLength(1);
    } finally {
      await locker.end();
      await client.end();
    }
  });
});
