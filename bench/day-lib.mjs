// Pieces of the day simulator (bench/day.mjs): a signed-in HTTP client over keep-alive sockets that times every
// request by step, the event-stream listener, and the database counters read before and after a run.
import http from 'node:http';
import { percentile, withPg } from './lib.mjs';

/** Latencies and errors per step name. */
export class Steps {
  constructor() {
    this.lat = new Map();
    this.err = new Map();
    this.samples = new Map();
  }
  ok(step, ms) {
    if (!this.lat.has(step)) this.lat.set(step, []);
    this.lat.get(step).push(ms);
  }
  fail(step, status, body) {
    this.err.set(step, (this.err.get(step) ?? 0) + 1);
    if (!this.samples.has(step)) this.samples.set(step, `${status} ${String(body).slice(0, 200)}`);
  }
  get errors() {
    return [...this.err.values()].reduce((a, b) => a + b, 0);
  }
  table() {
    const names = [...new Set([...this.lat.keys(), ...this.err.keys()])];
    const f = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-').padStart(6);
    const rows = names.map((n) => {
      const xs = (this.lat.get(n) ?? []).sort((a, b) => a - b);
      return `  ${n.padEnd(34)} ${String(xs.length).padStart(6)} ok ${String(this.err.get(n) ?? 0).padStart(4)} err   p50 ${f(percentile(xs, 50))}  p95 ${f(percentile(xs, 95))}  p99 ${f(percentile(xs, 99))} ms`;
    });
    const samples = [...this.samples].map(([n, s]) => `  error sample, ${n}: ${s}`);
    return [...rows, ...samples].join('\n');
  }
}

const agents = new Map();
function agentOf(base) {
  if (!agents.has(base)) agents.set(base, new http.Agent({ keepAlive: true, maxSockets: 64 }));
  return agents.get(base);
}
export const closeAgents = () => agents.forEach((a) => a.destroy());

/** One request; resolves { status, body (parsed JSON when it is), ms }. Never rejects (status 0 on a socket error). */
export function request(base, method, path, { cookie, body, headers } = {}) {
  const url = new URL(base);
  const data = body === undefined ? undefined : JSON.stringify(body);
  const t = performance.now();
  return new Promise((resolve) => {
    const r = http.request(
      {
        agent: agentOf(base),
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          ...(data ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          // the app's CSRF rule: a state-changing request names the app as its origin
          ...(method !== 'GET' ? { origin: base } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          if (/json/.test(res.headers['content-type'] ?? ''))
            try {
              parsed = JSON.parse(text);
            } catch {}
          resolve({ status: res.statusCode, body: parsed, ms: performance.now() - t, bytes: text.length });
        });
      },
    );
    r.on('error', (e) => resolve({ status: 0, body: e.message, ms: performance.now() - t }));
    if (data) r.write(data);
    r.end();
  });
}

/** DAY_SLOW_MS: each call slower than this is printed with the second it ended in (where a tail comes from). */
const SLOW_MS = Number(process.env.DAY_SLOW_MS || 0);

/** A signed-in member of staff on one server process; call(step, ...) times the request under `step`. */
export function staffOn(base, username, cookie, steps) {
  return {
    base,
    username,
    cookie,
    async call(step, method, path, body, headers) {
      const r = await request(this.base, method, path, { cookie: this.cookie, body, headers });
      if (SLOW_MS && r.ms > SLOW_MS)
        console.error(`slow: ${step} ${Math.round(r.ms)} ms at ${Math.round(performance.now() / 1000)} s`);
      if (r.status >= 200 && r.status < 300) steps.ok(step, r.ms);
      else steps.fail(step, r.status, typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
      return r;
    },
  };
}

/** The session cookie of a login (the request helper above drops headers; this one keeps set-cookie). */
export async function login(base, username, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie').split(';')[0];
}

/** Listens to a branch's visit event stream; counts the events and keeps the time each visit id was first seen. */
export function listen(base, cookie) {
  const url = new URL('/api/service/visit/events', base);
  const seen = new Map();
  let events = 0;
  const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (d) => {
      for (const line of d.split('\n'))
        if (line.startsWith('data:')) {
          events++;
          let ids = [];
          try {
            ids = JSON.parse(line.slice(5)).ids ?? [];
          } catch {}
          for (const id of ids) if (!seen.has(Number(id))) seen.set(Number(id), performance.now());
        }
    });
  });
  req.on('error', () => {});
  return {
    seen,
    get events() {
      return events;
    },
    close: () => req.destroy(),
  };
}

