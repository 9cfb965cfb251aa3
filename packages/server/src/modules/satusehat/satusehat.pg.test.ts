import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { startSatusehatSim, type SatusehatSim } from '../../satusehat-sim/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { sendSatusehatVisit } from './index.js';
import { StillWaiting } from './sender.js';
import {
  finishedSatusehatVisit,
  satusehatBranch,
  SIM_CLIENT_A,
  SIM_CLIENT_B,
  type SatusehatBranch,
} from '../../../test/satusehat-fixtures.js';

// Races on PostgreSQL: two jobs for one waiting visit (two processes sweeping at once) send it once; the row's job
// is a compare-and-set in the database. One visit is sent by one run at a time, in whichever process: the run holds
// a lease on the outbox row (sending_until, by the database's clock).
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

describe('SATUSEHAT send lease (several processes on one database)', () => {
  // Client B is used only here: what the simulator stored for it is these tests' alone.
  let b: SatusehatBranch;
  const env = () => ({ db: t.db, config: t.config, now: () => new Date() });
  // Every create (POST) stores a new resource: as many stored as created means none was created twice.
  const posts = () => sim.state.writes.filter((w) => w.clientId === SIM_CLIENT_B.id && w.method === 'POST').length;
  const stored = () => sim.state.stored(SIM_CLIENT_B.id).length;
  const row = async (id: number) => {
    const [r] = await queryRows<{ status: string; attempts: number; until: string | null; live: boolean }>(
      t.db,
      sql`select status, attempts, sending_until::text as until, coalesce(sending_until > now(), false) as live
            from satusehat_visit where id = ${id}`,
    );
    return r;
  };
  /** Sets the row's lease as another process would; answers it as the database reads it. */
  const leaseBy = async (id: number, until: SQL) => {
    const [r] = await queryRows<{ until: string }>(
      t.db,
      sql`update satusehat_visit set sending_until = ${until} where id = ${id} returning sending_until::text as until`,
    );
    return r.until;
  };
  /** Every identifier stored for client B once (a resource created twice would be stored twice). */
  const eachOnce = () => {
    const seen = new Map<string, number>();
    for (const r of sim.state.stored(SIM_CLIENT_B.id)) {
      const ids = (r.identifier as { system: string; value: string }[] | undefined) ?? [];
      const key = ids.length ? `${r.resourceType} ${ids[0].system}|${ids[0].value}` : `${r.resourceType} ${r.id}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return [...seen].filter(([, n]) => n !== 1);
  };
  /** Runs a send and watches the row meanwhile: the live lease values seen while it ran, and how it ended. */
  async function watched(id: number, send: () => Promise<void>) {
    let ended = false;
    const result = send().then(
      () => ({ ok: true as const }),
      (err: unknown) => ({ ok: false as const, err }),
    );
    void result.then(() => (ended = true));
    const leases = new Set<string>();
    while (!ended) {
      const r = await row(id);
      if (r.live && r.until) leases.add(r.until);
      await new Promise((res) => setTimeout(res, 10));
    }
    return { leases, ...(await result) };
  }

  beforeAll(async () => {
    const branch = await t.makeBranch({ name: 'Klinik Sewa' });
    b = await satusehatBranch(t, branch, '3171014101850002', '3171010303780002', SIM_CLIENT_B);
  });

  it('a lease held by another process refuses the run: StillWaiting, nothing sent, the row still waits', async () => {
    const id = await finishedSatusehatVisit(t, b);
    // Another process is sending this visit (its lease runs another ten minutes on the database's clock).
    const held = await leaseBy(id, sql`now() + interval '10 minutes'`);
    const before = sim.state.writes.length;
    await expect(sendSatusehatVisit(env(), id, '00000000-0000-4000-8000-0000000000d1')).rejects.toBeInstanceOf(
      StillWaiting,
    );
    expect(sim.state.writes.length).toBe(before);
    // Waiting, not counted as an attempt, and the other process's lease left as it was.
    expect(await row(id)).toMatchObject({ status: 'waiting', attempts: 0, until: held, live: true });
  });

  it('a lease that ran out (its process died) is taken over: the visit is sent, each resource once, the lease released', async () => {
    const id = await finishedSatusehatVisit(t, b);
    await t.db.execute(sql`update satusehat_visit set sending_until = now() - interval '1 second' where id = ${id}`);
    const before = posts();
    const storedBefore = stored();
    sim.state.delayMs = 20;
    try {
      const run = await watched(id, () => sendSatusehatVisit(env(), id));
      expect(run).toMatchObject({ ok: true });
      // The taking run held a lease of its own while it sent, renewed as it went (one per resource).
      expect(run.leases.size).toBeGreaterThan(1);
    } finally {
      sim.state.delayMs = 0;
    }
    expect(await row(id)).toMatchObject({ status: 'sent', until: null });
    expect(posts() - before).toBe(stored() - storedBefore);
    expect(eachOnce()).toEqual([]);
  });

  it('the lease is held while sending and released after: sent, rejected by a rule, a retryable fault', async () => {
    sim.state.delayMs = 20;
    try {
      const sent = await finishedSatusehatVisit(t, b);
      const ok = await watched(sent, () => sendSatusehatVisit(env(), sent));
      expect(ok).toMatchObject({ ok: true });
      expect(ok.leases.size).toBeGreaterThan(0);
      expect(await row(sent)).toMatchObject({ status: 'sent', until: null });

      const rejected = await finishedSatusehatVisit(t, b);
      sim.state.failNext(1, { kind: 'outcome', rule: '10015', text: 'Local procedure code is not allowed' });
      const failed = await watched(rejected, () => sendSatusehatVisit(env(), rejected));
      expect(failed).toMatchObject({ ok: true });
      expect(failed.leases.size).toBeGreaterThan(0);
      expect(await row(rejected)).toMatchObject({ status: 'failed', until: null });

      const retried = await finishedSatusehatVisit(t, b);
      sim.state.failNext(1, { kind: 'status', status: 500 });
      const thrown = await watched(retried, () => sendSatusehatVisit(env(), retried));
      expect(thrown).toMatchObject({ ok: false });
      expect(thrown.leases.size).toBeGreaterThan(0);
      expect(await row(retried)).toMatchObject({ status: 'waiting', until: null });
      // Released, so the queue's retry sends it at once.
      await sendSatusehatVisit(env(), retried);
      expect(await row(retried)).toMatchObject({ status: 'sent', until: null });
    } finally {
      sim.state.delayMs = 0;
    }
    expect(eachOnce()).toEqual([]);
  });

  it('a run whose lease was taken over mid-send (it outlived it) stops before its next resource and leaves the new lease', async () => {
    const id = await finishedSatusehatVisit(t, b);
    const before = posts();
    const storedBefore = stored();
    sim.state.delayMs = 100;
    let run: Promise<unknown>;
    let other: string;
    try {
      run = sendSatusehatVisit(env(), id).catch((err: unknown) => err);
      for (let i = 0; i < 500 && posts() === before; i++) await new Promise((r) => setTimeout(r, 10));
      expect(posts()).toBeGreaterThan(before);
      // Another process took the row over (as if this run's lease had run out).
      other = await leaseBy(id, sql`now() + interval '1 hour'`);
      expect(await run).toBeInstanceOf(StillWaiting);
    } finally {
      sim.state.delayMs = 0;
    }
    const stopped = posts() - before;
    // Its lease is the other process's still: neither renewed nor released by the stopped run.
    expect(await row(id)).toMatchObject({ status: 'waiting', until: other, live: true });
    // The other process ends (its lease released); the next run completes the visit without sending anything twice.
    await t.db.execute(sql`update satusehat_visit set sending_until = null where id = ${id}`);
    await sendSatusehatVisit(env(), id);
    expect(await row(id)).toMatchObject({ status: 'sent', until: null });
    expect(stopped).toBeLessThan(posts() - before);
    expect(posts() - before).toBe(stored() - storedBefore);
    expect(eachOnce()).toEqual([]);
  });
});
