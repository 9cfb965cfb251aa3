// `pnpm bench [parts...]`: load benchmarks of the built app (parts: auth search posting finance icd records; default all;
// `pnpm bench day` runs the day simulator of issue 33 instead, bench/day.mjs).
// A benchmark, not a test: figures are printed, never asserted. bench/README.md explains each part and holds the
// latest figures. PostgreSQL parts hold /tmp/pgtest.lock (flock) while they run, and drop their databases only
// after the app has stopped. No Chromium runs during a measurement.
//   BENCH_SECONDS (8)  BENCH_DBS (pglite,pg)  BENCH_PATIENTS (100000)  BENCH_POSTERS (20)  BENCH_ROUNDS (3)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuMs,
  createPgDatabase,
  drive,
  fmt,
  load,
  login,
  machine,
  pgReachable,
  PG_URL,
  ROOT,
  SECONDS,
  sleep,
  startApp,
  startBare,
  withPg,
} from './lib.mjs';
import { nikOf, patientsSql, phoneOf } from './patients.mjs';

const ALL = ['auth', 'search', 'posting', 'finance', 'icd', 'records'];
const args = process.argv.slice(2);
const pgOnly = args.includes('--pg-only');
const parts = args.filter((a) => ALL.includes(a));
const want = new Set(parts.length ? parts : ALL);
const dbs = new Set((process.env.BENCH_DBS || 'pglite,pg').split(','));
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const POSTERS = Number(process.env.BENCH_POSTERS || 20);

function header() {
  console.log(`# ${new Date().toISOString()}  ${machine()}  load average at start: ${load()}`);
}

// ---------------------------------------------------------------- auth: GET /api/auth/me against bare Fastify
function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 10, duration: Math.max(3, Math.round(SECONDS * 0.6)), ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function authPart(name, env) {
  const app = await startApp(name, env);
  const bare = await startBare();
  try {
    const { cookie } = await login(app.base, 'admin');
    await cannon({ url: `${app.base}/api/auth/me`, headers: { cookie }, duration: 2 }); // warm-up
    const me = [];
    const base = [];
    // CPU time per answered request of each process (from /proc): unlike requests/s, it hardly depends on what else
    // runs on the machine, so the CPU ratio is the fairer comparison on a shared or loaded machine.
    const perReq = (pid, fn) => async () => {
      const c0 = cpuMs(pid);
      const r = await fn();
      r.cpuPerReq = (cpuMs(pid) - c0) / Math.max(1, r.requests.total);
      return r;
    };
    for (let i = 0; i < ROUNDS; i++) {
      const m = await perReq(app.pid, () => cannon({ url: `${app.base}/api/auth/me`, headers: { cookie } }))();
      const b = await perReq(bare.pid, () => cannon({ url: bare.url }))();
      if (m.non2xx || m.errors) console.log(`  (auth/me round ${i + 1}: ${m.non2xx} non-2xx, ${m.errors} errors)`);
      me.push(m);
      base.push(b);
    }
    const us = (rs) => median(rs.map((r) => r.cpuPerReq)) * 1000;
    const row = (label, rs) =>
      `${label.padEnd(40)} ${String(Math.round(median(rs.map((r) => r.requests.average)))).padStart(7)} req/s   p50 ${median(rs.map((r) => r.latency.p50))} ms   p99 ${median(rs.map((r) => r.latency.p99))} ms   CPU ${us(rs).toFixed(0)} us/request`;
    console.log(`\n## auth: ${name} (10 connections, median of ${ROUNDS} rounds)`);
    console.log(row('GET /api/auth/me (authenticated)', me));
    console.log(row('bare Fastify route (own process)', base));
    const ratio = median(me.map((r) => r.requests.average)) / median(base.map((r) => r.requests.average));
    console.log(
      `ratio me / bare: ${ratio.toFixed(3)} (requests/s); by CPU per request: ${(us(base) / us(me)).toFixed(3)}`,
    );
  } finally {
    await app.stop();
    await bare.stop();
  }
}

// ---------------------------------------------------------------- search: 100 000 patients in one branch

