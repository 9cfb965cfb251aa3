// Finance report benchmark: loads a book of BENCH_JOURNALS journals (default 20 000 then 100 000; 20 000 a year,
// straight into the tables, the database's triggers checking and summarising each) into a fresh database and times
// the reports at each size. A benchmark, not a test: numbers are printed, never asserted.
// Run: pnpm --filter @klinik/server exec tsx ../../bench/finance.mts                       (in-memory PGlite)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @klinik/server exec tsx ../../bench/finance.mts
//      (a new database klinik_bench_<random> is created next to the given one and dropped afterwards)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays, defaultPrivileges, ROLE_IDS } from '../packages/shared/src/index.ts';
import { loadConfig, ROOT_DIR } from '../packages/server/src/config.ts';
import { openDatabase, type Db } from '../packages/server/src/db/client.ts';
import { profile, users } from '../packages/server/src/db/schema/index.ts';
import type { Ctx } from '../packages/server/src/http/context.ts';
import { branchClock, systemNow } from '../packages/server/src/http/clock.ts';
import { branchTimezone } from '../packages/server/src/modules/branches/index.ts';
import { loadSessionUser } from '../packages/server/src/modules/auth/queries.ts';
import { replacePrivileges } from '../packages/server/src/modules/users/queries.ts';
import { ACCOUNT } from '../packages/server/src/modules/finance/accounts.ts';
import { queryRows } from '../packages/server/src/db/client.ts';
import * as accounts from '../packages/server/src/modules/finance/services/accounts.ts';
import * as periods from '../packages/server/src/modules/finance/services/periods.ts';
import * as reports from '../packages/server/src/modules/finance/services/reports.ts';
import { activePeriode } from '../packages/server/src/modules/finance/queries.ts';

interface PostingLine {
  akun: string;
  debit: number;
  credit: number;
}

// pg and pino are the server's dependencies (this file sits outside the package).
const require = createRequire(path.join(ROOT_DIR, 'packages/server/package.json'));
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = require('pg') as { Client: new (o: { connectionString: string }) => PgClient };
const { pino } = require('pino') as { pino: (o: { level: string }) => unknown };
// The server's own drizzle-orm (ESM entry), so that its SQL objects are the ones the server's queries understand.
const finance = { ...accounts, ...periods, ...reports };
const { sql } = (await import(
  pathToFileURL(require.resolve('drizzle-orm').replace(/\.cjs$/, '.js')).href
)) as typeof import('../packages/server/node_modules/drizzle-orm/index.js');

// Book sizes measured one after the other; the book grows over time (PER_YEAR journals a year, as a busy branch).
const SIZES = (process.env.BENCH_JOURNALS || '20000,100000').split(',').map(Number);
const PER_YEAR = 20_000;
const RUNS = Number(process.env.BENCH_RUNS || 5);
const BATCH = 1000; // journals per transaction while loading
const adminUrl = process.env.BENCH_DATABASE_URL;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(424242);
const amount = (lo: number, hi: number) => Math.round((lo + random() * (hi - lo)) / 1000) * 1000;

// ---------------------------------------------------------------- database
let dbName: string | undefined;
let databaseUrl: string | undefined;
if (adminUrl) {
  dbName = `klinik_bench_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database "${dbName}"`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = '/' + dbName;
  databaseUrl = u.toString();
}
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
await database.migrate(path.join(ROOT_DIR, 'drizzle'));
const db: Db = database.db;
console.log(
  `database: ${database.kind}${dbName ? ` (${dbName})` : ''}, book sizes ${SIZES.join(', ')} journals, ${RUNS} runs per report`,
);

const [branch] = await db
  .insert(profile)
  .values({ name: 'Cabang Bench', status: 1, timezone: 'Asia/Jakarta' })
  .returning();
const [fin] = await db
  .insert(users)
  .values({
    role: ROLE_IDS.finance,
    username: 'bench.finance',
    name: 'Bench Finance',
    initial: 'BF',
    status: 1,
    profile_id: branch.id,
  })
  .returning();
await replacePrivileges(db, fin.id, defaultPrivileges('finance'));
const ctx: Ctx = {
  db,
  user: (await loadSessionUser(db, fin.id, 'bench'))!,
  branchId: branch.id,
  log: pino({ level: 'silent' }) as Ctx['log'],
  requestId: 'bench',
  ip: '127.0.0.1',
  config: loadConfig(),
  services: {
    pdf: {
      render: () => Promise.reject(new Error('no pdf in the benchmark')),
      warm: () => Promise.resolve(false),
      close: () => Promise.resolve(),
    },
  } as unknown as Ctx['services'],
  ...branchClock(branchTimezone(db), branch.id, systemNow),
};

