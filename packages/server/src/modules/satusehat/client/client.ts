/** The SATUSEHAT HTTP client: token (cached, a minute's wait after a failure), FHIR create/update/search, NIK look-ups. */
import type { Resource } from '../fhir/types.js';
import { MemoryTokenStore, type TokenStore } from './token-store.js';

export interface SatusehatClientOptions {
  /** OAuth base, e.g. https://api-satusehat-stg.dto.kemkes.go.id/oauth2/v1 */
  authUrl: string;
  /** FHIR base, e.g. https://api-satusehat-stg.dto.kemkes.go.id/fhir-r4/v1 */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => Date;
  tokenStore?: TokenStore;
  /** Per request (default 20 s). */
  timeoutMs?: number;
}

/** A person found by NIK. */
export interface IhsPerson {
  ihs: string;
  name: string | null;
}

export type ConnectionResult =
  { ok: true; expiresAt: Date; message: string } | { ok: false; message: string; retryAt: Date | null };

export class SatusehatClient {
  readonly clientId: string;
  protected readonly opts: SatusehatClientOptions;
  protected readonly store: TokenStore;

  constructor(opts: SatusehatClientOptions) {
    this.opts = opts;
    this.clientId = opts.clientId;
    this.store = opts.tokenStore ?? new MemoryTokenStore();
  }

  /** POST {base}/{type}; answers the stored resource (with its SATUSEHAT id). */
  async create(_resource: Resource): Promise<Resource & { id: string }> {
    throw new Error('Belum diterapkan');
  }

  /** PUT {base}/{type}/{id}. */
  async update(_resource: Resource & { id: string }): Promise<Resource & { id: string }> {
    throw new Error('Belum diterapkan');
  }

  /** GET {base}/{type}?identifier={system}|{value}: the first match or null. */
  async findByIdentifier(_type: string, _system: string, _value: string): Promise<(Resource & { id: string }) | null> {
    throw new Error('Belum diterapkan');
  }

  async patientByNik(_nik: string): Promise<IhsPerson | null> {
    throw new Error('Belum diterapkan');
  }

  async practitionerByNik(_nik: string): Promise<IhsPerson | null> {
    throw new Error('Belum diterapkan');
  }

  /** Requests a fresh token (respecting the minute's wait) and says how it went, in Indonesian. */
  async testConnection(): Promise<ConnectionResult> {
    throw new Error('Belum diterapkan');
  }
}