async function searchPart(name, env, dbUrl) {
  const app = await startApp(name, env);
  try {
    const { cookie, user } = await login(app.base, 'admin');
    const branch = user.profile_id;
    const t0 = performance.now();
    if (dbUrl) {
      await withPg(dbUrl, async (c) => {
        await c.query(patientsSql(branch, PATIENTS));
        await c.query('vacuum analyze users');
      });
    } else {
      // PGlite is embedded in the app process: load through a second process is impossible; skip.
      console.log('\n## search: PGlite skipped (the embedded database belongs to the app process)');
      return;
    }
    console.log(
      `\n## search: ${name}, ${PATIENTS} patients in branch ${branch} (loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s), 10 clients, ${SECONDS} s each`,
    );
    const g = 54_321;
    const nr = `RM${String(branch).padStart(2, '0')}${500000 + g}`;
    const phone = phoneOf(g);
    const cases = [
      ['list, first page (no keyword)', ''],
      ['name "sari" (trigram, common)', 'sari'],
      ['name "hidayat" (trigram)', 'hidayat'],
      ['name "wulandari" (trigram)', 'wulandari'],
      [`NO RM exact ${nr}`, nr],
      [`NIK exact ${nikOf(g)}`, nikOf(g)],
      [
        `phone as typed +62 ${phone.slice(1, 4)}-${phone.slice(4, 8)}-${phone.slice(8)}`,
        `+62 ${phone.slice(1, 4)}-${phone.slice(4, 8)}-${phone.slice(8)}`,
      ],
      [`phone exact ${phone}`, phone],
    ];
    for (const [label, kw] of cases) {
      const path = `/api/users?role=1&page=1&limit=20${kw ? `&keyword=${encodeURIComponent(kw)}` : ''}`;
      const check = await fetch(app.base + path, { headers: { cookie } }).then((r) => r.json());
      await drive({ base: app.base, clients: 10, seconds: 1, make: () => ({ path, headers: { cookie } }) });
      const r = await drive({ base: app.base, clients: 10, make: () => ({ path, headers: { cookie } }) });
      console.log(`${fmt(label, r)}  (${check.data?.length ?? '?'} rows, count ${check.count})`);
    }
  } finally {
    await app.stop();
  }
}

// ---------------------------------------------------------------- posting: 20 clients, pgbench, kill -9
const LINES = (v, s) => [
  { akun: '1101', debit: v, credit: 0 },
  { akun: '4101', debit: 0, credit: v },
  { akun: '6102', debit: s, credit: 0 },
  { akun: '2102', debit: 0, credit: s },
];

function postingBody(i, date) {
  const v = 100_000 + ((i * 7919) % 1_900) * 1000;
  const s = Math.round(v * 0.2);
  return { transaction_at: date, memo: `Bench #${i}`, details: LINES(v, s) };
}

/** The SQL of one posting as the app sends it (posting.ts + queries.insertJurnalNumbered), for pgbench. */
function pgbenchScript({ branch, periode, user, akun, date }) {
  const month = date.slice(0, 7).replace('-', '');
  const bp = String(branch).padStart(2, '0');
  // The lines as one jsonb value built in SQL (pgbench does not put variables inside string literals).
  const line = (no, a, debit, credit) =>
    `jsonb_build_object('line_no', ${no}, 'akun_id', ${akun[a]}, 'description', null, 'debit', ${debit}, 'credit', ${credit})`;
  const lines = (v, s) =>
    `jsonb_build_array(${line(1, '1101', v, 0)}, ${line(2, '4101', 0, v)}, ${line(3, '6102', s, 0)}, ${line(4, '2102', 0, s)})`;
  return `\\set v random(100, 2000) * 100000
\\set s :v / 5
BEGIN;
select id, profile_id, start_date::text as start_date, end_date::text as end_date, status, created_by, closed_by, closed_at::text as closed_at, created_at::text as created_at from finance_periode where profile_id = ${branch} and status = 0 for share;
select id, code, name, category, isheader, parent_id, normal, status, profile_id, description, created_at, updated_at from akun where (id in (1101, 4101, 6102, 2102) or code in ('1101', '4101', '6102', '2102'));
with n as (insert into doc_counter (profile_id, kind, period, last) values (${branch}, 'JU', '${month}', 1) on conflict (profile_id, kind, period) do update set last = doc_counter.last + 1 returning last),
j as (insert into jurnal (profile_id, periode_id, code, transaction_at, memo, kind, source_type, source_id, reversal_of, total, line_count, created_by)
  select ${branch}, ${periode}, 'JU/${bp}/${month}/' || case when n.last < 10000 then lpad(n.last::text, 4, '0') else n.last::text end, '${date}'::date, 'pgbench', 'umum', 'jurnal_umum'::varchar, null::varchar, null::int, (:v + :s)::bigint, 4::smallint, ${user}::int from n returning *),
d as (insert into jurnal_detail (jurnal_id, line_no, akun_id, description, debit, credit, profile_id, transaction_at)
  select j.id, v.line_no, v.akun_id, v.description, v.debit, v.credit, j.profile_id, j.transaction_at from j cross join jsonb_to_recordset(${lines(':v', ':s')}) as v(line_no smallint, akun_id integer, description text, debit bigint, credit bigint)
  returning line_no, akun_id, description, debit, credit),
a as (insert into audit_log (user_id, profile_id, action, entity, entity_id, after, request_id)
  select ${user}::int, j.profile_id, 'create', 'jurnal', j.id::text, jsonb_set('{"code":"","memo":"pgbench"}'::jsonb, '{code}', to_jsonb(j.code)), 'pgbench' from j)
select j.id, j.code, (select json_agg(json_build_object('line_no', d.line_no, 'akun_id', d.akun_id, 'code', ak.code, 'name', ak.name, 'description', d.description, 'debit', d.debit::text, 'credit', d.credit::text) order by d.line_no) from d join akun ak on ak.id = d.akun_id) as details from j;
COMMIT;
`;
}

