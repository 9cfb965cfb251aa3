/**
 * Issue 8, finding 4 under concurrency (PostgreSQL only): re-scoping a chart-wide account and another branch's
 * posting on it are ordered by the account row's lock, whichever comes first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../src/db/client.js';
import { akun, financePeriode } from '../src/db/schema/index.js';
import { createTestApp, waitForLockWaiters, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;
let jakarta: number;
let bandung: number;
let owner: TestUser;
let finJ: TestUser;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  jakarta = await t.makeBranch({ name: 'Jakarta Serentak' });
  bandung = await t.makeBranch({ name: 'Bandung Serentak' });
  owner = await t.makeUser('manager', { branchId: bandung, toplevel: 'owner' });
  finJ = await t.makeUser('finance', { branchId: jakarta });
  await t.db.insert(financePeriode).values({ profile_id: jakarta, start_date: '2026-01-01', status: 0 });
});
afterAll(() => t.close());

async function chartWideAccount(): Promise<number> {
  const [row] = await t.db
    .insert(akun)
    .values({ code: `19${++seq}${Date.now() % 1000}`, name: `Kas Serentak ${seq}`, category: 1, normal: 'D' })
    .returning();
  return row.id;
}

const post = (id: number) =>
  t.api(finJ).post('/api/finance/jurnal', {
    code: '',
    transaction_at: '2026-01-12',
    memo: 'Serentak',
    details: [
      { akun: id, description: '', debit: 700, credit: 0 },
      { akun: '3101', description: '', debit: 0, credit: 700 },
    ],
  });

const linesOn = async (id: number) =>
  Number(
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jurnal_detail where akun_id = ${id}`))[0]
      .n,
  );

describe('re-scoping an account while another branch posts on it (PostgreSQL)', () => {
  it('a posting that waits behind a re-scope to another branch is refused', async () => {
    expect(t.databaseUrl).toBeTruthy();
    const id = await chartWideAccount();
    const c = new pg.Client({ connectionString: t.databaseUrl });
    await c.connect();
    try {
      // The re-scope, held open: the account row locked as the service locks it, already moved to Bandung.
      await c.query('begin');
      await c.query('select id from akun where id = $1 for update', [id]);
      await c.query('update akun set profile_id = $1 where id = $2', [bandung, id]);
      const pending = post(id);
      await waitForLockWaiters(t.db);
      await c.query('commit');
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body).toEqual([{ message: 'Akun milik cabang lain' }]);
      expect(await linesOn(id)).toBe(0);
    } finally {
      await c.end();
    }
  });

  it('a re-scope that waits behind a posting counts it and is refused', async () => {
    const id = await chartWideAccount();
    const c = new pg.Client({ connectionString: t.databaseUrl });
    await c.connect();
    try {
      // A Jakarta posting on the account, held open (its line locks the account row as every posting does).
      await c.query('begin');
      const [{ periode }] = (
        await c.query<{ periode: number }>('select id as periode from finance_periode where profile_id = $1', [jakarta])
      ).rows;
      const j = await c.query<{ id: number }>(
        `insert into jurnal (profile_id, periode_id, code, transaction_at, memo, kind, total, line_count)
         values ($1, $2, $3, '2026-01-13', 'Serentak', 'umum', 70000, 2) returning id`,
        [jakarta, periode, `SR/${id}`],
      );
      const kas = (await c.query<{ id: number }>(`select id from akun where code = '3101'`)).rows[0].id;
      await c.query(
        `insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit)
         values ($1, 1, $2, 70000, 0), ($1, 2, $3, 0, 70000)`,
        [j.rows[0].id, id, kas],
      );
      const pending = t.api(owner).put(`/api/finance/akun/${id}`, { profile_id: bandung });
      await waitForLockWaiters(t.db);
      await c.query('commit');
      const res = await pending;
      expect(res.status).toBe(400);
      expect(res.body[0].message).toMatch(/transaksi cabang lain/);
      const [row] = await queryRows<{ profile_id: number | null }>(
        t.db,
        sql`select profile_id from akun where id = ${id}`,
      );
      expect(row.profile_id).toBeNull();
    } finally {
      await c.end();
    }
  });
});
