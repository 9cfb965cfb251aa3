import type { MembershipDto, MembershipInput } from '@klinik/shared';
import { api, newIdempotencyKey } from '../../lib/api';

/**
 * POST /api/paket/membership with the wizard's Idempotency-Key (through the shared `api` helper).
 * A repeated key answers the first registration, so a double click or a retried request registers once.
 */
export async function registerMembership(input: MembershipInput, idempotencyKey: string): Promise<MembershipDto> {
  return (await api.post<{ data: MembershipDto }>('/api/paket/membership', input, { idempotencyKey })).data;
}

export { newIdempotencyKey };
