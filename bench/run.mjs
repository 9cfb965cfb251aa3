// `pnpm bench`: load benchmark of the started app, on PGlite and on PostgreSQL (when reachable).
// For each: an authenticated GET /api/auth/me and, in the same run, a bare Fastify route as the baseline.
// Prints requests/s, p50/p99 latency and the ratio of the two. A benchmark, not a test: nothing here fails on speed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(path.resolve('packages/server/package.json'));
const Fastify = require('fastify');
const pg = require('pg');

const DURATION = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const PG_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function startApp(name, env) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${name}: server exited (${code})`))),
  );
  await Promise.race([waitFor(`${base}/api/health`), exited]);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: process.env.DEMO_PASSWORD || 'klinik123' }),
  });
  if (!login.ok) throw new Error(`${name}: login failed ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  return { base, cookie, stop: () => child.kill('SIGTERM') };
}

function row(label, r) {
  return `${label.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
}

async function benchOne(name, env) {
  const app = await startApp(name, env);
  const bare = Fastify();
  bare.get('/bare', async () => ({ data: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${bare.server.address().port}/bare`;
  try {
    const me = await run({ url: `${app.base}/api/auth/me`, headers: { cookie: app.cookie } });
    const baseline = await run({ url: bareUrl });
    console.log(`\n${name}`);
    console.log(row('GET /api/auth/me (authenticated)', me));
    console.log(row('bare Fastify route', baseline));
    console.log(`ratio me / bare: ${(me.requests.average / baseline.requests.average).toFixed(3)}`);
  } finally {
    app.stop();
    await bare.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'klinik-bench-'));
try {
  await benchOne('PGlite (embedded)', { DATA_DIR: dataDir, DATABASE_URL: '' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

let admin;
try {
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
} catch {
  console.log(`\nPostgreSQL at ${PG_URL} not reachable: skipped.`);
  admin = null;
}
if (admin) {
  const db = `klinik_bench_${Date.now()}`;
  await admin.query(`create database ${db}`);
  const u = new URL(PG_URL);
  u.pathname = '/' + db;
  try {
    await benchOne('PostgreSQL', { DATABASE_URL: u.toString() });
  } finally {
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}
