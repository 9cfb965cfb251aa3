// `pnpm bench:data` (issue 33, item 1): a 50-branch chain on PostgreSQL, made with set-based SQL. Creates (drops
// first) the database BENCH_CHAIN_DB (default klinik_chain) next to BENCH_DATABASE_URL, runs the app's migrations and
// demo clinic through the built server (`main.js seed-demo`), then loads at BENCH_SCALE (default 1): 47 more
// branches with staff for every role of the daily loop (`admin.c07`, `dokter.c07`, ... password as the demo's),
// 1 000 000 patients, 3 000 000 finished and paid visits over three years with records, payments, 7-line journals
// (about 21 million lines), stock movements and monthly payroll. The bulk phases run with
// session_replication_role = replica (row triggers and foreign keys off, unique and check constraints on) and write
// what the triggers would have written (monthly and daily balances, the daily counts, stock balances, valuation);
// the invariants are then checked by SQL (CHECKS in chain-sql.mjs). Prints sizes and time per phase. A benchmark tool, nothing asserted.
import { spawnSync } from 'node:child_process';
import { load, machine, pg, ROOT } from '../lib.mjs';
import * as q from './chain-sql.mjs';

const SCALE = Number(process.env.BENCH_SCALE || 1);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = process.env.BENCH_CHAIN_DB || 'klinik_chain';
const BATCH = Number(process.env.BENCH_BATCH || 100_000);
if (!/^klinik_chain\w*$/.test(DB)) throw new Error(`BENCH_CHAIN_DB must start with klinik_chain (got ${DB})`);
const url = new URL(ADMIN_URL);
url.pathname = '/' + DB;
export const CHAIN_URL = url.toString();

const t00 = performance.now();
const times = [];
async function phase(name, fn) {
  const t = performance.now();
  const r = await fn();
  const s = (performance.now() - t) / 1000;
  times.push([name, s]);
  console.log(`  ${name.padEnd(44)} ${s.toFixed(1).padStart(7)} s   (load ${load()})`);
  return r;
}

console.log(`# bench:data ${new Date().toISOString()}  ${machine()}  scale ${SCALE}  database ${DB}`);
const sz = q.sizes(SCALE);
console.log(
  `  ${q.BRANCHES} branches, ${sz.patients} patients, ${sz.visits} visits (${sz.perDay} per branch and day in branches ${q.FIRST_CHAIN_BRANCH}-${q.BRANCHES}), ${q.DAYS} days`,
);

