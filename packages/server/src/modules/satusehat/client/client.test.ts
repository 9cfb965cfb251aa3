import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSatusehatSim, type SatusehatSim } from '../../../satusehat-sim/index.js';
import { SatusehatClient, TOKEN_FAILURE_WAIT_MS, type SatusehatClientOptions } from './client.js';
import { SatusehatAuthError, SatusehatRejected, SatusehatRetryable } from './errors.js';
import { parseRule } from './http.js';
import { MemoryTokenStore } from './token-store.js';

let sim: SatusehatSim;
beforeAll(async () => {
  sim = await startSatusehatSim();
});
afterAll(() => sim.close());
afterEach(() => sim.state.reset());

const PUSAT = { clientId: 'sim-client-pusat', clientSecret: 'sim-secret-pusat', orgId: '100000001' };

/** A client whose clock the test moves. */
function client(over: Partial<SatusehatClientOptions> = {}) {
  let now = new Date('2026-11-27T03:00:00Z');
  const c = new SatusehatClient({
    authUrl: sim.authUrl,
    baseUrl: sim.baseUrl,
    clientId: PUSAT.clientId,
    clientSecret: PUSAT.clientSecret,
    now: () => now,
    timeoutMs: 2000,
    ...over,
  });
  return { c, tick: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const encounter = (org = PUSAT.orgId, value = 'K-1') => ({
  resourceType: 'Encounter',
  status: 'arrived',
  class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
  identifier: [{ system: `http://sys-ids.kemkes.go.id/encounter/${org}`, value }],
  subject: { reference: 'Patient/P02478375538' },
});

describe('SatusehatClient against the simulator', () => {
  it('creates, finds by identifier, updates, and caches the token across calls', async () => {
    const { c } = client();
    const made = await c.create(encounter());
    expect(made.id).toBeTruthy();
    const found = await c.findByIdentifier('Encounter', `http://sys-ids.kemkes.go.id/encounter/${PUSAT.orgId}`, 'K-1');
    expect(found?.id).toBe(made.id);
    expect(await c.findByIdentifier('Encounter', 'http://sys-ids.kemkes.go.id/encounter/100000001', 'X')).toBeNull();
    const updated = await c.update({ ...made, status: 'in-progress' });
    expect(updated.status).toBe('in-progress');
    expect(sim.state.stored(PUSAT.clientId, 'Encounter')).toHaveLength(1);
    expect(sim.state.tokenRequests).toBe(1);
  });

  it('shares a token through the store and asks again only shortly before it expires', async () => {
    const store = new MemoryTokenStore();
    sim.state.tokenTtlSeconds = 3600;
    const a = client({ tokenStore: store });
    await a.c.create(encounter());
    const b = new SatusehatClient({
      ...PUSAT,
      authUrl: sim.authUrl,
      baseUrl: sim.baseUrl,
      tokenStore: store,
      now: () => new Date('2026-11-27T03:00:00Z'),
    });
    await b.findByIdentifier('Encounter', 'x', 'y');
    expect(sim.state.tokenRequests).toBe(1);
    a.tick(3600_000 - 10 * 60_000);
    await a.c.findByIdentifier('Encounter', 'x', 'y');
    expect(sim.state.tokenRequests).toBe(1);
    a.tick(6 * 60_000); // less than five minutes left
    await a.c.findByIdentifier('Encounter', 'x', 'y');
    expect(sim.state.tokenRequests).toBe(2);
  });

  it('concurrent first calls make one token request', async () => {
    const { c } = client();
    await Promise.all([1, 2, 3, 4].map((i) => c.create(encounter(PUSAT.orgId, `K-${i}`))));
    expect(sim.state.tokenRequests).toBe(1);
  });

  it('after a failed token request, makes none for a minute (typed error with retryAt), then tries again', async () => {
    const { c, tick } = client({ clientSecret: 'salah-sekali' });
    const first = await c.create(encounter()).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SatusehatAuthError);
    expect(sim.state.tokenRequests).toBe(1);
    tick(59_000);
    const second = await c.create(encounter()).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(SatusehatAuthError);
    expect((second as SatusehatAuthError).retryAt.toISOString()).toBe('2026-11-27T03:01:00.000Z');
    expect((await c.testConnection()).ok).toBe(false);
    expect(sim.state.tokenRequests).toBe(1);
    tick(1_000);
    await c.create(encounter()).catch(() => undefined);
    expect(sim.state.tokenRequests).toBe(2);
  });

  it('a 500 on the token endpoint also waits a minute, as retryable', async () => {
    const { c, tick } = client();
    sim.state.failNext(1, { kind: 'status', status: 500 }, 'token');
    const err = await c.create(encounter()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SatusehatRetryable);
    expect((err as SatusehatRetryable).retryAt?.getTime()).toBe(
      new Date('2026-11-27T03:00:00Z').getTime() + TOKEN_FAILURE_WAIT_MS,
    );
    tick(30_000);
    await expect(c.create(encounter())).rejects.toBeInstanceOf(SatusehatAuthError);
    tick(30_000);
    await expect(c.create(encounter())).resolves.toHaveProperty('id');
    expect(sim.state.tokenRequests).toBe(2);
  });

  it('classifies 429 (with Retry-After) and 500 as retryable and a timeout too', async () => {
    const { c } = client({ timeoutMs: 300 });
    sim.state.failNext(1, { kind: 'status', status: 429, retryAfterSeconds: 30 });
    const e429 = await c.create(encounter()).catch((e: unknown) => e);
    expect(e429).toBeInstanceOf(SatusehatRetryable);
    expect(e429).toMatchObject({ reason: 'rate-limit', status: 429 });
    expect((e429 as SatusehatRetryable).retryAt?.toISOString()).toBe('2026-11-27T03:00:30.000Z');
    sim.state.failNext(1, { kind: 'status', status: 500 });
    await expect(c.create(encounter())).rejects.toMatchObject({ reason: 'server', status: 500 });
    sim.state.failNext(1, { kind: 'hang' });
    await expect(c.create(encounter())).rejects.toMatchObject({ reason: 'timeout' });
    sim.state.down = true;
    await expect(c.create(encounter())).rejects.toMatchObject({ reason: 'server', status: 503 });
    sim.state.down = false;
    await c.create(encounter());
    expect(sim.state.stored(PUSAT.clientId, 'Encounter')).toHaveLength(1);
  });

  it('an unreachable platform is a retryable network fault', async () => {
    const { c } = client({ authUrl: 'http://127.0.0.1:9/oauth2/v1' });
    await expect(c.create(encounter())).rejects.toMatchObject({ reason: 'network' });
  });

  it('a 401 on a FHIR call drops the token and tries once with a new one', async () => {
    const { c } = client();
    await c.create(encounter());
    sim.state.failNext(1, { kind: 'status', status: 401 });
    await c.create(encounter(PUSAT.orgId, 'K-2'));
    expect(sim.state.tokenRequests).toBe(2);
  });

  it('an OperationOutcome is SatusehatRejected with its text and rule number (wrong org id: 10117)', async () => {
    const { c } = client();
    const err = await c.create(encounter('100000002')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SatusehatRejected);
    expect(err).toMatchObject({ rule: '10117', status: 400 });
    expect((err as SatusehatRejected).text).toContain('Wrong organization ID provided by system URL');
    expect((err as Error).message).toContain('10117');
    expect(sim.state.stored()).toHaveLength(0);
    sim.state.failNext(1, { kind: 'outcome', rule: '10015', text: 'Procedure code not valid' });
    await expect(c.create(encounter())).rejects.toMatchObject({ rule: '10015' });
  });

  it('the simulator refuses a finished Encounter without diagnosis (10457) unless told not to', async () => {
    const { c } = client();
    await expect(c.create({ ...encounter(), status: 'finished' })).rejects.toMatchObject({ rule: '10457' });
    sim.state.requireDiagnosis = false;
    await expect(c.create({ ...encounter(), status: 'finished' })).resolves.toHaveProperty('id');
  });

  it('keeps each client to its own Organization and data', async () => {
    const { c } = client();
    const cabang = new SatusehatClient({
      authUrl: sim.authUrl,
      baseUrl: sim.baseUrl,
      clientId: 'sim-client-cabang',
      clientSecret: 'sim-secret-cabang',
    });
    const made = await c.create(encounter());
    await cabang.create(encounter('100000002'));
    expect(
      await cabang.findByIdentifier('Encounter', `http://sys-ids.kemkes.go.id/encounter/${PUSAT.orgId}`, 'K-1'),
    ).toBeNull();
    await expect(cabang.update({ ...made, status: 'in-progress' })).rejects.toBeInstanceOf(SatusehatRejected);
    expect(sim.state.stored('sim-client-cabang')).toHaveLength(1);
    expect(sim.state.stored(PUSAT.clientId)).toHaveLength(1);
  });

  it('takes the id from the Location header when a write answers without a body; sends plain JSON', async () => {
    const seen: string[] = [];
    const stub: typeof fetch = async (url, init) => {
      const u = url instanceof Request ? url.url : url.toString();
      if (u.includes('/accesstoken'))
        return new Response(JSON.stringify({ access_token: 'tok-123456', expires_in: '3599' }), { status: 200 });
      seen.push(new Headers(init?.headers).get('content-type') ?? '');
      return new Response(null, { status: 201, headers: { location: `${sim.baseUrl}/Encounter/enc-9/_history/1` } });
    };
    const { c } = client({ fetch: stub });
    expect(await c.create(encounter())).toMatchObject({ resourceType: 'Encounter', id: 'enc-9' });
    expect(seen).toEqual(['application/json']);
  });

  it('looks patients and practitioners up by NIK', async () => {
    const { c } = client();
    expect(await c.patientByNik('3171010101800001')).toEqual({ ihs: 'P02478375538', name: 'Budi Santoso' });
    expect(await c.practitionerByNik('3171010303780002')).toEqual({ ihs: '10006926841', name: 'drg. Sari Dewi' });
    expect(await c.patientByNik('3171999999999999')).toBeNull();
  });

  it('testConnection says whether credentials work', async () => {
    expect(await client().c.testConnection()).toMatchObject({ ok: true });
    const bad = await client({ clientSecret: 'keliru-12345' }).c.testConnection();
    expect(bad).toMatchObject({ ok: false });
    expect(bad.ok === false && bad.message).toContain('ditolak');
  });

  it('the switch endpoint spoils answers and reports counters', async () => {
    const post = (body: unknown) =>
      fetch(`${sim.url}/__sim/switch`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    await post({ fail: { times: 2, status: 500 } });
    const { c } = client();
    await expect(c.create(encounter())).rejects.toBeInstanceOf(SatusehatRetryable);
    await expect(c.create(encounter())).rejects.toBeInstanceOf(SatusehatRetryable);
    await c.create(encounter());
    const state = (await fetch(`${sim.url}/__sim/state`).then((r) => r.json())) as {
      tokenRequests: number;
      writes: { status: number }[];
    };
    expect(state.tokenRequests).toBe(1);
    expect(state.writes.map((w) => w.status)).toEqual([201]);
    await post({ reset: true });
    expect(sim.state.stored()).toHaveLength(0);
  });
});

describe('secrets', () => {
  it('never appear in an error message, a serialised client or a console line', async () => {
    const secret = 'rahasia-super-0123456789';
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void lines.push(a.map(String).join(' '))),
    );
    try {
      // A platform that echoes the request body back in its error.
      const echo: typeof fetch = async (_url, init) =>
        new Response(JSON.stringify({ error_description: `bad request: ${String(init?.body as string)}` }), {
          status: 401,
        });
      const c = new SatusehatClient({
        authUrl: sim.authUrl,
        baseUrl: sim.baseUrl,
        clientId: 'x',
        clientSecret: secret,
        fetch: echo,
      });
      const errors: unknown[] = [await c.create(encounter()).catch((e: unknown) => e), await c.testConnection()];
      const wrong = new SatusehatClient({ ...PUSAT, clientSecret: secret, authUrl: sim.authUrl, baseUrl: sim.baseUrl });
      errors.push(await wrong.create(encounter()).catch((e: unknown) => e));
      const down = new SatusehatClient({
        ...PUSAT,
        clientSecret: secret,
        authUrl: 'http://127.0.0.1:9',
        baseUrl: sim.baseUrl,
      });
      errors.push(await down.create(encounter()).catch((e: unknown) => e));
      for (const e of errors) {
        const text = [e instanceof Error ? `${e.message} ${e.stack}` : '', JSON.stringify(e)].join(' ');
        expect(text).not.toContain(secret);
      }
      expect(JSON.stringify(c)).not.toContain(secret);
      expect(JSON.stringify(Object.entries(c))).not.toContain(secret);
      expect(inspect(c, { showHidden: true, depth: 5 })).not.toContain(secret);
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});

describe('parseRule', () => {
  it.each([
    ['Wrong organization ID provided by system URL (RuleNumber: 10117)', '10117'],
    ['rule 10457: encounter finished must have diagnosis', '10457'],
    ['Rule number 10015 code not valid', '10015'],
    ['[10117] wrong org', '10117'],
    ['no rule here 2024', null],
  ])('%s', (text, rule) => expect(parseRule(text)).toBe(rule));
});