function pgbenchBin() {
  for (const p of [
    'pgbench',
    ...fs.readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`),
  ]) {
    if (spawnSync(p, ['--version']).status === 0) return p;
  }
  return null;
}

async function pgbench(bin, dbUrl, script, clients, seconds) {
  const file = path.join(os.tmpdir(), `klinik-pgbench-${process.pid}.sql`);
  fs.writeFileSync(file, script);
  const out = await new Promise((resolve) => {
    const p = spawn(bin, [
      '-n',
      // Simple protocol: pgbench writes :v and :s into the text, also inside the lines' JSON literal (extended mode
      // would send them as untyped parameters, which PostgreSQL cannot add or place in a string).
      '-M',
      'simple',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      file,
      dbUrl,
    ]);
    let s = '';
    p.stdout.on('data', (d) => (s += d));
    p.stderr.on('data', (d) => (s += d));
    p.on('exit', () => resolve(s));
  });
  fs.rmSync(file, { force: true });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const lat = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
  if (!Number.isFinite(tps)) console.log(out);
  return { tps, lat, failed };
}

async function numberingCheck(dbUrl) {
  return withPg(dbUrl, async (c) => {
    const { rows } = await c.query(`
      with g as (
        select j.profile_id, split_part(j.code, '/', 3) as month, count(*)::int as n,
               count(distinct j.code)::int as distinct_codes,
               max(split_part(j.code, '/', 4)::int) as max, min(split_part(j.code, '/', 4)::int) as min
        from jurnal j where j.code ~ '^JU/' group by 1, 2)
      select g.*, (select last from doc_counter dc
                   where dc.profile_id = g.profile_id and dc.kind = 'JU' and dc.period = g.month) as counter
      from g order by 1, 2`);
    const bad = rows.filter((r) => r.n !== r.max || r.n !== r.distinct_codes || r.min !== 1 || r.counter !== r.max);
    return { rows, ok: bad.length === 0 };
  });
}

async function postingPart(dbUrl, env) {
  let app = await startApp('PostgreSQL', env);
  try {
    const { cookie, user } = await login(app.base, 'finance');
    const branch = user.profile_id;
    const date = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10); // today in WIB
    const info = await withPg(dbUrl, async (c) => {
      const p = await c.query('select id from finance_periode where profile_id = $1 and status = 0', [branch]);
      const a = await c.query(`select id, code from akun where code in ('1101','4101','6102','2102')`);
      return { periode: p.rows[0]?.id, akun: Object.fromEntries(a.rows.map((r) => [r.code, r.id])) };
    });
    if (!info.periode) throw new Error('no active period in the demo branch');
    let i = 0;
    const make = () => ({
      method: 'POST',
      path: '/api/finance/jurnal',
      headers: { cookie },
      body: postingBody(i++, date),
    });
    console.log(`\n## posting: PostgreSQL, ${POSTERS} clients, POST /api/finance/jurnal (4 lines), ${SECONDS} s`);
    await drive({ base: app.base, clients: POSTERS, seconds: 2, make }); // warm-up
    const r = await drive({ base: app.base, clients: POSTERS, make });
    console.log(fmt('app: general journal posting', r));
    await app.stop();
    const bin = pgbenchBin();
    if (bin) {
      const b = await pgbench(
        bin,
        dbUrl,
        pgbenchScript({ branch, periode: info.periode, user: user.id, akun: info.akun, date }),
        POSTERS,
        SECONDS,
      );
      console.log(
        `${'pgbench: the same SQL per posting'.padEnd(44)} ${b.tps.toFixed(0).padStart(7)} tps    latency average ${b.lat.toFixed(1)} ms  failed ${b.failed ?? 0}`,
      );
      console.log(`ratio app / pgbench: ${(r.rps / b.tps).toFixed(2)}`);
    } else console.log('pgbench not found (apt-get install postgresql-contrib): skipped');

    // kill -9 in the middle of the load, restart, post again; numbers must stay unique and gapless.
    app = await startApp('PostgreSQL', env);
    const { cookie: c2 } = await login(app.base, 'finance');
    let killed = false;
    const make2 = () => ({
      method: 'POST',
      path: '/api/finance/jurnal',
      headers: { cookie: c2 },
      body: postingBody(i++, date),
    });
    const during = drive({ base: app.base, clients: POSTERS, seconds: 3, make: make2, stopWhen: () => killed });
    await sleep(1500);
    await app.kill9();
    killed = true;
    const k = await during;
    app = await startApp('PostgreSQL', env);
    const after = await drive({ base: app.base, clients: POSTERS, seconds: 2, make: make2 });
    const check = await numberingCheck(dbUrl);
    console.log(
      `kill -9 after 1.5 s of load (${k.ok} posted, ${k.errors} cut off), restart, ${after.ok} more: numbering ${check.ok ? 'unique and gapless' : 'BROKEN'}`,
    );
    for (const row of check.rows) {
      console.log(
        `  branch ${row.profile_id} ${row.month}: ${row.n} journals, numbers ${row.min}..${row.max}, counter ${row.counter}`,
      );
    }
  } finally {
    await app.stop();
  }
}

// ---------------------------------------------------------------- finance reports at two sizes
async function financePart(dbUrl) {
  console.log('\n## finance reports (bench/finance.mts)');
  await new Promise((resolve, reject) => {
    const p = spawn('pnpm', ['--filter', '@klinik/server', 'exec', 'tsx', '../../bench/finance.mts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...(dbUrl ? { BENCH_DATABASE_URL: PG_URL } : { BENCH_DATABASE_URL: '' }) },
    });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`finance.mts exited ${code}`))));
  });
}