await phase('create database', async () => {
  const a = new pg.Client({ connectionString: ADMIN_URL });
  await a.connect();
  await a.query(`drop database if exists "${DB}" with (force)`);
  await a.query(`create database "${DB}"`);
  await a.end();
});
await phase('migrations + demo clinic (built server)', async () => {
  const r = spawnSync(process.execPath, ['packages/server/dist/main.js', 'seed-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: CHAIN_URL, CHROMIUM_PATH: '/nonexistent/chromium-disabled-for-bench' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed-demo failed (run pnpm build first?):\n${r.stderr}`);
});

const c = new pg.Client({ connectionString: CHAIN_URL });
await c.connect();
const run = async (sqls) => {
  for (const s of [sqls].flat())
    await c.query(s).catch((e) => {
      throw new Error(`${e.message} in:\n${s}`);
    });
};
const codes = await c.query(`select id, code from akun where id = any($1)`, [Object.keys(q.ACCOUNTS).map(Number)]);
for (const { id, code } of codes.rows)
  if (q.ACCOUNTS[id] !== code) throw new Error(`account ${id} is ${code}, expected ${q.ACCOUNTS[id]}`);

await phase('branches 4-50 (triggers on)', () => run(q.branchesSql()));
await phase('staff per branch (triggers on)', () => run(q.staffSql()));
await run(q.staffTableSql);
await run(['set synchronous_commit = off', "set work_mem = '256MB'", 'set session_replication_role = replica']);

const b = (
  await c.query(
    q.bases(['users', 'visit', 'rm_record', 'rm_entry', 'kasir_payment', 'kasir_session', 'jurnal', 'jurnal_detail']),
  )
).rows[0];
for (const k of Object.keys(b)) b[k] = Number(b[k]);

// Secondary indexes are built once after the bulk phases (a sorted build instead of millions of insertions).
const indexes = (await c.query(q.secondaryIndexesSql, [q.BULK_TABLES])).rows;
await phase(`drop ${indexes.length} secondary indexes`, () => run(indexes.map((i) => `drop index ${i.name}`)));

await phase(`patients (${sz.patients})`, async () => {
  for (let from = 1; from <= sz.patients; from += BATCH * 2)
    await c.query(q.patientsSql(b.users, sz.patients, from, from + BATCH * 2 - 1));
});
await phase('till sessions', () => run(q.sessionsSql(b)));
await phase(`visits, records, payments, journals, stock (${sz.visits})`, async () => {
  for (let from = 1; from <= sz.visits; from += BATCH) {
    await run(q.visitSql(sz, b, from, Math.min(sz.visits, from + BATCH - 1)));
    if (SCALE >= 0.2) process.stdout.write(`    ${Math.min(sz.visits, from + BATCH - 1)} visits, load ${load()}\r`);
  }
});
await phase('stock receipts and payroll (monthly)', () => run(q.monthlySql(b, sz)));
await phase('monthly and daily balances, daily counts, stock (derived)', () => run(q.derivedSql));
// Fee lines: paid up to the month before last, payable since (the next doctor-fee run takes them).
const wib = new Date(Date.now() + 7 * 3600_000);
const lastMonth = new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
await phase('doctor fee lines', () => run(q.feeLinesSql(lastMonth)));
await run(["set maintenance_work_mem = '1GB'", 'set max_parallel_maintenance_workers = 2']);
await phase(`build ${indexes.length} secondary indexes again`, () => run(indexes.map((i) => i.def)));
await run(['set session_replication_role = origin']);
await phase('sequences', () =>
  run(
    ['users', 'visit', 'rm_record', 'rm_entry', 'rm_entry_version', 'kasir_payment', 'kasir_session', 'jurnal', 'jurnal_detail'].map(
      q.setval,
    ),
  ),
);
await phase('vacuum analyze', () => run('vacuum analyze'));
const failed = await phase('checks (invariants of the triggers)', async () => {
  let bad = 0;
  for (const [name, sql] of Object.entries(q.CHECKS)) {
    const n = Number(Object.values((await c.query(sql)).rows[0])[0]);
    if (n) bad++;
    console.log(`    ${n === 0 ? 'ok  ' : 'FAIL'} ${name}: ${n}`);
  }
  return bad;
});

const tables = [
  'profile',
  'users',
  'visit',
  'rm_record',
  'rm_entry',
  'rm_diagnosis',
  'kasir_payment',
  'kasir_payment_line',
  'jurnal',
  'jurnal_detail',
  'jurnal_saldo_bulan',
  'stock_movement',
  'payroll_run',
  'payroll_run_line',
  'sharing_line',
];
console.log('\n  rows:');
for (const t of tables) {
  const n = (await c.query(`select count(*)::bigint n from ${t}`)).rows[0].n;
  console.log(`    ${t.padEnd(22)} ${String(n).padStart(12)}`);
}
const size = (await c.query(`select pg_size_pretty(pg_database_size(current_database())) s`)).rows[0].s;
await c.end();
console.log(
  `\n  database ${DB}: ${size}; total ${((performance.now() - t00) / 1000).toFixed(0)} s; load average ${load()}`,
);
console.log(`  sign in as ${q.staffName('admin', 7)} (or perawat/dokter/apoteker/finance/manager/inventory) with the demo password`);
if (failed) {
  console.error(`${failed} invariant check(s) failed`);
  process.exitCode = 1;
}
