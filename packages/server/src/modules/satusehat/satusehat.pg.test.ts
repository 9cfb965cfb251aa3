import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { startSatusehatSim, type SatusehatSim } from '../../satusehat-sim/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { sendSatusehatVisit } from './index.js';
import { StillWaiting } from './sender.js';
import { finishedSatusehatVisit, satusehatBranch, SIM_CLIENT_A } from '../../../test/satusehat-fixtures.js';

// Races on PostgreSQL: two jobs for one waiting visit (two processes sweeping at once) send it once; the row's job
// is a compare-and-set in the database.
let sim: SatusehatSim;
let t: TestApp;

beforeAll(async () => {
  sim = await startSatusehatSim();
  t = await createTestApp({ satusehatAuthUrl: sim.authUrl, satusehatBaseUrl: sim.baseUrl });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('SATUSEHAT outbox races', () => {
  it('two jobs for the same visit at once: one sends, the Encounter arrives once', async () => {
    const branch = await t.makeBranch({ name: 'Klinik Balapan' });
    const ops = await t.makeUser('manager', { branchId: branch, toplevel: 'manageroperational' });
    const manager = await t.makeUser('manager', { branchId: branch });
    const dokter = await t.makeUser('dokter', { branchId: branch });
    const patient = await t.makePatient(branch, { name: 'Pasien Balapan' });
    const put = (b: object) => t.api(ops).put('/api/satusehat/mappings', b);
    expect(
      (
        await t.api(ops).put(`/api/satusehat/settings/${branch}`, {
          organization_id: '100000001',
          client_id: 'sim-client-pusat',
          client_secret: 'sim-secret-pusat',
          environment: 'staging',
        })
      ).status,
    ).toBe(200);
    expect((await put({ kind: 'location', local_key: 'konsultasi', code: 'loc-1' })).status).toBe(200);
    expect((await put({ kind: 'practitioner', local_key: String(dokter.id), code: '10009880728' })).status).toBe(200);
    expect((await put({ kind: 'patient', local_key: String(patient), code: 'P02478375538' })).status).toBe(200);
    const v = await t
      .api(manager)
      .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
    await t.api(dokter).post(`/api/rekammedis/visit/${v.body.data.id}/soap`, {
      subjective: 'Demam',
      diagnoses: [{ code: 'J06.9', primary: true }],
    });
    expect((await t.api(dokter).post(`/api/rekammedis/visit/${v.body.data.id}/finish`, {})).status).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from satusehat_visit where visit_id = ${v.body.data.id}`,
    );
    const env = { db: t.db, config: t.config, now: () => new Date() };
    await Promise.all([
      sendSatusehatVisit(env, Number(row.id), '00000000-0000-4000-8000-00000000000a'),
      sendSatusehatVisit(env, Number(row.id), '00000000-0000-4000-8000-00000000000b'),
    ]);
    const [after] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from satusehat_visit where id = ${row.id}`,
    );
    expect(after.status).toBe('sent');
    expect(sim.state.stored('sim-client-pusat', 'Encounter')).toHaveLength(1);
    expect(sim.state.writes.filter((w) => w.method === 'POST' && w.resourceType === 'Encounter')).toHaveLength(1);
  });

  it('one job run twice at once (its expiry passed while it still sends): the second run is refused, each resource arrives once', async () => {
    const branch = await t.makeBranch({ name: 'Klinik Kedaluwarsa' });
    const id = await finishedSatusehatVisit(
      t,
      await satusehatBranch(t, branch, '3171010101800001', '3171015101750001', SIM_CLIENT_A),
    );
    const job = '00000000-0000-4000-8000-00000000000c';
    // The queue gave the row this job (queueOne), and runs it again beside the first run.
    await t.db.execute(sql`update satusehat_visit set job_id = ${job} where id = ${id}`);
    const posts = () => sim.state.writes.filter((w) => w.method === 'POST' && w.resourceType === 'Encounter').length;
    const before = posts();
    sim.state.delayMs = 100;
    try {
      const env = { db: t.db, config: t.config, now: () => new Date() };
      const runs = await Promise.allSettled([sendSatusehatVisit(env, id, job), sendSatusehatVisit(env, id, job)]);
      expect(runs.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((runs.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(StillWaiting);
    } finally {
      sim.state.delayMs = 0;
    }
    const [after] = await queryRows<{ status: string }>(t.db, sql`select status from satusehat_visit where id = ${id}`);
    expect(after.status).toBe('sent');
    expect(posts() - before).toBe(1);
  });
});
