import type { Db } from '../../db/client.js';
import type { AuthCache } from '../../auth/cache.js';
import { findBranch } from './queries.js';

/**
 * A branch's IANA time zone for the request clock (`http/clock.ts` `branchClock`), through the auth cache's branch
 * rows when there is one (they are dropped on change), so the hot path makes no database round trip (issue 10).
 */
export function branchTimezone(db: Db, cache?: AuthCache): (branchId: number) => Promise<string | null> {
  return async (branchId) => {
    const hit = cache?.branch<Awaited<ReturnType<typeof findBranch>>>(branchId);
    if (hit) return hit.timezone ?? null;
    const epoch = cache?.epoch ?? 0;
    const row = await findBranch(db, branchId);
    if (row) cache?.putBranch(branchId, row, epoch);
    return row?.timezone ?? null;
  };
}
