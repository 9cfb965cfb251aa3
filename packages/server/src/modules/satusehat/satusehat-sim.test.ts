import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { startSatusehatSim, type SatusehatSim } from '../../satusehat-sim/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import {
  finishedSatusehatVisit,
  satusehatBranch,
  settingsOf,
  SIM_CLIENT_A,
  SIM_CLIENT_B,
  type SatusehatBranch,
} from '../../../test/satusehat-fixtures.js';
import { sendSatusehatVisit, sweepSatusehat } from './index.js';

// The sending flow against the simulator: two branches with their own credentials, every resource arriving once
// (resends, a lost answer), token requests cached and none within a minute of a failed one, 500/429 retried until
// accepted, a rule violation shown and resendable. The queue itself (sweep, pg-boss retries) in the last test.
let sim: SatusehatSim;
let t: TestApp;
let branchA: number;
let branchB: number;
let owner: TestUser;
const people: Record<number, SatusehatBranch> = {};

const CLIENT_A = SIM_CLIENT_A;
const CLIENT_B = SIM_CLIENT_B;

async function setup(branch: number, patientNik: string, doctorNik: string, client: typeof CLIENT_A) {
  const b = await satusehatBranch(t, branch, patientNik, doctorNik, client);
  people[branch] = b;
  return b.operator;
}
const finishedVisit = (branch: number) => finishedSatusehatVisit(t, people[branch]);

const env = () => ({ db: t.db, config: t.config, now: () => new Date() });
const status = async (id: number) =>
  (
    await queryRows<{ status: string; reason: string | null }>(
      t.db,
      sql`select status, reason from satusehat_visit where id = ${id}`,
    )
  )[0];

async function until(id: number, want: string) {
  for (let i = 0; i < 80 && (await status(id)).status !== want; i++) await new Promise((r) => setTimeout(r, 500));
  expect(await status(id)).toMatchObject({ status: want });
}