// ---------------------------------------------------------------- issue 12: ICD search, patient timeline (tsx scripts)
async function tsxPart(title, file, dbUrl) {
  console.log(`\n## ${title} (bench/${file}), ${dbUrl ? 'PostgreSQL' : 'PGlite'}`);
  await new Promise((resolve, reject) => {
    const p = spawn('pnpm', ['--filter', '@klinik/server', 'exec', 'tsx', `../../bench/${file}`], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATABASE_URL: dbUrl ?? '' },
    });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited ${code}`))));
  });
}
const icdPart = (dbUrl) => tsxPart('ICD search', 'icd.mts', dbUrl);
const recordsPart = (dbUrl) => tsxPart('patient timeline, 700 visits, 100 000 patients', 'medical-records.mts', dbUrl);

// ---------------------------------------------------------------- main
if (args[0] === 'day') {
  // The day simulator (issue 33) is a program of its own, on the database `pnpm bench:data` built (bench/day.mjs).
  const code = await new Promise((r) =>
    spawn(process.execPath, ['bench/day.mjs'], { cwd: ROOT, stdio: 'inherit' }).on('exit', r),
  );
  process.exit(code ?? 1);
}
if (!pgOnly) {
  header();
  if (dbs.has('pglite')) {
    if (want.has('auth')) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-bench-'));
      try {
        await authPart('PGlite (embedded)', { DATA_DIR: dir, DATABASE_URL: '' });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    if (want.has('finance') && process.env.BENCH_FINANCE_PGLITE === '1') await financePart(null);
    if (want.has('icd')) await icdPart(null);
    if (want.has('records')) await recordsPart(null);
  }
  const pgParts = [...want].filter((p) => p !== 'finance' || dbs.has('pg'));
  if (dbs.has('pg') && pgParts.length) {
    if (!(await pgReachable())) console.log(`\nPostgreSQL at ${PG_URL} not reachable: skipped.`);
    else {
      // The PostgreSQL parts run under the lock the test suites use (their setup drops others' databases).
      const flock = spawnSync('flock', ['--version']).status === 0;
      const cmd = flock
        ? ['flock', ['/tmp/pgtest.lock', process.execPath, 'bench/run.mjs', '--pg-only', ...pgParts]]
        : [process.execPath, ['bench/run.mjs', '--pg-only', ...pgParts]];
      const code = await new Promise((r) => spawn(cmd[0], cmd[1], { cwd: ROOT, stdio: 'inherit' }).on('exit', r));
      if (code !== 0) process.exitCode = code;
    }
  }
  console.log(`\n# done; load average at end: ${load()}`);
} else {
  console.log(`\n# PostgreSQL parts (lock held); load average: ${load()}`);
  const run = async (tag, fn) => {
    const db = await createPgDatabase(tag);
    try {
      await fn(db.url, { DATABASE_URL: db.url });
    } finally {
      await db.drop(); // after the app has stopped (every part awaits stop() before returning)
    }
  };
  if (want.has('auth')) await run('auth', (url, env) => authPart('PostgreSQL', env));
  if (want.has('search')) await run('search', (url, env) => searchPart('PostgreSQL', env, url));
  if (want.has('posting')) await run('posting', (url, env) => postingPart(url, env));
  if (want.has('finance')) await financePart(PG_URL);
  if (want.has('icd')) await icdPart(PG_URL);
  if (want.has('records')) await recordsPart(PG_URL);
}
