import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { dumpPglite, openDatabase, type Database } from '../db/client.js';
import { databaseLevel, codeLevel } from '../db/migration-level.js';
import {
  ARCHIVE_FORMAT,
  listFiles,
  MANIFEST,
  PG_DUMP,
  PGLITE_DUMP,
  rowCounts,
  runSqlOf,
  sha256File,
  type Manifest,
} from './archive.js';

/** Runs a program to its end; rejects with its error output when it fails. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) => reject(new Error(`${cmd} tidak dapat dijalankan: ${e.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} gagal (kode ${code}): ${err.trim().slice(0, 500)}`)),
    );
  });
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/**
 * PostgreSQL: one REPEATABLE READ transaction exports its snapshot; the row counts are read in it and `pg_dump`
 * dumps exactly it (`--snapshot`), so the counts describe the dump whatever is written meanwhile.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const tables = await rowCounts(async (text) => (await client.query(text)).rows);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0].id}`,
      '--file',
      file,
      databaseUrl,
    ]);
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}

/**
 * PGlite: the running database's data directory as one image (PGlite runs one statement at a time, so the image is
 * of one moment between two). The counts are read from the image itself, opened apart in memory: that also proves
 * the image opens.
 */
async function dumpEmbedded(database: Database, file: string): Promise<Record<string, number>> {
  const blob = await dumpPglite(database);
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: blob });
  try {
    return await rowCounts(runSqlOf(copy));
  } finally {
    await copy.close();
  }
}

/**
 * Writes one archive of the database and the uploads into `outDir` (issue 32 item 1), consistent while the app runs:
 * the database as one snapshot, the uploads copied before and after it (a file is written before the row that names
 * it, so every file a backed-up row names is in one of the two copies).
 */
export async function createBackup(opts: {
  database: Database;
  config: Pick<Config, 'databaseUrl' | 'uploadDir' | 'migrationsDir'>;
  outDir: string;
  appVersion: string;
  now?: Date;
}): Promise<BackupResult> {
  const { database, config } = opts;
  const now = opts.now ?? new Date();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-backup-'));
  try {
    fs.mkdirSync(path.join(work, 'database'), { recursive: true });
    const level = await databaseLevel(database);
    const code = codeLevel(config.migrationsDir);
    const copyUploads = () => {
      if (fs.existsSync(config.uploadDir))
        fs.cpSync(config.uploadDir, path.join(work, 'uploads'), { recursive: true, force: false });
    };
    // Uploads before and after the snapshot, kept together: a file a snapshot row names existed at the snapshot, so
    // it is in the first copy (a photo replaced meanwhile) or the second (one uploaded meanwhile).
    copyUploads();
    const tables =
      database.kind === 'pg'
        ? await dumpPostgres(config.databaseUrl!, path.join(work, PG_DUMP))
        : await dumpEmbedded(database, path.join(work, PGLITE_DUMP));
    copyUploads();
    const files: Record<string, string> = {};
    for (const f of listFiles(work)) files[f] = await sha256File(path.join(work, f));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      app_version: opts.appVersion,
      created_at: now.toISOString(),
      database: database.kind,
      migration: { count: level.count, when: level.when, ...(level.count === code.count ? { tag: code.tag } : {}) },
      tables,
      files,
    };
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(opts.outDir, { recursive: true });
    const file = path.join(opts.outDir, `klinik-${stamp(now)}.tar.gz`);
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, cwd: work, file: partial, portable: true }, [MANIFEST, ...Object.keys(files)]);
    // Whole or not at all: a backup cut short leaves only a .partial, never an archive that looks complete.
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Deletes archives in `dir` older than `keepDays` days (the newest one is always kept). */
export function pruneBackups(dir: string, keepDays: number, now = new Date()): string[] {
  if (!fs.existsSync(dir)) return [];
  const archives = fs
    .readdirSync(dir)
    .filter((f) => /^klinik-\d{8}-\d{6}\.tar\.gz$/.test(f))
    .sort();
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const removed: string[] = [];
  for (const f of archives.slice(0, -1)) {
    const p = path.join(dir, f);
    if (fs.statSync(p).mtimeMs < cutoff) {
      fs.rmSync(p);
      removed.push(f);
    }
  }
  return removed;
}

/** The newest archive's time (from its name), or null: the backup-age metric. */
export function newestBackupTime(dir: string): Date | null {
  if (!fs.existsSync(dir)) return null;
  const newest = fs
    .readdirSync(dir)
    .filter((f) => /^klinik-\d{8}-\d{6}\.tar\.gz$/.test(f))
    .sort()
    .at(-1);
  if (!newest) return null;
  const m = /^klinik-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(newest)!;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
}
