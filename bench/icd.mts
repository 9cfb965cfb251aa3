// ICD search benchmark (issue 12: "search by code or words in either language answers in under 50 ms"): a freshly
// migrated database (the data migration loads 18 547 ICD-10 and 4 626 ICD-9-CM codes), then the search the
// endpoints run (modules/icd: readKeyword + searchIcd) for Indonesian words, English words and codes, p50/p95 of
// BENCH_RUNS (default 50) runs each after a warm-up. A benchmark, not a test: numbers are printed, never asserted.
// Run: pnpm --filter @klinik/server exec tsx ../../bench/icd.mts                        (in-memory PGlite)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @klinik/server exec tsx ../../bench/icd.mts
//      (a new database klinik_bench_<random> is created next to the given one and dropped afterwards)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IcdKind } from '../packages/shared/src/index.ts';
import { ROOT_DIR } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { readKeyword } from '../packages/server/src/modules/icd/service.ts';
import { searchIcd } from '../packages/server/src/modules/icd/queries.ts';

const require = createRequire(path.join(ROOT_DIR, 'packages/server/package.json'));
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = require('pg') as { Client: new (o: { connectionString: string }) => PgClient };
const RUNS = Number(process.env.BENCH_RUNS || 50);
const adminUrl = process.env.BENCH_DATABASE_URL;

let dbName: string | undefined;
let databaseUrl: string | undefined;
async function admin(q: string) {
  const c = new pg.Client({ connectionString: adminUrl! });
  await c.connect();
  await c.query(q);
  await c.end();
}
if (adminUrl) {
  dbName = `klinik_bench_${randomBytes(5).toString('hex')}`;
  await admin(`create database "${dbName}"`);
  const u = new URL(adminUrl);
  u.pathname = '/' + dbName;
  databaseUrl = u.toString();
}
try {
  let t = performance.now();
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  await database.migrate(path.join(ROOT_DIR, 'drizzle'));
  console.log(
    `database: ${database.kind}${dbName ? ` (${dbName})` : ''}, migrated (with the ICD data) in ${((performance.now() - t) / 1000).toFixed(1)} s, ${RUNS} runs per search`,
  );
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('vacuum analyze icd10');
    await c.query('vacuum analyze icd9cm');
    await c.end();
  }
  const cases: [IcdKind, string, string][] = [
    ['icd10', 'code, exact', 'A09'],
    ['icd10', 'code without dot', 'j069'],
    ['icd10', 'code prefix, one letter', 'K'],
    ['icd10', 'Indonesian, one word', 'demam'],
    ['icd10', 'Indonesian, three words', 'demam berdarah dengue'],
    ['icd10', 'Indonesian, short word', 'gigi'],
    ['icd10', 'English, one word', 'fever'],
    ['icd10', 'English, two words, any order', 'hypertension essential'],
    ['icd10', 'mixed languages', 'diabetes tanpa komplikasi'],
    ['icd10', 'no match', 'zzqx tidakada'],
    ['icd10', 'two-letter word (no trigram: scans)', 'tb'],
    ['icd9cm', 'code, exact', '93.96'],
    ['icd9cm', 'code without dot', '4701'],
    ['icd9cm', 'Indonesian, one word', 'injeksi'],
    ['icd9cm', 'English, two words', 'laser skin'],
  ];
  const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
  console.log(`\n| list | search | keyword | results | p50 | p95 |\n| --- | --- | --- | --- | --- | --- |`);
  for (const [kind, label, kw] of cases) {
    const q = readKeyword(kind, kw, 20);
    let n = (await searchIcd(database.db, kind, q)).length; // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      t = performance.now();
      n = (await searchIcd(database.db, kind, q)).length;
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `| ${kind} | ${label} | \`${kw}\` | ${n} | ${pct(ms, 0.5).toFixed(1)} ms | ${pct(ms, 0.95).toFixed(1)} ms |`,
    );
  }
  await database.close();
} finally {
  if (adminUrl && dbName) await admin(`drop database if exists "${dbName}" with (force)`);
}
