import { MSG, type ErrorItem } from '@klinik/shared';
import { ApiError } from './errors';

type Query = Record<string, string | number | boolean | null | undefined>;

export interface ApiOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header: a repeated key answers the first result (double clicks, retries). */
  idempotencyKey?: string;
}

/** A UUID for the Idempotency-Key (crypto.randomUUID needs a secure context; fall back to getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

async function request<T>(method: string, path: string, opts: ApiOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const res = await fetch(withQuery(path, opts.query), {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(opts.body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...(opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {}),
    },
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!res.ok) {
    const issues: ErrorItem[] =
      Array.isArray(json) && json.length > 0
        ? (json as ErrorItem[])
        : [{ message: res.status >= 500 ? MSG.serverError : MSG.badInput }];
    throw new ApiError(res.status, issues);
  }
  return json as T;
}

/**
 * REST helper for the spec's `/api/...` paths. Answers are the server's envelope `{ data, count? }`;
 * failures throw ApiError carrying the `[{ message, field? }]` list.
 */
export const api = {
  get: <T>(path: string, opts?: Omit<ApiOptions, 'body'>) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: ApiOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: ApiOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: ApiOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: ApiOptions) => request<T>('DELETE', path, opts),
};

export interface Envelope<T> {
  data: T;
  count?: number;
}
