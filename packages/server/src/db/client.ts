import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { refuseNewerDatabase } from './migration-level.js';

export { schema };
/** The database handle every service gets through its context: a pool, a PGlite instance or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pg' | 'pglite';
  /**
   * Plain SQL on the same connection(s), for libraries that bring their own SQL (the job queue): the pool on
   * PostgreSQL, the single PGlite connection otherwise (PGlite runs one statement or transaction at a time, so a
   * query waits for an open transaction instead of running inside it). Without values several statements may be
   * sent at once; the rows of the last one are answered.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(migrationsDir: string): Promise<void>;
  /**
   * Receives NOTIFY messages of a channel after their transaction commits (PostgreSQL: on a dedicated connection,
   * reopened when dropped; PGlite: in-process). `onState(false)` means messages may have been missed (connection
   * lost): anything derived from them must be forgotten until `onState(true)`. Returns the unsubscribe function.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections (open, idle, and requests waiting for one), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite (in memory when dataDir is 'memory://').
 * `loadDataDir` starts PGlite from a dump (`dumpPglite`) instead of an empty cluster: the tests load a migrated
 * snapshot per file instead of replaying every migration.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // Dates stay 'YYYY-MM-DD' strings and bigint counts stay exact: no implicit Date or float conversion.
    pg.types.setTypeParser(1082, (v: string) => v);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, terminated backend) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const database: Database = {
      db,
      kind: 'pg',
      async executeSql(text, values) {
        const res = await pool.query(text, values);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(res) ? (res as { rows: unknown[] }[]).at(-1) : res;
        return { rows: last?.rows ?? [] };
      },
      async migrate(migrationsFolder) {
        // One migrator at a time when several app processes start together.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727274)');
          await refuseNewerDatabase(database, migrationsFolder);
          await migrate(drizzle(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
          client.release();
        }
      },
      listen: (channel, onMessage, onState) => listenPg(opts.databaseUrl!, channel, onMessage, onState),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
    return database;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm serves substring search on names (trigram GIN indexes); it ships in PGlite's contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) {
    fs.mkdirSync(dataDir, { recursive: true });
    dataDir = path.join(dataDir, 'pglite');
  }
  const client = new PGlite(dataDir, {
    parsers: { 1082: (v: string) => v },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length) return { rows: (await client.query(text, values)).rows };
      const res = await client.exec(text);
      return { rows: res.at(-1)?.rows ?? [] };
    },
    async migrate(migrationsFolder) {
      await refuseNewerDatabase(database, migrationsFolder);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    },
    async listen(channel, onMessage, onState) {
      // One process, one connection: notifications are delivered before the committing query resolves.
      const unlisten = await client.listen(channel, onMessage);
      onState?.(true);
      return async () => {
        onState?.(false);
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
  return database;
}

/** An uncompressed tarball of a PGlite database's data directory (for `openDatabase({ loadDataDir })`). */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPglite needs a PGlite database');
  const client = (
    database.db as unknown as {
      $client: {
        dumpDataDir(c: 'none'): Promise<Blob>;
        Module: { FS: { readdir(p: string): string[]; unlink(p: string): void } };
      };
    }
  ).$client;
  // After a checkpoint only the current WAL segment is needed; the others are finished or recycled 16 MB files
  // (a big data migration leaves several) that every test file would otherwise load with the snapshot.
  await database.executeSql('CHECKPOINT');
  const [cur] = await queryRowsRaw(database, 'select pg_walfile_name(pg_current_wal_lsn()) as f');
  const walDir = '/pglite/data/pg_wal';
  try {
    for (const f of client.Module.FS.readdir(walDir))
      if (/^[0-9A-F]{24}$/.test(f) && f !== cur?.f) client.Module.FS.unlink(`${walDir}/${f}`);
  } catch {
    // Another layout (a PGlite release that moved its data directory): dump it whole.
  }
  return client.dumpDataDir('none');
}

async function queryRowsRaw(database: Database, text: string): Promise<{ f: string }[]> {
  return (await database.executeSql(text)).rows as { f: string }[];
}

/** LISTEN on a dedicated PostgreSQL connection, reopened (with back-off) while the subscription lasts. */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState?: (live: boolean) => void,
): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;
  const lost = (c: InstanceType<typeof pg.Client>) => {
    if (client !== c) return;
    client = null;
    onState?.(false);
    c.end().catch(() => undefined);
    if (!stopped) {
      timer = setTimeout(() => void open(), delay);
      delay = Math.min(delay * 2, 5_000);
    }
  };
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (stopped || client !== c) return void c.end().catch(() => undefined);
      delay = 100;
      onState?.(true);
    } catch {
      lost(c);
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    onState?.(false);
    await c?.end().catch(() => undefined);
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Raw SQL returning rows, the same on pg and PGlite (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  return (res as { rows: T[] }).rows;
}

/** One page of a list and the number of rows matching its filter, read side by side. */
export async function pageRows<T>(db: Db, page: SQL, count: SQL): Promise<{ rows: T[]; count: number }> {
  const [rows, [n]] = await Promise.all([queryRows<T>(db, page), queryRows<{ n: number }>(db, count)]);
  return { rows, count: n?.n ?? 0 };
}
