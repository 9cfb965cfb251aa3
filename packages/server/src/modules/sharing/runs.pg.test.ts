/**
 * Doctor payout runs under concurrency, on PostgreSQL only (PGlite runs "parallel" requests one after another):
 * of several runs of one month posted at once with different Idempotency-Keys, the partial unique index lets exactly
 * one in (the others 409) and every payable line is taken by that one run.
 */
import { toSen } from '@klinik/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { clinic, created, finishedVisit, type Clinic } from '../../../test/sharing-helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let A: Clinic;
let fin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-04-10T03:00:00Z');
  A = await clinic(t, 'Klinik Payout Serentak');
  fin = await t.makeUser('finance', { branchId: A.branch });
  const doc = await t.makeUser('dokter', { branchId: A.branch });
  const patient = await t.makePatient(A.branch, { name: 'Pasien Serentak', username: 'RM02900078' });
  const tm = await created(t, A.admin, '/api/master/tindakanmedis', { code: 'TM-PS', name: 'Tindakan', price: 0 });
  await created(t, fin, '/api/finance/sharing/rules', {
    branch: A.branch,
    kind: 'percent',
    value: 40,
    effective_from: '2026-01-01',
  });
  for (const price of [500_000, 750_000]) {
    const v = await finishedVisit(t, A, patient, doc, { perawatan: tm, price: toSen(price) });
    const r = await t
      .api(A.admin)
      .post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: price }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(() => t.close());

describe('concurrent payout runs (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('lets exactly one of six runs of the month in; it holds every line', async () => {
    const res = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t
          .api(fin)
          .post(
            '/api/finance/sharing/runs',
            { period: '2026-04' },
            { 'idempotency-key': `jasa-serentak-${i}-2026-04` },
          ),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const ok = res.find((r) => r.status === 201)!;
    expect(ok.body.data.doctors[0]).toMatchObject({ gross: 500_000, lines: expect.any(Array) });
    const rows = await queryRows<{ runs: number; lines: number; held: number }>(
      t.db,
      sql`select (select count(*)::int from sharing_run where profile_id = ${A.branch}) as runs,
            (select count(*)::int from sharing_line where profile_id = ${A.branch}) as lines,
            (select count(*)::int from sharing_line where profile_id = ${A.branch} and run_id = ${ok.body.data.id}) as held`,
    );
    expect(rows[0]).toEqual({ runs: 1, lines: 2, held: 2 });
  });
});
