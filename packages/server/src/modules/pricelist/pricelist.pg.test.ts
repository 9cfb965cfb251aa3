/**
 * Racing prices on PostgreSQL only (PGlite runs "parallel" requests one after another): of several prices for the
 * same thing, branch and effective date posted at once, the partial unique index price_list_live_slot_idx lets
 * exactly one in (the others are 409); two people deciding one waiting price at once: one decision wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let owner: TestUser;
let developer: TestUser;
let third: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  branch = await t.makeBranch({ name: 'Cabang Harga Serentak' });
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
  developer = await t.makeUser('manager', { branchId: branch, toplevel: 'developer' });
  third = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
  await t.db.execute(sql`insert into perawatan (profile_id, code, name, price, doctor_share)
    values (${branch}, 'PG-01', 'Serentak', 10000000, 0)`);
});
afterAll(() => t.close());

describe('concurrent prices (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('lets exactly one of eight overrides with the same date in; the others are 409', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api(i % 2 ? owner : developer).post('/api/backoffice/pricelist', {
          kind: 'treatment',
          code: 'PG-01',
          profile_id: branch,
          effective_at: '2026-12-01',
          price: 100000 + i,
        }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from price_list where code = 'PG-01' and profile_id = ${branch}`,
    );
    expect(n).toBe(1);
  });

  it('two people deciding one waiting price at once: one decision, the other 409', async () => {
    const made = await t
      .api(owner)
      .post('/api/backoffice/pricelist', { kind: 'treatment', code: 'PG-01', effective_at: '2026-12-02', price: 1 });
    expect(made.status).toBe(201);
    const id = made.body.data.id as number;
    const res = await Promise.all([
      t.api(developer).put(`/api/backoffice/pricelist/${id}`, { status: 1 }),
      t.api(third).put(`/api/backoffice/pricelist/${id}`, { status: 1 }),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
