/**
 * The idempotency protocol under concurrency (http/idempotency.ts), on PostgreSQL only (the server-pg project):
 * twins of one request sent at once write once and all answer the first result; the same key sent at once for
 * two patients writes one entry and refuses the other (issue 27 item 2, issue 25 finding 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';
import { queryRows } from '../src/db/client.js';

let t: TestApp;
let manager: TestUser;
let dokter: TestUser;
let patientA: number;
let patientB: number;

async function visitOf(patient: number): Promise<number> {
  const v = await t
    .api(manager)
    .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  return v.body.data.id as number;
}

async function entriesOf(visit: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from rm_entry where visit_id = ${visit}`,
  );
  return Number(r.n);
}

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Klinik Kunci Serentak' });
  manager = await t.makeUser('manager', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch });
  patientA = await t.makePatient(branch, { name: 'Pasien Kunci A' });
  patientB = await t.makePatient(branch, { name: 'Pasien Kunci B' });
});
afterAll(() => t.close());

describe('Idempotency-Key races on PostgreSQL', () => {
  it('five twins of one SOAP note at once: one entry, one 201 and four 200 with the same entry', async () => {
    const visit = await visitOf(patientA);
    const body = { subjective: 'Gatal di lengan', assessment: 'Dermatitis' };
    const res = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        t.api(dokter).post(`/api/rekammedis/visit/${visit}/soap`, body, { 'Idempotency-Key': 'kembar-soap-0001' }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(res.map((r) => r.body.data.id)).size).toBe(1);
    expect(await entriesOf(visit)).toBe(1);
  });

  it('one key sent at once for two patients: one allergy written, the other request 409 writing nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const [va, vb] = [await visitOf(patientA), await visitOf(patientB)];
      const before = await countRows(t.db, 'rm_entry', 'rm_entry_version', 'audit_log', 'idempotency_request');
      const key = { 'Idempotency-Key': `alergi-silang-${round}` };
      const [a, b] = await Promise.all([
        t.api(dokter).post(`/api/rekammedis/visit/${va}/alergi`, { allergen: 'Amoksisilin' }, key),
        t.api(dokter).post(`/api/rekammedis/visit/${vb}/alergi`, { allergen: 'Amoksisilin' }, key),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const refused = a.status === 409 ? a : b;
      expect(refused.body).toEqual([
        { field: 'Idempotency-Key', message: 'Idempotency-Key sudah dipakai untuk permintaan lain.' },
      ]);
      expect((await entriesOf(va)) + (await entriesOf(vb))).toBe(1);
      const after = await countRows(t.db, 'rm_entry', 'rm_entry_version', 'audit_log', 'idempotency_request');
      expect(after.rm_entry).toBe(before.rm_entry + 1);
      expect(after.idempotency_request).toBe(before.idempotency_request + 1);
    }
  });
});
