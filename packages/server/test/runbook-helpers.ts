/**
 * The runbook drills' commands as an operator types them, on the built app (runbook.pg.test.ts and
 * runbook-embedded.pg.test.ts): `node packages/server/dist/main.js <command>`, the app started and awaited on
 * /api/health, the owner's sign-in. `drill()` gives each file its own scratch folder, databases and servers, removed
 * after it (the server-pg project shares one module graph per worker, so nothing here is module-level state).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';

export const run = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MAIN = path.join(ROOT, 'packages/server/dist/main.js');
export const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
export const pgArgs = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', admin.username || 'postgres'];
export const OWNER = {
  username: 'owner_runbook',
  name: 'Pemilik Runbook',
  password: 'rahasia-runbook-1',
  branch: 'Klinik Drill',
};

export function dbUrl(name: string): string {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `node packages/server/dist/main.js <args>` with the runbook's environment. */
export async function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 });
}

export async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** Answers true once /api/health answers 200, false while it does not (not listening, or not ready). */
export const healthy = (base: string) =>
  fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
  });
  expect(res.status).toBe(200);
  return String(res.headers.get('set-cookie')).split(';')[0];
}

export const me = (base: string, cookie: string) =>
  fetch(`${base}/api/auth/me`, { headers: { cookie } }).then((r) => r.status);

export const createOwner = (env: Record<string, string>) =>
  cli(
    env,
    'create-owner',
    ...['--username', OWNER.username, '--name', OWNER.name, '--password', OWNER.password, '--branch', OWNER.branch],
  );

export const archiveIn = (dir: string) => {
  const files = fs.readdirSync(dir).filter((f) => /^klinik-\d{8}-\d{6}\.tar\.gz$/.test(f));
  expect(files).toHaveLength(1);
  return path.join(dir, files[0]);
};

/** One drill's scratch folder, databases (named `klinik_rb_<name>_<suffix>`) and the servers it started. */
export function drill() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-runbook-'));
  const suffix = Math.random().toString(16).slice(2, 8);
  const databases: string[] = [];
  const servers: ChildProcess[] = [];
  return {
    tmp,
    servers,
    database(name: string): string {
      const db = `klinik_rb_${name}_${suffix}`;
      databases.push(db);
      return db;
    },
    spawnApp(env: Record<string, string>, port: number, logLevel = 'warn', stdio: 'ignore' | 'pipe' = 'ignore') {
      const server = spawn(process.execPath, [MAIN], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: logLevel },
        stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'ignore',
      });
      servers.push(server);
      return server;
    },
    /** Starts the app as the runbook does and waits for /api/health. */
    async start(env: Record<string, string>): Promise<string> {
      const port = await freePort();
      const server = this.spawnApp(env, port);
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 400; i++) {
        if (server.exitCode !== null) throw new Error(`the app stopped (exit ${server.exitCode})`);
        if (await healthy(base)) return base;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('the app did not become healthy');
    },
    async cleanup() {
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
    },
  };
}
