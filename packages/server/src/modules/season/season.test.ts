import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

// 'Musim Promo' (issue 30 item 6): seasons of some branches with a revenue target; at most one ACTIVE season per
// branch on any day (the database's trigger); the admin panel's roles only; a superadmin keeps to their branch.
let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let superA: TestUser;
let manager: TestUser;

const base = { name: 'Promo Akhir Tahun', start_at: '2026-12-01', end_at: '2026-12-31', revenue_target: 150000000 };

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Klinik Musim A' });
  branchB = await t.makeBranch({ name: 'Klinik Musim B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  superA = await t.makeUser('superadmin', { branchId: branchA });
  manager = await t.makeUser('manager', { branchId: branchA });
});
afterAll(() => t?.close());

describe('promo seasons', () => {
  it('creates a draft season of several branches with its target in rupiah', async () => {
    const r = await t.api(owner).post('/api/season', { ...base, branches: [branchA, branchB] });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      name: 'Promo Akhir Tahun',
      status: 0,
      statusname: 'Draft',
      revenue_target: 150000000,
      branches: expect.arrayContaining([
        { id: branchA, name: 'Klinik Musim A' },
        { id: branchB, name: 'Klinik Musim B' },
      ]),
    });
  });

  it('answers 400 next to the field and writes nothing', async () => {
    const before = await countRows(t.db, 'season', 'season_branch');
    const bad = await t.api(owner).post('/api/season', { name: 'X', start_at: '2026-12-10', end_at: '2026-12-01' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: 'Nama minimal 2 karakter' }),
        expect.objectContaining({ field: 'branches' }),
      ]),
    );
    const order = await t
      .api(owner)
      .post('/api/season', { ...base, start_at: '2026-12-10', end_at: '2026-12-01', branches: [branchA] });
    expect(order.body).toEqual([{ field: 'end_at', message: 'Tanggal selesai tidak boleh sebelum tanggal mulai' }]);
    const nobranch = await t.api(owner).post('/api/season', { ...base, branches: [999999] });
    expect(nobranch.body).toEqual([{ field: 'branches', message: 'Cabang tidak ditemukan' }]);
    expect(await countRows(t.db, 'season', 'season_branch')).toEqual(before);
  });

  it('refuses a second active season overlapping in a branch (409), allows it elsewhere or after', async () => {
    const first = await t
      .api(owner)
      .post('/api/season', { ...base, name: 'Promo Desember', status: 1, branches: [branchA] });
    expect(first.status).toBe(201);
    const before = await countRows(t.db, 'season', 'season_branch');
    const clash = await t.api(owner).post('/api/season', {
      ...base,
      name: 'Promo Natal',
      start_at: '2026-12-20',
      end_at: '2027-01-05',
      status: 1,
      branches: [branchB, branchA],
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual([{ message: 'Cabang ini sudah punya musim promo aktif pada tanggal yang bertumpuk' }]);
    expect(await countRows(t.db, 'season', 'season_branch')).toEqual(before);
    // A draft may overlap; activating it is refused; in branch B alone it may run.
    const draft = await t
      .api(owner)
      .post('/api/season', { ...base, name: 'Promo Natal', status: 0, branches: [branchA] });
    expect(draft.status).toBe(201);
    const activate = await t
      .api(owner)
      .put(`/api/season/${draft.body.data.id}`, { ...base, name: 'Promo Natal', status: 1, branches: [branchA] });
    expect(activate.status).toBe(409);
    const moved = await t
      .api(owner)
      .put(`/api/season/${draft.body.data.id}`, { ...base, name: 'Promo Natal', status: 1, branches: [branchB] });
    expect(moved.status).toBe(200);
    const january = await t.api(owner).post('/api/season', {
      ...base,
      name: 'Promo Januari',
      start_at: '2027-01-01',
      end_at: '2027-01-31',
      status: 1,
      branches: [branchA],
    });
    expect(january.status).toBe(201);
    // Closed, a season does not block; and it is not reopened.
    const closed = await t
      .api(owner)
      .put(`/api/season/${first.body.data.id}`, { ...base, name: 'Promo Desember', status: 2, branches: [branchA] });
    expect(closed.body.data.statusname).toBe('Selesai');
    const reopen = await t
      .api(owner)
      .put(`/api/season/${first.body.data.id}`, { ...base, name: 'Promo Desember', status: 1, branches: [branchA] });
    expect(reopen.status).toBe(409);
    const again = await t.api(owner).put(`/api/season/${draft.body.data.id}`, {
      ...base,
      name: 'Promo Natal',
      status: 1,
      branches: [branchA, branchB],
    });
    expect(again.status).toBe(200);
  });

  it('is the admin panel’s: 403 for a manager; a superadmin keeps to their own branch', async () => {
    expect((await t.api(manager).get('/api/season')).status).toBe(403);
    expect((await t.api(manager).post('/api/season', { ...base, branches: [branchA] })).status).toBe(403);
    const mine = await t.api(superA).post('/api/season', { ...base, name: 'Promo Cabang A', branches: [branchA] });
    expect(mine.status).toBe(201);
    const other = await t.api(superA).post('/api/season', { ...base, name: 'Promo Cabang B', branches: [branchB] });
    expect(other.body).toEqual([{ field: 'branches', message: 'Cabang tidak ditemukan' }]);
    const list = await t.api(superA).get('/api/season');
    expect(list.body.data.every((s: { branches: { id: number }[] }) => s.branches.some((b) => b.id === branchA))).toBe(
      true,
    );
    expect(
      (await t.api(owner).post('/api/season', { ...base, name: 'Promo Cabang B', branches: [branchB] })).status,
    ).toBe(201);
    const onlyB = (await t.api(owner).get(`/api/season?profile_id=${branchB}`)).body.data as {
      id: number;
      branches: { id: number }[];
    }[];
    const bOnly = onlyB.find((s) => s.branches.length === 1);
    expect(bOnly).toBeDefined();
    expect((await t.api(superA).get(`/api/season/${bOnly!.id}`)).status).toBe(404);
    const shared = onlyB.find((s) => s.branches.length === 2)!;
    expect((await t.api(superA).get(`/api/season/${shared.id}`)).status).toBe(200);
    expect((await t.api(superA).put(`/api/season/${shared.id}`, { ...base, branches: [branchA] })).status).toBe(404);
  });
});

