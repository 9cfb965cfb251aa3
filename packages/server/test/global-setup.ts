import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { dumpPglite, openDatabase } from '../src/db/client.js';
import { migrateJobQueue } from '../src/lib/jobs.js';
import { ROOT_DIR } from '../src/config.js';

/** The job queue's tables are part of the template and the snapshot: a new pg-boss major makes new ones. */
const PGBOSS_MAJOR = 10;

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string | null;
    pgliteSnapshot: string | null;
  }
}

/** A hash of the migrations (names and contents): a template or snapshot is reused only for the same migrations. */
function migrationsHash(migrationsDir: string, extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const f of fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(f).update(fs.readFileSync(path.join(migrationsDir, f)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Migrates one in-memory PGlite and dumps its data directory to a tarball that every test file loads
 * (`openDatabase({ loadDataDir })`), instead of each file replaying every migration. The tarball is named by the
 * migrations' and PGlite's version hash and kept in the temp directory, so the next run reuses it.
 */
export async function pgliteSnapshot(migrationsDir: string): Promise<string> {
  const require = createRequire(path.join(ROOT_DIR, 'packages/server/package.json'));
  // The package does not export its package.json: find it above the resolved entry point.
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const version = (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const file = path.join(
    os.tmpdir(),
    `klinik-pglite-${migrationsHash(migrationsDir, `${version} pg-boss ${PGBOSS_MAJOR}`)}.tar`,
  );
  if (fs.existsSync(file)) return file;
  for (const old of fs.readdirSync(os.tmpdir()).filter((f) => /^klinik-pglite-[0-9a-f]{12}\.tar$/.test(f)))
    fs.rmSync(path.join(os.tmpdir(), old), { force: true });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate(migrationsDir);
    await migrateJobQueue(database);
    const dump = await dumpPglite(database);
    // Written under another name first, so a parallel run never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/**
 * With TEST_DATABASE_URL: migrate one template database (named by the migrations' hash) that every test
 * file copies with CREATE DATABASE ... TEMPLATE. Without it, a migrated PGlite snapshot that every file loads.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const migrationsDir = path.join(ROOT_DIR, 'drizzle');
  if (!url) {
    project.provide('templateDb', null);
    project.provide('pgliteSnapshot', await pgliteSnapshot(migrationsDir));
    return;
  }
  project.provide('pgliteSnapshot', null);
  const name = `klinik_tpl_${migrationsHash(migrationsDir, `pg-boss ${PGBOSS_MAJOR} compacted`)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Old test databases left by an interrupted run, and stale templates. Once per run: the server and server-pg
    // projects both use this setup, and the second must not drop the first's databases.
    const first = !process.env.KLINIK_TEST_SETUP_DONE;
    process.env.KLINIK_TEST_SETUP_DONE = '1';
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where (datname like 'klinik\\_t\\_%' or (datname like 'klinik\\_tpl\\_%' and datname <> $1))`,
      [name],
    );
    if (first) for (const r of stale.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      const u = new URL(url);
      u.pathname = '/' + name;
      const database = await openDatabase({ databaseUrl: u.toString() });
      try {
        await database.migrate(migrationsDir);
        await migrateJobQueue(database);
        // Every test file copies this database (about 150 copies a run), so its size is the suite's time: the ICD
        // lists' trigram indexes, filled row by row by their migration, are a third the size rebuilt, and the
        // catalogs seventy migrations churned shrink too (38 MB -> 24 MB; a copy 0.5-0.8 s -> 0.1-0.2 s on a quiet
        // machine). Frozen, so no copy rewrites its pages to set hint bits on first read.
        await database.executeSql(`reindex database "${name}"`);
        await database.executeSql('vacuum (full, freeze)');
      } catch (err) {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        throw err;
      }
      await database.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('templateDb', name);
}
