import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { sweepSatusehat } from './index.js';

// Settings (secret write-only), mappings, and a finished visit of a branch without settings: waits, then 'not
// configured' with the reason, resendable. The flow against the simulator is in satusehat-sim.test.ts.
let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
let managerOps: TestUser;
let managerOpsB: TestUser;
let dokter: TestUser;
let manager: TestUser;
let patient: number;

const SECRET = 'rahasia-sekali-12345';
const settings = {
  organization_id: '100000001',
  client_id: 'client-a',
  client_secret: SECRET,
  environment: 'staging',
  province_code: '31',
  city_code: '3171',
  district_code: '317101',
  village_code: '3171011001',
  postal_code: '10110',
  latitude: -6.2,
  longitude: 106.8,
};

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik SS A' });
  branchB = await t.makeBranch({ name: 'Klinik SS B' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerOps = await t.makeUser('manager', { branchId: branchA, toplevel: 'manageroperational' });
  managerOpsB = await t.makeUser('manager', { branchId: branchB, toplevel: 'manageroperational' });
  manager = await t.makeUser('manager', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Rina' });
  patient = await t.makePatient(branchA, { name: 'Budi SS', idcard: '3171010101800001' });
});
afterAll(() => t.close());

describe('SATUSEHAT settings', () => {
  it('stores the settings with the secret write-only and encrypted', async () => {
    const first = await t.api(managerOps).put(`/api/satusehat/settings/${branchA}`, { ...settings, client_secret: '' });
    expect(first.status).toBe(400);
    expect(first.body).toEqual([{ message: 'Client secret wajib diisi', field: 'client_secret' }]);
    const saved = await t.api(managerOps).put(`/api/satusehat/settings/${branchA}`, settings);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      profile_id: branchA,
      configured: true,
      has_secret: true,
      client_id: 'client-a',
    });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const list = await t.api(managerOps).get('/api/satusehat/settings');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    expect(list.body.data[0]).toMatchObject({ profile_id: branchA, has_secret: true, token: { state: 'none' } });
    // A blank secret keeps the stored one.
    const again = await t.api(managerOps).put(`/api/satusehat/settings/${branchA}`, {
      ...settings,
      client_secret: undefined,
      client_id: 'client-a2',
    });
    expect(again.body.data).toMatchObject({ client_id: 'client-a2', has_secret: true });
    const [row] = await queryRows<{ enc: string }>(
      t.db,
      sql`select client_secret_enc as enc from satusehat_setting where profile_id = ${branchA}`,
    );
    expect(row.enc).not.toContain(SECRET);
    const trail = await queryRows<{ t: string }>(
      t.db,
      sql`select coalesce(before::text, '') || coalesce(after::text, '') as t from audit_log where entity = 'satusehat_setting'`,
    );
    expect(trail.length).toBe(2);
    for (const r of trail) expect(r.t).not.toContain(SECRET);
    await t.api(managerOps).put(`/api/satusehat/settings/${branchA}`, settings);
  });

  it('refuses bad input next to the field, other roles and other branches, writing nothing', async () => {
    const before = await countRows(t.db, 'satusehat_setting', 'audit_log');
    const bad = await t.api(owner).put(`/api/satusehat/settings/${branchB}`, {
      ...settings,
      organization_id: 'x y',
      environment: 'uji',
      latitude: 100,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      expect.arrayContaining([
        { message: 'Organization ID hanya huruf, angka dan tanda -', field: 'organization_id' },
        { message: 'Pilih lingkungan: development, staging atau production', field: 'environment' },
        { message: 'Latitude antara -90 dan 90', field: 'latitude' },
      ]),
    );
    expect((await t.api(manager).put(`/api/satusehat/settings/${branchA}`, settings)).status).toBe(403);
    expect((await t.api(dokter).get('/api/satusehat/settings')).status).toBe(403);
    // The issue names owner, developer and the manager operational: not the manager HR.
    const managerHr = await t.makeUser('manager', { branchId: branchA, toplevel: 'managerhr' });
    expect((await t.api(managerHr).put(`/api/satusehat/settings/${branchA}`, settings)).status).toBe(403);
    expect((await t.api(managerHr).get('/api/satusehat/visits')).status).toBe(403);
    // Another branch's settings are not found, for a manager of branch B and for the owner in branch A alike.
    expect((await t.api(owner).put(`/api/satusehat/settings/${branchB}`, settings)).status).toBe(404);
    expect((await t.api(managerOpsB).put(`/api/satusehat/settings/${branchA}`, settings)).status).toBe(404);
    expect((await t.api(managerOpsB).post(`/api/satusehat/settings/${branchA}/test`, {})).status).toBe(404);
    expect(await countRows(t.db, 'satusehat_setting', 'audit_log')).toEqual(before);
  });

  it("'Tes koneksi' of a branch without settings says why", async () => {
    const res = await t.api(managerOpsB).post(`/api/satusehat/settings/${branchB}/test`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ok: false,
      message: 'Pengaturan SATUSEHAT cabang ini belum diisi',
      expires_at: null,
    });
  });
});

