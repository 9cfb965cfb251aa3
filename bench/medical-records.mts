// Patient timeline benchmark (issue 12: "opens in under 1 second for a patient with 700 visits ... with 100,000
// patients in the database"): a fresh database with the demo clinic (its patient Sri Rahayu Wulandari has 700
// visits with records: SOAP, ICD-10 diagnoses, treatments, products, prescriptions) plus BENCH_PATIENTS (default
// 100 000) patients in the Jakarta branch, then the app itself (buildApp, requests through Fastify's inject, the
// doctor's session) times GET /api/rekammedis/patient/{id} (first page, a middle page, the last page) and
// GET /api/rekammedis/visit/{id}, BENCH_RUNS (default 20) runs each after a warm-up. A benchmark, not a test.
// Run: pnpm --filter @klinik/server exec tsx ../../bench/medical-records.mts                     (in-memory PGlite)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @klinik/server exec tsx ../../bench/medical-records.mts
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig, ROOT_DIR } from '../packages/server/src/config.ts';
import { openDatabase, queryRows } from '../packages/server/src/db/client.ts';
import { seedDemo } from '../packages/server/src/seed/demo.ts';
import { LONG_HISTORY_PATIENT } from '../packages/server/src/seed/medical-records.ts';

const require = createRequire(path.join(ROOT_DIR, 'packages/server/package.json'));
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = require('pg') as { Client: new (o: { connectionString: string }) => PgClient };
const { sql } = (await import(
  pathToFileURL(require.resolve('drizzle-orm').replace(/\.cjs$/, '.js')).href
)) as typeof import('../packages/server/node_modules/drizzle-orm/index.js');

const PATIENTS = Number(process.env.BENCH_PATIENTS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 20);
const adminUrl = process.env.BENCH_DATABASE_URL;
const PASSWORD = 'klinik123';

async function admin(url: string, q: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(q);
  await c.end();
}
let dbName: string | undefined;
let databaseUrl: string | undefined;
if (adminUrl) {
  dbName = `klinik_bench_${randomBytes(5).toString('hex')}`;
  await admin(adminUrl, `create database "${dbName}"`);
  const u = new URL(adminUrl);
  u.pathname = '/' + dbName;
  databaseUrl = u.toString();
}
try {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await database.migrate(path.join(ROOT_DIR, 'drizzle'));
  let t = performance.now();
  await seedDemo(database.db, PASSWORD);
  const seedS = (performance.now() - t) / 1000;
  const [{ id: branch }] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from profile order by id limit 1`,
  );
  t = performance.now();
  for (let i = 0; i < PATIENTS; i += 20_000) {
    const n = Math.min(20_000, PATIENTS - i);
    await database.db
      .execute(sql`insert into users (role, username, name, initial, gender, status, profile_id, phone, birth_date)
      select 1, 'BENCH' || lpad((${i} + g)::text, 7, '0'), 'Pasien Bench ' || (${i} + g), 'PB', g % 2, 1, ${branch},
             '0812' || lpad((${i} + g)::text, 8, '0'), date '1960-01-01' + (g % 18000)
      from generate_series(1, ${n}) g`);
  }
  const loadS = (performance.now() - t) / 1000;
  if (databaseUrl) await admin(databaseUrl, 'vacuum analyze');
  else await database.executeSql('analyze');
  const [patient] = await queryRows<{ id: number; visits: number; entries: number; total: number }>(
    database.db,
    sql`select u.id, (select count(*)::int from rm_record r where r.customer_id = u.id) as visits,
          (select count(*)::int from rm_entry e where e.customer_id = u.id) as entries,
          (select count(*)::int from users where role = 1) as total
        from users u where u.name = ${LONG_HISTORY_PATIENT}`,
  );
  console.log(
    `database: ${database.kind}${dbName ? ` (${dbName})` : ''}; demo seeded in ${seedS.toFixed(1)} s, ${PATIENTS} patients more in ${loadS.toFixed(1)} s; ` +
      `${patient.total} patients; ${LONG_HISTORY_PATIENT}: ${patient.visits} visits with records, ${patient.entries} entries; ${RUNS} runs each`,
  );

  const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { logLevel: 'silent', seedDemo: false });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'dokter', password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  const limit = 10;
  const pages = Math.ceil(patient.visits / limit);
  const first = JSON.parse((await get(`/api/rekammedis/patient/${patient.id}?page=1&limit=${limit}`)).body) as {
    data: { visit: { id: number } }[];
  };
  const visitId = first.data[0]!.visit.id;
  const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
  console.log('\n| request | bytes | p50 | p95 | max |\n| --- | --- | --- | --- | --- |');
  for (const [label, url] of [
    [
      `patient timeline, page 1 of ${pages} (${limit} visits)`,
      `/api/rekammedis/patient/${patient.id}?page=1&limit=${limit}`,
    ],
    [
      `patient timeline, page ${Math.ceil(pages / 2)}`,
      `/api/rekammedis/patient/${patient.id}?page=${Math.ceil(pages / 2)}&limit=${limit}`,
    ],
    [`patient timeline, last page (${pages})`, `/api/rekammedis/patient/${patient.id}?page=${pages}&limit=${limit}`],
    ['patient timeline, page 1 of 50 visits', `/api/rekammedis/patient/${patient.id}?page=1&limit=50`],
    ['record of one visit', `/api/rekammedis/visit/${visitId}`],
    ['SOAP list across patients, page 1', '/api/rekammedis/daftar/soap?limit=20'],
  ] as const) {
    let bytes = (await get(url)).body.length; // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      bytes = (await get(url)).body.length;
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${bytes} | ${pct(ms, 0.5).toFixed(1)} ms | ${pct(ms, 0.95).toFixed(1)} ms | ${ms.at(-1)!.toFixed(1)} ms |`,
    );
  }
  await app.close();
  await database.close().catch(() => undefined);
} finally {
  if (adminUrl && dbName) await admin(adminUrl, `drop database if exists "${dbName}" with (force)`);
}
