/** The SATUSEHAT HTTP client: token (cached, a minute's wait after a failure), FHIR create/update/search, NIK look-ups. */
import type { Resource } from '../fhir/types.js';
import { SatusehatAuthError, SatusehatError, SatusehatRetryable } from './errors.js';
import { errorFor, outcomeText, parseJson, redact } from './http.js';
import { MemoryTokenStore, type CachedToken, type TokenStore } from './token-store.js';

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

/** The platform locks a client id that asks for a token again within a minute of a failed request. */
export const TOKEN_FAILURE_WAIT_MS = 60_000;
/** A token is used until this long before it expires (or a tenth of its life when that is shorter). */
export const TOKEN_EXPIRY_MARGIN_MS = 5 * 60_000;
const NIK_SYSTEM = 'https://fhir.kemkes.go.id/id/nik';

type Stored = Resource & { id: string };
type Answer = { status: number; headers: Headers; body: unknown };

const trimSlash = (u: string) => u.replace(/\/+$/, '');

export class SatusehatClient {
  readonly clientId: string;
  readonly authUrl: string;
  readonly baseUrl: string;
  // Private fields: never enumerated, so a client logged or serialised by mistake does not show the secret.
  readonly #secret: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;
  readonly #store: TokenStore;
  readonly #timeoutMs: number;
  #inflight: Promise<CachedToken> | null = null;
  #lastToken = '';

  constructor(opts: SatusehatClientOptions) {
    this.clientId = opts.clientId;
    this.authUrl = trimSlash(opts.authUrl);
    this.baseUrl = trimSlash(opts.baseUrl);
    this.#secret = opts.clientSecret;
    this.#fetch = opts.fetch ?? fetch;
    this.#now = opts.now ?? (() => new Date());
    this.#store = opts.tokenStore ?? new MemoryTokenStore();
    this.#timeoutMs = opts.timeoutMs ?? 20_000;
  }

  /** POST {base}/{type}; answers the stored resource (with its SATUSEHAT id). */
  async create(resource: Resource): Promise<Stored> {
    const { id: _id, ...body } = resource;
    return this.#stored(resource, await this.#fhir('POST', `/${resource.resourceType}`, body, true));
  }

  /** PUT {base}/{type}/{id}. */
  async update(resource: Resource & { id: string }): Promise<Stored> {
    const path = `/${resource.resourceType}/${encodeURIComponent(resource.id)}`;
    return this.#stored(resource, await this.#fhir('PUT', path, resource, true), resource.id);
  }

  /** GET {base}/{type}?identifier={system}|{value}: the first match or null. */
  async findByIdentifier(type: string, system: string, value: string): Promise<Stored | null> {
    const q = new URLSearchParams({ identifier: `${system}|${value}` });
    const bundle = (await this.#fhir('GET', `/${type}?${q.toString()}`)) as { entry?: { resource?: Stored }[] } | null;
    return bundle?.entry?.find((e) => e.resource?.id)?.resource ?? null;
  }

  async patientByNik(nik: string): Promise<IhsPerson | null> {
    return this.#personByNik('Patient', nik);
  }

  async practitionerByNik(nik: string): Promise<IhsPerson | null> {
    return this.#personByNik('Practitioner', nik);
  }

  /** Requests a fresh token (respecting the minute's wait) and says how it went, in Indonesian. */
  async testConnection(): Promise<ConnectionResult> {
    try {
      const token = await this.#token(true);
      return {
        ok: true,
        expiresAt: token.expiresAt,
        message: 'Koneksi berhasil: SATUSEHAT memberikan token untuk client ID ini.',
      };
    } catch (err) {
      if (err instanceof SatusehatAuthError || err instanceof SatusehatRetryable)
        return { ok: false, message: err.message, retryAt: err.retryAt };
      if (err instanceof SatusehatError) return { ok: false, message: err.message, retryAt: null };
      throw err;
    }
  }

  async #personByNik(type: 'Patient' | 'Practitioner', nik: string): Promise<IhsPerson | null> {
    const found = await this.findByIdentifier(type, NIK_SYSTEM, nik.trim());
    if (!found) return null;
    const names = Array.isArray(found.name)
      ? (found.name as { text?: string; given?: string[]; family?: string }[])
      : [];
    const n = names[0];
    const name = n ? (n.text ?? [...(n.given ?? []), n.family ?? ''].join(' ').trim()) || null : null;
    return { ihs: found.id, name };
  }

