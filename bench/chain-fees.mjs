// A month's doctor-fee run for the whole chain (issue 33 item 3, goal <= 10 s): on the chain database of
// `pnpm bench:data`, each chain branch's finance account (`finance.c04` ... `finance.c50`) computes its run of the
// month before this one (`POST /api/finance/sharing/runs`, the payable fee lines up to the month's end), FEE_CONCURRENCY
// branches at a time (default 4). Prints the wall time for the chain, p50/p95 per branch, lines and doctors taken.
// A database built before the loader wrote fee lines gets them first (chain-sql.mjs feeLinesSql). The runs stay
// (open): a second run of the same month is refused (409), so FEE_PERIOD=YYYY-MM picks another month (its lines must
// be payable: lines before last month were written 'paid'). A benchmark: printed, never asserted.
import { load, machine, percentile, startApp, withPg } from './lib.mjs';
import { login, request } from './day-lib.mjs';
import { feeLinesSql, FIRST_CHAIN_BRANCH, BRANCHES, staffName } from './data/chain-sql.mjs';

const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
u.pathname = '/' + (process.env.BENCH_CHAIN_DB || 'klinik_chain');
const DB_URL = u.toString();
const PASSWORD = process.env.DEMO_PASSWORD || 'klinik123';
const CONCURRENCY = Number(process.env.FEE_CONCURRENCY || 4);
const wib = new Date(Date.now() + 7 * 3600_000);
const lastMonth = new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
const PERIOD = process.env.FEE_PERIOD || lastMonth.slice(0, 7);

console.log(
  `# chain doctor-fee run ${new Date().toISOString()}  ${machine()}  period ${PERIOD}  load average ${load()}`,
);
await withPg(DB_URL, async (c) => {
  const n = Number(
    (await c.query(`select count(*)::int n from sharing_line where profile_id >= $1`, [FIRST_CHAIN_BRANCH])).rows[0].n,
  );
  if (n) return;
  const t = performance.now();
  // Only the payable months (row by row through the foreign keys: the loader writes every month in bulk).
  await c.query(feeLinesSql(lastMonth, lastMonth));
  await c.query('analyze sharing_line');
  console.log(`  fee lines written (none yet): ${((performance.now() - t) / 1000).toFixed(1)} s`);
});
const lines = await withPg(DB_URL, async (c) =>
  Number(
    (
      await c.query(
        `select count(*)::int n from sharing_line where profile_id >= $1 and status = 'payable' and run_id is null
           and service_date < ($2 || '-01')::date + interval '1 month'`,
        [FIRST_CHAIN_BRANCH, PERIOD],
      )
    ).rows[0].n,
  ),
);
console.log(`  payable lines of the chain up to the month's end: ${lines}`);

const app = await startApp('fees', { DATABASE_URL: DB_URL, SEED_DEMO: '0', LOG_LEVEL: 'error' });
try {
  const branches = Array.from({ length: BRANCHES - FIRST_CHAIN_BRANCH + 1 }, (_, i) => FIRST_CHAIN_BRANCH + i);
  const cookies = new Map();
  for (const b of branches) cookies.set(b, await login(app.base, staffName('finance', b), PASSWORD));
  const ms = [];
  let taken = 0;
  let doctors = 0;
  const failed = [];
  const queue = [...branches];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let b = queue.shift(); b !== undefined; b = queue.shift()) {
        const r = await request(app.base, 'POST', '/api/finance/sharing/runs', {
          cookie: cookies.get(b),
          body: { period: PERIOD },
          headers: { 'idempotency-key': `bench-fees-${PERIOD}-${b}-${Date.now()}` },
        });
        ms.push(r.ms);
        if (r.status !== 201) failed.push(`${b}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
        else {
          doctors += r.body.data.doctors.length;
          taken += r.body.data.doctors.reduce((s, d) => s + d.lines.length, 0);
        }
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  ms.sort((a, b) => a - b);
  console.log(
    `  ${branches.length} branch runs, ${CONCURRENCY} at a time: ${wall.toFixed(2)} s for the chain; per branch p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms; ${taken} lines, ${doctors} doctor slips`,
  );
  if (failed.length) console.log(`  refused: ${failed.length}\n    ${failed.slice(0, 5).join('\n    ')}`);
} finally {
  await app.stop();
}
console.log(`  load average at the end: ${load()}`);