describe('package types of a season', () => {
  it('a promo package type belongs to a season of its branch; package sales filter by season', async () => {
    const season = await t.api(owner).post('/api/season', { ...base, name: 'Promo Paket', branches: [branchA] });
    const seasonB = await t.api(owner).post('/api/season', { ...base, name: 'Promo Paket B', branches: [branchB] });
    const type = { name: 'Paket Promo Desember', type: 1, start_at: '2026-12-01', status: 1 };
    const made = await t.api(manager).post('/api/paket/type', { ...type, season_id: season.body.data.id });
    expect(made.status).toBe(201);
    expect(made.body.data.season_id).toBe(season.body.data.id);
    const other = await t.api(manager).post('/api/paket/type', { ...type, season_id: seasonB.body.data.id });
    expect(other.body).toEqual([{ field: 'season_id', message: 'Musim promo tidak ditemukan di cabang ini' }]);
    // Changed without naming a season, the type keeps its own.
    const renamed = await t.api(manager).put(`/api/paket/type/${made.body.data.id}`, { ...type, name: 'Paket Natal' });
    expect(renamed.body.data).toMatchObject({ name: 'Paket Natal', season_id: season.body.data.id });
    // The type form's and sales filter's list: the seasons running in the manager's branch only.
    const options = await t.api(manager).get('/api/paket/season');
    expect(options.status).toBe(200);
    const ids = options.body.data.map((o: { id: number }) => o.id);
    expect(ids).toContain(season.body.data.id);
    expect(ids).not.toContain(seasonB.body.data.id);
    // An empty choice (or null) takes the type out of its season.
    const cleared = await t
      .api(manager)
      .put(`/api/paket/type/${made.body.data.id}`, { ...type, name: 'Paket Natal', season_id: '' });
    expect(cleared.body.data.season_id).toBeNull();
    await t
      .api(manager)
      .put(`/api/paket/type/${made.body.data.id}`, { ...type, name: 'Paket Natal', season_id: season.body.data.id });
    const sales = await t.api(manager).get(`/api/paket/membership?season=${season.body.data.id}`);
    expect(sales.status).toBe(200);
    expect(sales.body.count).toBe(0);
  });
});
