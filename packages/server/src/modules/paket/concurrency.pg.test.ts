/**
 * Concurrent duplicate registrations, on PostgreSQL only (the server-pg project): PGlite has one connection and
 * runs "parallel" requests one after another, so the race can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode, paketMembership } from '../../db/schema/index.js';

let t: TestApp;
let branch: number;
let admin: TestUser;
let doctor: number;
let historyId: number;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Serentak' });
  admin = await t.makeUser('admin', { branchId: branch });
  doctor = (await t.makeUser('dokter', { branchId: branch })).id;
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  const facial = await t
    .api(admin)
    .post('/api/master/tindakanmedis', { code: 'TM-FAC', name: 'Facial', price: 500000, doctor_share: 100000 });
  expect(facial.status).toBe(201);
  const type = await t
    .api(admin)
    .post('/api/paket/type', { name: 'Promo Serentak', type: 1, start_at: '2024-01-01', end_at: '2099-12-31' });
  expect(type.status).toBe(201);
  const paket = await t.api(admin).post('/api/paket', {
    code: 'PKT-SER',
    name: 'Paket Serentak',
    paket_type_id: type.body.data.id,
    active_at: '2024-01-01',
    price: 3000000,
    description: '',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [{ type: 1, ref_id: facial.body.data.id, free_slot: 6, expired_duration: 180 }],
  });
  expect(paket.status).toBe(201);
  historyId = paket.body.data.id;
});
afterAll(() => t.close());

describe('concurrent package registrations (PostgreSQL)', () => {
  it('registers once for concurrent duplicates, with and without an idempotency key', async () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
    const patient = await t.makePatient(branch, { name: 'Pasien Serentak' });
    const body = { customer: patient, doctor, paket_history_id: historyId };
    const keyed = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.api(admin).post('/api/paket/membership', body, { 'idempotency-key': 'serentak-key-1' }),
      ),
    );
    expect(keyed.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(keyed.map((r) => r.body.data.code)).size).toBe(1);
    const patient2 = await t.makePatient(branch, { name: 'Pasien Serentak Dua' });
    const keyless = await Promise.all(
      Array.from({ length: 3 }, () => t.api(admin).post('/api/paket/membership', { ...body, customer: patient2 })),
    );
    expect(new Set(keyless.map((r) => r.body.data.code)).size).toBe(1);
    const rows = await t.db.select().from(paketMembership).where(eq(paketMembership.customer_id, patient));
    const rows2 = await t.db.select().from(paketMembership).where(eq(paketMembership.customer_id, patient2));
    expect(rows).toHaveLength(1);
    expect(rows2).toHaveLength(1);
    const journals = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jurnal where source_type = 'paket_membership' and source_id in (${String(rows[0].id)}, ${String(rows2[0].id)})`,
    );
    expect(Number(journals[0].n)).toBe(2);
  });
});
