/**
 * Issue 32 item 2, upgrades keep every row: `test/fixtures/demo-0051.dump` is the demo clinic as the release of
 * migration level 0051 seeded it (`pg_dump --format=custom` of `seed-demo` at commit 1d0440d). It is restored into a
 * new database and migrated to the head; every table that existed keeps every row and, in every column it had, the
 * same value (ledger lines, balances, file references included; rows a migration seeds may be added); the database is then at the code's level. Run
 * this against each new release's migrations: when a release is cut, add its own demo dump next to this one.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ROOT_DIR } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { codeLevel, databaseLevel } from '../src/db/migration-level.js';

const FIXTURE = path.join(ROOT_DIR, 'packages/server/test/fixtures/demo-0051.dump');
const admin = process.env.TEST_DATABASE_URL!;
const name = `klinik_upgrade_${Math.random().toString(16).slice(2, 10)}`;
const url = (() => {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
})();

async function withClient<T>(conn: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: conn });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Per table of `public`: its columns and every row's values in those columns (as text). */
async function snapshot(conn: string, only?: Map<string, string[]>) {
  return withClient(conn, async (c) => {
    const { rows: cols } = await c.query<{ t: string; col: string }>(
      `select table_name as t, column_name as col from information_schema.columns
        where table_schema = 'public' and table_name in
          (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
    );
    const tables = new Map<string, string[]>();
    for (const r of cols)
      if (!only || only.get(r.t)?.includes(r.col)) tables.set(r.t, [...(tables.get(r.t) ?? []), r.col]);
    const rows = new Map<string, string[]>();
    for (const [t, cs] of tables) {
      const list = cs.map((x) => `"${x}"`).join(', ');
      const res = await c.query<{ r: string }>(`select row(${list})::text as r from "${t}"`);
      rows.set(
        t,
        res.rows.map((x) => x.r),
      );
    }
    return { tables, rows };
  });
}

/** The rows of `before` missing from `after` (a multiset difference). */
function missing(before: string[], after: string[]): string[] {
  const left = new Map<string, number>();
  for (const r of after) left.set(r, (left.get(r) ?? 0) + 1);
  const out: string[] = [];
  for (const r of before) {
    const n = left.get(r) ?? 0;
    if (n === 0) out.push(r);
    else left.set(r, n - 1);
  }
  return out;
}

afterAll(async () => {
  await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('upgrade from the demo at migration level 0051', () => {
  it('migrates to the head keeping every row and every value of the columns it had', async () => {
    await withClient(admin, (c) => c.query(`create database ${name}`));
    execFileSync('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      url,
      FIXTURE,
    ]);
    const before = await snapshot(url);
    expect(before.rows.get('jurnal_detail')!.length).toBeGreaterThan(100);

    const database = await openDatabase({ databaseUrl: url });
    try {
      expect((await databaseLevel(database)).count).toBe(52);
      await database.migrate(path.join(ROOT_DIR, 'drizzle'));
      expect((await databaseLevel(database)).count).toBe(codeLevel(path.join(ROOT_DIR, 'drizzle')).count);
    } finally {
      await database.close();
    }

    // New rows may come (accounts and mappings a migration seeds); none that was there may go or change.
    const after = await snapshot(url, before.tables);
    const lost = [...before.rows].flatMap(([t, rows]) =>
      missing(rows, after.rows.get(t) ?? []).map((r) => `${t}: ${r.slice(0, 120)}`),
    );
    expect(lost.slice(0, 20)).toEqual([]);
  });
});
