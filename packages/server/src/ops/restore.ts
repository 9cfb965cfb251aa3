import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { openDatabase } from '../db/client.js';
import { codeLevel, isNewer, newerMessage } from '../db/migration-level.js';
import {
  ARCHIVE_FORMAT,
  folderHasFiles,
  listFiles,
  MANIFEST,
  PG_DUMP,
  PGLITE_DUMP,
  rowCounts,
  runSqlOf,
  sha256File,
  type Manifest,
} from './archive.js';
import { run } from './backup.js';

/** A restore refused before anything was written (the target is left as it was). */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** PostgreSQL: an existing, empty database. */
  databaseUrl?: string;
  /** PGlite: the app's data folder (DATA_DIR); its database must not exist yet. */
  dataDir?: string;
  /** Where the uploads go (UPLOAD_DIR); must be empty or absent. */
  uploadDir: string;
  migrationsDir: string;
}

async function readArchive(archive: string, work: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreRefused(`Berkas cadangan tidak ditemukan: ${archive}`);
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
  } catch (err) {
    throw new RestoreRefused(`Berkas cadangan rusak atau bukan cadangan Klinik: ${(err as Error).message}`);
  }
  const mf = path.join(work, MANIFEST);
  if (!fs.existsSync(mf)) throw new RestoreRefused('Berkas cadangan tidak memiliki manifest.json');
  const manifest = JSON.parse(fs.readFileSync(mf, 'utf8')) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT)
    throw new RestoreRefused(`Format cadangan ${String(manifest.format)} tidak dikenal`);
  const present = listFiles(work).filter((f) => f !== MANIFEST);
  const missing = Object.keys(manifest.files).filter((f) => !present.includes(f));
  const extra = present.filter((f) => !(f in manifest.files));
  if (missing.length || extra.length)
    throw new RestoreRefused(`Isi cadangan tidak sesuai manifest (hilang: ${missing.length}, lebih: ${extra.length})`);
  for (const [f, sum] of Object.entries(manifest.files))
    if ((await sha256File(path.join(work, f))) !== sum) throw new RestoreRefused(`Checksum tidak cocok: ${f}`);
  return manifest;
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0].n) === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores an archive of `createBackup` into an empty target (issue 32 item 1): checks every file's checksum, refuses
 * an archive of a newer migration level than this code or of the other database kind, refuses a target that holds
 * anything, then restores the database and the uploads and checks that every table has the rows the manifest counted.
 * The app migrates the restored database to its own level when it starts.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-restore-'));
  try {
    const manifest = await readArchive(archive, work);
    const code = codeLevel(target.migrationsDir);
    if (isNewer(manifest.migration, code)) throw new RestoreRefused(newerMessage(manifest.migration, code));
    if (manifest.database === 'pg' && !target.databaseUrl)
      throw new RestoreRefused('Cadangan ini dari PostgreSQL: pulihkan ke database PostgreSQL (DATABASE_URL)');
    if (manifest.database === 'pglite' && target.databaseUrl)
      throw new RestoreRefused('Cadangan ini dari database bawaan (PGlite): pulihkan ke folder data (DATA_DIR)');
    const pgliteDir = target.dataDir ? path.join(target.dataDir, 'pglite') : null;
    if (pgliteDir && folderHasFiles(pgliteDir))
      throw new RestoreRefused(`Folder data tidak kosong: ${pgliteDir}. Pulihkan ke folder baru.`);
    if (target.databaseUrl && !(await postgresIsEmpty(target.databaseUrl)))
      throw new RestoreRefused('Database tujuan tidak kosong. Pulihkan ke database baru yang kosong.');
    if (folderHasFiles(target.uploadDir))
      throw new RestoreRefused(`Folder unggahan tidak kosong: ${target.uploadDir}. Pulihkan ke folder baru.`);

    let counts: Record<string, number>;
    if (manifest.database === 'pg') {
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        '--dbname',
        target.databaseUrl!,
        path.join(work, PG_DUMP),
      ]);
      const restored = await openDatabase({ databaseUrl: target.databaseUrl });
      try {
        counts = await rowCounts(runSqlOf(restored));
      } finally {
        await restored.close();
      }
    } else {
      const blob = new Blob([fs.readFileSync(path.join(work, PGLITE_DUMP))]);
      const restored = await openDatabase({ dataDir: target.dataDir, loadDataDir: blob });
      try {
        counts = await rowCounts(runSqlOf(restored));
      } finally {
        await restored.close();
      }
    }
    const wrong = Object.entries(manifest.tables).filter(([t, n]) => counts[t] !== n);
    if (wrong.length)
      throw new Error(
        `Jumlah baris setelah pemulihan tidak cocok: ${wrong
          .slice(0, 5)
          .map(([t, n]) => `${t} ${counts[t] ?? 0}/${n}`)
          .join(', ')}`,
      );
    const uploads = path.join(work, 'uploads');
    if (fs.existsSync(uploads)) {
      fs.mkdirSync(target.uploadDir, { recursive: true });
      fs.cpSync(uploads, target.uploadDir, { recursive: true });
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
