import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.js';

/**
 * What a backup archive holds (issue 32 item 1), shared by `backup` and `restore`:
 *   manifest.json                the version, migration level, row counts per table and a checksum of every file
 *   database/klinik.dump         PostgreSQL: `pg_dump --format=custom` of one snapshot
 *   database/pglite.tar          PGlite: the data directory (`dumpDataDir`), a consistent image of one moment
 *   uploads/...                  the upload folder (photos, logos, signatures, proofs)
 * Packed as one .tar.gz named `klinik-<when>.tar.gz`.
 */
export const MANIFEST = 'manifest.json';
export const PG_DUMP = 'database/klinik.dump';
export const PGLITE_DUMP = 'database/pglite.tar';
export const ARCHIVE_FORMAT = 1;

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  app_version: string;
  created_at: string;
  database: 'pg' | 'pglite';
  migration: { count: number; when: number; tag?: string };
  /** Rows per table (schema.table) in the database as backed up. */
  tables: Record<string, number>;
  /** sha256 of every file in the archive but the manifest, by its path in the archive. */
  files: Record<string, string>;
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Every file below `dir`, as paths relative to it (links and other non-files left out). */
export function listFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), rel));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** Rows per table of the application's schemas (public, drizzle, pgboss). */
export type RunSql = (text: string) => Promise<unknown[]>;

export const runSqlOf =
  (database: Database): RunSql =>
  async (text) =>
    (await database.executeSql(text, [])).rows;

export async function rowCounts(run: RunSql): Promise<Record<string, number>> {
  const rows = await run(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle', 'pgboss') order by 1`,
  );
  const names = (rows as { name: string }[]).map((r) => r.name);
  if (names.length === 0) return {};
  const quoted = (n: string) =>
    n
      .split('.')
      .map((p) => `"${p.replace(/"/g, '""')}"`)
      .join('.');
  const counts = await run(
    names
      .map((n) => `select '${n.replace(/'/g, "''")}' as name, count(*)::int as n from ${quoted(n)}`)
      .join(' union all '),
  );
  return Object.fromEntries((counts as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
}

/** Whether a folder holds anything (a restore target must not). */
export function folderHasFiles(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}
