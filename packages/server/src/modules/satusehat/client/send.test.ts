import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSatusehatSim, type SatusehatSim } from '../../../satusehat-sim/index.js';
import { planVisit } from '../fhir/plan.js';
import { sampleVisit } from '../fhir/sample-visit.js';
import type { PlannedResource, Resource, VisitInput } from '../fhir/types.js';
import { validateResource } from '../fhir/validate.js';
import { SatusehatClient } from './client.js';
import { SatusehatInvalid, SatusehatRejected, SatusehatRetryable } from './errors.js';
import { sendPlanned } from './send.js';

let sim: SatusehatSim;
beforeAll(async () => {
  sim = await startSatusehatSim();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

const BRANCHES = {
  pusat: { clientId: 'sim-client-pusat', clientSecret: 'sim-secret-pusat', orgId: '100000001' },
  cabang: { clientId: 'sim-client-cabang', clientSecret: 'sim-secret-cabang', orgId: '100000002' },
};

const clientFor = (b: (typeof BRANCHES)[keyof typeof BRANCHES]) =>
  new SatusehatClient({ authUrl: sim.authUrl, baseUrl: sim.baseUrl, ...b });

function steps(v: VisitInput): PlannedResource[] {
  const p = planVisit(v);
  if (!('resources' in p)) throw new Error(p.missing.join('; '));
  return p.resources;
}

/** The outbox in miniature: every step in order; retryable faults tried again (the real queue backs off). */
async function sendAll(client: SatusehatClient, v: VisitInput, ids: Record<string, string> = {}) {
  const actions: string[] = [];
  for (const step of steps(v)) {
    for (let attempt = 0; ; attempt++) {
      try {
        const sent = await sendPlanned(client, step, ids, { orgId: v.orgId });
        if (!step.updates) ids[step.key] = sent.id;
        actions.push(`${step.key} ${sent.action}`);
        break;
      } catch (err) {
        if (!(err instanceof SatusehatRetryable) || attempt > 5) throw err;
      }
    }
  }
  return { ids, actions };
}

const bare = (r: Resource) => {
  const { id: _id, meta: _meta, ...rest } = r;
  return rest as Resource;
};

describe('sendPlanned against the simulator', () => {
  it("sends two branches' visits with their own credentials; every resource arrives valid, once, and finished", async () => {
    await sendAll(clientFor(BRANCHES.pusat), sampleVisit());
    await sendAll(clientFor(BRANCHES.cabang), sampleVisit({ orgId: BRANCHES.cabang.orgId, visitId: 'KJ-C-7' }));
    for (const b of Object.values(BRANCHES)) {
      const stored = sim.state.stored(b.clientId);
      expect(stored).toHaveLength(17);
      for (const r of stored) expect(validateResource(bare(r), { orgId: b.orgId }), r.resourceType).toEqual([]);
      const [enc] = sim.state.stored(b.clientId, 'Encounter');
      expect(enc.status).toBe('finished');
      expect(enc.diagnosis).toHaveLength(2);
    }
    expect(sim.state.tokenRequests).toBe(2);
  });

  it('a resend without the ids (answers lost, process killed) finds every resource: the only write is the finished Encounter again (a PUT)', async () => {
    const client = clientFor(BRANCHES.pusat);
    await sendAll(client, sampleVisit());
    const writes = sim.state.writes.length;
    const again = await sendAll(client, sampleVisit());
    expect(again.actions.filter((a) => !a.endsWith(' found'))).toEqual(['encounter:finish updated']);
    expect(sim.state.stored(BRANCHES.pusat.clientId)).toHaveLength(17);
    expect(sim.state.writes.length).toBe(writes + 1);
  });

  it('a correction with the ids updates in place', async () => {
    const client = clientFor(BRANCHES.pusat);
    const { ids } = await sendAll(client, sampleVisit());
    const corrected = sampleVisit({ vitals: { nadi: 90 } });
    const again = await sendAll(client, corrected, { ...ids });
    expect(again.actions.every((a) => a.endsWith(' updated'))).toBe(true);
    const nadi = sim.state.stored(BRANCHES.pusat.clientId, 'Observation').find((o) => o.id === ids['observation:nadi']);
    expect(nadi?.valueQuantity).toMatchObject({ value: 90 });
    expect(sim.state.stored(BRANCHES.pusat.clientId)).toHaveLength(17);
  });

  it('500s and 429s are retried until accepted, without duplicates', async () => {
    sim.state.failNext(3, { kind: 'status', status: 500 });
    sim.state.failNext(2, { kind: 'status', status: 429, retryAfterSeconds: 1 });
    await sendAll(clientFor(BRANCHES.pusat), sampleVisit());
    expect(sim.state.stored(BRANCHES.pusat.clientId)).toHaveLength(17);
  });

  it('an invalid resource is never sent', async () => {
    const client = clientFor(BRANCHES.pusat);
    const v = sampleVisit({ diagnoses: [{ code: 'gigi', display: 'Gigi berlubang', primary: true }] });
    const [enc, cond] = steps(v);
    const ids = { encounter: (await sendPlanned(client, enc, {}, { orgId: v.orgId })).id };
    const err = await sendPlanned(client, cond, ids, { orgId: v.orgId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SatusehatInvalid);
    expect((err as SatusehatInvalid).reasons).toEqual(["Condition.code: kode ICD-10 'gigi' tidak valid"]);
    expect(sim.state.stored(BRANCHES.pusat.clientId, 'Condition')).toHaveLength(0);
  });

  it("a branch mapped to another branch's Organization id is refused by the platform (10117)", async () => {
    const err = await sendAll(clientFor(BRANCHES.cabang), sampleVisit()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SatusehatRejected);
    expect((err as SatusehatRejected).rule).toBe('10117');
    expect(sim.state.stored()).toHaveLength(0);
  });
});
