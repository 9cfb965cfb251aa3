/**
 * Races of the medical record, on PostgreSQL only (the server-pg project): PGlite has one connection and runs
 * "parallel" requests one after another, so a race can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let manager: TestUser;
let dokter: TestUser;
let dokter2: TestUser;
let patient: number;

async function visitWithSoap(): Promise<{ visit: number; soap: number }> {
  const v = await t
    .api(manager)
    .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
  const s = await t
    .api(dokter)
    .post(`/api/rekammedis/visit/${v.body.data.id}/soap`, { subjective: 'Pusing', assessment: 'Cefalgia' });
  expect(s.status).toBe(201);
  return { visit: v.body.data.id, soap: s.body.data.id };
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik RM Serentak' });
  manager = await t.makeUser('manager', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch });
  dokter2 = await t.makeUser('dokter', { branchId: branch });
  patient = await t.makePatient(branch, { name: 'Pasien Serentak RM' });
});
afterAll(() => t.close());

describe('medical record races on PostgreSQL', () => {
  it('two concurrent finishes: one 200, one 409, the visit moved once', async () => {
    for (let round = 0; round < 4; round++) {
      const { visit } = await visitWithSoap();
      const [a, b] = await Promise.all([
        t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {}),
        t.api(dokter2).post(`/api/rekammedis/visit/${visit}/finish`, {}),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [log] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from visit_status_log where visit_id = ${visit} and to_status = 'selesai'`,
      );
      expect(log.n).toBe(1);
    }
  });

  it('two concurrent corrections of the same version: one lands, the other is 409, nothing lost', async () => {
    for (let round = 0; round < 4; round++) {
      const { soap } = await visitWithSoap();
      const [a, b] = await Promise.all([
        t
          .api(dokter)
          .put(`/api/rekammedis/soap/${soap}`, { subjective: 'Pusing berputar', reason: 'Koreksi A', version: 1 }),
        t
          .api(dokter2)
          .put(`/api/rekammedis/soap/${soap}`, { subjective: 'Sakit kepala', reason: 'Koreksi B', version: 1 }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const versions = await queryRows<{ version: number }>(
        t.db,
        sql`select version from rm_entry_version where entry_id = ${soap} order by version`,
      );
      expect(versions.map((v) => v.version)).toEqual([1, 2]);
    }
  });

  it('two concurrent corrections without a version: both kept as successive versions or one 409, never a gap', async () => {
    const { soap } = await visitWithSoap();
    const res = await Promise.all(
      [1, 2, 3].map((i) =>
        t.api(dokter).put(`/api/rekammedis/soap/${soap}`, { subjective: `Koreksi ${i}`, reason: `Alasan ${i}` }),
      ),
    );
    const ok = res.filter((r) => r.status === 200).length;
    expect(res.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const versions = await queryRows<{ version: number }>(
      t.db,
      sql`select version from rm_entry_version where entry_id = ${soap} order by version`,
    );
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: ok + 1 }, (_, i) => i + 1));
    const [head] = await queryRows<{ version: number }>(
      t.db,
      sql`select version from rm_entry_head where entry_id = ${soap}`,
    );
    expect(head.version).toBe(ok + 1);
  });

  it('a write racing a finish either lands before it or needs the correction reason', async () => {
    const { visit } = await visitWithSoap();
    const [w, f] = await Promise.all([
      t.api(dokter2).post(`/api/rekammedis/visit/${visit}/soap`, { subjective: 'Tambahan' }),
      t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {}),
    ]);
    expect(f.status).toBe(200);
    expect([201, 400]).toContain(w.status);
    if (w.status === 400) expect(w.body[0].field).toBe('reason');
  });

  it('the same Idempotency-Key twice at once writes one entry', async () => {
    const v = await t
      .api(manager)
      .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
    const body = { subjective: 'Idempoten' };
    const [a, b] = await Promise.all([
      t.api(dokter).post(`/api/rekammedis/visit/${v.body.data.id}/soap`, body, { 'Idempotency-Key': 'rm-race-1' }),
      t.api(dokter).post(`/api/rekammedis/visit/${v.body.data.id}/soap`, body, { 'Idempotency-Key': 'rm-race-1' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.data.id).toBe(b.body.data.id);
  });
});