// ---------------------------------------------------------------- load
const START = '2025-01-01';
const DAYS = 365;
await finance.createPeriode(ctx, {
  start_date: START,
  saldo_awal: [
    { akun: ACCOUNT.kas, debit: 50_000_000, credit: 0 },
    { akun: ACCOUNT.bank, debit: 500_000_000, credit: 0 },
    { akun: ACCOUNT.persediaan, debit: 100_000_000, credit: 0 },
    { akun: ACCOUNT.modalDisetor, debit: 0, credit: 650_000_000 },
  ],
});

const dr = (akun: string, v: number): PostingLine => ({ akun, debit: v, credit: 0 });
const cr = (akun: string, v: number): PostingLine => ({ akun, debit: 0, credit: v });
function journal(i: number): { memo: string; lines: PostingLine[] } {
  const r = random();
  if (r < 0.45) {
    const cash = amount(100_000, 2_000_000);
    const share = Math.round(cash * 0.2);
    return {
      memo: `Tindakan #${i}`,
      lines: [
        dr(random() < 0.5 ? ACCOUNT.kas : ACCOUNT.bank, cash),
        cr(ACCOUNT.pendapatanTindakan, cash),
        dr(ACCOUNT.bebanBagiHasilDokter, share),
        cr(ACCOUNT.hutangDokter, share),
      ],
    };
  }
  if (r < 0.75) {
    const sales = amount(50_000, 900_000);
    const cost = Math.round(sales * 0.55);
    return {
      memo: `Penjualan produk #${i}`,
      lines: [
        dr(ACCOUNT.kas, sales),
        cr(ACCOUNT.pendapatanProduk, sales),
        dr(ACCOUNT.hpp, cost),
        cr(ACCOUNT.persediaan, cost),
      ],
    };
  }
  if (r < 0.85) {
    const lab = amount(60_000, 700_000);
    return { memo: `Laboratorium #${i}`, lines: [dr(ACCOUNT.bank, lab), cr(ACCOUNT.pendapatanLab, lab)] };
  }
  if (r < 0.93) {
    const v = amount(100_000, 3_000_000);
    return {
      memo: `Beban operasional #${i}`,
      lines: [dr(random() < 0.5 ? ACCOUNT.bebanUtilitas : ACCOUNT.bebanSewa, v), cr(ACCOUNT.bank, v)],
    };
  }
  const v = amount(500_000, 5_000_000);
  return { memo: `Setor kas #${i}`, lines: [dr(ACCOUNT.bank, v), cr(ACCOUNT.kas, v)] };
}

const periodeId = (await activePeriode(db, branch.id))!.id;
const counters = new Map<string, number>();
const akunIds = new Map(
  (await queryRows<{ id: number; code: string }>(db, sql`select id, code from akun`)).map((r) => [
    r.code,
    Number(r.id),
  ]),
);
const dateOf = (k: number) => addDays(START, Math.floor((k * DAYS) / PER_YEAR));

