import { MSG, type ErrorItem, type MembershipDto, type MembershipInput } from '@klinik/shared';
import { ApiError } from '../../lib/trpc';

/**
 * POST /api/paket/membership with the wizard's Idempotency-Key (the shared `api` helper sends no custom headers).
 * A repeated key answers the first registration, so a double click or a retried request registers once.
 */
export async function registerMembership(input: MembershipInput, idempotencyKey: string): Promise<MembershipDto> {
  const res = await fetch('/api/paket/membership', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const issues: ErrorItem[] =
      Array.isArray(json) && json.length > 0
        ? (json as ErrorItem[])
        : [{ message: res.status >= 500 ? MSG.serverError : MSG.badInput }];
    throw new ApiError(res.status, issues);
  }
  return (json as { data: MembershipDto }).data;
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
