/**
 * Concurrency of deviden settings and distribution runs, on PostgreSQL only (the server-pg project): PGlite runs
 * "parallel" requests one after another, so these races can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';

let t: TestApp;
let branch: number;
let fin: TestUser;
let investor: number;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Deviden Serentak' });
  fin = await t.makeUser('finance', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
  t.setNow('2026-04-02T03:00:00.000Z');
  const inv = await t.api(fin).post('/api/finance/investor', {
    kind: 'investor',
    party_type: 'company',
    name: 'PT Modal Serentak',
    npwp: '012345678901000',
    tax_treatment: 'dividend',
  });
  expect(inv.status).toBe(201);
  investor = inv.body.data.id;
});
afterAll(() => t.close());

describe('deviden under concurrency (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('two overlapping settings sent at once: one is stored, the other refused (the trigger serialises them)', async () => {
    const body = (percent: number) => ({ investor, basis: 'revenue', percent, effective_from: '2026-01-01' });
    const [a, b] = await Promise.all([
      t.api(fin).post('/api/finance/deviden/settings', body(5)),
      t.api(fin).post('/api/finance/deviden/settings', body(6)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from deviden_setting where investor_id = ${investor}`,
    );
    expect(n.n).toBe(1);
  });

  it('two runs of the same month sent at once without a key: one run, one approval request', async () => {
    const [a, b] = await Promise.all([
      t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branch }),
      t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branch }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const [runs] = await queryRows<{ n: number; lines: number; requests: number }>(
      t.db,
      sql`select (select count(*)::int from deviden_run where profile_id = ${branch}) as n,
            (select count(*)::int from deviden_run_line where profile_id = ${branch}) as lines,
            (select count(*)::int from applog where action = 'deviden.approve_run' and profile_id = ${branch}) as requests`,
    );
    expect(runs).toEqual({ n: 1, lines: 1, requests: 1 });
  });
});
