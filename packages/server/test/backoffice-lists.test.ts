import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 30 item 1: the Backoffice lists of people and visits (/backoffice/pasien, /backoffice/kunjungan,
 * /backoffice/account/user) read every branch or the branches named (profile_id=1,2) for owner and developer,
 * refuse everyone else (403), and every answered patient joins the read trail.
 */
let t: TestApp;
let a: number;
let b: number;
let c: number;
let owner: TestUser;
let developer: TestUser;
let managerA: TestUser;
let managerHr: TestUser;
let patientA: number;
let patientB: number;
let patientC: number;

const trail = async (user: TestUser) =>
  queryRows<{ action: string; entity: string; after: { ids: number[] } }>(
    t.db,
    sql`select action, entity, after from audit_log where user_id = ${user.id} and entity = 'patient' order by id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  a = await t.makeBranch({ name: 'Cabang Jakarta' });
  b = await t.makeBranch({ name: 'Cabang Bandung' });
  c = await t.makeBranch({ name: 'Cabang Surabaya' });
  owner = await t.makeUser('manager', { branchId: a, toplevel: 'owner' });
  developer = await t.makeUser('manager', { branchId: b, toplevel: 'developer' });
  managerA = await t.makeUser('manager', { branchId: a, name: 'Manajer Jakarta' });
  managerHr = await t.makeUser('manager', { branchId: a, toplevel: 'managerhr' });
  await t.makeUser('admin', { branchId: b, name: 'Admin Bandung' });
  await t.makeUser('perawat', { branchId: c, name: 'Perawat Surabaya' });
  patientA = await t.makePatient(a, { name: 'Ani Jakarta' });
  patientB = await t.makePatient(b, { name: 'Budi Bandung' });
  patientC = await t.makePatient(c, { name: 'Citra Surabaya' });
  for (const [branch, patient] of [
    [a, patientA],
    [b, patientB],
    [c, patientC],
  ]) {
    const admin = await t.makeUser('admin', { branchId: branch });
    const doctor = await t.makeUser('dokter', { branchId: branch, password: null });
    const res = await t.api(admin).post('/api/service/visit', {
      customer: patient,
      doctor: doctor.id,
      kind: 'konsultasi',
      complaint: 'Kontrol',
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
});
afterAll(() => t.close());

type Row = { id: number; profile_id: number; name: string };

describe('GET /api/backoffice/pasien', () => {
  it('answers every branch, or the branches named, to owner and developer, with each row on the trail', async () => {
    const all = await t.api(owner).get('/api/backoffice/pasien');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect((all.body.data as Row[]).map((r) => [r.name, r.profile_id]).sort()).toEqual([
      ['Ani Jakarta', a],
      ['Budi Bandung', b],
      ['Citra Surabaya', c],
    ]);
    const two = await t.api(developer).get(`/api/backoffice/pasien?profile_id=${b},${c}`);
    expect((two.body.data as Row[]).map((r) => r.id).sort()).toEqual([patientB, patientC].sort());
    const one = await t.api(owner).get(`/api/backoffice/pasien?profile_id=${a}&keyword=ani`);
    expect((one.body.data as Row[]).map((r) => r.id)).toEqual([patientA]);
    const paged = await t.api(owner).get('/api/backoffice/pasien?limit=2&page=2');
    expect(paged.body).toMatchObject({ count: 3, data: [expect.anything()] });
    const rows = await trail(owner);
    expect(rows.map((r) => r.action)).toEqual(['read_list', 'read_list', 'read_list']);
    expect(rows[0].after.ids.sort()).toEqual([patientA, patientB, patientC].sort());
    expect(rows[1].after.ids).toEqual([patientA]);
    expect((await trail(developer))[0].after.ids.sort()).toEqual([patientB, patientC].sort());
  });

  it('refuses branch users and the other top-level roles (403) and writes nothing', async () => {
    for (const u of [managerA, managerHr]) {
      const res = await t.api(u).get(`/api/backoffice/pasien?profile_id=${b}`);
      expect(res.status).toBe(403);
      expect(await trail(u)).toEqual([]);
    }
    await expect(t.trpc(managerA).users.backofficePatients({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a malformed branch filter next to the field', async () => {
    const res = await t.api(owner).get('/api/backoffice/pasien?profile_id=1,x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'Cabang tidak valid', field: 'profile_id.1' }]);
  });
});

describe('GET /api/backoffice/kunjungan', () => {
  it('lists the visits of every branch or the ones named, each patient on the trail', async () => {
    const all = await t.api(owner).get('/api/backoffice/kunjungan?fromdate=2026-11-01&todate=2026-11-30');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    const named = await t.api(owner).get(`/api/backoffice/kunjungan?profile_id=${c}`);
    expect(
      named.body.data.map((v: { profile_id: number; customer: { id: number } }) => [v.profile_id, v.customer.id]),
    ).toEqual([[c, patientC]]);
    const rows = (await trail(owner)).slice(-2);
    expect(rows[0].after.ids.sort()).toEqual([patientA, patientB, patientC].sort());
    expect(rows[1].after.ids).toEqual([patientC]);
    const bad = await t.api(owner).get('/api/backoffice/kunjungan?fromdate=2026-11-30&todate=2026-11-01');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Tanggal akhir sebelum tanggal awal', field: 'todate' }]);
  });

  it('refuses a branch user (403)', async () => {
    expect((await t.api(managerA).get('/api/backoffice/kunjungan')).status).toBe(403);
  });
});

describe('GET /api/backoffice/account/user', () => {
  it('lists staff accounts of every branch with branch, role and status, never patients', async () => {
    const all = await t.api(owner).get('/api/backoffice/account/user?limit=100');
    expect(all.status).toBe(200);
    const data = all.body.data as (Row & { role: number; rolename: string; status: number })[];
    expect(data.some((u) => u.role === 1)).toBe(false);
    expect(new Set(data.map((u) => u.profile_id))).toEqual(new Set([a, b, c]));
    expect(data.find((u) => u.name === 'Perawat Surabaya')).toMatchObject({ profile_id: c, status: 1 });
    const bandung = await t.api(owner).get(`/api/backoffice/account/user?profile_id=${b}&keyword=admin bandung`);
    expect(bandung.body.data.map((u: Row) => u.name)).toEqual(['Admin Bandung']);
    expect((await t.api(managerA).get('/api/backoffice/account/user')).status).toBe(403);
  });
});
