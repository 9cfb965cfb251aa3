import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { idempotencyRequest } from '../db/schema/index.js';
import { inTransaction, requireUser, type Ctx } from './context.js';
import { conflict } from './errors.js';

/**
 * The one idempotency protocol (issue 27 item 2, issue 25 finding 6). An endpoint declares it
 * (`rest.idempotencyKey`: the input field the `Idempotency-Key` header fills; tRPC callers send that field) and
 * the endpoint layer runs its handler through {@link idempotent}; no service looks a key up or replays itself.
 *
 * A key identifies one request: the branch's key (profile_id, key) is claimed, in the same transaction as the
 * request's work, with who sent it and the request's fingerprint (the endpoint and the sha256 of its canonical
 * input without the key, so the target ids of the path and the body's content are both in it).
 * - The same key again by the same user with the same fingerprint: the stored result is answered (a replay; REST
 *   answers 200 where the first answered 201) and nothing is written. A twin arriving while the first still runs
 *   waits on the key's unique index and then replays, so concurrent double clicks write once.
 * - The same key with another endpoint, target, content or user: 409 'Idempotency-Key sudah dipakai untuk
 *   permintaan lain.', nothing written; another user's key never reads that user's result.
 * - A request that fails (400, 403, 404, 409, 500) rolls back with its claim: the key stays free, so the corrected
 *   form sent again with the dialog's key goes through.
 * Without a key the handler runs as it is.
 */
export const KEY_REUSED = 'Idempotency-Key sudah dipakai untuk permintaan lain.';

/** JSON with object keys sorted at every level: equal inputs give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(o)
          .sort()
          .map((k) => [k, o[k]]),
      );
    }
    return v;
  });
}

export function fingerprintOf(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(input ?? null)}`)
    .digest('hex');
}

export interface IdempotentRequest {
  /** The endpoint (REST method and path: the same for its tRPC procedure). */
  operation: string;
  key: string | undefined;
  /** The parsed input, without the key. */
  input: unknown;
}

/** Runs `run` once per key (see above); `replayed` says the result is the stored one of an earlier request. */
export async function idempotent<R>(
  ctx: Ctx,
  request: IdempotentRequest,
  run: (ctx: Ctx) => Promise<R>,
): Promise<{ result: R; replayed: boolean }> {
  if (!request.key) return { result: await run(ctx), replayed: false };
  const c = requireUser(ctx);
  const key = request.key;
  const fingerprint = fingerprintOf(request.operation, request.input);
  return inTransaction(c, async (tx) => {
    // On a key another transaction holds, this waits for it: committed, the insert does nothing and the row is
    // read below (read committed: the next statement sees it); rolled back, this request claims the key.
    const [claimed] = await tx.db
      .insert(idempotencyRequest)
      .values({ profile_id: tx.branchId, key, user_id: c.user.id, operation: request.operation, fingerprint })
      .onConflictDoNothing()
      .returning({ id: idempotencyRequest.id });
    if (!claimed) {
      const [prior] = await tx.db
        .select()
        .from(idempotencyRequest)
        .where(and(eq(idempotencyRequest.profile_id, tx.branchId), eq(idempotencyRequest.key, key)));
      if (!prior || prior.user_id !== c.user.id || prior.fingerprint !== fingerprint)
        throw conflict(KEY_REUSED, 'Idempotency-Key');
      return { result: prior.result as R, replayed: true };
    }
    const result = await run(tx);
    // Stored as the caller will see it (JSON): a replay answers exactly what the first answer carried.
    const stored: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
    await tx.db.update(idempotencyRequest).set({ result: stored }).where(eq(idempotencyRequest.id, claimed.id));
    return { result: stored as R, replayed: false };
  });
}
