import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

// Issue 30 item 3: one price list with branch overrides. Base prices and overrides from an effective date, approved
// by a second person; the record (and so the bill) takes the price in force on the VISIT date; a scheduled change
// never touches earlier bills; the general cashier sells at today's price; branches see only their own overrides.
let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let developer: TestUser;
let manager: TestUser;
let dokter: TestUser;
let admin: TestUser;
let managerB: TestUser;
let patient: number;
let facialA: number;
let facialB: number;
let serumA: number;

const TODAY = '2026-11-23';
const NEXT_WEEK = '2026-11-30';

async function insertRow(q: ReturnType<typeof sql>): Promise<number> {
  const [r] = await queryRows<{ id: number }>(t.db, q);
  return Number(r.id);
}

async function newVisit(): Promise<number> {
  const res = await t
    .api(admin)
    .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
  expect(res.status).toBe(201);
  return res.body.data.id as number;
}

async function treat(visit: number, perawatan = facialA): Promise<number> {
  const r = await t
    .api(dokter)
    .post(`/api/rekammedis/visit/${visit}/treatment`, { perawatan, qty: 1, doctor: dokter.id });
  expect(r.status).toBe(201);
  const done = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {});
  expect(done.status).toBe(200);
  return r.body.data.current.price as number;
}

async function billPrice(visit: number): Promise<number> {
  const r = await t.api(admin).get(`/api/kasir/bill/${visit}`);
  expect(r.status).toBe(200);
  return r.body.data.lines.find((l: { kind: string }) => l.kind === 'treatment').price as number;
}

/** Schedules a price as `by` and approves it as `approver`; answers the entry. */
async function approvedPrice(body: Record<string, unknown>, by = owner, approver = developer) {
  const made = await t.api(by).post('/api/backoffice/pricelist', { kind: 'treatment', code: 'FC-01', ...body });
  expect(made.status).toBe(201);
  const ok = await t.api(approver).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 });
  expect(ok.status).toBe(200);
  return ok.body.data;
}

