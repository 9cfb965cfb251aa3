// Finance report benchmark: posts BENCH_JOURNALS (default 20 000) journals of a year through the posting service
// into a fresh database, then times the reports over it. A benchmark, not a test: numbers are printed, never asserted.
// Run: pnpm --filter @klinik/server exec tsx ../../bench/finance.mts                       (in-memory PGlite)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @klinik/server exec tsx ../../bench/finance.mts
//      (a new database klinik_bench_<random> is created next to the given one and dropped afterwards)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addDays, defaultPrivileges, ROLE_IDS } from '../packages/shared/src/index.ts';
import { loadConfig, ROOT_DIR } from '../packages/server/src/config.ts';
import { openDatabase, type Db } from '../packages/server/src/db/client.ts';
import { profile, users } from '../packages/server/src/db/schema/index.ts';
import type { Ctx } from '../packages/server/src/http/context.ts';
import { loadSessionUser } from '../packages/server/src/modules/auth/queries.ts';
import { replacePrivileges } from '../packages/server/src/modules/users/queries.ts';
import { ACCOUNT } from '../packages/server/src/modules/finance/accounts.ts';
import { postJournal, type PostingLine } from '../packages/server/src/modules/finance/posting.ts';
import * as finance from '../packages/server/src/modules/finance/service.ts';

// pg and pino are the server's dependencies (this file sits outside the package).
const require = createRequire(path.join(ROOT_DIR, 'packages/server/package.json'));
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = require('pg') as { Client: new (o: { connectionString: string }) => PgClient };
const { pino } = require('pino') as { pino: (o: { level: string }) => unknown };

const JOURNALS = Number(process.env.BENCH_JOURNALS || 20_000);
const RUNS = Number(process.env.BENCH_RUNS || 5);
const BATCH = 250; // journals per transaction while loading
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
console.log(`database: ${database.kind}${dbName ? ` (${dbName})` : ''}, ${JOURNALS} journals, ${RUNS} runs per report`);

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
  },
};

// ---------------------------------------------------------------- load
const START = '2025-01-01';
const DAYS = 365;
const TO = addDays(START, DAYS - 1);
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

let t = performance.now();
for (let i = 0; i < JOURNALS; i += BATCH) {
  await db.transaction(async (tx) => {
    const c = { ...ctx, db: tx as unknown as Db };
    for (let k = i; k < Math.min(JOURNALS, i + BATCH); k++) {
      const j = journal(k);
      // Dates in order through the year, as a clinic posts them.
      const date = addDays(START, Math.floor((k * DAYS) / JOURNALS));
      await postJournal(c, { transaction_at: date, memo: j.memo, source_type: 'bench', source_id: k, lines: j.lines });
    }
  });
  if ((i / BATCH) % 20 === 19)
    process.stdout.write(`  ${i + BATCH} journals, ${((performance.now() - t) / 1000).toFixed(1)}s\n`);
}
const loadMs = performance.now() - t;
console.log(
  `posted ${JOURNALS} journals in ${(loadMs / 1000).toFixed(1)}s (${(loadMs / JOURNALS).toFixed(2)} ms/journal through postJournal)`,
);
if (databaseUrl) {
  // Fresh statistics, as autovacuum would have them on a live server.
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('analyze');
  await c.end();
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

const full = { from: START, to: TO };
const month = { from: '2025-06-01', to: '2025-06-30' };
const ledgerCount = (await finance.ledger(ctx, { ...full, page: 1, limit: 500 })).count;
const lastPage = Math.max(1, Math.ceil(ledgerCount / 500));
type Tb = Awaited<ReturnType<typeof finance.trialBalance>>;
type Gl = Awaited<ReturnType<typeof finance.ledger>>;
type Pl = Awaited<ReturnType<typeof finance.profitLoss>>;
type Bs = Awaited<ReturnType<typeof finance.balanceSheet>>;
const glInfo = (r: Gl) =>
  `${r.accounts.length} accounts, ${r.accounts.reduce((s, a) => s + a.entries.length, 0)} lines of ${r.count}`;

t = performance.now();
await time(
  'trial balance, whole year',
  () => finance.trialBalance(ctx, full),
  (r: Tb) => `${r.rows.length} rows`,
);
await time(
  'trial balance, one month',
  () => finance.trialBalance(ctx, month),
  (r: Tb) => `${r.rows.length} rows`,
);
await time('general ledger, all accounts, page 1', () => finance.ledger(ctx, { ...full, page: 1, limit: 500 }), glInfo);
await time(
  `general ledger, all accounts, page ${lastPage}`,
  () => finance.ledger(ctx, { ...full, page: lastPage, limit: 500 }),
  glInfo,
);
await time(
  'general ledger, 1101 Kas, page 1',
  () => finance.ledger(ctx, { ...full, akun: ACCOUNT.kas, page: 1, limit: 500 }),
  glInfo,
);
await time(
  'general ledger, 1101 Kas, one month, page 1',
  () => finance.ledger(ctx, { ...month, akun: ACCOUNT.kas, page: 1, limit: 500 }),
  glInfo,
);
await time(
  'profit and loss, whole year',
  () => finance.profitLoss(ctx, full),
  (r: Pl) => `net profit Rp${r.net_profit.toLocaleString('id-ID')}`,
);
await time(
  'balance sheet, year end',
  () => finance.balanceSheet(ctx, full),
  (r: Bs) => `total assets Rp${r.total_assets.toLocaleString('id-ID')}`,
);
await time(
  'chart of accounts with balances and postings',
  () => finance.listAkun(ctx, {}),
  (r: unknown[]) => `${r.length} accounts`,
);
console.log(`reports total ${((performance.now() - t) / 1000).toFixed(1)}s`);

await database.close();
if (adminUrl && dbName) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists "${dbName}" with (force)`);
  await c.end();
}
