/**
 * The 'bank' test of the cashier (issue 14, "How it will be checked"), shared by `pnpm bank` (bench/bank.mts, the
 * built server) and the short CI version (test/bank.pg.test.ts, the server from source): a fresh PostgreSQL
 * database, the server as a child process with the demo clinic, fixtures made through REST as a new user would
 * (Bandung's period, stock bought and received, package registrations with instalments, visits whose records the
 * doctor fills and finishes, open cash sessions), then `clients` concurrent cashiers for `seconds` paying visit bills
 * (some racing for the same bill), instalments, general sales and voids (request + approval), while the server is
 * killed with SIGKILL `kills` times and restarted. A client that loses its connection does not know what happened
 * and retries with the same Idempotency-Key, as a real till would. Every acknowledged (2xx) answer is recorded and
 * checked against the database afterwards (see `verify`). No timing is asserted anywhere: speed is only reported.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BankOptions {
  /** A PostgreSQL URL whose server gets the new database klinik_bank_*. */
  pgUrl: string;
  /** How to start the server: e.g. ['packages/server/dist/main.js'] or ['--import', 'tsx', 'src/main.ts']. */
  serverArgs: string[];
  serverCwd: string;
  clients: number;
  seconds: number;
  kills: number;
  /** Finished visits made per branch for the load (plus the demo's unpaid visits of today). */
  visitsPerBranch: number;
  membersPerBranch: number;
  /** A migrated database to copy (the test setup's template) instead of migrating a new one on the first start. */
  template?: string | null;
  /** Keep the database afterwards (its name is in the report). */
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface BankReport {
  database: string;
  ok: boolean;
  checks: Check[];
  refusals: Record<string, number>;
  stats: {
    seconds: number;
    clients: number;
    kills: number;
    restarts: number;
    acknowledged: { visit: number; sales: number; cicilan: number; void: number };
    payments_per_second: number;
    requests: number;
    connection_errors: number;
    statuses: Record<string, number>;
    unknown_outcomes: number;
    setup_seconds: number;
  };
}

const PASSWORD = 'klinik123';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON read by field
type Json = any;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------ the server process

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

class Server {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  stderr = '';
  restarts = 0;
  constructor(
    private opts: BankOptions,
    readonly port: number,
    private env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, this.opts.serverArgs, {
      cwd: this.opts.serverCwd,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let gone = false;
    this.exited = new Promise((r) =>
      child.once('exit', () => {
        gone = true;
        r();
      }),
    );
    child.stderr.on('data', (d) => {
      this.stderr = (this.stderr + String(d)).slice(-20_000);
    });
    const until = Date.now() + 180_000;
    while (Date.now() < until) {
      if (gone) throw new Error(`server exited during start:\n${this.stderr.slice(-3000)}`);
      const r = await request(this.base, 'GET', '/api/health', undefined, {}, 5_000);
      if (r.status === 200) return;
      await sleep(150);
    }
    throw new Error('server did not answer /api/health');
  }

  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await Promise.race([this.exited, sleep(10_000)]);
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) await this.kill9();
  }
}

/**
 * How the tests start the server: the build when it is newer than every source file it is made of (CI builds
 * first), else from source through tsx (slower to start, never stale).
 */
export function serverCommand(root: string): { serverArgs: string[]; serverCwd: string } {
  const dist = path.join(root, 'packages/server/dist/main.js');
  const newest = (dir: string): number => {
    let m = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      m = Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return m;
  };
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, 'packages/server/src')),
    newest(path.join(root, 'packages/shared/src')),
  );
  return built > sources
    ? { serverArgs: [dist], serverCwd: root }
    : { serverArgs: ['--import', 'tsx', 'src/main.ts'], serverCwd: path.join(root, 'packages/server') };
}

// ------------------------------------------------------------------------------------------ HTTP

interface Res {
  /** 0: no answer (connection refused or reset, or timed out). */
  status: number;
  body: Json;
  timedOut?: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(
  base: string,
  method: string,
  p: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Res> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Res) => {
      if (!done) {
        done = true;
        resolve(r);
      }
    };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: p,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          finish({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', () => finish({ status: 0, body: null }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      finish({ status: 0, body: null, timedOut: true });
    });
    req.on('error', () => finish({ status: 0, body: null }));
    if (payload) req.write(payload);
    req.end();
  });
}

class User {
  cookie = '';
  id = 0;
  branch = 0;
  constructor(
    readonly username: string,
    private server: Server,
    private stats: Stats,
  ) {}

