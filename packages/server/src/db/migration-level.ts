import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';

/**
 * Migration levels (issue 32 item 2): the code's, read from drizzle's journal, and a database's, read from the
 * table drizzle's migrator keeps (`drizzle.__drizzle_migrations`, one row per applied migration with the journal's
 * `when`). A database of a newer level than the code was written by a newer release: the app refuses to start on it
 * (and a backup of it is refused by `restore`), rather than run old code on a schema it does not know.
 */
export interface MigrationLevel {
  /** How many migrations are applied (database) or known (code). */
  count: number;
  /** The `when` (ms) of the newest one; 0 for none. */
  when: number;
  /** The newest one's tag (code only; the database keeps no tags). */
  tag?: string;
}

export function codeLevel(migrationsDir: string): MigrationLevel {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  // The newest by time, not by position: drizzle applies by `when`, and branches merged together may add entries whose
  // times are not in journal order.
  const last = journal.entries.reduce<{ when: number; tag: string } | undefined>(
    (a, e) => (!a || e.when > a.when ? e : a),
    undefined,
  );
  return { count: journal.entries.length, when: last?.when ?? 0, tag: journal.entries.at(-1)?.tag };
}

export async function databaseLevel(database: Database): Promise<MigrationLevel> {
  const { rows } = await database.executeSql(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    [],
  );
  if (!(rows[0] as { present: boolean }).present) return { count: 0, when: 0 };
  const { rows: r } = await database.executeSql(
    `select count(*)::int as n, coalesce(max(created_at), 0)::text as w from drizzle.__drizzle_migrations`,
    [],
  );
  const row = r[0] as { n: number; w: string };
  return { count: Number(row.n), when: Number(row.w) };
}

/** Whether a database (or a backup's manifest) at `db` is newer than the code at `code`. */
export function isNewer(db: MigrationLevel, code: MigrationLevel): boolean {
  return db.count > code.count || db.when > code.when;
}

export function newerMessage(db: MigrationLevel, code: MigrationLevel): string {
  return (
    `Database ini dibuat oleh versi Klinik yang lebih baru (${db.count} migrasi; versi ini mengenal ${code.count}). ` +
    'Jalankan versi Klinik yang sama atau lebih baru, atau pulihkan cadangan dari versi ini.'
  );
}

/** Throws before any migration runs when the database is newer than the code. */
export async function refuseNewerDatabase(database: Database, migrationsDir: string): Promise<void> {
  const code = codeLevel(migrationsDir);
  const db = await databaseLevel(database);
  if (isNewer(db, code)) throw new Error(newerMessage(db, code));
}
