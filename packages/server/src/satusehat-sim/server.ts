/** The simulator's HTTP handling (node:http): token endpoint, FHIR endpoints, NIK look-ups and the admin switch. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimClient, SimFault, SimPerson, SimResource, SimScope, SimState } from './state.js';

export const AUTH_PATH = '/oauth2/v1';
export const FHIR_PATH = '/fhir-r4/v1';
const NIK_SYSTEM = 'https://fhir.kemkes.go.id/id/nik';
const SYS_IDS = 'http://sys-ids.kemkes.go.id/';
/** What the simulator stores and serves by id. */
export const SIM_RESOURCE_TYPES = [
  'Encounter',
  'Condition',
  'Observation',
  'Procedure',
  'Medication',
  'MedicationRequest',
  'MedicationDispense',
];

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({ status, body, headers });

export function outcome(status: number, text: string, rule?: string, code = 'invalid'): Answer {
  return json(status, {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code,
        details: { text },
        ...(rule ? { diagnostics: `${text} (RuleNumber: ${rule})` } : {}),
      },
    ],
  });
}

const bundle = (entries: unknown[]) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  total: entries.length,
  entry: entries.map((resource) => ({ resource })),
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function faultAnswer(f: SimFault): Answer | 'hang' {
  switch (f.kind) {
    case 'hang':
      return 'hang';
    case 'outcome':
      return outcome(f.status ?? 400, f.text, f.rule);
    case 'status':
      if (f.status === 401)
        return json(401, {
          fault: { faultstring: 'Invalid access token', detail: { errorcode: 'InvalidAccessToken' } },
        });
      return json(
        f.status,
        { fault: { faultstring: f.status === 429 ? 'Rate limit exceeded' : 'Internal server error' } },
        f.retryAfterSeconds !== undefined ? { 'retry-after': String(f.retryAfterSeconds) } : undefined,
      );
  }
}

function tokenAnswer(state: SimState, url: URL, body: string): Answer {
  const form = new URLSearchParams(body);
  const clientId = form.get('client_id') ?? '';
  if (url.searchParams.get('grant_type') !== 'client_credentials')
    return json(400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
  const client = state.clients.get(clientId);
  if (!client || client.clientSecret !== form.get('client_secret'))
    return json(401, {
      fault: { faultstring: 'Invalid client identifier', detail: { errorcode: 'oauth.v2.InvalidClientIdentifier' } },
    });
  const accessToken = randomBytes(18).toString('base64url');
  const issuedAt = Date.now();
  state.tokens.set(accessToken, { clientId, expiresAt: issuedAt + state.tokenTtlSeconds * 1000 });
  return json(200, {
    refresh_token_expires_in: '0',
    api_product_list: '[api-dev]',
    organization_name: `Organisasi ${client.orgId}`,
    'developer.email': 'dev@example.test',
    token_type: 'BearerToken',
    issued_at: String(issuedAt),
    client_id: clientId,
    access_token: accessToken,
    application_name: `sim-${client.orgId}`,
    scope: '',
    expires_in: String(state.tokenTtlSeconds),
    refresh_count: '0',
    status: 'approved',
  });
}

function clientOf(state: SimState, req: IncomingMessage): SimClient | null {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const t = m ? state.tokens.get(m[1]) : undefined;
  if (!t || t.expiresAt <= Date.now()) return null;
  return state.clients.get(t.clientId) ?? null;
}

/** Every `system` found anywhere in the resource (identifiers, codings), with where it was. */
function systemsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) systemsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'system' && typeof v === 'string') out.push(v);
      else systemsIn(v, out);
    }
  return out;
}

/** The platform's checks on a resource arriving: our org id in sys-ids systems, a diagnosis on a finished Encounter. */
function refuse(state: SimState, client: SimClient, type: string, resource: SimResource): Answer | null {
  if (resource.resourceType !== type) return outcome(400, `resourceType must be ${type}`, '10000');
  for (const system of systemsIn(resource)) {
    if (!system.startsWith(SYS_IDS)) continue;
    const parts = system.slice(SYS_IDS.length).split('/');
    if (parts.length >= 2 && parts[1] !== client.orgId)
      return outcome(400, 'Wrong organization ID provided by system URL', '10117', 'business-rule');
  }
  if (
    state.requireDiagnosis &&
    type === 'Encounter' &&
    resource.status === 'finished' &&
    !(Array.isArray(resource.diagnosis) && resource.diagnosis.length > 0)
  )
    return outcome(400, 'Encounter with status finished must have at least one diagnosis', '10457', 'business-rule');
  return null;
}

