/**
 * My Income (issue 29 item 6) through REST: GET /api/users/{id}/income and the doctor's own slip. A doctor reads
 * their fee lines (visit date, patient initials and NO RM, procedure, basis, share, status), approved runs and the
 * year to date; an investor their distributions; finance and managers anyone's of their branch; a doctor or an
 * investor reading someone else is 403, another branch's finance 404.
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
let finB: TestUser;
let doc1: TestUser;
let doc2: TestUser;
let inv: TestUser;
let inv2: TestUser;
let febRun: number;
const JT = 1_000_000;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-02-10T03:00:00Z');
  A = await clinic(t, 'Klinik Pendapatan');
  const B = await clinic(t, 'Klinik Pendapatan B');
  fin = await t.makeUser('finance', { branchId: A.branch });
  finB = await t.makeUser('finance', { branchId: B.branch });
  doc1 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Satu' });
  doc2 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Dua' });
  inv = await t.makeUser('investor', { branchId: A.branch, name: 'Ibu Modal' });
  inv2 = await t.makeUser('investor', { branchId: A.branch, name: 'Pak Lain' });
  await t.db.execute(
    sql`insert into employee (user_id, profile_id, employment, npwp) values (${doc1.id}, ${A.branch}, 'bukan_pegawai', '012345678901000')`,
  );
  const patient = await t.makePatient(A.branch, { name: 'Budi Santoso', username: 'RM02900111' });
  const tm = await created(t, A.admin, '/api/master/tindakanmedis', {
    code: 'TM-MI',
    name: 'Laser Wajah',
    price: 0,
    doctor_share: 0,
  });
  await created(t, fin, '/api/finance/sharing/rules', {
    branch: A.branch,
    kind: 'percent',
    value: 100,
    effective_from: '2026-01-01',
  });
  const paid = async (rp: number) => {
    const v = await finishedVisit(t, A, patient, doc1, { perawatan: tm, price: toSen(rp) });
    const r = await t.api(A.admin).post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: rp }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  };
  await paid(10 * JT);
  const run = await t
    .api(fin)
    .post('/api/finance/sharing/runs', { period: '2026-02' }, { 'idempotency-key': 'pendapatan-run-1' });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  febRun = run.body.data.id;
  expect((await t.api(fin).post(`/api/finance/sharing/runs/${febRun}/approve`, {})).status).toBe(202);
  expect((await t.api(A.manager).post(`/api/finance/sharing/runs/${febRun}/approve`, {})).status).toBe(200);
  t.setNow('2026-02-20T03:00:00Z');
  await paid(2 * JT);
  // The investor: Rp100.000 per procedure performed, a dividend to an individual (paid gross).
  const i = await created(t, fin, '/api/finance/investor', {
    kind: 'investor',
    party_type: 'individual',
    name: 'Ibu Modal',
    nik: '3171014507800002',
    tax_treatment: 'dividend',
    user: inv.id,
  });
  await created(t, fin, '/api/finance/deviden/settings', {
    investor: i,
    basis: 'procedure',
    perawatan: tm,
    amount: 100_000,
    effective_from: '2026-01-01',
  });
  t.setNow('2026-03-05T03:00:00Z');
  const d = await t
    .api(fin)
    .post(
      '/api/finance/deviden/runs',
      { period: '2026-02', profile_id: A.branch },
      { 'idempotency-key': 'pendapatan-deviden-1' },
    );
  expect(d.status, JSON.stringify(d.body)).toBe(201);
  const [{ applog_id }] = await queryRows<{ applog_id: number }>(
    t.db,
    sql`select applog_id from deviden_run where profile_id = ${A.branch} and period = '2026-02'`,
  );
  const ok = await t.api(A.manager).post(`/api/applog/doconfirm/${applog_id}`, { status: 1 });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
});
afterAll(() => t.close());

const url = (u: TestUser, q = 'from=2026-02-01&to=2026-03-31') => `/api/users/${u.id}/income?${q}`;

describe('My Income', () => {
  it("shows a doctor's fee lines with the patient's initials and NO RM, runs and the year to date", async () => {
    const r = await t.api(doc1).get(url(doc1));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d.user).toEqual({ id: doc1.id, name: 'dr. Satu', role: 'dokter' });
    expect(d.investor).toBeNull();
    expect(d.doctor.lines).toEqual([
      expect.objectContaining({ service_date: '2026-02-20', share: 2 * JT, status: 'payable', run: null }),
      expect.objectContaining({
        service_date: '2026-02-10',
        patient_initials: 'B.S.',
        no_rm: 'RM02900111',
        perawatan: 'Laser Wajah',
        basis: 'list_price',
        basis_amount: 10 * JT,
        share: 10 * JT,
        status: 'paid',
        run: febRun,
      }),
    ]);
    expect(JSON.stringify(d)).not.toContain('Budi');
    expect(d.doctor.runs).toEqual([
      { id: febRun, period: '2026-02', cutoff: '2026-02-10', gross: 10 * JT, pph21: 250_000, net: 9_750_000 },
    ]);
    expect(d.doctor.open).toEqual({ waiting: 0, payable: 2 * JT });
    expect(d.ytd).toEqual({ year: 2026, gross: 10 * JT, tax: 250_000, net: 9_750_000 });
    // The read of the patients' data is on the trail.
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where user_id = ${doc1.id} and entity = 'patient'`,
    );
    expect(n).toBeGreaterThan(0);
  });

  it('gives the doctor their own slip of an approved run', async () => {
    const r = await t.api(doc1).get(`/api/finance/sharing/my/slip?run=${febRun}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    // Another doctor has no page in that run: 404 (one's own slip only).
    expect((await t.api(doc2).get(`/api/finance/sharing/my/slip?run=${febRun}`)).status).toBe(404);
    expect((await t.api(doc1).get('/api/finance/sharing/my/slip?run=x')).status).toBe(400);
  });

  it("shows an investor's distributions", async () => {
    const r = await t.api(inv).get(url(inv));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.doctor).toBeNull();
    expect(r.body.data.investor.distributions).toEqual([
      expect.objectContaining({ period: '2026-02', status: 'approved', qty: 2, gross: 200_000, tax: 0, net: 200_000 }),
    ]);
    expect(r.body.data.ytd).toEqual({ year: 2026, gross: 200_000, tax: 0, net: 200_000 });
    expect((await t.api(inv2).get(url(inv2))).body.data.investor.distributions).toEqual([]);
  });

  it("refuses another's income to a doctor or an investor; finance of another branch gets 404", async () => {
    expect((await t.api(doc2).get(url(doc1))).status).toBe(403);
    expect((await t.api(doc1).get(url(doc2))).status).toBe(403);
    expect((await t.api(inv2).get(url(inv))).status).toBe(403);
    expect((await t.api(inv).get(url(doc1))).status).toBe(403);
    expect((await t.api(A.admin).get(url(doc1))).status).toBe(403);
    expect((await t.api(finB).get(url(doc1))).status).toBe(404);
    const f = await t.api(fin).get(url(doc1));
    expect(f.status).toBe(200);
    expect(f.body.data.doctor.lines).toHaveLength(2);
    const bad = await t.api(doc1).get(url(doc1, 'from=2026-03-01&to=2026-02-01'));
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'to' });
  });

  it('gives an investor their branches by month on the investor dashboard, only their own', async () => {
    const r = await t.api(inv).get('/api/dashboard/stakeholder/investor?to=2026-03');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.branches).toHaveLength(1);
    const b = r.body.data.branches[0];
    expect(b.id).toBe(A.branch);
    expect(b.months).toHaveLength(12);
    expect(b.months[0].period).toBe('2025-04');
    const feb = b.months.find((m: { period: string }) => m.period === '2026-02');
    expect(feb).toMatchObject({ visits: 2, distributed: 200_000 });
    expect(feb.revenue).not.toBeNull();
    expect(b.months.find((m: { period: string }) => m.period === '2026-03')).toMatchObject({
      revenue: null,
      visits: 0,
      distributed: 0,
    });
    expect((await t.api(inv2).get('/api/dashboard/stakeholder/investor')).body.data.branches).toEqual([]);
    expect((await t.api(doc1).get('/api/dashboard/stakeholder/investor')).status).toBe(403);
    expect((await t.api(fin).get('/api/dashboard/stakeholder/investor')).status).toBe(403);
  });
});
