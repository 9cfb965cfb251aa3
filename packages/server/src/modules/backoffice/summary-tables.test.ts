/**
 * Issue 33: the Backoffice summary reads the daily counts (ringkasan_harian) and the daily and monthly balances
 * (jurnal_saldo_hari, jurnal_saldo_bulan) instead of scanning visits, patients, package sales and journal lines.
 * After a mix of writes (visits on several days, one cancelled and one moved to another day, back-dated patients,
 * package sales, back-dated journals and a reversed one, a refused journal), the tables equal a direct count of the
 * documents and the summary equals the counts and sums read straight from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toSen } from '@klinik/shared';
import { queryRows } from '../../db/client.js';
import { ACCOUNT } from '../finance/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
const staff: Record<number, { fin: TestUser; admin: TestUser; dokter: TestUser; manager: TestUser }> = {};

const line = (akun: string, debit: number, credit: number) => ({ akun, description: '', debit, credit });

async function journal(branch: number, date: string, details: ReturnType<typeof line>[]): Promise<number> {
  const res = await t.api(staff[branch].fin).post('/api/finance/jurnal', {
    code: '',
    transaction_at: date,
    memo: 'Uji ringkasan',
    details,
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function visitOn(branch: number, instant: string, joinAt: string): Promise<number> {
  t.setNow(instant);
  const customer = await t.makePatient(branch, { join_at: joinAt });
  const res = await t
    .api(staff[branch].admin)
    .post('/api/service/visit', { customer, doctor: staff[branch].dokter.id, kind: 'konsultasi' });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function sellPackage(branch: number, instant: string) {
  t.setNow(instant);
  const api = t.api(staff[branch].manager);
  const type = await api.post('/api/paket/type', {
    name: `Promo ${branch}`,
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  const tm = await api.post('/api/master/tindakanmedis', { code: `TM-R${branch}`, name: 'Facial', price: 100000 });
  const history = await api.post('/api/paket', {
    code: `PKT-R${branch}`,
    name: 'Paket Ringkasan',
    paket_type_id: type.body.data.id,
    active_at: '2024-01-01',
    price: 100000,
    items: [{ type: 1, ref_id: tm.body.data.id, free_slot: 1, expired_duration: 30 }],
  });
  expect(history.status).toBe(201);
  const customer = await t.makePatient(branch, { join_at: instant.slice(0, 10) });
  const m = await api.post('/api/paket/membership', {
    customer,
    doctor: staff[branch].dokter.id,
    paket_history_id: history.body.data.id,
  });
  expect(m.status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Ringkasan A' });
  branchB = await t.makeBranch({ name: 'Cabang Ringkasan B' });
  for (const b of [branchA, branchB]) {
    staff[b] = {
      fin: await t.makeUser('finance', { branchId: b }),
      admin: await t.makeUser('admin', { branchId: b }),
      dokter: await t.makeUser('dokter', { branchId: b }),
      manager: await t.makeUser('manager', { branchId: b }),
    };
    expect((await t.api(staff[b].fin).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(201);
  }
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  // Visits over two months; one cancelled (still counted, as the history lists it), one moved to another day.
  await visitOn(branchA, '2026-02-11T03:00:00Z', '2026-02-11');
  const cancelled = await visitOn(branchA, '2026-02-12T03:00:00Z', '2025-12-30');
  const moved = await visitOn(branchB, '2026-03-05T03:00:00Z', '2026-03-05');
  await visitOn(branchB, '2026-03-06T03:00:00Z', '2026-01-20');
  expect(
    (
      await t
        .api(staff[branchA].admin)
        .post(`/api/service/visit/${cancelled}/status`, { status: 'batal', reason: 'Uji' })
    ).status,
  ).toBe(200);
  await t.db.execute(sql`update visit set visit_date = '2026-02-27' where id = ${moved}`);
  // Back-dated patients, and one who stops being a patient (role change) and one who moves branch.
  await t.makePatient(branchA, { join_at: '2026-01-03' });
  const leaves = await t.makePatient(branchB, { join_at: '2026-02-14' });
  const movesBranch = await t.makePatient(branchB, { join_at: '2026-02-15' });
  await t.db.execute(sql`update users set role = 3 where id = ${leaves}`);
  await t.db.execute(sql`update users set profile_id = ${branchA} where id = ${movesBranch}`);
  await sellPackage(branchA, '2026-03-02T03:00:00Z');
  // Journals: back-dated, reversed, revenue, receivables, stock; a refused one (unbalanced) changes nothing.
  t.setNow('2026-03-10T03:00:00Z');
  await journal(branchA, '2026-01-15', [
    line(ACCOUNT.kas, 1_000_000, 0),
    line(ACCOUNT.pendapatanTindakan, 0, 1_000_000),
  ]);
  const wrong = await journal(branchA, '2026-02-03', [
    line(ACCOUNT.piutangPasien, 250_000, 0),
    line(ACCOUNT.pendapatanProduk, 0, 250_000),
  ]);
  const rev = await t
    .api(staff[branchA].fin)
    .post(`/api/finance/jurnal/${wrong}/reverse`, { transaction_at: '2026-03-01' });
  expect(rev.status).toBe(201);
  await journal(branchA, '2026-01-05', [line(ACCOUNT.persediaan, 300_000, 0), line(ACCOUNT.modalDisetor, 0, 300_000)]);
  await journal(branchB, '2026-02-20', [line(ACCOUNT.kas, 400_000.5, 0), line(ACCOUNT.pendapatanPaket, 0, 400_000.5)]);
  await journal(branchB, '2026-03-09', [
    line(ACCOUNT.piutangMembership, 75_000, 0),
    line(ACCOUNT.pendapatanPaket, 0, 75_000),
  ]);
  const refused = await t.api(staff[branchB].fin).post('/api/finance/jurnal', {
    code: '',
    transaction_at: '2026-03-09',
    memo: 'Tidak seimbang',
    details: [line(ACCOUNT.kas, 10, 0), line(ACCOUNT.pendapatanPaket, 0, 20)],
  });
  expect(refused.status).toBe(400);
});
afterAll(() => t.close());

const key = (r: Record<string, unknown>) => JSON.stringify(r);
const sorted = (rows: Record<string, unknown>[]) => rows.map(key).sort();

describe('daily summary tables', () => {
  it('ringkasan_harian equals the documents counted per branch, day and kind', async () => {
    const kept = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select profile_id, hari::text as hari, jenis, n from ringkasan_harian where n <> 0`,
    );
    const direct = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select profile_id, visit_date::text as hari, 'kunjungan' as jenis, count(*)::int as n from visit group by 1, 2
          union all
          select profile_id, join_at::text, 'pasien_baru', count(*)::int from users
           where role = 1 and join_at is not null group by 1, 2
          union all
          select profile_id, registered_at::text, 'paket', count(*)::int from paket_membership group by 1, 2`,
    );
    expect(sorted(kept)).toEqual(sorted(direct));
    const mine = kept.filter((r) => r.profile_id === branchA || r.profile_id === branchB);
    expect(mine.filter((r) => r.jenis === 'kunjungan')).toHaveLength(4);
    expect(mine).toContainEqual({ profile_id: branchB, hari: '2026-02-27', jenis: 'kunjungan', n: 1 });
    expect(mine).toContainEqual({ profile_id: branchA, hari: '2026-03-02', jenis: 'paket', n: 1 });
    expect(mine.find((r) => r.hari === '2026-02-14')).toBeUndefined();
  });

  it('jurnal_saldo_hari equals the journal lines summed per branch, account, day and closing', async () => {
    const kept = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select profile_id, akun_id, hari::text as hari, closing, debit::text as debit, credit::text as credit, n
          from jurnal_saldo_hari`,
    );
    const direct = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select d.profile_id, d.akun_id, d.transaction_at::text as hari, j.kind = 'closing' as closing,
            sum(d.debit)::text as debit, sum(d.credit)::text as credit, count(*)::int as n
          from jurnal_detail d join jurnal j on j.id = d.jurnal_id group by 1, 2, 3, 4`,
    );
    expect(sorted(kept)).toEqual(sorted(direct));
    expect(kept.some((r) => r.profile_id === branchA && r.hari === '2026-03-01')).toBe(true);
  });

  it('the summary equals the counts and sums read straight from the documents', async () => {
    const res = await t
      .api(owner)
      .get(`/api/backoffice/summary?from=2026-01-10&to=2026-03-09&profile_id=${branchA},${branchB}`);
    expect(res.status).toBe(200);
    const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.db, q))[0].n);
    for (const r of res.body.data.rows) {
      const b = r.profile_id;
      expect(r.visits).toBe(
        await count(
          sql`select count(*) n from visit where profile_id = ${b} and visit_date between ${r.from} and ${r.to}`,
        ),
      );
      expect(r.new_patients).toBe(
        await count(
          sql`select count(*) n from users where role = 1 and profile_id = ${b} and join_at between ${r.from} and ${r.to}`,
        ),
      );
      expect(r.packages_sold).toBe(
        await count(
          sql`select count(*) n from paket_membership where profile_id = ${b} and registered_at between ${r.from} and ${r.to}`,
        ),
      );
      const sum = (codes: string[], upTo: string, sign: string, fromDate = '1900-01-01', cat?: number) =>
        count(sql`select coalesce(sum(${sql.raw(sign)}), 0) n from jurnal_detail d join akun a on a.id = d.akun_id
                  join jurnal j on j.id = d.jurnal_id
                  where d.profile_id = ${b} and d.transaction_at between ${fromDate} and ${upTo}
                    and ${
                      cat
                        ? sql`a.category = ${cat} and j.kind <> 'closing'`
                        : sql`a.code in (${sql.join(
                            codes.map((c) => sql`${c}`),
                            sql`, `,
                          )})`
                    }`);
      expect(toSen(r.revenue)).toBe(await sum([], r.to, 'd.credit - d.debit', r.from, 4));
      expect(toSen(r.receivables)).toBe(
        await sum([ACCOUNT.piutangPasien, ACCOUNT.piutangMembership], r.to, 'd.debit - d.credit'),
      );
      expect(toSen(r.stock_value)).toBe(await sum([ACCOUNT.persediaan], r.to, 'd.debit - d.credit'));
    }
    const at = (b: number, m: string) =>
      res.body.data.rows.find((r: { profile_id: number; month: string }) => r.profile_id === b && r.month === m);
    expect(at(branchA, '2026-02-01')).toMatchObject({
      visits: 2,
      new_patients: 2,
      revenue: 250_000,
      receivables: 250_000,
    });
    expect(at(branchA, '2026-03-01')).toMatchObject({ packages_sold: 1 });
    expect(at(branchB, '2026-02-01')).toMatchObject({ visits: 1, new_patients: 0, revenue: 400_000.5 });
    expect(at(branchB, '2026-03-01')).toMatchObject({ visits: 1, receivables: 75_000 });
  });

  it('a refused write leaves the tables as they were', async () => {
    const before = await queryRows(t.db, sql`select * from ringkasan_harian order by 1, 2, 3`);
    const res = await t
      .api(staff[branchA].admin)
      .post('/api/service/visit', { customer: 999_999_999, doctor: staff[branchA].dokter.id, kind: 'konsultasi' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await queryRows(t.db, sql`select * from ringkasan_harian order by 1, 2, 3`)).toEqual(before);
  });
});
