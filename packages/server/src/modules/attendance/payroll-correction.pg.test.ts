/**
 * Two 'Buat Koreksi' of one approved run at the same moment, on PostgreSQL only (server-pg project): the partial
 * unique indexes (one open correction per run, one draft per group and period) let exactly one through (201); the
 * other gets 409 and nothing of it is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { setEmployment } from '../../../test/pay-helpers.js';
import { queryRows } from '../../db/client.js';
import { createPeriode } from '../finance/index.js';

let t: TestApp;
let fin: TestUser;
let run: number;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Koreksi Serentak' });
  fin = await t.makeUser('manager', { branchId: branch });
  // A second manager approves the salary and the run (issue 25: nobody approves their own change).
  const approver = await t.makeUser('manager', { branchId: branch });
  const dewi = await t.makeUser('perawat', { branchId: branch, name: 'Dewi Serentak' });
  await createPeriode(t.ctx(fin), { start_date: '2025-01-01' });
  await setEmployment(t, fin, approver, dewi.id, { employment: 'tetap', ptkp: 'K/1', base_salary: 8_000_000 });
  const g = await t.api(fin).post('/api/attendance/payroll/groups', { name: 'Bulanan', members: [dewi.id] });
  const draft = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: g.body.data.id });
  run = draft.body.data.id;
  expect((await t.api(approver).post(`/api/attendance/payroll/run/${run}/approve`)).status).toBe(200);
});
afterAll(() => t.close());

describe('concurrent corrections (PostgreSQL)', () => {
  it('one 201, the other 409', async () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
    const res = await Promise.all([
      t.api(fin).post(`/api/attendance/payroll/run/${run}/correction`),
      t.api(fin).post(`/api/attendance/payroll/run/${run}/correction`),
    ]);
    expect(res.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payroll_run where corrects_run_id = ${run}`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});
