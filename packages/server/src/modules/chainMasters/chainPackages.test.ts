/**
 * Issue 30 item 2, the last three chain masters: photo labels ('foto-label'), package types ('promo') and packages
 * ('promosi') kept by the head office at /api/backoffice/master/{kind}. Every branch gets its linked copy in the same
 * transaction (a branch opened later too); a chain type keeps its season only in the branches the season runs in; a
 * chain package's change is a new version in every branch, and a package sold earlier keeps the version it was sold
 * at; a branch user's change is 403 'Data ini dikelola kantor pusat' and writes nothing; the migration's link
 * function merges copies of one name or code in several branches without a new row, id or version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let managerA: TestUser;
let managerB: TestUser;
let seasonA: number;
let typeChain: number;
let treatmentChain: number;
let paketChain: number;

const rowsOf = (table: string, chainId: number) =>
  queryRows<Record<string, unknown>>(
    t.db,
    sql`select * from ${sql.identifier(table)} where chain_id = ${chainId} order by profile_id`,
  );
const of = (rows: Record<string, unknown>[], branch: number) => rows.find((r) => Number(r.profile_id) === branch)!;

const paketBody = (over: Record<string, unknown> = {}) => ({
  code: 'pkr-01',
  name: 'Paket Glowing Rantai',
  paket_type_id: typeChain,
  active_at: '2024-01-01',
  price: 1200000,
  status: 1,
  installment_schema: 1,
  dp_amount: 400000,
  cicilan_amount: 400000,
  cicilan_attempt: 2,
  items: [{ type: 1, ref_id: treatmentChain, free_slot: 3, expired_duration: 180 }],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Paket A' });
  branchB = await t.makeBranch({ name: 'Cabang Paket B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerA = await t.makeUser('manager', { branchId: branchA });
  managerB = await t.makeUser('manager', { branchId: branchB });
  const season = await t.api(owner).post('/api/season', {
    name: 'Musim Rantai A',
    start_at: '2024-01-01',
    end_at: '2099-12-31',
    revenue_target: 1000000,
    branches: [branchA],
  });
  expect(season.status).toBe(201);
  seasonA = season.body.data.id;
  const tr = await t
    .api(owner)
    .post('/api/backoffice/master/treatment', { code: 'FCR-1', name: 'Facial Rantai', price: 300000, status: 1 });
  expect(tr.status).toBe(201);
  treatmentChain = tr.body.data.id;
});
afterAll(async () => t?.close());

describe('photo labels kept by the head office', () => {
  it('reach every branch; a branch shows them but changes nothing', async () => {
    const res = await t.api(owner).post('/api/backoffice/master/foto-label', { name: 'Wajah Depan Rantai', status: 1 });
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    expect(res.body.data.key).toBe('wajah depan rantai');
    const rows = await rowsOf('multimedia_label', id);
    expect(rows.map((r) => [Number(r.profile_id), r.name])).toEqual([
      [branchA, 'Wajah Depan Rantai'],
      [branchB, 'Wajah Depan Rantai'],
    ]);
    const mine = (await t.api(managerB).get('/api/service/multimedialabel?keyword=rantai')).body.data[0];
    expect(mine).toMatchObject({ chain_id: id, profile_id: branchB });
    const refused = await t
      .api(managerB)
      .put(`/api/service/multimedialabel/${mine.id}`, { name: 'Wajah Cabang', status: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body[0].message).toBe('Data ini dikelola kantor pusat');
    const off = await t.api(managerB).put(`/api/service/multimedialabel/${mine.id}`, { name: mine.name, status: 0 });
    expect(off.status).toBe(403);
    expect(await rowsOf('multimedia_label', id)).toEqual(rows);
    // the head office renames and deactivates it everywhere
    const put = await t.api(owner).put(`/api/backoffice/master/foto-label/${id}`, { name: 'Wajah Depan', status: 0 });
    expect(put.status).toBe(200);
    expect((await rowsOf('multimedia_label', id)).map((r) => [r.name, Number(r.status)])).toEqual([
      ['Wajah Depan', 0],
      ['Wajah Depan', 0],
    ]);
    const dup = await t.api(owner).post('/api/backoffice/master/foto-label', { name: 'wajah depan' });
    expect(dup.status).toBe(409);
    expect(dup.body[0]).toMatchObject({ field: 'name', message: 'Label wajah depan sudah ada' });
    const bad = await t.api(owner).post('/api/backoffice/master/foto-label', { name: 'X' });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'name', message: 'Nama label minimal 2 karakter' });
    expect((await t.api(managerA).post('/api/backoffice/master/foto-label', { name: 'Cabang' })).status).toBe(403);
  });
});

describe('package types and packages kept by the head office', () => {
  it('a chain type reaches every branch, with its season only where the season runs', async () => {
    const res = await t.api(owner).post('/api/backoffice/master/promo', {
      name: 'Promo Rantai',
      type: 1,
      start_at: '2024-01-01',
      end_at: '2099-12-31',
      status: 1,
      season_id: seasonA,
    });
    expect(res.status).toBe(201);
    typeChain = res.body.data.id;
    const rows = await rowsOf('paket_type', typeChain);
    expect(rows.map((r) => [Number(r.profile_id), r.name, r.season_id])).toEqual([
      [branchA, 'Promo Rantai', seasonA],
      [branchB, 'Promo Rantai', null],
    ]);
    const mine = (await t.api(managerA).get('/api/paket/type')).body.data.find(
      (x: { chain_id: number | null }) => x.chain_id === typeChain,
    );
    expect(mine).toMatchObject({ profile_id: branchA, season_id: seasonA });
    const refused = await t.api(managerA).put(`/api/paket/type/${mine.id}`, { ...mine, end_at: '2030-01-01' });
    expect(refused.status).toBe(403);
    expect(refused.body[0].message).toBe('Data ini dikelola kantor pusat');
    expect(await rowsOf('paket_type', typeChain)).toEqual(rows);
    const noSeason = await t.api(owner).post('/api/backoffice/master/promo', {
      name: 'Promo Tanpa Musim',
      type: 1,
      start_at: '2024-01-01',
      season_id: 999999,
    });
    expect(noSeason.status).toBe(400);
    expect(noSeason.body[0]).toMatchObject({ field: 'season_id', message: 'Musim promo tidak ditemukan' });
  });

  it('a chain package: each branch gets its own package naming its own treatment; bad input refused', async () => {
    const counts = await countRows(t.db, 'chain_master', 'paket', 'paket_history');
    const lab = await t
      .api(owner)
      .post(
        '/api/backoffice/master/promosi',
        paketBody({ items: [{ type: 3, ref_id: treatmentChain, free_slot: 1, expired_duration: 30 }] }),
      );
    expect(lab.status).toBe(400);
    expect(lab.body[0]).toMatchObject({ field: 'items.0.type' });
    const wrongType = await t
      .api(owner)
      .post('/api/backoffice/master/promosi', paketBody({ paket_type_id: treatmentChain }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body[0]).toMatchObject({ field: 'paket_type_id', message: 'Jenis paket tidak ditemukan' });
    const badScheme = await t.api(owner).post('/api/backoffice/master/promosi', paketBody({ cicilan_amount: 100 }));
    expect(badScheme.status).toBe(400);
    expect(await countRows(t.db, 'chain_master', 'paket', 'paket_history')).toEqual(counts);

    const res = await t.api(owner).post('/api/backoffice/master/promosi', paketBody());
    expect(res.status).toBe(201);
    paketChain = res.body.data.id;
    expect(res.body.data).toMatchObject({ key: 'PKR-01', category: 'Promo Rantai' });
    expect(res.body.data.fields).toMatchObject({ price: 1200000, dp_amount: 400000, paket_type_id: typeChain });
    const pakets = await rowsOf('paket', paketChain);
    expect(pakets.map((p) => Number(p.profile_id))).toEqual([branchA, branchB]);
    const types = await rowsOf('paket_type', typeChain);
    const treatments = await rowsOf('perawatan', treatmentChain);
    for (const b of [branchA, branchB]) {
      const list = await t.api(b === branchA ? managerA : managerB).get('/api/paket/history?keyword=PKR-01');
      expect(list.body.data).toHaveLength(1);
      const h = list.body.data[0];
      expect(h).toMatchObject({ code: 'PKR-01', version: 1, price: 1200000, cicilan_attempt: 2 });
      expect(h.pakettypedata.id).toBe(Number(of(types, b).id));
      expect(h.items).toEqual([
        expect.objectContaining({ type: 1, ref_id: Number(of(treatments, b).id), free_slot: 3, expired_duration: 180 }),
      ]);
    }
  });

  it('a change is a new version in every branch; a sold package keeps its version; a branch cannot change it', async () => {
    await t.db.insert(financePeriode).values({ profile_id: branchA, start_date: '2020-01-01', status: 0 });
    const patient = await t.makePatient(branchA, { name: 'Pasien Paket Rantai' });
    const doctor = (await t.makeUser('dokter', { branchId: branchA })).id;
    const v1 = (await t.api(managerA).get('/api/paket/history?keyword=PKR-01')).body.data[0];
    const sold = await t
      .api(managerA)
      .post(
        '/api/paket/membership',
        { customer: patient, doctor, paket_history_id: v1.id },
        { 'idempotency-key': 'pkr-sold-1' },
      );
    expect(sold.status).toBe(201);

    const put = await t
      .api(owner)
      .put(`/api/backoffice/master/promosi/${paketChain}`, paketBody({ price: 1500000, dp_amount: 700000 }));
    expect(put.status).toBe(200);
    for (const [u, b] of [
      [managerA, branchA],
      [managerB, branchB],
    ] as const) {
      const p = of(await rowsOf('paket', paketChain), b);
      const got = await t.api(u).get(`/api/paket/${String(p.id)}`);
      expect(got.body.data.current).toMatchObject({ version: 2, price: 1500000, dp_amount: 700000 });
      expect(got.body.data.versions.map((v: { version: number; price: number }) => [v.version, v.price])).toEqual([
        [2, 1500000],
        [1, 1200000],
      ]);
    }
    const membership = await t.api(managerA).get(`/api/paket/membership/${sold.body.data.id}`);
    expect(membership.body.data).toMatchObject({ paket_history_id: v1.id, price: 1200000 });

    const mine = (await t.api(managerB).get('/api/paket/history?keyword=PKR-01')).body.data[0];
    const before = await countRows(t.db, 'paket', 'paket_history', 'paket_history_item');
    const refused = await t.api(managerB).put(`/api/paket/${mine.paket_id}`, {
      ...paketBody({ code: 'PKR-01', paket_type_id: mine.pakettypedata.id, price: 1, installment_schema: 0 }),
      items: [],
    });
    expect(refused.status).toBe(403);
    expect(refused.body[0].message).toBe('Data ini dikelola kantor pusat');
    expect(await countRows(t.db, 'paket', 'paket_history', 'paket_history_item')).toEqual(before);
    expect((await t.api(managerB).put(`/api/backoffice/master/promosi/${paketChain}`, paketBody())).status).toBe(403);
  });

  it('a branch opened later gets the chain labels, types and packages', async () => {
    const res = await t
      .api(owner)
      .post('/api/profile', { name: 'Cabang Paket Baru', timezone: 'Asia/Jakarta', status: 1 });
    expect(res.status).toBe(201);
    const newId = res.body.data.id as number;
    const type = of(await rowsOf('paket_type', typeChain), newId);
    expect(type).toMatchObject({ name: 'Promo Rantai', season_id: null });
    const [label] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from multimedia_label where profile_id = ${newId} and chain_id is not null`,
    );
    expect(Number(label.n)).toBe(1);
    const p = of(await rowsOf('paket', paketChain), newId);
    const [h] = await queryRows<{ version: number; price: number; paket_type_id: number; perawatan_id: number }>(
      t.db,
      sql`select h.version, h.price, h.paket_type_id, i.perawatan_id from paket_history h
          join paket_history_item i on i.paket_history_id = h.id where h.paket_id = ${Number(p.id)} and h.is_current`,
    );
    expect(Number(h.version)).toBe(1);
    expect(Number(h.price)).toBe(150_000_000);
    expect(Number(h.paket_type_id)).toBe(Number(type.id));
    expect(Number(h.perawatan_id)).toBe(Number(of(await rowsOf('perawatan', treatmentChain), newId).id));
  });

  it('the migration links copies of one label, type and package code in several branches, adding nothing', async () => {
    const mk = async (u: TestUser, url: string, body: object) => {
      const r = await t.api(u).post(url, body);
      expect(r.status).toBe(201);
      return r.body.data as Record<string, unknown>;
    };
    const la = await mk(managerA, '/api/service/multimedialabel', { name: 'Sisi Kiri Lama' });
    const lb = await mk(managerB, '/api/service/multimedialabel', { name: 'sisi kiri lama' });
    const ta = await mk(managerA, '/api/paket/type', { name: 'Promo Lama', type: 1, start_at: '2024-01-01' });
    const tb = await mk(managerB, '/api/paket/type', { name: 'Promo Lama', type: 1, start_at: '2024-02-01' });
    const body = (type: unknown, price: number) => ({
      code: 'OLD-1',
      name: 'Paket Lama',
      paket_type_id: type,
      active_at: '2024-01-01',
      price,
      items: [],
    });
    const pa = await mk(managerA, '/api/paket', body(ta.id, 500000));
    const pb = await mk(managerB, '/api/paket', body(tb.id, 550000));
    const before = await countRows(t.db, 'multimedia_label', 'paket_type', 'paket', 'paket_history');
    const [{ linked }] = await queryRows<{ linked: number }>(
      t.db,
      sql`select chain_master_link_paket_label() as linked`,
    );
    expect(Number(linked)).toBe(6);
    expect(await countRows(t.db, 'multimedia_label', 'paket_type', 'paket', 'paket_history')).toEqual(before);
    const chainOf = async (table: string, id: unknown) =>
      (
        await queryRows<{ chain_id: number | null }>(
          t.db,
          sql`select chain_id from ${sql.identifier(table)} where id = ${Number(id)}`,
        )
      )[0].chain_id;
    expect(await chainOf('multimedia_label', la.id)).not.toBeNull();
    expect(await chainOf('multimedia_label', la.id)).toBe(await chainOf('multimedia_label', lb.id));
    const typeId = await chainOf('paket_type', ta.id);
    expect(typeId).toBe(await chainOf('paket_type', tb.id));
    expect(await chainOf('paket', pa.paket_id)).toBe(await chainOf('paket', pb.paket_id));
    const chain = (await t.api(owner).get('/api/backoffice/master/promosi?keyword=OLD-1')).body.data[0];
    // the first copy's values; each branch keeps its own until the head office next changes it
    expect(chain.fields).toMatchObject({ price: 500000, paket_type_id: typeId, items: [] });
    expect((await t.api(managerB).get('/api/paket/history?keyword=OLD-1')).body.data[0]).toMatchObject({
      version: 1,
      price: 550000,
    });
    // run again: nothing more to link
    const [again] = await queryRows<{ linked: number }>(t.db, sql`select chain_master_link_paket_label() as linked`);
    expect(Number(again.linked)).toBe(0);
  });
});