/** Journals k in [from, to) straight into the tables (the database's triggers check and summarise each one). */
async function load(from: number, to: number) {
  for (let i = from; i < to; i += BATCH) {
    const js = [];
    for (let k = i; k < Math.min(to, i + BATCH); k++) {
      const j = journal(k);
      const date = dateOf(k);
      const month = date.slice(0, 7).replace('-', '');
      const n = (counters.get(month) ?? 0) + 1;
      counters.set(month, n);
      js.push({ ...j, date, code: `JU/${String(branch.id).padStart(2, '0')}/${month}/${String(n).padStart(4, '0')}` });
    }
    await db.transaction(async (tx) => {
      const ids = await queryRows<{ id: number; code: string }>(
        tx as unknown as Db,
        sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, kind, source_type, source_id, total, line_count, created_by)
            select ${branch.id}, ${periodeId}, x.code, x.date::date, x.memo, 'umum', 'bench', x.code, x.total, x.n, ${fin.id}
            from jsonb_to_recordset(${JSON.stringify(
              js.map((j) => ({
                code: j.code,
                date: j.date,
                memo: j.memo,
                total: j.lines.reduce((t, l) => t + l.debit * 100, 0),
                n: j.lines.length,
              })),
            )}::jsonb) as x(code text, date text, memo text, total bigint, n smallint)
            returning id, code`,
      );
      const idOf = new Map(ids.map((r) => [r.code, Number(r.id)]));
      const lines = js.flatMap((j) =>
        j.lines.map((l, i) => ({
          jurnal_id: idOf.get(j.code),
          line_no: i + 1,
          akun_id: akunIds.get(l.akun),
          debit: l.debit * 100,
          credit: l.credit * 100,
        })),
      );
      await queryRows(
        tx as unknown as Db,
        sql`insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit, profile_id, transaction_at)
            select x.jurnal_id, x.line_no, x.akun_id, x.debit, x.credit, 0, '2000-01-01'
            from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
              as x(jurnal_id int, line_no smallint, akun_id int, debit bigint, credit bigint)`,
      );
    });
  }
  // Later postings continue the numbering.
  for (const [month, n] of counters) {
    await queryRows(
      db,
      sql`insert into doc_counter (profile_id, kind, period, last) values (${branch.id}, 'JU', ${month}, ${n})
          on conflict (profile_id, kind, period) do update set last = excluded.last`,
    );
  }
  if (databaseUrl) {
    // Fresh statistics, as autovacuum would have them on a live server.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('vacuum analyze');
    await c.end();
  }
}

// ---------------------------------------------------------------- reports
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return `p50=${s[Math.floor(s.length / 2)].toFixed(0)}ms min=${s[0].toFixed(0)}ms max=${s[s.length - 1].toFixed(0)}ms`;
}
async function time(label: string, fn: () => Promise<unknown>, describe: (r: never) => string) {
  let last: unknown;
  const ms: number[] = [];
  await fn(); // warm-up
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    last = await fn();
    ms.push(performance.now() - s);
  }
  console.log(`${label.padEnd(44)} ${stats(ms).padEnd(40)} ${describe(last as never)}`);
}

let t = 0;
const month = { from: '2025-06-01', to: '2025-06-30' };
type Tb = Awaited<ReturnType<typeof finance.trialBalance>>;
type Gl = Awaited<ReturnType<typeof finance.ledger>>;
type Pl = Awaited<ReturnType<typeof finance.profitLoss>>;
type Bs = Awaited<ReturnType<typeof finance.balanceSheet>>;
const glInfo = (r: Gl) =>
  `${r.accounts.length} accounts, ${r.accounts.reduce((s, a) => s + a.entries.length, 0)} lines of ${r.count}`;

let loaded = 0;
for (const size of SIZES) {
  t = performance.now();
  await load(loaded, size);
  loaded = size;
  const last = dateOf(size - 1);
  const full = { from: START, to: last };
  console.log(
    `\n### ${size} journals (${START} .. ${last}), loaded in ${((performance.now() - t) / 1000).toFixed(1)}s`,
  );
  const ledgerCount = (await finance.ledger(ctx, { ...full, page: 1, limit: 500 })).count;
  const lastPage = Math.max(1, Math.ceil(ledgerCount / 500));
  t = performance.now();
  await time(
    'trial balance, one month',
    () => finance.trialBalance(ctx, month),
    (r: Tb) => `${r.rows.length} rows`,
  );
  await time(
    'trial balance, whole book',
    () => finance.trialBalance(ctx, full),
    (r: Tb) => `${r.rows.length} rows`,
  );
  await time(
    'general ledger, all accounts, page 1',
    () => finance.ledger(ctx, { ...full, page: 1, limit: 500 }),
    glInfo,
  );
  await time(
    `general ledger, all accounts, last page`,
    () => finance.ledger(ctx, { ...full, page: lastPage, limit: 500 }),
    glInfo,
  );
  await time(
    'general ledger, 1101 Kas, whole book, page 1',
    () => finance.ledger(ctx, { ...full, akun: ACCOUNT.kas, page: 1, limit: 500 }),
    glInfo,
  );
  await time(
    'general ledger, 1101 Kas, one month, page 1',
    () => finance.ledger(ctx, { ...month, akun: ACCOUNT.kas, page: 1, limit: 500 }),
    glInfo,
  );
  await time(
    'profit and loss, one month',
    () => finance.profitLoss(ctx, month),
    (r: Pl) => `net profit Rp${r.net_profit.toLocaleString('id-ID')}`,
  );
  await time(
    'profit and loss, whole book',
    () => finance.profitLoss(ctx, full),
    (r: Pl) => `net profit Rp${r.net_profit.toLocaleString('id-ID')}`,
  );
  await time(
    'balance sheet, book end',
    () => finance.balanceSheet(ctx, full),
    (r: Bs) => `total assets Rp${r.total_assets.toLocaleString('id-ID')}`,
  );
  await time(
    'chart of accounts with balances and postings',
    () => finance.listAkun(ctx, {}),
    (r: unknown[]) => `${r.length} accounts`,
  );
  console.log(`reports total ${((performance.now() - t) / 1000).toFixed(1)}s`);
}

await database.close();
if (adminUrl && dbName) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists "${dbName}" with (force)`);
  await c.end();
}
