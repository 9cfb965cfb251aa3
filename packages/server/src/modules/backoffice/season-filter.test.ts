/**
 * Issue 30 item 6: the Backoffice dashboard filtered by a promo season. A season is its branches and its dates:
 * the dashboard compares only those branches over the part of the range inside the season, counts only packages
 * sold of the season's package types, and sets the season's revenue target beside the revenue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT } from '../finance/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let branchC: number;
let owner: TestUser;
let seasonId: number;
const staff: Record<number, { fin: TestUser; manager: TestUser; dokter: TestUser }> = {};

async function ok(res: { status: number; body: unknown }, status = 201) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return (res.body as { data: Record<string, unknown> }).data;
}

/** A package of a type (of the season or not) in branch A; returns its current version's id. */
async function paketOfType(code: string, season: number | null) {
  const m = staff[branchA].manager;
  const type = await ok(
    await t
      .api(m)
      .post('/api/paket/type', { name: `Tipe ${code}`, type: 1, start_at: '2026-01-01', season_id: season }),
  );
  const tm = await ok(
    await t.api(m).post('/api/master/tindakanmedis', { code: `TM-${code}`, name: code, price: 50000 }),
  );
  const history = await ok(
    await t.api(m).post('/api/paket', {
      code: `PKT-${code}`,
      name: `Paket ${code}`,
      paket_type_id: type.id,
      active_at: '2026-01-01',
      price: 100000,
      items: [{ type: 1, ref_id: tm.id, free_slot: 1, expired_duration: 30 }],
    }),
  );
  return history.id as number;
}

async function sell(historyId: number, instant: string) {
  t.setNow(instant);
  const customer = await t.makePatient(branchA, {});
  await ok(
    await t.api(staff[branchA].manager).post('/api/paket/membership', {
      customer,
      doctor: staff[branchA].dokter.id,
      paket_history_id: historyId,
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-01-10T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Musim Jakarta' });
  branchB = await t.makeBranch({ name: 'Musim Bandung' });
  branchC = await t.makeBranch({ name: 'Di Luar Musim' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  for (const b of [branchA, branchB, branchC]) {
    staff[b] = {
      fin: await t.makeUser('finance', { branchId: b }),
      manager: await t.makeUser('manager', { branchId: b }),
      dokter: await t.makeUser('dokter', { branchId: b }),
    };
    await ok(await t.api(staff[b].fin).post('/api/finance/periode', { start_date: '2026-01-01' }));
  }
  const season = await ok(
    await t.api(owner).post('/api/season', {
      name: 'Promo Februari',
      start_at: '2026-02-01',
      end_at: '2026-03-15',
      revenue_target: 2_000_000,
      branches: [branchA, branchB],
      status: 1,
    }),
  );
  seasonId = season.id as number;
  const inSeason = await paketOfType('MUSIM', seasonId);
  const plain = await paketOfType('BIASA', null);
  await sell(inSeason, '2026-01-20T03:00:00Z'); // a season type sold before the season's dates
  await sell(inSeason, '2026-02-10T03:00:00Z');
  await sell(inSeason, '2026-03-02T03:00:00Z');
  await sell(plain, '2026-02-11T03:00:00Z');
  // Revenue of branch B inside the season, and of branch C (not in the season).
  for (const [b, date, amount] of [
    [branchB, '2026-02-20', 500_000],
    [branchC, '2026-02-21', 900_000],
  ] as const) {
    await ok(
      await t.api(staff[b].fin).post('/api/finance/jurnal', {
        code: '',
        transaction_at: date,
        memo: 'Uji musim',
        details: [
          { akun: ACCOUNT.kas, description: '', debit: amount, credit: 0 },
          { akun: ACCOUNT.pendapatanTindakan, description: '', debit: 0, credit: amount },
        ],
      }),
    );
  }
  t.setNow('2026-03-20T03:00:00Z');
});
afterAll(() => t?.close());

interface Summary {
  from: string;
  to: string;
  months: string[];
  branches: { id: number }[];
  byBranch: { profile_id: number; revenue: number; packages_sold: number }[];
  total: { revenue: number; packages_sold: number };
  season: { id: number; revenue_target: number; revenue: number; achieved_percent: number | null } | null;
}

const summary = async (query: string) => {
  const res = await t.api(owner).get(`/api/backoffice/summary?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Summary;
};

describe('GET /api/backoffice/summary?season=', () => {
  it("compares the season's branches over its dates and counts only its package types' sales", async () => {
    const s = await summary(`season=${seasonId}`);
    expect([s.from, s.to]).toEqual(['2026-02-01', '2026-03-15']);
    expect(s.months).toEqual(['2026-02-01', '2026-03-01']);
    expect(s.branches.map((b) => b.id).sort()).toEqual([branchA, branchB].sort());
    const a = s.byBranch.find((r) => r.profile_id === branchA)!;
    // Two sales of the season's type inside its dates; the January one and the other type's are not counted.
    expect(a.packages_sold).toBe(2);
    expect(s.total.packages_sold).toBe(2);
    // Without the season the same range counts every sale of the branch.
    const plain = await summary(`from=2026-02-01&to=2026-03-15&profile_id=${branchA}`);
    expect(plain.total.packages_sold).toBe(3);
    expect(plain.season).toBeNull();
    // Revenue is the branches' (the package sales' own plus B's journal), C's is left out.
    const b = s.byBranch.find((r) => r.profile_id === branchB)!;
    expect(b.revenue).toBe(500_000);
    expect(s.season).toMatchObject({ id: seasonId, revenue_target: 2_000_000, revenue: s.total.revenue });
    const whole = await summary(`from=2026-02-01&to=2026-03-15&profile_id=${branchA},${branchB}`);
    expect(s.total.revenue).toBe(whole.total.revenue);
    expect(s.season!.achieved_percent).toBeCloseTo((s.total.revenue / 2_000_000) * 100, 2);
  });

  it('narrows to the named branches and the given dates inside the season', async () => {
    const s = await summary(`season=${seasonId}&profile_id=${branchA},${branchC}&from=2026-01-01&to=2026-02-28`);
    expect(s.branches.map((b) => b.id)).toEqual([branchA]);
    expect([s.from, s.to]).toEqual(['2026-02-01', '2026-02-28']);
    expect(s.total.packages_sold).toBe(1);
  });

  it('answers 400 on the field for an unknown season, branches or dates outside it', async () => {
    const bad = async (query: string, field: string) => {
      const res = await t.api(owner).get(`/api/backoffice/summary?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body[0].field).toBe(field);
    };
    await bad('season=999999', 'season');
    await bad('season=abc', 'season');
    await bad(`season=${seasonId}&profile_id=${branchC}`, 'profile_id');
    await bad(`season=${seasonId}&from=2026-04-01&to=2026-04-30`, 'from');
    expect((await t.api(staff[branchA].manager).get(`/api/backoffice/summary?season=${seasonId}`)).status).toBe(403);
  });
});