function store(state: SimState, clientId: string): Map<string, SimResource> {
  let m = state.resources.get(clientId);
  if (!m) state.resources.set(clientId, (m = new Map()));
  return m;
}

function identifierMatches(r: SimResource, system: string, value: string): boolean {
  const ids = Array.isArray(r.identifier) ? (r.identifier as { system?: string; value?: string }[]) : [];
  return ids.some((i) => i.system === system && i.value === value);
}

function personSearch(people: Map<string, { nik: string; ihs: string; name: string }>, type: string, q: string) {
  const [system, nik] = q.split('|');
  const p = system === NIK_SYSTEM ? people.get(nik ?? '') : undefined;
  return json(
    200,
    bundle(
      p
        ? [
            {
              resourceType: type,
              id: p.ihs,
              identifier: [{ system: NIK_SYSTEM, value: p.nik }],
              name: [{ use: 'official', text: p.name }],
              meta: { lastUpdated: new Date().toISOString() },
            },
          ]
        : [],
    ),
  );
}

async function fhirAnswer(state: SimState, req: IncomingMessage, url: URL, body: string): Promise<Answer> {
  const client = clientOf(state, req);
  if (!client)
    return json(401, { fault: { faultstring: 'Invalid access token', detail: { errorcode: 'InvalidAccessToken' } } });
  const [type = '', id] = url.pathname.slice(FHIR_PATH.length + 1).split('/');
  const method = req.method ?? 'GET';
  if (method === 'GET' && !id && (type === 'Patient' || type === 'Practitioner')) {
    const q = url.searchParams.get('identifier') ?? '';
    return personSearch(type === 'Patient' ? state.patients : state.practitioners, type, q);
  }
  if (!SIM_RESOURCE_TYPES.includes(type)) return outcome(404, `Unknown resource type ${type}`, undefined, 'not-found');
  const mine = store(state, client.clientId);
  if (method === 'GET' && id) {
    const r = mine.get(`${type}/${id}`);
    return r ? json(200, r) : outcome(404, `${type}/${id} not found`, undefined, 'not-found');
  }
  if (method === 'GET') {
    const [system = '', value = ''] = (url.searchParams.get('identifier') ?? '').split('|');
    const found = [...mine.values()].filter((r) => r.resourceType === type && identifierMatches(r, system, value));
    return json(200, bundle(found));
  }
  if (method !== 'POST' && method !== 'PUT') return outcome(405, `Method ${method} not allowed`);
  let resource: SimResource;
  try {
    resource = JSON.parse(body) as SimResource;
  } catch {
    return outcome(400, 'Invalid JSON body', undefined, 'structure');
  }
  const write = (status: number, storedId: string | null) =>
    state.writes.push({ clientId: client.clientId, method, resourceType: type, id: storedId, status, at: new Date() });
  if (method === 'PUT' && (!id || resource.id !== id)) {
    write(400, id ?? null);
    return outcome(400, 'Resource id must match the URL', '10001');
  }
  if (method === 'PUT' && !mine.has(`${type}/${id}`)) {
    write(404, id ?? null);
    return outcome(404, `${type}/${id} not found`, undefined, 'not-found');
  }
  const refused = refuse(state, client, type, resource);
  if (refused) {
    write(refused.status, id ?? null);
    return refused;
  }
  const storedId = method === 'PUT' && id ? id : randomUUID();
  const saved = { ...resource, id: storedId, meta: { lastUpdated: new Date().toISOString(), versionId: randomUUID() } };
  mine.set(`${type}/${storedId}`, saved);
  write(method === 'POST' ? 201 : 200, storedId);
  return json(method === 'POST' ? 201 : 200, saved);
}

