import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSatusehatSim, type SatusehatSim } from './index.js';

let sim: SatusehatSim;
beforeAll(async () => {
  sim = await startSatusehatSim();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

async function token(clientId = 'sim-client-pusat', secret = 'sim-secret-pusat') {
  return fetch(`${sim.authUrl}/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientId, client_secret: secret }).toString(),
  });
}

async function fhir(path: string, init: RequestInit = {}, bearer?: string) {
  const t = bearer ?? ((await (await token()).json()) as { access_token: string }).access_token;
  return fetch(`${sim.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${t}`, 'content-type': 'application/fhir+json' },
  });
}

const condition = (org: string) => ({
  resourceType: 'Condition',
  identifier: [{ system: `http://sys-ids.kemkes.go.id/condition/${org}`, value: 'KJ-1-J06.9' }],
  code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'J06.9' }] },
  subject: { reference: 'Patient/P02478375538' },
});

describe('SATUSEHAT simulator over HTTP', () => {
  it('issues a token with expires_in as a string and counts every request, refused ones too', async () => {
    const ok = (await (await token()).json()) as Record<string, unknown>;
    expect(typeof ok.access_token).toBe('string');
    expect(ok.expires_in).toBe('14399');
    expect((await token('sim-client-pusat', 'salah')).status).toBe(401);
    expect((await token('tidak-ada', 'x')).status).toBe(401);
    expect(sim.state.tokenRequests).toBe(3);
    expect(sim.state.tokenRequestsByClient.get('sim-client-pusat')).toBe(2);
  });

  it('refuses FHIR calls without a valid token', async () => {
    expect((await fhir('/Condition/x', {}, 'palsu')).status).toBe(401);
  });

  it('stores, reads, searches by identifier and updates; PUT of an unknown id is 404', async () => {
    const made = (await (
      await fhir('/Condition', { method: 'POST', body: JSON.stringify(condition('100000001')) })
    ).json()) as {
      id: string;
    };
    expect((await fhir(`/Condition/${made.id}`)).status).toBe(200);
    const q = encodeURIComponent('http://sys-ids.kemkes.go.id/condition/100000001|KJ-1-J06.9');
    const found = (await (await fhir(`/Condition?identifier=${q}`)).json()) as {
      total: number;
      entry: { resource: { id: string } }[];
    };
    expect(found.total).toBe(1);
    expect(found.entry[0].resource.id).toBe(made.id);
    const put = await fhir(`/Condition/${made.id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...condition('100000001'), id: made.id, clinicalStatus: { text: 'resolved' } }),
    });
    expect(put.status).toBe(200);
    const missing = await fhir('/Condition/nope', {
      method: 'PUT',
      body: JSON.stringify({ ...condition('100000001'), id: 'nope' }),
    });
    expect(missing.status).toBe(404);
    expect(sim.state.stored()).toHaveLength(1);
  });

  it("refuses another Organization's id in an identifier system with an OperationOutcome (10117)", async () => {
    const res = await fhir('/Condition', { method: 'POST', body: JSON.stringify(condition('100000002')) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { resourceType: string; issue: { diagnostics: string }[] };
    expect(body.resourceType).toBe('OperationOutcome');
    expect(body.issue[0].diagnostics).toBe('Wrong organization ID provided by system URL (RuleNumber: 10117)');
    expect(sim.state.stored()).toHaveLength(0);
    expect(sim.state.writes).toMatchObject([{ resourceType: 'Condition', status: 400 }]);
  });

  it('finds patients and practitioners by NIK', async () => {
    const q = encodeURIComponent('https://fhir.kemkes.go.id/id/nik|3171015101750001');
    const b = (await (await fhir(`/Practitioner?identifier=${q}`)).json()) as { entry: { resource: { id: string } }[] };
    expect(b.entry[0].resource.id).toBe('10009880728');
    const none = (await (await fhir(`/Patient?identifier=${q}`)).json()) as { total: number };
    expect(none.total).toBe(0);
  });

  it('switches: platform down, delay, Retry-After on 429, token-only faults', async () => {
    await fetch(`${sim.url}/__sim/switch`, { method: 'POST', body: JSON.stringify({ down: true }) });
    expect((await token()).status).toBe(503);
    await fetch(`${sim.url}/__sim/switch`, {
      method: 'POST',
      body: JSON.stringify({
        down: false,
        delayMs: 150,
        fail: { times: 1, status: 429, retryAfterSeconds: 7, scope: 'token' },
      }),
    });
    const started = Date.now();
    const limited = await token();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await token()).status).toBe(200);
  });
});
