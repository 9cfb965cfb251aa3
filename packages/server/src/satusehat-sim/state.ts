/**
 * The simulator's memory: known clients (one Organization each), NIK registers, stored resources per client,
 * counters and the switches tests flip (directly here, or over `POST /__sim/switch`).
 */
export type SimResource = { resourceType: string; id: string } & Record<string, unknown>;

export interface SimClient {
  clientId: string;
  clientSecret: string;
  orgId: string;
}

export interface SimPerson {
  nik: string;
  ihs: string;
  name: string;
}

/** What a switched answer looks like. */
export type SimFault =
  | { kind: 'status'; status: 401 | 429 | 500 | 502 | 503; retryAfterSeconds?: number }
  | { kind: 'outcome'; status?: number; rule: string; text: string }
  /** No answer until the client gives up (a timeout). */
  | { kind: 'hang' };

/** Which requests a switch applies to. */
export type SimScope = 'token' | 'fhir' | 'all';

export interface SimSwitch {
  fault: SimFault;
  scope: SimScope;
  /** Answers left to spoil. */
  remaining: number;
}

export interface SimWrite {
  clientId: string;
  method: 'POST' | 'PUT';
  resourceType: string;
  id: string | null;
  /** HTTP status answered. */
  status: number;
  at: Date;
}

export const DEFAULT_CLIENTS: SimClient[] = [
  { clientId: 'sim-client-pusat', clientSecret: 'sim-secret-pusat', orgId: '100000001' },
  { clientId: 'sim-client-cabang', clientSecret: 'sim-secret-cabang', orgId: '100000002' },
];

export const DEFAULT_PATIENTS: SimPerson[] = [
  { nik: '3171010101800001', ihs: 'P02478375538', name: 'Budi Santoso' },
  { nik: '3171014101850002', ihs: 'P03647103112', name: 'Siti Aminah' },
  { nik: '3171010202900003', ihs: 'P00805884304', name: 'Andi Wijaya' },
];

export const DEFAULT_PRACTITIONERS: SimPerson[] = [
  { nik: '3171015101750001', ihs: '10009880728', name: 'dr. Rina Kartika' },
  { nik: '3171010303780002', ihs: '10006926841', name: 'drg. Sari Dewi' },
];

export class SimState {
  clients = new Map<string, SimClient>();
  patients = new Map<string, SimPerson>();
  practitioners = new Map<string, SimPerson>();
  /** Issued tokens: access token -> client id and expiry. */
  tokens = new Map<string, { clientId: string; expiresAt: number }>();
  /** Every token request (good or bad), in total and by client id. */
  tokenRequests = 0;
  tokenRequestsByClient = new Map<string, number>();
  /** Stored resources per client id, by `{type}/{id}`. */
  resources = new Map<string, Map<string, SimResource>>();
  /** Every FHIR write that arrived (accepted or refused). */
  writes: SimWrite[] = [];
  switches: SimSwitch[] = [];
  /** Milliseconds to wait before every answer. */
  delayMs = 0;
  /** Platform down: every request answers 503. */
  down = false;
  /** Refuse a finished Encounter without diagnosis (rule 10457). */
  requireDiagnosis = true;
  /** `expires_in` of issued tokens, in seconds. */
  tokenTtlSeconds = 14399;

  constructor() {
    this.reset();
  }

  /** Back to the defaults: default clients and registers, nothing stored, no switch. */
  reset(): void {
    this.clients = new Map(DEFAULT_CLIENTS.map((c) => [c.clientId, { ...c }]));
    this.patients = new Map(DEFAULT_PATIENTS.map((p) => [p.nik, { ...p }]));
    this.practitioners = new Map(DEFAULT_PRACTITIONERS.map((p) => [p.nik, { ...p }]));
    this.tokens.clear();
    this.tokenRequests = 0;
    this.tokenRequestsByClient.clear();
    this.resources.clear();
    this.writes = [];
    this.switches = [];
    this.delayMs = 0;
    this.down = false;
    this.requireDiagnosis = true;
    this.tokenTtlSeconds = 14399;
  }

  addClient(client: SimClient): void {
    this.clients.set(client.clientId, { ...client });
  }

  addPatient(person: SimPerson): void {
    this.patients.set(person.nik, { ...person });
  }

  addPractitioner(person: SimPerson): void {
    this.practitioners.set(person.nik, { ...person });
  }

  /** Spoil the next `times` answers in `scope` with `fault`. */
  failNext(times: number, fault: SimFault, scope: SimScope = 'fhir'): void {
    this.switches.push({ fault, scope, remaining: times });
  }

  /** The stored resources of one client (or of all), optionally of one type. */
  stored(clientId?: string, resourceType?: string): SimResource[] {
    const maps = clientId
      ? [this.resources.get(clientId) ?? new Map<string, SimResource>()]
      : [...this.resources.values()];
    return maps.flatMap((m) => [...m.values()]).filter((r) => !resourceType || r.resourceType === resourceType);
  }

  /** Takes the next switch that applies to a request in `scope` (and counts it down). */
  takeSwitch(scope: 'token' | 'fhir'): SimFault | null {
    const s = this.switches.find((x) => x.remaining > 0 && (x.scope === 'all' || x.scope === scope));
    if (!s) return null;
    s.remaining -= 1;
    this.switches = this.switches.filter((x) => x.remaining > 0);
    return s.fault;
  }
}