beforeAll(async () => {
  sim = await startSatusehatSim();
  t = await createTestApp({
    satusehatAuthUrl: sim.authUrl,
    satusehatBaseUrl: sim.baseUrl,
    satusehatRetryDelaySeconds: 1,
    // The sweep runs when the test asks (a direct send and a sweep at once would race as two jobs never do).
    satusehatSweepSeconds: 3600,
  });
  branchA = await t.makeBranch({ name: 'Klinik Pusat' });
  branchB = await t.makeBranch({ name: 'Klinik Cabang' });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('SATUSEHAT against the simulator', () => {
  it("'Tes koneksi' asks for a token; after a failed one no request within a minute", async () => {
    await setup(branchA, '3171010101800001', '3171015101750001', CLIENT_A);
    const ok = await t.api(owner).post(`/api/satusehat/settings/${branchA}/test`, {});
    expect(ok.body.data).toMatchObject({ ok: true });
    const wrong = { ...settingsOf(CLIENT_B), client_secret: 'salah' };
    // Settings are branch data: the owner in branch A does not write branch B's (switch branch first).
    expect((await t.api(owner).put(`/api/satusehat/settings/${branchB}`, wrong)).status).toBe(404);
    const opsB = await t.makeUser('manager', { branchId: branchB, toplevel: 'manageroperational' });
    expect((await t.api(opsB).put(`/api/satusehat/settings/${branchB}`, wrong)).status).toBe(200);
    const before = sim.state.tokenRequestsByClient.get(CLIENT_B.id) ?? 0;
    const bad = await t.api(opsB).post(`/api/satusehat/settings/${branchB}/test`, {});
    expect(bad.body.data.ok).toBe(false);
    const again = await t.api(opsB).post(`/api/satusehat/settings/${branchB}/test`, {});
    expect(again.body.data.ok).toBe(false);
    expect(sim.state.tokenRequestsByClient.get(CLIENT_B.id)).toBe(before + 1);
    const board = await t.api(owner).get(`/api/satusehat/summary?profile_id=${branchB}`);
    expect(board.body.data.branches[0].token.state).toBe('failed');
    // The right secret; the failure's minute is over (the wait is stored in the database, shared by processes).
    await t.db.execute(
      sql`update satusehat_token set failed_at = now() - interval '2 minutes' where client_id = ${CLIENT_B.id}`,
    );
    await setup(branchB, '3171014101850002', '3171010303780002', CLIENT_B);
  });

  it('sends each branch with its own credentials, every resource once, resends included', async () => {
    const a = await finishedVisit(branchA);
    const b = await finishedVisit(branchB);
    const tokensBefore = sim.state.tokenRequests;
    await sendSatusehatVisit(env(), a);
    await sendSatusehatVisit(env(), b);
    expect(await status(a)).toMatchObject({ status: 'sent', reason: null });
    expect(await status(b)).toMatchObject({ status: 'sent', reason: null });
    for (const [client, org] of [
      [CLIENT_A.id, CLIENT_A.org],
      [CLIENT_B.id, CLIENT_B.org],
    ]) {
      expect(sim.state.stored(client, 'Encounter')).toHaveLength(1);
      expect(sim.state.stored(client, 'Condition')).toHaveLength(1);
      expect(sim.state.stored(client, 'Procedure')).toHaveLength(1);
      expect(sim.state.stored(client, 'Observation')).toHaveLength(4);
      expect(sim.state.stored(client, 'MedicationRequest')).toHaveLength(1);
      const enc = sim.state.stored(client, 'Encounter')[0] as unknown as { identifier: { system: string }[] };
      expect(enc.identifier[0].system).toBe(`http://sys-ids.kemkes.go.id/encounter/${org}`);
    }
    // Cached tokens: one per client for both visits at most.
    expect(sim.state.tokenRequests - tokensBefore).toBeLessThanOrEqual(2);
    // A resend (after a lost answer: the outbox forgets it was sent) creates nothing new.
    await t.db.execute(sql`update satusehat_visit set status = 'failed' where id = ${a}`);
    await t.db.execute(
      sql`update satusehat_resource set status = 'waiting', satusehat_id = null where outbox_id = ${a}`,
    );
    expect((await t.api(people[branchA].manager).post(`/api/satusehat/visits/${a}/resend`, {})).status).toBe(403);
    const resent = await t.api(owner).post(`/api/satusehat/visits/${a}/resend`, {});
    expect(resent.status).toBe(200);
    // The resend queued a job: pg-boss runs it.
    await until(a, 'sent');
    expect(sim.state.stored(CLIENT_A.id, 'Encounter')).toHaveLength(1);
    expect(sim.state.stored(CLIENT_A.id, 'Observation')).toHaveLength(4);
    const list = await t.api(owner).get('/api/satusehat/visits?status=sent');
    const row = list.body.data.find((r: { id: number }) => r.id === a);
    expect(row.resources.every((x: { satusehat_id: string | null }) => !!x.satusehat_id)).toBe(true);
  });

  it('retries 500 and 429 until accepted; a rule violation is shown and resendable', async () => {
    const a = await finishedVisit(branchA);
    sim.state.failNext(1, { kind: 'status', status: 500 });
    await expect(sendSatusehatVisit(env(), a)).rejects.toThrow();
    expect(await status(a)).toMatchObject({ status: 'waiting' });
    sim.state.failNext(1, { kind: 'status', status: 429 });
    await expect(sendSatusehatVisit(env(), a)).rejects.toThrow();
    await sendSatusehatVisit(env(), a);
    expect(await status(a)).toMatchObject({ status: 'sent' });
    expect(sim.state.stored(CLIENT_A.id, 'Encounter')).toHaveLength(2);

    const c = await finishedVisit(branchA);
    sim.state.failNext(1, { kind: 'outcome', rule: '10015', text: 'Local procedure code is not allowed' });
    await sendSatusehatVisit(env(), c);
    const failed = await status(c);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain('10015');
    const shown = await t.api(owner).get('/api/satusehat/visits?status=failed');
    expect(shown.body.data[0].resources.some((x: { rule: string | null }) => x.rule === '10015')).toBe(true);
    const board = await t.api(owner).get('/api/satusehat/summary');
    expect(board.body.data.branches.find((x: { profile_id: number }) => x.profile_id === branchA).failed).toBe(1);
    expect((await t.api(owner).post(`/api/satusehat/visits/${c}/resend`, {})).status).toBe(200);
    // Through the queue this time: the resend queued a job, pg-boss runs it.
    await until(c, 'sent');
    expect(sim.state.stored(CLIENT_A.id, 'Encounter')).toHaveLength(3);
  });

  it('the sweep picks up a finished visit and the queue retries while the platform is down', async () => {
    sim.state.down = true;
    const a = await finishedVisit(branchB);
    const jobs = t.ctx(owner).services.jobs;
    expect(await sweepSatusehat({ db: t.db, jobs, config: t.config, now: () => new Date(), log: t.app.log })).toBe(1);
    // Until the queue has retried the send once (retry delay 1 s), not a fixed wait.
    const retries = async () => {
      const [row] = await queryRows<{ job_id: string | null }>(
        t.db,
        sql`select job_id from satusehat_visit where id = ${a}`,
      );
      return row.job_id ? ((await jobs.state('satusehat.send', row.job_id))?.retry_count ?? 0) : 0;
    };
    for (let i = 0; i < 80 && (await retries()) < 1; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await retries()).toBeGreaterThanOrEqual(1);
    expect(await status(a)).toMatchObject({ status: 'waiting' });
    sim.state.down = false;
    await until(a, 'sent');
    expect(sim.state.stored(CLIENT_B.id, 'Encounter')).toHaveLength(2);
  });

  it('a missing KFA code fails with its name; fixed and resent it goes; a correction goes as an update', async () => {
    const p = people[branchA];
    const [i] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into item (profile_id, code, name, unit, selling_price) values (${branchA}, 'PUY-1', 'Puyer batuk', 'bungkus', 100000) returning id`,
    );
    const v = await t
      .api(p.manager)
      .post('/api/service/visit', { customer: p.patient, doctor: p.dokter.id, kind: 'konsultasi' });
    const visitId = v.body.data.id;
    const soap = await t.api(p.dokter).post(`/api/rekammedis/visit/${visitId}/soap`, {
      subjective: 'Batuk',
      diagnoses: [{ code: 'J06.9', primary: true }],
    });
    await t
      .api(p.dokter)
      .post(`/api/rekammedis/visit/${visitId}/resep`, { items: [{ item: Number(i.id), qty: 1, signa: '3 x 1' }] });
    expect((await t.api(p.dokter).post(`/api/rekammedis/visit/${visitId}/finish`, {})).status).toBe(200);
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from satusehat_visit where visit_id = ${visitId}`,
    );
    const id = Number(row.id);
    await sendSatusehatVisit(env(), id);
    expect(await status(id)).toMatchObject({ status: 'failed', reason: expect.stringContaining('Puyer batuk') });
    const mapped = await t
      .api(owner)
      .put('/api/satusehat/mappings', { kind: 'item', local_key: String(i.id), code: '93000001' });
    expect(mapped.status).toBe(200);
    expect((await t.api(owner).post(`/api/satusehat/visits/${id}/resend`, {})).status).toBe(200);
    await until(id, 'sent');
    // A correction of the finished record: the sweep reopens the visit and its resources go out as updates.
    const puts = () => sim.state.writes.filter((w) => w.method === 'PUT' && w.clientId === CLIENT_A.id).length;
    const before = puts();
    const encounters = sim.state.stored(CLIENT_A.id, 'Encounter').length;
    await new Promise((r) => setTimeout(r, 20));
    const corrected = await t.api(p.dokter).put(`/api/rekammedis/soap/${soap.body.data.id}`, {
      subjective: 'Batuk berdahak',
      diagnoses: [{ code: 'J06.9', primary: true }],
      reason: 'Salah ketik keluhan',
    });
    expect(corrected.status).toBe(200);
    const jobs = t.ctx(owner).services.jobs;
    await sweepSatusehat({ db: t.db, jobs, config: t.config, now: () => new Date(), log: t.app.log });
    await until(id, 'sent');
    const [rev] = await queryRows<{ revision: number }>(
      t.db,
      sql`select revision from satusehat_visit where id = ${id}`,
    );
    expect(Number(rev.revision)).toBe(2);
    expect(puts()).toBeGreaterThan(before);
    expect(sim.state.stored(CLIENT_A.id, 'Encounter')).toHaveLength(encounters);
  });
});