interface SwitchBody {
  reset?: boolean;
  fail?: {
    times?: number;
    scope?: SimScope;
    status?: number;
    retryAfterSeconds?: number;
    hang?: boolean;
    outcome?: { rule: string; text: string; status?: number };
  };
  delayMs?: number;
  down?: boolean;
  requireDiagnosis?: boolean;
  tokenTtlSeconds?: number;
  clients?: SimClient[];
  patients?: SimPerson[];
  practitioners?: SimPerson[];
}

/** `POST /__sim/switch` JSON: `{ reset?, fail?: { times, status | outcome: {rule, text, status?} | hang, scope? },
 * delayMs?, down?, requireDiagnosis?, tokenTtlSeconds?, clients?, patients?, practitioners? }`; answers the counters. */
function adminAnswer(state: SimState, url: URL, body: string): Answer {
  if (url.pathname === '/__sim/state')
    return json(200, {
      tokenRequests: state.tokenRequests,
      tokenRequestsByClient: Object.fromEntries(state.tokenRequestsByClient),
      writes: state.writes,
      resources: Object.fromEntries([...state.resources].map(([c, m]) => [c, [...m.values()]])),
    });
  if (url.pathname !== '/__sim/switch') return json(404, { error: 'not found' });
  let s: SwitchBody;
  try {
    s = (body ? JSON.parse(body) : {}) as SwitchBody;
  } catch {
    return json(400, { error: 'invalid JSON' });
  }
  if (s.reset) state.reset();
  if (s.fail) {
    const f = s.fail;
    const fault: SimFault = f.hang
      ? { kind: 'hang' }
      : f.outcome
        ? { kind: 'outcome', rule: String(f.outcome.rule), text: String(f.outcome.text), status: f.outcome.status }
        : { kind: 'status', status: statusOf(f.status), retryAfterSeconds: f.retryAfterSeconds };
    state.failNext(Number(f.times ?? 1), fault, f.scope ?? 'fhir');
  }
  if (typeof s.delayMs === 'number') state.delayMs = s.delayMs;
  if (typeof s.down === 'boolean') state.down = s.down;
  if (typeof s.requireDiagnosis === 'boolean') state.requireDiagnosis = s.requireDiagnosis;
  if (typeof s.tokenTtlSeconds === 'number') state.tokenTtlSeconds = s.tokenTtlSeconds;
  for (const c of s.clients ?? []) state.addClient(c);
  for (const p of s.patients ?? []) state.addPatient(p);
  for (const p of s.practitioners ?? []) state.addPractitioner(p);
  return json(200, { ok: true, tokenRequests: state.tokenRequests, switches: state.switches });
}

function statusOf(n: number | undefined): 401 | 429 | 500 | 502 | 503 {
  return n === 401 || n === 429 || n === 502 || n === 503 ? n : 500;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function handler(state: SimState, hanging: Set<ServerResponse>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    const body = await readBody(req);
    let answer: Answer | 'hang';
    if (url.pathname.startsWith('/__sim/')) answer = adminAnswer(state, url, body);
    else {
      const scope = url.pathname.startsWith(AUTH_PATH) ? 'token' : 'fhir';
      if (scope === 'token') {
        // Every token request counts, refused or spoiled ones too (the platform's minute is counted on them).
        const clientId = new URLSearchParams(body).get('client_id') ?? '';
        state.tokenRequests += 1;
        state.tokenRequestsByClient.set(clientId, (state.tokenRequestsByClient.get(clientId) ?? 0) + 1);
      }
      if (state.delayMs > 0) await sleep(state.delayMs);
      const fault = state.down ? null : state.takeSwitch(scope);
      if (state.down) answer = json(503, { fault: { faultstring: 'Service unavailable' } });
      else if (fault) answer = faultAnswer(fault);
      else if (scope === 'token' && req.method === 'POST' && url.pathname === `${AUTH_PATH}/accesstoken`)
        answer = tokenAnswer(state, url, body);
      else if (url.pathname.startsWith(`${FHIR_PATH}/`)) answer = await fhirAnswer(state, req, url, body);
      else answer = json(404, { error: 'not found' });
    }
    if (answer === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    const type = (answer.body as { resourceType?: string } | null)?.resourceType
      ? 'application/fhir+json'
      : 'application/json';
    res.writeHead(answer.status, { 'content-type': type, ...answer.headers });
    res.end(JSON.stringify(answer.body));
  };
}