  /**
   * The stored resource from a write's answer: its body, or (a server answering without a body) what we sent with
   * the id from the Location header (`.../{type}/{id}/_history/{v}`), or the id we updated.
   */
  #stored(sent: Resource, answer: { body: unknown; headers: Headers }, knownId?: string): Stored {
    const r = answer.body as Stored | null;
    if (r && typeof r === 'object' && typeof r.id === 'string' && r.id) return r;
    const location = answer.headers.get('location') ?? answer.headers.get('content-location') ?? '';
    const m = new RegExp(`/${sent.resourceType}/([^/?#]+)`).exec(location);
    const id = m ? decodeURIComponent(m[1]) : knownId;
    if (id) return { ...sent, id };
    throw new SatusehatRetryable('Jawaban SATUSEHAT tidak berisi id resource', { reason: 'server' });
  }

  #secrets(): string[] {
    return [this.#secret, this.#lastToken];
  }

  /** One HTTP exchange with the timeout; network faults and timeouts become `SatusehatRetryable`. */
  async #send(url: string, init: RequestInit): Promise<Answer> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.#timeoutMs);
    try {
      const res = await this.#fetch(url, { ...init, signal: abort.signal });
      const text = redact(await res.text(), this.#secrets());
      return { status: res.status, headers: res.headers, body: parseJson(text) };
    } catch (err) {
      if (abort.signal.aborted)
        throw new SatusehatRetryable(`SATUSEHAT tidak menjawab dalam ${Math.round(this.#timeoutMs / 1000)} detik`, {
          reason: 'timeout',
        });
      const why = err instanceof Error ? redact(err.message, this.#secrets()) : '';
      throw new SatusehatRetryable(`SATUSEHAT tidak dapat dihubungi${why ? ` (${why})` : ''}`, { reason: 'network' });
    } finally {
      clearTimeout(timer);
    }
  }

  async #token(fresh = false): Promise<CachedToken> {
    const now = this.#now();
    if (!fresh) {
      const cached = await this.#store.getToken(this.clientId);
      if (cached && cached.expiresAt.getTime() > now.getTime()) return cached;
    }
    const failed = await this.#store.getFailure(this.clientId);
    if (failed && now.getTime() < failed.getTime() + TOKEN_FAILURE_WAIT_MS) {
      const retryAt = new Date(failed.getTime() + TOKEN_FAILURE_WAIT_MS);
      const secs = Math.ceil((retryAt.getTime() - now.getTime()) / 1000);
      throw new SatusehatAuthError(
        `Permintaan token terakhir gagal; SATUSEHAT mengunci client ID yang meminta lagi kurang dari satu menit. Coba lagi dalam ${secs} detik.`,
        { retryAt },
      );
    }
    // One token request at a time per client object: concurrent sends share it.
    this.#inflight ??= this.#requestToken().finally(() => (this.#inflight = null));
    return this.#inflight;
  }

  async #requestToken(): Promise<CachedToken> {
    const startedAt = this.#now();
    const fail = async (err: SatusehatError): Promise<never> => {
      await this.#store.setFailure(this.clientId, startedAt);
      await this.#store.setToken(this.clientId, null);
      throw err;
    };
    const retryAt = new Date(startedAt.getTime() + TOKEN_FAILURE_WAIT_MS);
    let answer: Answer;
    try {
      answer = await this.#send(`${this.authUrl}/accesstoken?grant_type=client_credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: this.clientId, client_secret: this.#secret }).toString(),
      });
    } catch (err) {
      return fail(
        err instanceof SatusehatRetryable
          ? new SatusehatRetryable(`Token tidak didapat: ${err.message}`, {
              reason: err.reason,
              retryAt,
            })
          : new SatusehatAuthError('Token tidak didapat', { retryAt }),
      );
    }
    const { status, body, headers } = answer;
    const b = (body ?? {}) as Record<string, unknown>;
    if (status >= 200 && status < 300 && typeof b.access_token === 'string' && b.access_token) {
      const expiresIn = Number(b.expires_in);
      const lifeMs = (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000;
      const margin = Math.min(TOKEN_EXPIRY_MARGIN_MS, lifeMs / 10);
      const token = { accessToken: b.access_token, expiresAt: new Date(startedAt.getTime() + lifeMs - margin) };
      this.#lastToken = token.accessToken;
      await this.#store.setToken(this.clientId, token);
      await this.#store.setFailure(this.clientId, null);
      return token;
    }
    if (status === 429 || status >= 500) {
      const e = errorFor(status, body, headers, startedAt) as SatusehatRetryable;
      const at = e.retryAt && e.retryAt > retryAt ? e.retryAt : retryAt;
      return fail(
        new SatusehatRetryable(`Token tidak didapat: ${e.message}`, { reason: e.reason, status, retryAt: at }),
      );
    }
    const why = outcomeText(body);
    return fail(
      new SatusehatAuthError(
        status === 401 || status === 400 || status === 403
          ? `Client ID atau client secret ditolak SATUSEHAT (HTTP ${status}${why ? `: ${why}` : ''})`
          : `Token tidak didapat (HTTP ${status}${why ? `: ${why}` : ''})`,
        { retryAt, status },
      ),
    );
  }

  /** A FHIR exchange with the bearer token; a 401 drops the token and tries once more with a new one. */
  async #fhir(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown>;
  async #fhir(
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    withHeaders: true,
  ): Promise<{ body: unknown; headers: Headers }>;
  async #fhir(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, withHeaders = false): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.#token();
      this.#lastToken = token.accessToken;
      const {
        status,
        headers,
        body: answer,
      } = await this.#send(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token.accessToken}`,
          // Plain JSON as the platform's own examples send it (a FHIR server takes it; a stand-in may take only it).
          accept: 'application/json, application/fhir+json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (status >= 200 && status < 300) return withHeaders ? { body: answer, headers } : answer;
      if (status === 401) {
        await this.#store.setToken(this.clientId, null);
        if (attempt === 0) continue;
        throw new SatusehatAuthError('SATUSEHAT menolak token (HTTP 401) dua kali berturut-turut', {
          retryAt: new Date(this.#now().getTime() + TOKEN_FAILURE_WAIT_MS),
          status,
        });
      }
      throw errorFor(status, answer, headers, this.#now());
    }
  }
}
