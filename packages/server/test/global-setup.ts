import path from 'node:path';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { ROOT_DIR } from '../src/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string | null;
  }
}

/**
 * With TEST_DATABASE_URL: migrate one template database (named by the migrations' hash) that every test
 * file copies with CREATE DATABASE ... TEMPLATE. Without it, each file migrates its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('templateDb', null);
    return;
  }
  const migrationsDir = path.join(ROOT_DIR, 'drizzle');
  const hash = createHash('sha256');
  for (const f of fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(f).update(fs.readFileSync(path.join(migrationsDir, f)));
  }
  const name = `klinik_tpl_${hash.digest('hex').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Old test databases left by an interrupted run, and stale templates.
    const stale = await admin.query<{ datname: string }>(
      `select datname from pg_database where (datname like 'klinik_t_%' or (datname like 'klinik_tpl_%' and datname <> $1))`,
      [name],
    );
    for (const r of stale.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      const u = new URL(url);
      u.pathname = '/' + name;
      const database = await openDatabase({ databaseUrl: u.toString() });
      try {
        await database.migrate(migrationsDir);
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
