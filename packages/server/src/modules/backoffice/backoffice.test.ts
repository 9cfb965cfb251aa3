/**
 * Issue 30 item 1: GET /api/backoffice/summary. Two branches with books, patients and visits in different months;
 * every figure of every branch and month equals the branch's own report for the same range (profit and loss,
 * balance sheet, Kunjungan), the totals add up, a branch user is refused (403) and bad input is a 400 on the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../finance/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let branchC: number;
let owner: TestUser;
let finA: TestUser;
const staff: Record<number, { fin: TestUser; admin: TestUser; dokter: TestUser }> = {};

const line = (akun: string, debit: number, credit: number) => ({ akun, description: '', debit, credit });

async function journal(branch: number, date: string, details: ReturnType<typeof line>[]) {
  const res = await t.api(staff[branch].fin).post('/api/finance/jurnal', {
    code: '',
    transaction_at: date,
    memo: 'Uji backoffice',
    details,
  });
  expect(res.status).toBe(201);
}

async function visitOn(branch: number, instant: string, joinAt: string) {
  t.setNow(instant);
  const customer = await t.makePatient(branch, { join_at: joinAt });
  const res = await t
    .api(staff[branch].admin)
    .post('/api/service/visit', { customer, doctor: staff[branch].dokter.id, kind: 'konsultasi' });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Jakarta Uji' });
  branchB = await t.makeBranch({ name: 'Cabang Bandung Uji' });
  branchC = await t.makeBranch({ name: 'Cabang Kosong Uji' });
  for (const b of [branchA, branchB, branchC]) {
    staff[b] = {
      fin: await t.makeUser('finance', { branchId: b }),
      admin: await t.makeUser('admin', { branchId: b }),
      dokter: await t.makeUser('dokter', { branchId: b }),
    };
    expect((await t.api(staff[b].fin).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(201);
  }
  finA = staff[branchA].fin;
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  await journal(branchA, '2026-01-15', [
    line(ACCOUNT.kas, 1_000_000, 0),
    line(ACCOUNT.pendapatanTindakan, 0, 1_000_000),
  ]);
  await journal(branchA, '2026-02-03', [
    line(ACCOUNT.piutangPasien, 250_000, 0),
    line(ACCOUNT.pendapatanProduk, 0, 250_000),
  ]);
  await journal(branchA, '2026-01-05', [line(ACCOUNT.persediaan, 300_000, 0), line(ACCOUNT.modalDisetor, 0, 300_000)]);
  await journal(branchB, '2026-02-20', [line(ACCOUNT.kas, 400_000.5, 0), line(ACCOUNT.pendapatanPaket, 0, 400_000.5)]);
  await journal(branchB, '2026-03-02', [
    line(ACCOUNT.piutangMembership, 75_000, 0),
    line(ACCOUNT.pendapatanPaket, 0, 75_000),
  ]);
  await visitOn(branchA, '2026-02-11T03:00:00Z', '2026-02-11');
  await visitOn(branchA, '2026-02-12T03:00:00Z', '2026-02-12');
  await visitOn(branchB, '2026-03-05T03:00:00Z', '2026-03-05');
  t.setNow('2026-03-10T03:00:00Z');
});
afterAll(() => t.close());

interface Row {
  profile_id: number;
  month: string;
  from: string;
  to: string;
  revenue: number;
  visits: number;
  new_patients: number;
  packages_sold: number;
  receivables: number;
  stock_value: number;
}

describe('GET /api/backoffice/summary', () => {
  it('answers per branch and month the figures of the branch reports for the same range', async () => {
    const res = await t
      .api(owner)
      .get(`/api/backoffice/summary?from=2026-01-10&to=2026-03-10&profile_id=${branchA},${branchB}`);
    expect(res.status).toBe(200);
    expect(res.body.data.months).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(res.body.data.branches.map((b: { id: number }) => b.id)).toEqual([branchA, branchB]);
    const rows: Row[] = res.body.data.rows;
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      const range = `from=${r.from}&to=${r.to}&profile_id=${r.profile_id}`;
      const pl = await t.api(owner).get(`/api/finance/laporan/labarugi?${range}`);
      const bs = await t.api(owner).get(`/api/finance/laporan/neraca?${range}`);
      const revenue = pl.body.data.sections.find((s: { category: number }) => s.category === 4).total;
      const asset = (code: string) =>
        bs.body.data.assets.lines.find((l: { code: string }) => l.code === code)?.amount ?? 0;
      expect(r.revenue).toBe(revenue);
      expect(r.receivables).toBe(asset(ACCOUNT.piutangPasien) + asset(ACCOUNT.piutangMembership));
      expect(r.stock_value).toBe(asset(ACCOUNT.persediaan));
      const kunjungan = await t
        .api(staff[r.profile_id].admin)
        .get(`/api/service/kunjungan?fromdate=${r.from}&todate=${r.to}&limit=1`);
      expect(r.visits).toBe(kunjungan.body.count);
    }
    const at = (b: number, m: string) => rows.find((r) => r.profile_id === b && r.month === m)!;
    expect(at(branchA, '2026-01-01')).toMatchObject({ from: '2026-01-10', to: '2026-01-31', revenue: 1_000_000 });
    expect(at(branchA, '2026-02-01')).toMatchObject({
      revenue: 250_000,
      visits: 2,
      new_patients: 2,
      receivables: 250_000,
    });
    expect(at(branchA, '2026-03-01')).toMatchObject({ to: '2026-03-10', revenue: 0, stock_value: 300_000 });
    expect(at(branchB, '2026-02-01')).toMatchObject({ revenue: 400_000.5, visits: 0 });
    expect(at(branchB, '2026-03-01')).toMatchObject({
      revenue: 75_000,
      visits: 1,
      new_patients: 1,
      receivables: 75_000,
    });
    expect(res.body.data.total).toEqual({
      revenue: 1_725_000.5,
      visits: 3,
      new_patients: 3,
      packages_sold: 0,
      receivables: 325_000,
      stock_value: 300_000,
    });
    const b = res.body.data.byBranch.find((x: { profile_id: number }) => x.profile_id === branchB);
    expect(b).toMatchObject({ revenue: 475_000.5, visits: 1, receivables: 75_000, stock_value: 0 });
  });

  it('compares every branch when none is named, one when one is', async () => {
    const noBooks = await t.makeBranch({ name: 'Cabang Tanpa Periode', status: 0 });
    const all = await t.api(owner).get('/api/backoffice/summary?from=2026-03-01&to=2026-03-10');
    expect(all.status).toBe(200);
    // A branch without a period (and inactive) is compared too, with zeros.
    expect(all.body.data.byBranch.find((b: { profile_id: number }) => b.profile_id === noBooks)).toMatchObject({
      revenue: 0,
      receivables: 0,
    });
    expect(all.body.data.branches.map((b: { id: number }) => b.id)).toEqual(
      expect.arrayContaining([branchA, branchB, branchC]),
    );
    const one = await t.api(owner).get(`/api/backoffice/summary?from=2026-03-01&to=2026-03-10&profile_id=${branchC}`);
    expect(one.body.data.rows).toEqual([expect.objectContaining({ profile_id: branchC, revenue: 0, visits: 0 })]);
    const dflt = await t.api(owner).get(`/api/backoffice/summary?profile_id=${branchA}`);
    expect(dflt.body.data).toMatchObject({ from: '2025-10-01', to: '2026-03-10' });
    expect(dflt.body.data.months).toHaveLength(6);
  });

  it('refuses a branch user (403) and bad input with a 400 on the field', async () => {
    expect((await t.api(finA).get('/api/backoffice/summary')).status).toBe(403);
    expect((await t.api(staff[branchB].admin).get(`/api/backoffice/summary?profile_id=${branchB}`)).status).toBe(403);
    const missing = await t.api(owner).get('/api/backoffice/summary?profile_id=999999');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual([{ field: 'profile_id', message: 'Cabang tidak ditemukan' }]);
    const bad = await t.api(owner).get('/api/backoffice/summary?profile_id=1,abc');
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('profile_id');
    const order = await t.api(owner).get('/api/backoffice/summary?from=2026-03-01&to=2026-02-01');
    expect(order.body).toEqual([{ field: 'to', message: 'Tanggal akhir sebelum tanggal awal' }]);
    const long = await t.api(owner).get('/api/backoffice/summary?from=2023-01-01&to=2026-03-01');
    expect(long.body).toEqual([{ field: 'from', message: 'Rentang paling lama 24 bulan' }]);
  });
});
