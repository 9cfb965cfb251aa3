// Single reads on the chain database (issue 33 item 3), one client at a time: the timeline of the demo patient with
// 700 visits at 1 000 000 patients (the treating doctor, `dokter`), and the owner's consolidated reports over the 50
// branches and a year. `node bench/chain-reads.mjs` after `pnpm bench:data`; BENCH_RUNS (20) per read after a
// warm-up; CHAIN_READS=<regex> runs only the reads whose label matches (e.g. 'profit|history'). A benchmark: printed,
// never asserted.
import { load, machine, percentile, startApp, withPg } from './lib.mjs';
import { login, request } from './day-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 20);
const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
u.pathname = '/' + (process.env.BENCH_CHAIN_DB || 'klinik_chain');
const DB_URL = u.toString();
const PASSWORD = process.env.DEMO_PASSWORD || 'klinik123';

console.log(`# chain reads ${new Date().toISOString()}  ${machine()}  load average ${load()}`);
const patient = await withPg(DB_URL, async (c) => {
  const r = await c.query(
    `select customer_id as id, count(*)::int n from rm_record group by 1 order by 2 desc limit 1`,
  );
  return r.rows[0];
});
const app = await startApp('reads', { DATABASE_URL: DB_URL, SEED_DEMO: '0', LOG_LEVEL: 'error' });
try {
  const doctor = await login(app.base, 'dokter', PASSWORD);
  const owner = await login(app.base, 'owner', PASSWORD);
  const desk = await login(app.base, 'admin.c07', PASSWORD);
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const branches = Array.from({ length: 50 }, (_, i) => `profile_id=${i + 1}`).join('&');
  const cases = [
    [`timeline, patient with ${patient.n} visits, first page`, doctor, `/api/rekammedis/patient/${patient.id}?page=1`],
    ['timeline, page 10', doctor, `/api/rekammedis/patient/${patient.id}?page=10`],
    [
      'consolidated trial balance, 50 branches, a year',
      owner,
      `/api/backoffice/finance/trialbalance?from=${yearAgo}&to=${today}&${branches}&consolidated=1`,
    ],
    [
      'consolidated profit and loss, 50 branches, a year',
      owner,
      `/api/backoffice/finance/labarugi?from=${yearAgo}&to=${today}&${branches}&consolidated=1`,
    ],
    [
      'consolidated balance sheet, 50 branches',
      owner,
      `/api/backoffice/finance/neraca?to=${today}&${branches}&consolidated=1`,
    ],
    ['visit history of a branch (60 000 visits), page 1', desk, `/api/service/kunjungan?page=1`],
    ['visit history of a branch, page 40', desk, `/api/service/kunjungan?page=40`],
    ['backoffice summary', owner, `/api/backoffice/summary`],
  ];
  const only = process.env.CHAIN_READS ? new RegExp(process.env.CHAIN_READS, 'i') : null;
  for (const [label, cookie, path] of cases.filter(([label]) => !only || only.test(label))) {
    const first = await request(app.base, 'GET', path, { cookie });
    if (first.status !== 200) {
      console.log(`  ${label.padEnd(52)} ${first.status} ${JSON.stringify(first.body).slice(0, 160)}`);
      continue;
    }
    const ms = [];
    for (let i = 0; i < RUNS; i++) ms.push((await request(app.base, 'GET', path, { cookie })).ms);
    ms.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(52)} p50 ${percentile(ms, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(ms, 95).toFixed(0).padStart(5)} ms  (${first.bytes} bytes)`,
    );
  }
} finally {
  await app.stop();
}
console.log(`  load average at the end: ${load()}`);
