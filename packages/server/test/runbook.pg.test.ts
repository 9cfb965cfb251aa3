/**
 * The runbook's commands (docs/ops/runbook.md, issue 32 item 5) run as an operator types them, on the built app
 * (`pnpm test` builds first): install on PostgreSQL (createdb, create-owner, start), a backup while the app runs,
 * the restore drill into a new database, signing everyone out with `delete from session`, and the same backup and
 * restore on the embedded database. PostgreSQL only (the `server-pg` project): it needs `createdb` and `psql`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-runbook-'));
const suffix = Math.random().toString(16).slice(2, 8);
const databases = [`klinik_rb_${suffix}`, `klinik_rb_restored_${suffix}`, `klinik_rb_stop_${suffix}`];
const servers: ChildProcess[] = [];
const OWNER = {
  username: 'owner_runbook',
  name: 'Pemilik Runbook',
  password: 'rahasia-runbook-1',
  branch: 'Klinik Drill',
};

function dbUrl(name: string): string {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}
const pgArgs = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', admin.username || 'postgres'];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `node packages/server/dist/main.js <args>` with the runbook's environment. */
async function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 });
}

/** Starts the app as the runbook does and waits for /api/health. */
async function start(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const server = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  servers.push(server);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error(`the app stopped (exit ${server.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy');
}
async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
  });
  expect(res.status).toBe(200);
  return String(res.headers.get('set-cookie')).split(';')[0];
}
const me = (base: string, cookie: string) =>
  fetch(`${base}/api/auth/me`, { headers: { cookie } }).then((r) => r.status);

const createOwner = (env: Record<string, string>) =>
  cli(
    env,
    'create-owner',
    ...['--username', OWNER.username, '--name', OWNER.name, '--password', OWNER.password, '--branch', OWNER.branch],
  );
const archiveIn = (dir: string) => {
  const files = fs.readdirSync(dir).filter((f) => /^klinik-\d{8}-\d{6}\.tar\.gz$/.test(f));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]);
};

beforeAll(() => {
  if (!fs.existsSync(MAIN)) throw new Error('Build first: pnpm build (this test runs the built app)');
});
afterAll(async () => {
  for (const s of servers) await stop(s);
  for (const name of databases)
    await run('psql', [
      ...pgArgs,
      '-d',
      admin.pathname.slice(1) || 'postgres',
      '-c',
      `drop database if exists ${name} with (force)`,
    ]);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('runbook on PostgreSQL', () => {
  it('installs, backs up while running, restores into a new database, and signs everyone out', async () => {
    // Install: createdb, create-owner, start.
    await run('createdb', [...pgArgs, databases[0]]);
    const live = { DATABASE_URL: dbUrl(databases[0]), DATA_DIR: path.join(tmp, 'pg-data') };
    await createOwner(live);
    const base = await start(live);
    const cookie = await signIn(base);
    expect(await me(base, cookie)).toBe(200);

    // Backup now, while the app runs.
    const out = path.join(tmp, 'pg-backups');
    await cli(live, 'backup', '--out', out);
    const archive = archiveIn(out);

    // Restore drill: a new database, the restore, the app on it, the owner signs in.
    await run('createdb', [...pgArgs, databases[1]]);
    const restored = { DATABASE_URL: dbUrl(databases[1]), DATA_DIR: path.join(tmp, 'pg-restored') };
    await cli(restored, 'restore', archive);
    const base2 = await start(restored);
    expect(await me(base2, await signIn(base2))).toBe(200);
    // A restore over a database that is not empty is refused.
    await expect(cli(restored, 'restore', archive)).rejects.toMatchObject({ code: 1 });

    // Rotating secrets: `delete from session;` signs everyone out.
    await run('psql', [...pgArgs, '-d', databases[0], '-c', 'delete from session;']);
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await me(base, cookie);
    }
    expect(status).toBe(401);
  });
});

describe('runbook on the embedded database', () => {
  // Two installs of the embedded database from scratch, two app starts, a backup and a restore, each command with
  // its own 120 s limit (`cli`): the project's 60 s default does not fit the drill on a loaded 2-core machine.
  it('backs up while the app runs (SIGUSR2) and restores into a new folder', { timeout: 300_000 }, async () => {
    const backups = path.join(tmp, 'embedded-backups');
    const live = { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'embedded'), BACKUP_DIR: backups };
    await createOwner(live);
    const base = await start(live);
    await signIn(base);
    // While the app runs, it writes the archive itself, into its BACKUP_DIR: `--out` is refused.
    await expect(cli(live, 'backup', '--out', path.join(tmp, 'elsewhere'))).rejects.toMatchObject({ code: 1 });
    await cli(live, 'backup');
    const archive = archiveIn(backups);
    await stop(servers.at(-1)!);

    const restored = { DATABASE_URL: '', DATA_DIR: path.join(tmp, 'embedded-restored') };
    await cli(restored, 'restore', archive);
    const base2 = await start(restored);
    expect(await me(base2, await signIn(base2))).toBe(200);
  });
});

describe('stopping the app', () => {
  it('SIGTERM while a job runs: the job finishes, then the app exits 0 without touching a closed pool', async () => {
    await run('createdb', [...pgArgs, databases[2]]);
    const env = { DATABASE_URL: dbUrl(databases[2]), DATA_DIR: path.join(tmp, 'pg-stop'), JOB_POLLING_SECONDS: '0.5' };
    await createOwner(env);
    const port = await freePort();
    const server = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    let log = '';
    server.stdout.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let ok = false; !ok; await new Promise((r) => setTimeout(r, 250))) {
      expect(server.exitCode).toBeNull();
      ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
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
      // A moment for the handler to reach the lock, then SIGTERM; the lock goes a second later.
      await new Promise((r) => setTimeout(r, 1000));
      server.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      expect(server.exitCode).toBeNull();
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
