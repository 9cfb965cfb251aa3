/**
 * Racing seasons on PostgreSQL only (PGlite runs "parallel" requests one after another): of several ACTIVE seasons
 * of one branch with overlapping dates posted at once, the trigger season_one_active (under an advisory lock) lets
 * exactly one in; the others are 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let other: number;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Musim Serentak' });
  other = await t.makeBranch({ name: 'Cabang Musim Lain' });
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
});
afterAll(() => t.close());

describe('concurrent active seasons (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('lets exactly one of eight overlapping active seasons of a branch in; the others are 409', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api(owner).post('/api/season', {
          name: `Promo Serentak ${i}`,
          start_at: `2027-03-0${1 + (i % 5)}`,
          end_at: '2027-03-20',
          status: 1,
          branches: i % 2 ? [branch, other] : [branch],
        }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from season s join season_branch b on b.season_id = s.id
           where s.status = 1 and b.profile_id = ${branch}`,
    );
    expect(n).toBe(1);
  });

  it('two drafts activated at once in one branch: one is active, the other 409', async () => {
    const body = { name: 'Promo April', start_at: '2027-04-01', end_at: '2027-04-30', branches: [other] };
    const a = await t.api(owner).post('/api/season', body);
    const b = await t.api(owner).post('/api/season', { ...body, name: 'Promo April B' });
    const res = await Promise.all([
      t.api(owner).put(`/api/season/${a.body.data.id}`, { ...body, status: 1 }),
      t.api(owner).put(`/api/season/${b.body.data.id}`, { ...body, name: 'Promo April B', status: 1 }),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