/** Database-wide counters: statements (pg_stat_statements when loaded), transactions, rows, time in statements. */
export async function dbCounters(url) {
  return withPg(url, async (c) => {
    const d = (
      await c.query(`select xact_commit + xact_rollback as xacts, tup_returned + tup_fetched as read,
        tup_inserted + tup_updated + tup_deleted as written, active_time from pg_stat_database where datname = current_database()`)
    ).rows[0];
    let calls = null;
    let execMs = null;
    // statements per visit need pg_stat_statements (shared_preload_libraries; see docs/ops); without it, '-'
    await c.query('create extension if not exists pg_stat_statements').catch(() => {});
    try {
      const s = (
        await c.query(
          `select sum(calls)::bigint as calls, sum(total_exec_time) as ms from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = current_database()`,
        )
      ).rows[0];
      calls = Number(s.calls);
      execMs = Number(s.ms);
    } catch {}
    return {
      xacts: Number(d.xacts),
      read: Number(d.read),
      written: Number(d.written),
      activeMs: Number(d.active_time),
      calls,
      execMs,
    };
  });
}

/** How many of a branch's patients hold the day's package (visits of theirs are paid partly by a slot). */
export const MEMBERS = 20;

/**
 * The branch's package for the day (its first treatment, 50 slots for a year) and its registration for the branch's
 * first MEMBERS patients, made through the API as the branch's admin, once: a later run finds the package by its code
 * and the registrations carry fixed idempotency keys, so a rerun registers nobody twice. Resolves the members' ids.
 */
export async function packageMembers(dbUrl, admin, ids) {
  const code = `DAY-PKT-${ids.b}`;
  const call = (method, path, body, headers) =>
    request(admin.base, method, path, { cookie: admin.cookie, body, headers }).then((r) => {
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      return r.body.data;
    });
  let historyId = await withPg(dbUrl, async (c) => {
    const r = await c.query(`select id from paket_history where profile_id = $1 and code = $2 and is_current`, [
      ids.b,
      code,
    ]);
    return r.rows[0]?.id;
  });
  if (!historyId) {
    const type = await call('POST', '/api/paket/type', {
      name: 'Promo Kontrol Kulit',
      type: 1,
      start_at: '2024-01-01',
      end_at: '2099-12-31',
    });
    historyId = (
      await call('POST', '/api/paket', {
        code,
        name: 'Paket Kontrol Kulit',
        paket_type_id: type.id,
        active_at: '2024-01-01',
        price: 3000000,
        description: '',
        installment_schema: 1,
        dp_amount: 600000,
        cicilan_amount: 800000,
        cicilan_attempt: 3,
        items: [{ type: 1, ref_id: ids.perawatan, free_slot: 50, expired_duration: 365 }],
      })
    ).id;
  }
  const members = ids.patients.slice(0, MEMBERS).map((p) => Number(p.split('|')[0]));
  for (const customer of members)
    await call(
      'POST',
      '/api/paket/membership',
      { customer, doctor: ids.doctors[0], paket_history_id: historyId },
      { 'idempotency-key': `day-member-${ids.b}-${customer}` },
    );
  return members;
}

/** The slots the day's packages have used so far (before and after a run: each covered line uses one). */
export async function usedSlots(dbUrl) {
  return withPg(dbUrl, async (c) => {
    const r = await c.query(
      `select coalesce(sum(s.used_slot), 0)::int n from paket_membership_slot s
         join paket_membership m on m.id = s.membership_id join paket_history h on h.id = m.paket_history_id
       where h.code like 'DAY-PKT-%'`,
    );
    return r.rows[0].n;
  });
}
