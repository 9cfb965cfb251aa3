import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { personalDataIn, personalValues, type PersonalValue } from './log-scan.js';
import { startSatusehatSim } from '../packages/server/src/satusehat-sim/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The port the reminders test's fake gateway listens on: the only internal address the server may call. */
    gatewayPort: number;
    /** The SATUSEHAT simulator the server was started against (its switches: POST {simUrl}/__sim/switch). */
    satusehatSimUrl: string;
    /** The server's log file while it runs (e2e/server-ready.ts shows its end when the server never answers). */
    serverLogFile: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(ROOT, 'packages/server/dist/main.js');

interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
// `pg` is the server's dependency; borrowing it keeps the root free of a second copy.
const pg = createRequire(path.join(ROOT, 'packages/server/package.json'))('pg') as {
  Client: new (o: { connectionString: string }) => PgClient;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function withAdmin<T>(url: string, fn: (c: PgClient) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}

/**
 * Starts the built app (server + packages/web/dist) on a free port with the demo clinic seeded into a fresh
 * database: a temporary PGlite directory, or with TEST_DATABASE_URL a new PostgreSQL database dropped afterwards.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(MAIN) || !fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('Build first: pnpm build (the e2e suite runs the built server and web app)');
  }
  const port = await freePort();
  const gatewayPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-e2e-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `klinik_e2e_${randomBytes(5).toString('hex')}`;
    await withAdmin(adminUrl, (c) => c.query(`create database "${dbName}"`));
    const u = new URL(adminUrl);
    u.pathname = '/' + dbName;
    databaseUrl = u.toString();
  }

  // The SATUSEHAT stand-in (issue 31): the app reads its URLs at start only.
  const sim = await startSatusehatSim();

  let log = '';
  const logFile = path.join(dataDir, '..', `${path.basename(dataDir)}.log`);
  const logOut = fs.createWriteStream(logFile);
  const server = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      // Every request's line, written to a file scanned for personal data when the run ends (issue 32 item 4).
      LOG_LEVEL: 'info',
      REMINDER_GATEWAY_ALLOW_HOSTS: `127.0.0.1:${gatewayPort}`,
      SATUSEHAT_AUTH_URL: sim.authUrl,
      SATUSEHAT_BASE_URL: sim.baseUrl,
      SATUSEHAT_SWEEP_SECONDS: '2',
      SATUSEHAT_RETRY_DELAY_SECONDS: '2',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
    logOut.write(b);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const teardown = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((r) => logOut.end(r));
    const values: PersonalValue[] =
      adminUrl && databaseUrl ? await withAdmin(databaseUrl, (c) => personalValues(c)) : [];
    const found = personalDataIn(logFile, values);
    if (found.length > 0) {
      // A global teardown cannot fail the run by throwing (vitest only prints it): set the exit code.
      console.error(`The server log ${logFile} holds personal data: ${[...new Set(found)].slice(0, 20).join(', ')}`);
      process.exitCode = 1;
    } else {
      const lines = fs.readFileSync(logFile, 'utf8').split('\n').length;
      console.info(`Server log scanned for personal data: ${lines} lines, ${values.length} values, none found`);
      fs.rmSync(logFile, { force: true });
    }
    await sim.close();
    fs.rmSync(`${logFile}.failed`, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && dbName)
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${dbName}" with (force)`));
  };

  // Not awaited here: vitest runs every project's global setup before the first test of any project, so waiting
  // for the two servers' migrations and demo seeds (about 15 s) held back the unit and server tests too. The e2e
  // files wait for their server instead (e2e/server-ready.ts, a setup file); a server that stops is reported there
  // with its log, and the watch below names it in the run's output.
  waitForHealth(baseUrl, server, () => log).catch((err: unknown) => {
    const why = err instanceof Error ? err.message : String(err);
    console.error(`e2e server ${baseUrl}: ${why}`);
    // Read by e2e/server-ready.ts: the files fail at once instead of each waiting out its deadline.
    fs.writeFileSync(`${logFile}.failed`, why);
  });
  project.provide('baseUrl', baseUrl);
  project.provide('serverLogFile', logFile);
  project.provide('gatewayPort', gatewayPort);
  project.provide('satusehatSimUrl', sim.url);
  return teardown;
}