async function priceOf(as: TestUser, query: string) {
  return t.api(as).get(`/api/pricelist/price?${query}`);
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(`${TODAY}T03:00:00Z`);
  branchA = await t.makeBranch({ name: 'Klinik Harga A' });
  branchB = await t.makeBranch({ name: 'Klinik Harga B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner', name: 'Pemilik' });
  developer = await t.makeUser('manager', { branchId: branchA, toplevel: 'developer', name: 'Pengembang' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Harga' });
  managerB = await t.makeUser('manager', { branchId: branchB });
  patient = await t.makePatient(branchA, { name: 'Pasien Harga' });
  facialA = await insertRow(sql`insert into perawatan (profile_id, code, name, price, doctor_share)
    values (${branchA}, 'FC-01', 'Facial', 30000000, 5000000) returning id`);
  facialB = await insertRow(sql`insert into perawatan (profile_id, code, name, price, doctor_share)
    values (${branchB}, 'FC-01', 'Facial', 32000000, 5000000) returning id`);
  serumA = await insertRow(sql`insert into item (profile_id, code, name, unit, selling_price)
    values (${branchA}, 'SR-01', 'Serum', 'pcs', 10000000) returning id`);
});
afterAll(() => t?.close());

describe('the price list', () => {
  it('answers the master price while a thing is not on the list', async () => {
    const r = await priceOf(manager, `kind=treatment&id=${facialA}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      code: 'FC-01',
      profile_id: branchA,
      date: TODAY,
      price: 300000,
      source: 'master',
    });
  });

  it('refuses bad input next to the field and writes nothing', async () => {
    const before = await countRows(t.db, 'price_list');
    const bad = await t.api(owner).post('/api/backoffice/pricelist', { kind: 'jasa', code: '', price: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'kind' }),
        expect.objectContaining({ field: 'code', message: 'Kode wajib diisi' }),
        expect.objectContaining({ field: 'effective_at' }),
        expect.objectContaining({ field: 'price', message: 'Tidak boleh negatif' }),
      ]),
    );
    const past = await t
      .api(owner)
      .post('/api/backoffice/pricelist', { kind: 'treatment', code: 'FC-01', effective_at: '2026-11-22', price: 1 });
    expect(past.body).toEqual([{ field: 'effective_at', message: 'Tanggal berlaku tidak boleh sebelum hari ini' }]);
    const unknown = await t
      .api(owner)
      .post('/api/backoffice/pricelist', { kind: 'treatment', code: 'XX-99', effective_at: TODAY, price: 1 });
    expect(unknown.body).toEqual([{ field: 'code', message: 'Perawatan tidak ditemukan di cabang mana pun' }]);
    expect(await countRows(t.db, 'price_list')).toEqual(before);
  });

  it('is the head office’s: a branch manager is refused, another branch’s price is 404', async () => {
    const made = await t
      .api(manager)
      .post('/api/backoffice/pricelist', { kind: 'treatment', code: 'FC-01', effective_at: TODAY, price: 1 });
    expect(made.status).toBe(403);
    expect((await t.api(manager).get('/api/backoffice/pricelist')).status).toBe(403);
    expect((await priceOf(manager, `kind=treatment&id=${facialB}&profile_id=${branchB}`)).status).toBe(404);
    expect((await priceOf(manager, `kind=treatment&id=${facialB}`)).status).toBe(404);
    expect((await priceOf(owner, `kind=treatment&id=${facialB}&profile_id=${branchB}`)).body.data.price).toBe(320000);
  });

  it('needs a second person to approve; the maker cannot', async () => {
    const made = await t
      .api(owner)
      .post('/api/backoffice/pricelist', { kind: 'item', code: 'sr-01', effective_at: TODAY, price: 90000 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ code: 'SR-01', name: 'Serum', profile_id: null, status: 0 });
    const self = await t.api(owner).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 });
    expect(self.status).toBe(403);
    expect(self.body).toEqual([
      expect.objectContaining({ message: 'Anda tidak dapat memutuskan permintaan Anda sendiri' }),
    ]);
    // Waiting, it changes nothing.
    expect((await priceOf(admin, `kind=item&id=${serumA}`)).body.data.price).toBe(100000);
    // Only its maker changes a waiting price: another top-level person is refused and nothing changes.
    const before = await queryRows(t.db, sql`select * from price_list where id = ${made.body.data.id}`);
    const other = await t.api(developer).put(`/api/backoffice/pricelist/${made.body.data.id}`, { price: 95000 });
    expect(other.status).toBe(403);
    expect(other.body).toEqual([
      {
        message:
          'Harga yang menunggu persetujuan hanya dapat diubah oleh pembuatnya; tolak harga ini lalu buat harga baru',
      },
    ]);
    expect(await queryRows(t.db, sql`select * from price_list where id = ${made.body.data.id}`)).toEqual(before);
    // The maker edits it (and stays its maker and last editor): still not theirs to approve.
    const edited = await t.api(owner).put(`/api/backoffice/pricelist/${made.body.data.id}`, { price: 95000 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ price: 95000, created_by: owner.id, status: 0 });
    expect((await t.api(owner).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 })).status).toBe(403);
    const ok = await t.api(developer).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 });
    expect(ok.body.data).toMatchObject({ status: 1, statusname: 'Disetujui', decided_by: developer.id });
    expect((await priceOf(admin, `kind=item&id=${serumA}`)).body.data).toMatchObject({ price: 95000, source: 'base' });
    // An approved price is history: not edited, and once in force not withdrawn.
    expect((await t.api(developer).put(`/api/backoffice/pricelist/${made.body.data.id}`, { price: 1 })).status).toBe(
      409,
    );
    expect((await t.api(developer).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 2 })).status).toBe(
      409,
    );
  });

  it('never lets anyone who wrote a waiting price approve it: its maker or an earlier editor (audit trail)', async () => {
    const made = await t
      .api(owner)
      .post('/api/backoffice/pricelist', { kind: 'item', code: 'SR-01', effective_at: '2027-01-04', price: 97000 });
    expect(made.status).toBe(201);
    // A price edited by another person before the maker-only rule: its maker is the editor, the creator is in the trail.
    await t.db.execute(sql`update price_list set created_by = ${developer.id} where id = ${made.body.data.id}`);
    await t.db.execute(
      sql`insert into audit_log (user_id, action, entity, entity_id) values (${developer.id}, 'update', 'price_list', ${String(made.body.data.id)})`,
    );
    const third = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
    for (const [who, message] of [
      [developer, 'Anda tidak dapat memutuskan permintaan Anda sendiri'],
      [owner, 'Anda tidak dapat menyetujui harga yang pernah Anda buat atau ubah sendiri'],
    ] as const) {
      const r = await t.api(who).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 });
      expect(r.status).toBe(403);
      expect(r.body).toEqual([{ message }]);
    }
    const [row] = await queryRows<{ status: number }>(
      t.db,
      sql`select status from price_list where id = ${made.body.data.id}`,
    );
    expect(Number(row.status)).toBe(0);
    const ok = await t.api(third).put(`/api/backoffice/pricelist/${made.body.data.id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 1, decided_by: third.id });
  });

  it('the general cashier sells at the price in force', async () => {
    const [w] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into warehouse (profile_id, code, name, kind) values (${branchA}, 'APT', 'Apotek', 'apotek') returning id`,
    );
    const r = await t.api(admin).get(`/api/kasir/item?warehouse=${w.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.find((i: { id: number }) => i.id === serumA).price).toBe(95000);
  });

  it('a base price scheduled for next week does not change today’s bill; a past bill keeps its price', async () => {
    const today = await newVisit();
    expect(await treat(today)).toBe(300000);
    const base = await approvedPrice({ effective_at: NEXT_WEEK, price: 350000 });
    expect(base).toMatchObject({ profile_id: null, effective_at: NEXT_WEEK, shadowed_by: [] });
    // Written after the approval, a line of today's visit still takes today's price.
    const later = await newVisit();
    expect(await treat(later)).toBe(300000);
    expect(await billPrice(today)).toBe(300000);
    expect(await billPrice(later)).toBe(300000);
    expect((await priceOf(admin, `kind=treatment&id=${facialA}&date=${NEXT_WEEK}`)).body.data).toMatchObject({
      price: 350000,
      source: 'base',
      price_list_id: base.id,
    });
    // Next week: a new visit takes the new price, last week's bills keep theirs.
    t.setNow(`${NEXT_WEEK}T03:00:00Z`);
    try {
      const next = await newVisit();
      expect(await treat(next)).toBe(350000);
      expect(await billPrice(next)).toBe(350000);
      expect(await billPrice(today)).toBe(300000);
    } finally {
      t.setNow(`${TODAY}T03:00:00Z`);
    }
  });

  it('a branch override wins over the base, and a scheduled base shows the overrides that shadow it', async () => {
    const override = await approvedPrice({ profile_id: branchA, effective_at: TODAY, price: 280000 }, developer, owner);
    expect(override).toMatchObject({ profile_id: branchA, profile_name: 'Klinik Harga A' });
    expect((await priceOf(admin, `kind=treatment&id=${facialA}`)).body.data).toMatchObject({
      price: 280000,
      source: 'override',
    });
    // Next week's base does not reach branch A: its override is in force then.
    expect((await priceOf(admin, `kind=treatment&id=${facialA}&date=${NEXT_WEEK}`)).body.data.price).toBe(280000);
    const v = await newVisit();
    expect(await treat(v)).toBe(280000);
    // The record form offers the treatment at the price its line will take, and the item at the base price.
    const opts = await t.api(dokter).get('/api/rekammedis/options/perawatan');
    expect(opts.body.data.find((o: { id: number }) => o.id === facialA).price).toBe(280000);
    const items = await t.api(dokter).get('/api/rekammedis/options/item');
    expect(items.body.data.find((o: { id: number }) => o.id === serumA).price).toBe(95000);
    // Branch B has no override: the base applies from next week (its own master price until then).
    expect((await priceOf(managerB, `kind=treatment&id=${facialB}&date=${NEXT_WEEK}`)).body.data.price).toBe(350000);
    expect((await priceOf(managerB, `kind=treatment&id=${facialB}`)).body.data).toMatchObject({
      price: 320000,
      source: 'master',
    });
    const pending = await t.api(owner).post('/api/backoffice/pricelist', {
      kind: 'treatment',
      code: 'FC-01',
      effective_at: '2026-12-07',
      price: 400000,
    });
    expect(pending.body.data.shadowed_by).toEqual([
      { profile_id: branchA, profile_name: 'Klinik Harga A', effective_at: TODAY, price: 280000 },
    ]);
    const list = await t.api(owner).get('/api/backoffice/pricelist?kind=treatment&profile_id=base&status=0');
    expect(list.body.data.map((r: { id: number }) => r.id)).toEqual([pending.body.data.id]);
    // Rejected, it stays as history and frees its date.
    const rejected = await t.api(developer).put(`/api/backoffice/pricelist/${pending.body.data.id}`, { status: 2 });
    expect(rejected.body.data).toMatchObject({ status: 2, statusname: 'Dibatalkan' });
  });

  it('refuses a second live price for the same thing, branch and date (409)', async () => {
    const body = { kind: 'treatment', code: 'FC-01', profile_id: branchB, effective_at: '2026-12-01', price: 1000 };
    expect((await t.api(owner).post('/api/backoffice/pricelist', body)).status).toBe(201);
    const again = await t.api(developer).post('/api/backoffice/pricelist', { ...body, price: 2000 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual([
      expect.objectContaining({ message: 'Sudah ada harga untuk barang, cabang dan tanggal berlaku ini' }),
    ]);
  });

  it('a branch sees the base prices and its own overrides only', async () => {
    const a = await t.api(admin).get('/api/pricelist/entries?kind=treatment');
    expect(a.status).toBe(200);
    expect(
      a.body.data.every((r: { profile_id: number | null }) => r.profile_id === null || r.profile_id === branchA),
    ).toBe(true);
    const b = await t.api(managerB).get('/api/pricelist/entries?kind=treatment');
    expect(b.body.data.some((r: { profile_id: number | null }) => r.profile_id === branchA)).toBe(false);
    expect(b.body.data.some((r: { profile_id: number | null }) => r.profile_id === branchB)).toBe(true);
    const desk = await t.api(admin).get('/api/service/pricelist?kind=tindakan');
    expect(desk.body.data.find((r: { id: number }) => r.id === facialA)).toMatchObject({
      price: 280000,
      source: 'override',
    });
  });
});
