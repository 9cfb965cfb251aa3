/**
 * Issue 31 item 5: nothing is lost and nothing arrives twice when the server is killed (kill -9) while it sends to
 * SATUSEHAT. Three finished visits wait in the outbox; the built app is started on the same PostgreSQL database
 * against the simulator (slowed down), killed with SIGKILL once the first resources arrived, and started again: the
 * outbox drains on its own and every resource the simulator stored has its identifier once. PostgreSQL only (the
 * `server-pg` project): two processes on one database; the test's own app stops its job worker so that only the
 * spawned server sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { startSatusehatSim, type SatusehatSim } from '../src/satusehat-sim/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { finishedSatusehatVisit, satusehatBranch, SIM_CLIENT_A } from './satusehat-fixtures.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'packages/server/dist/main.js');
const KEY = randomBytes(32).toString('hex');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-ss-kill-'));
let sim: SatusehatSim;
let t: TestApp;
const servers: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The built app on the test's database, sending to the simulator, sweeping the outbox every second. */
async function startServer(): Promise<ChildProcess> {
  const port = await freePort();
  const server = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: t.databaseUrl!,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      BACKUP_SCHEDULE: 'off',
      JOB_POLLING_SECONDS: '1',
      SATUSEHAT_AUTH_URL: sim.authUrl,
      SATUSEHAT_BASE_URL: sim.baseUrl,
      SATUSEHAT_SECRET_KEY: KEY,
      SATUSEHAT_SWEEP_SECONDS: '1',
      SATUSEHAT_RETRY_DELAY_SECONDS: '1',
      // The killed process's job is given back once it expires (the queue's upkeep looks every 2 s here).
      SATUSEHAT_SEND_EXPIRE_SECONDS: '5',
      JOB_MAINTENANCE_SECONDS: '2',
    },
    stdio: 'ignore',
  });
  servers.push(server);
  for (let i = 0; i < 400; i++) {
    if (server.exitCode !== null) throw new Error(`the app stopped (exit ${server.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the app did not become healthy');
}

const statuses = async () =>
  (await queryRows<{ status: string }>(t.db, sql`select status from satusehat_visit order by id`)).map((r) => r.status);

/** The identifiers (system|value) of every resource the simulator stored for the client, with how often. */
function storedIdentifiers(): Map<string, number> {
  const seen = new Map<string, number>();
  for (const r of sim.state.stored(SIM_CLIENT_A.id)) {
    const ids = (r.identifier as { system: string; value: string }[] | undefined) ?? [];
    const key = ids.length ? `${r.resourceType} ${ids[0].system}|${ids[0].value}` : `${r.resourceType} ${r.id}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

beforeAll(async () => {
  if (!fs.existsSync(MAIN)) throw new Error('Build first: pnpm build (this test runs the built app)');
  sim = await startSatusehatSim();
  t = await createTestApp({
    satusehatAuthUrl: sim.authUrl,
    satusehatBaseUrl: sim.baseUrl,
    satusehatSecretKey: KEY,
    satusehatSweepSeconds: 0,
    satusehatSendExpireSeconds: 5,
  });
  const branch = await t.makeBranch({ name: 'Klinik Kill' });
  const b = await satusehatBranch(t, branch, '3171010101800001', '3171015101750001', SIM_CLIENT_A);
  for (let i = 0; i < 3; i++) await finishedSatusehatVisit(t, b);
  // Only the spawned server works the queue.
  await t.app.services.jobs.stop();
});
afterAll(async () => {
  for (const s of servers) if (s.exitCode === null && s.signalCode === null) s.kill('SIGKILL');
  await t?.close();
  await sim?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('SATUSEHAT outbox and kill -9', () => {
  it('a server killed while sending loses nothing and sends nothing twice once started again', async () => {
    expect(await statuses()).toEqual(['waiting', 'waiting', 'waiting']);
    sim.state.delayMs = 150;
    const first = await startServer();
    // Killed once something arrived and before everything was sent.
    for (let i = 0; i < 400 && sim.state.stored(SIM_CLIENT_A.id).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(sim.state.stored(SIM_CLIENT_A.id).length).toBeGreaterThan(0);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect((await statuses()).filter((s) => s === 'sent').length).toBeLessThan(3);

    sim.state.delayMs = 0;
    await startServer();
    for (let i = 0; i < 240 && (await statuses()).some((s) => s !== 'sent'); i++)
      await new Promise((r) => setTimeout(r, 500));
    expect(await statuses()).toEqual(['sent', 'sent', 'sent']);
    const stored = storedIdentifiers();
    expect(
      [...stored.values()].every((n) => n === 1),
      JSON.stringify([...stored]),
    ).toBe(true);
    expect(sim.state.stored(SIM_CLIENT_A.id, 'Encounter')).toHaveLength(3);
    expect(sim.state.stored(SIM_CLIENT_A.id, 'Condition')).toHaveLength(3);
  }, 180_000);
});
