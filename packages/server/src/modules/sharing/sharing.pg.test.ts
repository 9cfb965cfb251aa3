/**
 * Overlapping sharing rules under concurrency, on PostgreSQL only (PGlite runs "parallel" requests one after
 * another): of several rules for the same doctor, treatment and branch posted at once with overlapping dates, the
 * database lets exactly one in (trigger sharing_rule_no_overlap under an advisory lock); the others are 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let fin: TestUser;
let doc: TestUser;
let perawatan: number;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Sharing Serentak' });
  fin = await t.makeUser('finance', { branchId: branch });
  doc = await t.makeUser('dokter', { branchId: branch });
  const admin = await t.makeUser('admin', { branchId: branch });
  const r = await t
    .api(admin)
    .post('/api/master/tindakanmedis', { code: 'TM-SR', name: 'Serentak', price: 100000, doctor_share: 0 });
  expect(r.status).toBe(201);
  perawatan = r.body.data.id as number;
});
afterAll(() => t.close());

describe('concurrent overlapping sharing rules (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('lets exactly one of eight overlapping rules in; the others are 409', async () => {
    const res = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api(fin).post('/api/finance/sharing/rules', {
          doctor: doc.id,
          perawatan,
          kind: 'percent',
          value: 10 + i,
          effective_from: `2026-0${1 + (i % 4)}-01`,
        }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sharing_rule where perawatan_id = ${perawatan} and doctor_id = ${doc.id}`,
    );
    expect(n).toBe(1);
  });

  it('lets rules of different doctors or adjacent dates in side by side', async () => {
    const other = await t.makeUser('dokter', { branchId: branch });
    const res = await Promise.all([
      t.api(fin).post('/api/finance/sharing/rules', {
        doctor: other.id,
        perawatan,
        kind: 'amount',
        value: 5000,
        effective_from: '2026-01-01',
        effective_to: '2026-01-31',
      }),
      t.api(fin).post('/api/finance/sharing/rules', {
        doctor: other.id,
        perawatan,
        kind: 'amount',
        value: 6000,
        effective_from: '2026-02-01',
        effective_to: '2026-02-28',
      }),
    ]);
    expect(res.map((r) => r.status)).toEqual([201, 201]);
  });
});
