/**
 * Races of the queue, on PostgreSQL only (the server-pg project): PGlite has one connection and runs "parallel"
 * requests one after another, so a race can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { VISIT_EVENT_CHANNEL } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { openDatabase, queryRows } from '../../db/client.js';
import { BranchEvents, type BranchEvent } from '../../lib/branch-events.js';

let t: TestApp;
let branch: number;
let admin: TestUser;
let manager: TestUser;
let dokter: TestUser;
let patients: number[];

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Serentak' });
  admin = await t.makeUser('admin', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch });
  patients = [];
  for (let i = 0; i < 8; i++) patients.push(await t.makePatient(branch, { name: `Pasien Serentak ${i}` }));
});
afterAll(() => t.close());

describe('visit races on PostgreSQL', () => {
  it('two concurrent transitions from the same status: one 200, one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const v = (
        await t
          .api(admin)
          .post('/api/service/visit', { customer: patients[round], doctor: dokter.id, kind: 'konsultasi' })
      ).body.data;
      const [a, b] = await Promise.all([
        t.api(admin).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' }),
        // Both call the patient: whichever lands second is refused in any timing (after 'dipanggil', 'batal' would be
        // allowed, so a cancel racing a call only conflicts when the two overlap exactly, which the machine decides).
        t.api(manager).post(`/api/service/visit/${v.id}/status`, { status: 'dipanggil' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body[0].message).toMatch(/^Status kunjungan tidak dapat diubah dari (Dipanggil|Batal) ke/);
      const [log] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from visit_status_log where visit_id = ${v.id}`,
      );
      expect(log.n).toBe(2);
    }
  });

  it('concurrent registrations for one doctor get distinct, gapless queue numbers', async () => {
    const other = await t.makeUser('dokter', { branchId: branch });
    const res = await Promise.all(
      patients.map((p) =>
        t.api(admin).post('/api/service/visit', { customer: p, doctor: other.id, kind: 'konsultasi' }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(patients.map(() => 201));
    expect(res.map((r) => r.body.data.queue_number as number).sort((x, y) => x - y)).toEqual(
      patients.map((_, i) => i + 1),
    );
  });

  it('a change reaches the listener of another app process on the same database', async () => {
    const second = await openDatabase({ databaseUrl: t.databaseUrl });
    const hub = new BranchEvents();
    await hub.start(second);
    const got: BranchEvent[] = [];
    const otherBranch: BranchEvent[] = [];
    hub.subscribe(VISIT_EVENT_CHANNEL, branch, { onEvent: (e) => got.push(e), onState: () => {} });
    hub.subscribe(VISIT_EVENT_CHANNEL, branch + 1000, { onEvent: (e) => otherBranch.push(e), onState: () => {} });
    try {
      const v = (
        await t.api(admin).post('/api/service/visit', { customer: patients[0], doctor: dokter.id, kind: 'tindakan' })
      ).body.data;
      await vi.waitFor(() => expect(got.some((e) => e.ids.includes(v.id))).toBe(true), { timeout: 5000, interval: 20 });
      expect(otherBranch).toEqual([]);
    } finally {
      await hub.stop();
      await second.close();
    }
  });
});
