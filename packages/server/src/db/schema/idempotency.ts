import { jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import * as col from './columns.js';

/**
 * One row per Idempotency-Key a branch has seen (issue 27 item 2, issue 25 finding 6; http/idempotency.ts): the
 * request it identifies (who, which operation, a hash of the canonical input) and the result it answered. A key
 * is claimed in the transaction of the request's work, so a failed request leaves no row (its key stays free)
 * and a concurrent twin waits on the unique index, then replays. Kept, never deleted, like the documents they
 * guard; the documents keep their own (profile_id, idempotency_key) unique indexes as well.
 */
export const idempotencyRequest = pgTable(
  'idempotency_request',
  {
    ...col.branchKeys(),
    key: varchar('key', { length: 120 }).notNull(),
    user_id: col.ref('user_id', () => users.id),
    /** The endpoint: its REST method and path (the same for the tRPC procedure). */
    operation: varchar('operation', { length: 200 }).notNull(),
    /** sha256 (hex) of the operation and the canonical JSON of the input without the key. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The handler's result (JSON), replayed to the same request. */
    result: jsonb('result'),
    created_at: col.createdAt(),
  },
  (t) => [uniqueIndex('idempotency_request_key_idx').on(t.profile_id, t.key)],
);