describe('SATUSEHAT mappings', () => {
  it('maps locations and treatments, shows what is unmapped, refuses bad codes', async () => {
    const unmapped = await t.api(managerOps).get('/api/satusehat/mappings?kind=location&unmapped=1');
    expect(unmapped.status).toBe(200);
    expect(unmapped.body.count).toBe(3);
    const ok = await t.api(managerOps).put('/api/satusehat/mappings', {
      kind: 'location',
      local_key: 'konsultasi',
      code: 'b017aa54-f1df-4ec2-9d84-8823815d7228',
      display: 'Poli Umum',
    });
    expect(ok.status).toBe(200);
    const after = await t.api(managerOps).get('/api/satusehat/mappings?kind=location&unmapped=1');
    expect(after.body.count).toBe(2);
    const bad = await t
      .api(managerOps)
      .put('/api/satusehat/mappings', { kind: 'patient', local_key: String(patient), code: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Nomor IHS pasien diawali P lalu angka', field: 'code' }]);
    const doctors = await t.api(managerOps).get('/api/satusehat/mappings?kind=practitioner&unmapped=1');
    expect(doctors.body.data.map((r: { name: string }) => r.name)).toContain('dr. Rina');
    const patients = await t.api(managerOps).get('/api/satusehat/mappings?kind=patient');
    expect(patients.body.data[0]).toMatchObject({ name: 'Budi SS', nik: '••••••••••••0001', code: null });
    // Another branch's patient is not found.
    const otherPatient = await t.makePatient(branchB, { name: 'Pasien B' });
    const other = await t.api(managerOps).put('/api/satusehat/mappings', {
      kind: 'patient',
      local_key: String(otherPatient),
      code: 'P02478375538',
    });
    expect(other.status).toBe(404);
  });
});

describe('SATUSEHAT outbox without settings', () => {
  it('a finished visit of a branch without settings is not configured, with the reason, and resendable', async () => {
    const patientB = await t.makePatient(branchB, { name: 'Siti B' });
    const dokterB = await t.makeUser('dokter', { branchId: branchB });
    const managerB = await t.makeUser('manager', { branchId: branchB });
    const v = await t
      .api(managerB)
      .post('/api/service/visit', { customer: patientB, doctor: dokterB.id, kind: 'konsultasi' });
    expect(v.status).toBe(201);
    const visitId = v.body.data.id;
    await t.api(dokterB).post(`/api/rekammedis/visit/${visitId}/soap`, {
      subjective: 'Demam',
      diagnoses: [{ code: 'J06.9', primary: true }],
    });
    expect((await t.api(dokterB).post(`/api/rekammedis/visit/${visitId}/finish`, {})).status).toBe(200);
    const waiting = await t.api(managerOpsB).get('/api/satusehat/visits?status=waiting');
    expect(waiting.body.count).toBe(1);
    expect(waiting.body.data[0]).toMatchObject({ visit_id: visitId, status: 'waiting', patient_name: 'Siti B' });
    const { sendSatusehatVisit } = await import('./index.js');
    await sendSatusehatVisit({ db: t.db, config: t.config, now: () => new Date() }, waiting.body.data[0].id);
    const nc = await t.api(managerOpsB).get('/api/satusehat/visits?status=not_configured');
    expect(nc.body.data[0]).toMatchObject({
      status: 'not_configured',
      reason: 'Pengaturan SATUSEHAT cabang ini belum diisi',
    });
    // Branch A sees none of branch B's rows; resending one of them is not found.
    expect((await t.api(managerOps).get('/api/satusehat/visits')).body.count).toBe(0);
    expect((await t.api(managerOps).post(`/api/satusehat/visits/${nc.body.data[0].id}/resend`, {})).status).toBe(404);
    const summary = await t.api(managerOpsB).get('/api/satusehat/summary');
    expect(summary.body.data.branches[0]).toMatchObject({
      profile_id: branchB,
      configured: false,
      finished_visits: 1,
      encounters_sent: 0,
      failed: 1,
      failures: [{ reason: 'Pengaturan SATUSEHAT cabang ini belum diisi', count: 1 }],
    });
    // The badge on the visit's record page: its readers see the status and the reason; nobody else.
    const badge = await t.api(dokterB).get(`/api/satusehat/visit/${visitId}`);
    expect(badge.status).toBe(200);
    expect(badge.body.data).toMatchObject({ visit_id: visitId, status: 'not_configured' });
    expect(badge.body.data.reason).toBe('Pengaturan SATUSEHAT cabang ini belum diisi');
    expect((await t.api(dokter).get(`/api/satusehat/visit/${visitId}`)).status).toBe(404);
    const finance = await t.makeUser('finance', { branchId: branchB });
    expect((await t.api(finance).get(`/api/satusehat/visit/${visitId}`)).status).toBe(403);
    const again = await t.api(managerOpsB).post(`/api/satusehat/visits/${nc.body.data[0].id}/resend`, {});
    expect(again.status).toBe(200);
    expect((await t.api(managerOpsB).get('/api/satusehat/visits?status=waiting')).body.count).toBe(1);
    expect(typeof sweepSatusehat).toBe('function');
  });
});