  async login(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const r = await new Promise<{ status: number; cookie?: string; body: Json }>((resolve) => {
        const url = new URL(this.server.base);
        const payload = JSON.stringify({ username: this.username, password: PASSWORD });
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/auth/login',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const setCookie = res.headers['set-cookie']?.[0];
              let body: unknown = null;
              try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                /* ignore */
              }
              resolve({ status: res.statusCode ?? 0, cookie: setCookie?.split(';')[0], body });
            });
          },
        );
        req.on('error', () => resolve({ status: 0, body: null }));
        req.end(payload);
      });
      if (r.status === 200 && r.cookie) {
        this.cookie = r.cookie;
        this.id = Number(r.body.data.id);
        this.branch = Number(r.body.data.profile_id);
        return;
      }
      if (r.status !== 0) throw new Error(`login ${this.username}: ${r.status} ${JSON.stringify(r.body)}`);
      await sleep(200);
    }
    throw new Error(`login ${this.username}: no answer`);
  }

  /** One request; a 401 (session gone) logs in again once. Counts statuses. */
  async call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    let r = await request(this.server.base, method, p, body, { cookie: this.cookie, ...headers });
    if (r.status === 401) {
      await this.login();
      r = await request(this.server.base, method, p, body, { cookie: this.cookie, ...headers });
    }
    this.stats.count(r, `${method} ${p.replace(/\d+/g, ':id')}`);
    return r;
  }

  /** Setup calls: retried while the server is unreachable; anything else than `expect` throws. */
  async must(method: string, p: string, body?: unknown, expect: number[] = [200, 201], headers = {}): Promise<Json> {
    for (let i = 0; ; i++) {
      const r = await this.call(method, p, body, headers);
      if (expect.includes(r.status)) return r.body;
      if (r.status !== 0 || i > 100)
        throw new Error(`${this.username} ${method} ${p}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
      await sleep(200);
    }
  }
}

class Stats {
  requests = 0;
  connectionErrors = 0;
  timeouts = 0;
  statuses: Record<string, number> = {};
  errors5xx: string[] = [];
  count(r: Res, what: string) {
    this.requests++;
    if (r.status === 0) this.connectionErrors++;
    if (r.timedOut) this.timeouts++;
    this.statuses[r.status] = (this.statuses[r.status] ?? 0) + 1;
    if (r.status >= 500) this.errors5xx.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
}

// ------------------------------------------------------------------------------------------ setup

interface BranchFixture {
  id: number;
  name: string;
  cashiers: User[];
  /** Approves the voids the first cashier asks for. */
  approver: User;
  apotek: number;
  items: { id: number; price: number }[];
  memberships: number[];
  visits: number[];
  methods: { cash: number; qris: number; debit: number; transfer: number };
}

async function one<T>(c: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  return (await c.query(text, values)).rows[0] as T;
}

const key = (tag: string) => `bank-${tag}-${randomBytes(9).toString('base64url')}`;

async function setupBranch(
  db: pg.Client,
  server: Server,
  stats: Stats,
  o: BankOptions,
  names: { cashiers: string[]; approver: string; doctor: string; finance: string; buyer: string },
  today: string,
): Promise<BranchFixture> {
  const users = new Map<string, User>();
  const user = async (name: string) => {
    let u = users.get(name);
    if (!u) {
      u = new User(name, server, stats);
      await u.login();
      users.set(name, u);
    }
    return u;
  };
  const cashiers = await Promise.all(names.cashiers.map(user));
  const [approver, doctor, finance, buyer] = await Promise.all(
    [names.approver, names.doctor, names.finance, names.buyer].map(user),
  );
  const branch = cashiers[0].branch;
  const b = await one<{ name: string }>(db, 'select name from profile where id = $1', [branch]);

  // An active period (Bandung has none in the demo), opened by the branch's finance officer.
  const periods = await finance.must('GET', '/api/finance/periode');
  const list = (periods.data ?? periods) as { status: number }[];
  if (!list.some((p) => p.status === 0))
    await finance.must('POST', '/api/finance/periode', { start_date: `${today.slice(0, 8)}01` }, [201]);

  const warehouses = (await cashiers[0].must('GET', '/api/kasir/warehouse')).data as { id: number; kind: string }[];
  const apotek = warehouses.find((w) => w.kind === 'apotek')!.id;
  const methods = (await cashiers[0].must('GET', '/api/kasir/method')).data as { id: number; type: string }[];
  const m = (type: string) => methods.find((x) => x.type === type)!.id;

  // Stock: 400 of each skincare item and 200 of two medicines, bought from a vendor and received into the pharmacy.
  const items = (
    await db.query<{ id: number; code: string; selling_price: string; track_batch: boolean }>(
      `select id, code, selling_price::text, track_batch from item where profile_id = $1 and status = 1
         and code in ('IT-SUN50','IT-SERC','IT-MOIST','IT-ACNE','OB-PCT500','OB-CTZ10') order by id`,
      [branch],
    )
  ).rows;
  const vendor = await one<{ id: number }>(db, 'select id from vendor where profile_id = $1 order by id limit 1', [
    branch,
  ]);
  const lines = items.map((it) => ({
    item: it.id,
    qty: it.code.startsWith('OB') ? 200 : 400,
    price: Math.round(Number(it.selling_price) / 100 / 2),
  }));
  const po = await buyer.must(
    'POST',
    '/api/inventory/purchase',
    { vendor: vendor.id, warehouse: apotek, items: lines },
    [201],
    { 'idempotency-key': key('po') },
  );
  await buyer.must(
    'POST',
    `/api/inventory/purchase/${po.data.id}/receive`,
    {
      items: lines.map((l) => ({ ...l, batch: 'BANK-1', expired_at: '2029-12-31' })),
    },
    [201],
    { 'idempotency-key': key('rcv') },
  );

  // Patients of the branch; the first ones register the 'Paket Glowing 6 Bulan' (down payment + 3 instalments).
  const patients = (
    await db.query<{ id: number }>(
      'select id from users where role = 1 and profile_id = $1 and status = 1 order by id limit 60',
      [branch],
    )
  ).rows.map((r) => Number(r.id));
  const glow = await one<{ id: number }>(
    db,
    `select id from paket_history where profile_id = $1 and code = 'PKT-GLOW6' and is_current order by id limit 1`,
    [branch],
  );
  const members = patients.slice(0, Math.min(o.membersPerBranch, patients.length));
  const memberships: number[] = [];
  for (const customer of members) {
    const r = await cashiers[0].must(
      'POST',
      '/api/paket/membership',
      { customer, doctor: doctor.id, paket_history_id: glow.id },
      [201],
      { 'idempotency-key': key('reg') },
    );
    memberships.push(Number(r.data.id));
  }
  // Treatments the package covers (slot type 1) and the others; products sold at the visit.
  const covered = (
    await db.query<{ perawatan_id: number }>(
      'select perawatan_id from paket_history_item where paket_history_id = $1 and type = 1 order by id',
      [glow.id],
    )
  ).rows.map((r) => Number(r.perawatan_id));
  const treatments = (
    await db.query<{ id: number }>('select id from perawatan where profile_id = $1 and status = 1 order by id', [
      branch,
    ])
  ).rows.map((r) => Number(r.id));
  const sellable = items.filter((it) => !it.code.startsWith('OB'));

  // Visits: registered at the desk, the doctor records a treatment (and sometimes a product), then finishes.
  const visits: number[] = [];
  const makeVisit = async (i: number) => {
    const member = i % 3 === 0 && members.length > 0;
    const customer = member ? members[i % members.length] : patients[(i * 7) % patients.length];
    const v = await cashiers[0].must(
      'POST',
      '/api/service/visit',
      { customer, doctor: doctor.id, kind: 'konsultasi' },
      [201],
    );
    const id = Number(v.data.id);
    const perawatan = member ? covered[i % covered.length] : treatments[i % treatments.length];
    await doctor.must('POST', `/api/rekammedis/visit/${id}/treatment`, { perawatan, qty: 1, doctor: doctor.id }, [201]);
    if (i % 2 === 1)
      await doctor.must(
        'POST',
        `/api/rekammedis/visit/${id}/produk`,
        { item: sellable[i % sellable.length].id, qty: 1 + (i % 3) },
        [201],
      );
    await doctor.must('POST', `/api/rekammedis/visit/${id}/finish`, {}, [200]);
    visits.push(id);
  };
  for (let i = 0; i < o.visitsPerBranch; i += 4)
    await Promise.all(Array.from({ length: Math.min(4, o.visitsPerBranch - i) }, (_, k) => makeVisit(i + k)));
  // The demo's unpaid visits of today are in the queue as well.
  const queue = (await cashiers[0].must('GET', '/api/kasir/visit?unpaid=1')).data as {
    id: number;
    payment: unknown;
  }[];
  for (const q of queue) if (!q.payment && !visits.includes(q.id)) visits.push(q.id);

  // Every cashier's till is open (the demo's Jakarta cashier has one already).
  for (const c of cashiers) {
    const cur = await c.must('GET', '/api/kasir/session/current');
    if (!cur.data) await c.must('POST', '/api/kasir/session', { opening_float: 500000 }, [201]);
  }
  return {
    id: branch,
    name: b.name,
    cashiers,
    approver,
    apotek,
    items: sellable.map((it) => ({ id: it.id, price: Number(it.selling_price) / 100 })),
    memberships,
    visits,
    methods: { cash: m('tunai'), qris: m('qris'), debit: m('debit'), transfer: m('transfer') },
  };
}

// ------------------------------------------------------------------------------------------ the load

type Kind = 'visit' | 'sales' | 'cicilan';
interface Ack {
  kind: Kind;
  key: string;
  id: number;
  code: string;
  branch: number;
  visit?: number;
}
interface Attempt {
  kind: Kind;
  key: string;
  branch: number;
  /** Final status: 2xx acknowledged, 4xx refused, 0 unknown (gave up). */
  final: number;
  message?: string;
}

class Ledger {
  acks: Ack[] = [];
  attempts: Attempt[] = [];
  voidsAcked = new Set<number>();
  voidRequests = 0;
  refusals: Record<string, number> = {};
  unexpected: string[] = [];
}

const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: T[]): T => xs[rand(xs.length)];
const roundUp = (v: number, to: number) => Math.ceil(v / to) * to;

/** Messages a correct server may answer a racing or late cashier with (4xx). */
const EXPECTED_REFUSALS = [
  /sudah dibayar/,
  /Slot paket sudah terpakai/,
  /Stok .*tidak cukup|tidak cukup|Stok/,
  /melebihi sisa tagihan/,
  /sudah lunas/,
  /sudah dibatalkan/,
  /sudah diputuskan/,
  // Two cashiers asking to void the same payment: the second request while the first awaits approval.
  /Masih ada permintaan yang menunggu persetujuan/,
  /Pembayaran non-tunai melebihi/,
  // The bill was fully covered by a package when read; its slot went to another visit before the payment.
  /Pembayaran wajib diisi/,
];

/**
 * What the server answers a transaction PostgreSQL cancelled (a deadlock or a serialization failure, see
 * http/errors.ts): nothing was written, and the message asks to try again, which a cashier does.
 */
const TRY_AGAIN = 'Data sedang diubah oleh pengguna lain, silakan coba lagi';

async function until(r: () => Promise<Res>, giveUpAt: () => number): Promise<Res> {
  // A connection error means "unknown": the same request (same Idempotency-Key) again once the server is back.
  // A 409 asking to try again is sent again as well (with the same key), as the cashier would.
  for (let i = 0; ; i++) {
    const res = await r();
    if (res.status !== 0 && !(res.status === 409 && messageOf(res) === TRY_AGAIN)) return res;
    if (Date.now() > giveUpAt()) return res;
    await sleep(150 + rand(200));
  }
}

function messageOf(r: Res): string {
  const b = r.body as { message?: string } | { message?: string }[] | null;
  if (Array.isArray(b)) return b.map((x) => x.message).join('; ');
  return b?.message ?? JSON.stringify(b)?.slice(0, 200) ?? '';
}

async function client(
  i: number,
  f: BranchFixture,
  cursor: { next: number; taken: number[] },
  ledger: Ledger,
  stop: { at: number },
) {
  // After the stop, a client still finishes what it started (retrying while the server restarts), for 2 minutes at most.
  const giveUpAt = () => (Number.isFinite(stop.at) ? stop.at + 120_000 : Number.POSITIVE_INFINITY);
  const cashier = f.cashiers[i % f.cashiers.length];
  const mine: Ack[] = [];
  const refuse = (what: string, r: Res) => {
    const msg = messageOf(r);
    if (r.status >= 400 && r.status < 500 && EXPECTED_REFUSALS.some((re) => re.test(msg))) {
      const k = `${what} ${r.status}: ${msg.replace(/\d[\d./A-Z-]*/g, '#').slice(0, 80)}`;
      ledger.refusals[k] = (ledger.refusals[k] ?? 0) + 1;
    } else ledger.unexpected.push(`${what} ${r.status}: ${msg.slice(0, 300)}`);
  };
  const record = (kind: Kind, k: string, r: Res, extra: Partial<Ack> = {}) => {
    ledger.attempts.push({ kind, key: k, branch: f.id, final: r.status, message: r.status >= 300 ? messageOf(r) : '' });
    if (r.status === 200 || r.status === 201) {
      const a: Ack = { kind, key: k, id: Number(r.body.data.id), code: r.body.data.code, branch: f.id, ...extra };
      ledger.acks.push(a);
      mine.push(a);
    } else if (r.status !== 0) refuse(kind, r);
  };

  // A client's first action is fixed (visit, instalment or sale by its number, a fresh bill without the package),
  // so every kind is done by some client in every run, however slow the machine: nothing is left to timing.
  let first = true;
  while (!Number.isFinite(stop.at)) {
    const roll = first ? [0.1, 0.6, 0.8][i % 3] : Math.random();
    const fresh = first;
    first = false;
    if (roll < 0.55 && (cursor.next < f.visits.length || cursor.taken.length)) {
      // Pay a visit's bill; a third of the time one another cashier has just taken (a race).
      let visit: number;
      if (cursor.next >= f.visits.length || (!fresh && Math.random() < 0.35 && cursor.taken.length)) {
        visit = pick(cursor.taken.slice(-8));
      } else {
        visit = f.visits[cursor.next++];
        cursor.taken.push(visit);
      }
      const usePaket = !fresh && Math.random() < 0.85;
      const bill = await until(() => cashier.call('GET', `/api/kasir/bill/${visit}?use_paket=${usePaket}`), giveUpAt);
      if (bill.status !== 200) {
        if (bill.status !== 0) ledger.unexpected.push(`bill ${visit}: ${bill.status} ${messageOf(bill)}`);
        continue;
      }
      if (bill.body.data.payment) continue; // the queue would show it paid
      const total = Number(bill.body.data.total);
      const m = f.methods;
      const style = rand(10);
      const payments =
        total === 0
          ? []
          : style < 4
            ? [{ method: m.cash, amount: roundUp(total, 50000) + (style === 0 ? 100000 : 0) }]
            : style < 6
              ? [{ method: m.qris, amount: total }]
              : style < 8
                ? [
                    { method: m.transfer, amount: Math.floor(total / 2) },
                    { method: m.cash, amount: roundUp(total - Math.floor(total / 2), 10000) },
                  ]
                : style < 9
                  ? [{ method: m.debit, amount: total }]
                  : [{ method: m.cash, amount: Math.max(1000, Math.floor(total / 2)) }]; // partial: a receivable
      const k = key('pay');
      const send = () =>
        until(
          () =>
            cashier.call(
              'POST',
              '/api/kasir/payment',
              { visit, use_paket: usePaket, payments },
              { 'idempotency-key': k },
            ),
          giveUpAt,
        );
      // One payment in ten is a double click: the same request (same key) twice at once; both must name one payment.
      const answers = Math.random() < 0.1 ? await Promise.all([send(), send()]) : [await send()];
      for (const r of answers) record('visit', k, r, { visit });
    } else if (roll < 0.72 && f.memberships.length) {
      const membership = pick(f.memberships);
      const amount = fresh ? 100000 : pick([100000, 400000, 800000]);
      const k = key('cic');
      const payments =
        Math.random() < 0.5
          ? [{ method: f.methods.cash, amount: roundUp(amount, 50000) + pick([0, 50000]) }]
          : [{ method: f.methods.transfer, amount }];
      const r = await until(
        () => cashier.call('POST', '/api/kasir/cicilan', { membership, amount, payments }, { 'idempotency-key': k }),
        giveUpAt,
      );
      record('cicilan', k, r);
    } else if (roll < 0.9) {
      const chosen = [...new Set([pick(f.items), pick(f.items)])];
      const items = chosen.map((it) => ({ item: it.id, qty: 1 + rand(2) }));
      const estimate = chosen.reduce((s, it, j) => s + it.price * items[j].qty, 0);
      const debit = Math.floor(estimate / 3);
      const k = key('jual');
      const r = await until(
        () =>
          cashier.call(
            'POST',
            '/api/kasir/sales',
            {
              warehouse: f.apotek,
              items,
              payments: [
                { method: f.methods.debit, amount: debit },
                { method: f.methods.cash, amount: roundUp(estimate * 1.2, 50000) },
              ],
            },
            { 'idempotency-key': k },
          ),
        giveUpAt,
      );
      record('sales', k, r);
    } else if (cashier === f.cashiers[0] && mine.length) {
      // Void one of this client's payments: the cashier asks, the branch manager approves.
      // Instalments half of the time when there are some: their schedule is what a void must give back exactly.
      const cic = mine.filter((a) => a.kind === 'cicilan');
      const target = Math.random() < 0.5 && cic.length ? pick(cic) : pick(mine);
      mine.splice(mine.indexOf(target), 1);
      const req = await until(
        () => cashier.call('POST', `/api/kasir/payment/${target.id}/void`, { reason: 'Uji bank: salah input' }),
        giveUpAt,
      );
      ledger.voidRequests++;
      if (req.status === 202) {
        const dec = await until(
          () =>
            f.approver.call('POST', `/api/applog/doconfirm/${req.body.data?.applog_id ?? req.body.applog_id}`, {
              status: 1,
            }),
          giveUpAt,
        );
        if (dec.status === 200) ledger.voidsAcked.add(target.id);
        else if (dec.status !== 0) refuse('approve', dec);
      } else if (req.status === 200) ledger.voidsAcked.add(target.id);
      else if (req.status !== 0) refuse('void', req);
    }
  }
}

// ------------------------------------------------------------------------------------------ verification

interface Snapshot {
  maxPayment: number;
  accounts: Map<string, number>; // `${branch}:${akun_id}` -> balance (sen)
  stock: Map<string, number>; // `${warehouse}:${item}` -> quantity
  slots: Map<number, number>; // slot id -> used
  cicilan: Map<number, number>; // membership id -> paid sum
}

async function snapshot(db: pg.Client): Promise<Snapshot> {
  // One client: one query after the other.
  const mp = await one<{ m: number }>(db, 'select coalesce(max(id), 0)::int as m from kasir_payment');
  const acc = await db.query(
    `select d.profile_id, d.akun_id, sum(d.debit - d.credit)::text as b from jurnal_detail d
     where d.akun_id in (select akun_id from payment_method) group by 1, 2`,
  );
  const st = await db.query('select warehouse_id, item_id, sum(quantity)::int as q from stock_balance group by 1, 2');
  const sl = await db.query('select id, used_slot from paket_membership_slot');
  const ci = await db.query(
    'select membership_id, sum(paid_amount)::text as p from paket_membership_cicilan group by 1',
  );
  return {
    maxPayment: mp.m,
    accounts: new Map(acc.rows.map((r) => [`${r.profile_id}:${r.akun_id}`, Number(r.b)])),
    stock: new Map(st.rows.map((r) => [`${r.warehouse_id}:${r.item_id}`, Number(r.q)])),
    slots: new Map(sl.rows.map((r) => [Number(r.id), Number(r.used_slot)])),
    cicilan: new Map(ci.rows.map((r) => [Number(r.membership_id), Number(r.p)])),
  };
}

function check(checks: Check[], name: string, bad: unknown[], detail: string) {
  checks.push({
    name,
    ok: bad.length === 0,
    detail: bad.length === 0 ? detail : `${bad.length} wrong: ${JSON.stringify(bad.slice(0, 5))}`,
  });
}

async function verify(db: pg.Client, before: Snapshot, ledger: Ledger, stats: Stats, branches: number[]) {
  const checks: Check[] = [];
  const run = before.maxPayment;

  // 1. Every acknowledged payment exists exactly once, under its key, with the code the client was given.
  const rows = (
    await db.query<{
      id: number;
      code: string;
      kind: string;
      idempotency_key: string;
      status: string;
      profile_id: number;
    }>('select id, code, kind, idempotency_key, status, profile_id from kasir_payment where id > $1', [run])
  ).rows;
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const keyCount = new Map<string, number>();
  for (const r of rows) keyCount.set(r.idempotency_key, (keyCount.get(r.idempotency_key) ?? 0) + 1);
  const ackedKeys = new Map<string, number>();
  const lost: unknown[] = [];
  for (const a of ledger.acks) {
    const r = byId.get(a.id);
    if (!r || r.code !== a.code || r.idempotency_key !== `key:${a.key}` || r.kind !== a.kind) lost.push(a);
    if (ackedKeys.has(a.key) && ackedKeys.get(a.key) !== a.id)
      lost.push({ key: a.key, ids: [ackedKeys.get(a.key), a.id] });
    ackedKeys.set(a.key, a.id);
  }
  check(
    checks,
    'every acknowledged payment exists exactly once',
    [...lost, ...[...keyCount].filter(([, n]) => n > 1)],
    `${ledger.acks.length} acknowledged, ${ackedKeys.size} distinct, ${rows.length} payments in the run`,
  );

  // 2. A key the server refused (4xx as its last word) left no payment; no payment the clients did not ask for.
  // Per key, every answer it got (a double click sends it twice): all of them must agree with the database.
  const sent = new Map<string, number[]>();
  for (const a of ledger.attempts) sent.set(`key:${a.key}`, [...(sent.get(`key:${a.key}`) ?? []), a.final]);
  const refusedButStored = rows
    .filter((r) => sent.get(r.idempotency_key)?.some((s) => s >= 400))
    .map((r) => ({ ...r, answers: sent.get(r.idempotency_key) }));
  const unknownStored = rows.filter((r) => sent.get(r.idempotency_key)?.every((s) => s === 0)).length;
  const strangers = rows.filter((r) => !sent.has(r.idempotency_key));
  check(
    checks,
    'no payment behind a refusal, none nobody asked for',
    [...refusedButStored, ...strangers],
    `${ledger.attempts.filter((a) => a.final === 0).length} outcomes left unknown (${unknownStored} of them stored)`,
  );

  // 3. No bill paid twice.
  const twice = (
    await db.query(
      `select visit_id, count(*)::int as n from kasir_payment where visit_id is not null and status <> 'void'
       group by 1 having count(*) > 1`,
    )
  ).rows;
  const visitsPaid = await one<{ n: number }>(
    db,
    `select count(distinct visit_id)::int as n from kasir_payment where id > $1 and visit_id is not null`,
    [run],
  );
  check(checks, 'no bill has two live payments', twice, `${visitsPaid.n} bills paid in the run, each once`);

  // 4. Acknowledged voids are voids, each with one void record and one reversal journal; every void likewise.
  const voids = (
    await db.query<{ id: number; n: number; j: number; status: string }>(
      `select p.id, p.status, (select count(*)::int from kasir_void v where v.payment_id = p.id) as n,
              (select count(*)::int from jurnal j where j.source_type = 'kasir_void' and j.source_id = p.id::text) as j,
              p.jurnal_id
       from kasir_payment p where p.id > $1 and (p.status = 'void' or exists (select 1 from kasir_void v where v.payment_id = p.id))`,
      [run],
    )
  ).rows;
  const voidIds = new Set(voids.map((v) => Number(v.id)));
  const badVoids = [
    ...voids.filter(
      (v) => v.status !== 'void' || v.n !== 1 || v.j !== ((v as { jurnal_id?: number }).jurnal_id ? 1 : 0),
    ),
    ...[...ledger.voidsAcked].filter((id) => !voidIds.has(id)).map((id) => ({ acked_void_missing: id })),
  ];
  check(
    checks,
    'voids: reversed once, acknowledged voids stored',
    badVoids,
    `${ledger.voidsAcked.size} voids acknowledged, ${voids.length} voids stored`,
  );

  // 5. Each live payment has its journal; its debits to the methods' accounts equal its tenders.
  const journals = (
    await db.query(
      `select p.id, p.jurnal_id, p.status,
              (select coalesce(sum(t.amount), 0)::text from kasir_payment_tender t where t.payment_id = p.id) as tenders,
              (select coalesce(sum(d.debit), 0)::text from jurnal_detail d where d.jurnal_id = p.jurnal_id
                 and d.akun_id in (select akun_id from payment_method)) as cash_debit,
              (select count(*)::int from jurnal j where j.source_type = 'kasir_payment' and j.source_id = p.id::text) as n
       from kasir_payment p where p.id > $1`,
      [run],
    )
  ).rows.filter((r) => r.n !== (r.jurnal_id ? 1 : 0) || (r.jurnal_id && r.tenders !== r.cash_debit));
  const orphans = (
    await db.query(
      `select j.id, j.code from jurnal j where j.source_type in ('kasir_payment', 'kasir_void')
       and not exists (select 1 from kasir_payment p where p.id::text = j.source_id)`,
    )
  ).rows;
  check(checks, 'each payment has one journal matching its tenders', [...journals, ...orphans], 'ok');

  // 6. Cash and bank: per branch and account, what moved equals the live payments' tenders by method.
  const moved = (
    await db.query(
      `select d.profile_id, d.akun_id, sum(d.debit - d.credit)::text as b from jurnal_detail d
       where d.akun_id in (select akun_id from payment_method) group by 1, 2`,
    )
  ).rows;
  const tenders = (
    await db.query(
      `select p.profile_id, m.akun_id, m.type, sum(t.amount)::text as a from kasir_payment p
       join kasir_payment_tender t on t.payment_id = p.id join payment_method m on m.id = t.payment_method_id
       where p.id > $1 and p.status <> 'void' group by 1, 2, 3`,
      [run],
    )
  ).rows;
  const expected = new Map<string, number>();
  for (const t of tenders) {
    const k = `${t.profile_id}:${t.akun_id}`;
    expected.set(k, (expected.get(k) ?? 0) + Number(t.a));
  }
  const cashBad: unknown[] = [];
  const keys = new Set([...moved.map((r) => `${r.profile_id}:${r.akun_id}`), ...expected.keys()]);
  for (const k of keys) {
    const now = Number(moved.find((r) => `${r.profile_id}:${r.akun_id}` === k)?.b ?? 0);
    const delta = now - (before.accounts.get(k) ?? 0);
    if (delta !== (expected.get(k) ?? 0)) cashBad.push({ account: k, moved: delta, payments: expected.get(k) ?? 0 });
  }
  const byMethod = tenders.map((t) => `${t.profile_id}/${t.type} ${(Number(t.a) / 100).toLocaleString('id-ID')}`);
  check(checks, 'cash and bank accounts equal the payments by method', cashBad, byMethod.join(', '));

  // 7. Stock: balances equal their movements; what left the pharmacy is what the live payments sold.
  const ledgerStock = (
    await db.query(
      `select b.warehouse_id, b.item_id, b.batch_id, b.quantity, coalesce(m.q, 0)::int as moved from stock_balance b
       left join (select warehouse_id, item_id, batch_id, sum(quantity) as q from stock_movement group by 1, 2, 3) m
         on m.warehouse_id = b.warehouse_id and m.item_id = b.item_id and m.batch_id is not distinct from b.batch_id
       where b.quantity <> coalesce(m.q, 0)`,
    )
  ).rows;
  const nowStock = (
    await db.query('select warehouse_id, item_id, sum(quantity)::int as q from stock_balance group by 1, 2')
  ).rows;
  const sold = (
    await db.query(
      `select p.warehouse_id as sales_wh, p.profile_id, p.kind, l.ref_id, l.kind as lkind, sum(l.qty)::int as q
       from kasir_payment p join kasir_payment_line l on l.payment_id = p.id
       where p.id > $1 and p.status <> 'void' and l.kind in ('item', 'product') group by 1, 2, 3, 4, 5`,
      [run],
    )
  ).rows;
  // A visit's product line refers to its record entry: the item is looked up through the stock movement instead.
  const movedOut = (
    await db.query(
      `select m.warehouse_id, m.item_id, -sum(m.quantity)::int as q from stock_movement m
       join kasir_payment p on p.id = m.source_id and m.source_kind = 'kasir_payment'
       where p.id > $1 and p.status <> 'void' group by 1, 2`,
      [run],
    )
  ).rows;
  const lineQty = sold.reduce((s, r) => s + Number(r.q), 0);
  const moveQty = movedOut.reduce((s, r) => s + Number(r.q), 0);
  const stockBad: unknown[] = [...ledgerStock];
  if (lineQty !== moveQty) stockBad.push({ sold_lines: lineQty, issued: moveQty });
  for (const r of nowStock) {
    const k = `${r.warehouse_id}:${r.item_id}`;
    const out = Number(movedOut.find((x) => `${x.warehouse_id}:${x.item_id}` === k)?.q ?? 0);
    const delta = Number(r.q) - (before.stock.get(k) ?? 0);
    if (delta !== -out) stockBad.push({ stock: k, delta, sold: out });
  }
  check(checks, 'stock equals its movements and what was sold', stockBad, `${lineQty} units sold and not voided`);

  // 8. Package slots used equal the covered lines of live payments; never above what the package gives.
  const slots = (
    await db.query(
      `select s.id, s.used_slot, s.free_slot, coalesce((select sum(l.qty) from kasir_payment_line l
         join kasir_payment p on p.id = l.payment_id where l.covered_by_paket = s.id and p.id > $1 and p.status <> 'void'), 0)::int as covered
       from paket_membership_slot s`,
      [run],
    )
  ).rows;
  const slotBad = slots.filter(
    (s) => s.used_slot > s.free_slot || s.used_slot - (before.slots.get(Number(s.id)) ?? 0) !== s.covered,
  );
  check(
    checks,
    'package slots used equal the covered lines paid',
    slotBad,
    `${slots.reduce((a, s) => a + s.covered, 0)} slot units used in the run`,
  );

  // 9. Instalments: never more paid than due; what the schedule received equals the live instalment payments.
  const over = (await db.query('select id from paket_membership_cicilan where paid_amount > amount or paid_amount < 0'))
    .rows;
  const cic = (
    await db.query(
      `select m.id, coalesce((select sum(paid_amount) from paket_membership_cicilan c where c.membership_id = m.id), 0)::text as paid,
              coalesce((select sum(total) from kasir_payment p where p.membership_id = m.id and p.kind = 'cicilan'
                and p.id > $1 and p.status <> 'void'), 0)::text as pays
       from paket_membership m`,
      [run],
    )
  ).rows.filter((r) => Number(r.paid) - (before.cicilan.get(Number(r.id)) ?? 0) !== Number(r.pays));
  check(checks, 'instalments paid never exceed what is due and match the payments', [...over, ...cic], 'ok');

  // 10. Numbers: unique and gapless per branch, kind and month, the counter at the last one.
  const numbering = (
    await db.query(
      `with codes as (
         select profile_id, code from kasir_payment union all select profile_id, code from jurnal),
       g as (select profile_id, split_part(code, '/', 1) as kind, split_part(code, '/', 3) as period,
                    count(*)::int as n, count(distinct code)::int as d,
                    min(split_part(code, '/', 4)::int) as lo, max(split_part(code, '/', 4)::int) as hi
             from codes where code ~ '^[A-Z]+/[0-9]+/[0-9]{6}/[0-9]+$' group by 1, 2, 3)
       select g.*, (select last from doc_counter c where c.profile_id = g.profile_id and c.kind = g.kind
                    and c.period = g.period) as counter
       from g`,
    )
  ).rows;
  const numBad = numbering.filter((r) => r.n !== r.d || r.lo !== 1 || r.hi !== r.n || r.counter !== r.hi);
  check(
    checks,
    'numbering unique and gapless per branch, kind and month',
    numBad,
    numbering
      .filter((r) => ['INV', 'PJU', 'KWC'].includes(r.kind))
      .map((r) => `${r.kind}/${r.profile_id}/${r.period}: 1..${r.hi}`)
      .join(', '),
  );

  // 11. Every journal balances and each branch's trial balance is zero.
  const tb = (
    await db.query(
      `select profile_id, sum(debit)::text as d, sum(credit)::text as c from jurnal_detail group by 1 order by 1`,
    )
  ).rows;
  const unbalanced = (
    await db.query(
      `select jurnal_id from jurnal_detail group by 1 having sum(debit) <> sum(credit)
       union all select j.id from jurnal j where not exists (select 1 from jurnal_detail d where d.jurnal_id = j.id)`,
    )
  ).rows;
  check(
    checks,
    "each branch's trial balance is zero",
    [...tb.filter((r) => r.d !== r.c), ...unbalanced],
    tb
      .filter((r) => branches.includes(Number(r.profile_id)))
      .map((r) => `branch ${r.profile_id}: Dr = Cr = ${(Number(r.d) / 100).toLocaleString('id-ID')}`)
      .join('; '),
  );

  // 12. Cash sessions: each payment in an open session of its own cashier and branch, at most one open per cashier.
  const sess = (
    await db.query(
      `select p.id from kasir_payment p join kasir_session s on s.id = p.session_id
       where p.id > $1 and (s.profile_id <> p.profile_id or s.cashier_id <> p.cashier_id or p.created_at < s.opened_at
         or (s.closed_at is not null and p.created_at > s.closed_at))
       union all select cashier_id from kasir_session where status = 'open' group by profile_id, cashier_id having count(*) > 1`,
      [run],
    )
  ).rows;
  check(checks, 'payments in their cashier’s open session', sess, 'ok');

  // 13. The server never failed (no 5xx) and nothing a correct server would not say.
  check(checks, 'no 5xx answers', stats.errors5xx, `${stats.requests} requests`);
  check(checks, 'no unexpected refusals', ledger.unexpected, 'ok');
  check(checks, 'no request hung', stats.timeouts ? [stats.timeouts] : [], 'ok');
  return checks;
}

/** Tutup kasir for every cashier, counting what the system expects: the difference must be 0 and the expected cash
 * the float plus the live cash payments; the session row must not be locked by a killed transaction. */
async function closeSessions(db: pg.Client, fixtures: BranchFixture[], checks: Check[]) {
  const bad: unknown[] = [];
  let closed = 0;
  for (const f of fixtures)
    for (const c of f.cashiers) {
      const cur = await c.must('GET', '/api/kasir/session/current');
      const s = cur.data as { id: number; opening_float: number; methods: { method: number; expected: number }[] };
      if (!s) {
        bad.push({ cashier: c.username, session: null });
        continue;
      }
      const r = await c.call('POST', `/api/kasir/session/${s.id}/close`, {
        counts: s.methods.filter((m) => m.expected !== 0).map((m) => ({ method: m.method, amount: m.expected })),
      });
      if (r.status !== 200) {
        bad.push({ cashier: c.username, status: r.status, body: messageOf(r) });
        continue;
      }
      closed++;
      const sums = (
        await db.query(
          `select t.payment_method_id as m, sum(t.amount)::text as a from kasir_payment p
           join kasir_payment_tender t on t.payment_id = p.id where p.session_id = $1 and p.status <> 'void' group by 1`,
          [s.id],
        )
      ).rows;
      const counts = (
        await db.query(
          'select payment_method_id as m, expected::text as e, difference::text as d from kasir_session_count where session_id = $1',
          [s.id],
        )
      ).rows;
      for (const k of counts) {
        const paid = Number(sums.find((x) => x.m === k.m)?.a ?? 0);
        const float = k.m === f.methods.cash ? Math.round(s.opening_float * 100) : 0;
        if (Number(k.e) !== paid + float || Number(k.d) !== 0)
          bad.push({ session: s.id, method: k.m, ...k, paid, float });
      }
      for (const x of sums)
        if (!counts.some((k) => k.m === x.m)) bad.push({ session: s.id, method: x.m, uncounted: x.a });
    }
  check(checks, 'cash sessions close with the expected amounts', bad, `${closed} sessions closed, difference 0`);
}

// ------------------------------------------------------------------------------------------ the whole run

export async function runBank(o: BankOptions): Promise<BankReport> {
  const log = o.log ?? (() => {});
  const name = `klinik_bank_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"${o.template ? ` template "${o.template}"` : ''}`);
  await admin.end();
  const url = new URL(o.pgUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-bank-'));
  const server = new Server(o, await freePort(), {
    DATABASE_URL: url.toString(),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CHROMIUM_PATH: '/nonexistent/chromium-disabled-for-bank',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  const stats = new Stats();
  const ledger = new Ledger();
  let kills = 0;
  try {
    const t0 = Date.now();
    log(`database ${name}; starting the server with the demo clinic`);
    await server.start();
    await db.connect();
    const today = (await one<{ d: string }>(db, `select to_char(now() at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as d`))
      .d;
    log(`server up after ${((Date.now() - t0) / 1000).toFixed(1)} s; fixtures through REST`);
    const fixtures = [
      await setupBranch(
        db,
        server,
        stats,
        o,
        {
          cashiers: ['admin', 'manager'],
          approver: 'manager',
          doctor: 'dokter',
          finance: 'finance',
          buyer: 'inventory',
        },
        today,
      ),
      await setupBranch(
        db,
        server,
        stats,
        o,
        {
          cashiers: ['admin.bandung', 'manager.bandung'],
          approver: 'manager.bandung',
          doctor: 'dokter3',
          finance: 'finance.bandung',
          buyer: 'manager.bandung',
        },
        today,
      ),
    ];
    const setupSeconds = (Date.now() - t0) / 1000;
    for (const f of fixtures)
      log(
        `${f.name}: ${f.visits.length} bills, ${f.memberships.length} registrations, ${f.items.length} items, cashiers ${f.cashiers.map((c) => c.username).join(', ')}`,
      );
    const before = await snapshot(db);

    log(`${o.clients} clients for ${o.seconds} s, ${o.kills} kill -9`);
    const start = Date.now();
    // The kills: each one `gap` seconds (+-25%) after the server answered again, so every kill lands in the middle
    // of the load whatever the time a restart takes on this machine; the load goes on for at least `seconds` and
    // for one more gap after the last restart.
    const gap = (o.seconds * 1000) / (o.kills + 1);
    const stop = { at: Number.POSITIVE_INFINITY };
    const cursors = fixtures.map(() => ({ next: 0, taken: [] as number[] }));
    const load = Promise.all(
      Array.from({ length: o.clients }, (_, i) =>
        client(i, fixtures[i % fixtures.length], cursors[i % fixtures.length], ledger, stop),
      ),
    );
    const killer = (async () => {
      for (let k = 1; k <= o.kills; k++) {
        await sleep(gap * (0.75 + Math.random() * 0.5));
        const acked = ledger.acks.length;
        await server.kill9();
        kills++;
        log(`  kill -9 #${k} at ${((Date.now() - start) / 1000).toFixed(1)} s (${acked} acknowledged so far)`);
        await server.start();
        server.restarts++;
        log(`  restarted at ${((Date.now() - start) / 1000).toFixed(1)} s`);
      }
      await sleep(Math.max(gap, start + o.seconds * 1000 - Date.now()));
      stop.at = Date.now();
    })();
    await Promise.all([load, killer]);
    const elapsed = (Date.now() - start) / 1000;
    log(`load done in ${elapsed.toFixed(1)} s: ${ledger.acks.length} payments acknowledged`);

    const checks = await verify(
      db,
      before,
      ledger,
      stats,
      fixtures.map((f) => f.id),
    );
    await closeSessions(db, fixtures, checks);
    const count = (k: Kind) => ledger.acks.filter((a) => a.kind === k).length;
    return {
      database: name,
      ok: checks.every((c) => c.ok),
      checks,
      refusals: ledger.refusals,
      stats: {
        seconds: elapsed,
        clients: o.clients,
        kills,
        restarts: server.restarts,
        acknowledged: {
          visit: count('visit'),
          sales: count('sales'),
          cicilan: count('cicilan'),
          void: ledger.voidsAcked.size,
        },
        payments_per_second: new Set(ledger.acks.map((a) => a.id)).size / elapsed,
        requests: stats.requests,
        connection_errors: stats.connectionErrors,
        statuses: stats.statuses,
        unknown_outcomes: ledger.attempts.filter((a) => a.final === 0).length,
        setup_seconds: setupSeconds,
      },
    };
  } finally {
    await db.end().catch(() => {});
    await server.stop();
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!o.keepDatabase) {
      const a = new pg.Client({ connectionString: o.pgUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    }
  }
}

export function formatReport(r: BankReport): string {
  const s = r.stats;
  const lines = [
    `bank: ${s.clients} clients, ${s.seconds.toFixed(1)} s, ${s.kills} kill -9 and restarts (setup ${s.setup_seconds.toFixed(1)} s)`,
    `acknowledged: ${s.acknowledged.visit} visit bills, ${s.acknowledged.sales} sales, ${s.acknowledged.cicilan} instalments, ${s.acknowledged.void} voids; ${s.payments_per_second.toFixed(1)} payments/s`,
    `${s.requests} requests, ${s.connection_errors} without answer (kills), ${s.unknown_outcomes} outcomes unknown; statuses ${JSON.stringify(s.statuses)}`,
    `refusals (4xx a correct server gives racing cashiers): ${JSON.stringify(r.refusals)}`,
    ...r.checks.map((c) => `${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`),
    r.ok ? 'PASS' : 'FAIL',
  ];
  return lines.join('\n');
}
