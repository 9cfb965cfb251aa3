// Shared pieces of the benchmarks: the built app and the bare baseline as child processes, a small load driver
// with exact percentiles, throw-away PostgreSQL databases. Nothing here asserts on speed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(path.join(ROOT, 'packages/server/package.json'));
export const pg = require('pg');

export const PG_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECONDS = Number(process.env.BENCH_SECONDS || 8);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} x ${cpus[0]?.model?.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}
export function load() {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}

async function waitFor(url, ms = 120_000, exited) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited()) throw new Error('server exited during start');
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`server did not answer at ${url}`);
}

let nextPort = 3900 + Math.floor(Math.random() * 50);

/**
 * The built server (packages/server/dist/main.js) with the demo clinic, Chromium disabled (no browser runs during
 * a measurement). `extraArgs` go to node (e.g. --cpu-prof). stop() resolves once the process has exited.
 */
export async function startApp(name, env, extraArgs = []) {
  const port = nextPort++;
  const child = spawn(process.execPath, [...extraArgs, 'packages/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      CHROMIUM_PATH: '/nonexistent/chromium-disabled-for-bench',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d) => {
    const s = String(d);
    if (!/Chromium/.test(s)) process.stderr.write(`[${name}] ${s}`);
  });
  let exited = false;
  const done = new Promise((r) => child.once('exit', () => ((exited = true), r())));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 180_000, () => exited);
  return {
    base,
    pid: child.pid,
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      await done;
    },
    kill9() {
      child.kill('SIGKILL');
      return done;
    },
  };
}

export async function login(base, username, password = process.env.DEMO_PASSWORD || 'klinik123') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { cookie: res.headers.get('set-cookie').split(';')[0], user: body.data };
}

/** The bare Fastify baseline in a process of its own; resolves to { url, stop }. */
export async function startBare() {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/bare.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  const done = new Promise((r) => child.once('exit', r));
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}/bare`,
    async stop() {
      child.kill('SIGTERM');
      await done;
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
  } catch {
    return NaN;
  }
}
const CLK_TCK = 100;

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `clients` loops, each sending one request at a time for `seconds` over keep-alive connections. make(i) gives the
 * request { method, path, headers, body } of the i-th call. Returns requests/s, p50/p95/p99 (ms), errors.
 */
export async function drive({ base, clients, seconds = SECONDS, make, stopWhen }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(base);
  const lat = [];
  let errors = 0;
  let n = 0;
  const statuses = {};
  const until = performance.now() + seconds * 1000;
  const one = (req) =>
    new Promise((resolve) => {
      const body = req.body === undefined ? undefined : JSON.stringify(req.body);
      const r = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: req.method ?? 'GET',
          path: req.path,
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...req.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      r.on('error', () => resolve(0));
      if (body) r.write(body);
      r.end();
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until && !stopWhen?.()) {
        const i = n++;
        const s = performance.now();
        const status = await one(make(i));
        const ms = performance.now() - s;
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) lat.push(ms);
        else {
          errors++;
          if (status === 0) await sleep(20);
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    rps: lat.length / elapsed,
    ok: lat.length,
    p50: percentile(lat, 50),
    p95: percentile(lat, 95),
    p99: percentile(lat, 99),
    errors,
    statuses,
  };
}

export function fmt(label, r) {
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(7);
  return `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms  p99 ${ms(r.p99)} ms  errors ${r.errors}`;
}

/** A new empty PostgreSQL database next to PG_URL: { url, name, drop } (drop only after the app stopped). */
export async function createPgDatabase(tag) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const name = `klinik_bench_${tag}_${Date.now().toString(36)}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = '/' + name;
  return {
    name,
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

export async function pgReachable() {
  try {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function withPg(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
