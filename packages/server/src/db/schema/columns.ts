import {
  bigint,
  boolean,
  date,
  integer,
  serial,
  smallint,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { profile, users } from './core.js';

/**
 * Column helpers every module's tables share (issue 9 and issue 27: one definition, not one per schema file).
 * `core.ts` keeps its own `timestamps`, as this file imports `profile` and `users` from it.
 */

/** An instant: timestamptz read as an ISO string. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** A date of business: a `date` column read as 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' });

export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const timestamps = {
  created_at: createdAt(),
  updated_at: updatedAt(),
};

/** An amount of money in sen (bigint, read as a number); nullable and without default unless the table says. */
export const money = (name: string) => bigint(name, { mode: 'number' });

/** Money in sen (bigint), 0 by default. */
export const sen = (name: string) => money(name).notNull().default(0);

/** A yes/no column, no by default. */
export const flag = (name: string) => boolean(name).notNull().default(false);

/** A table's own key: `id serial primary key`. */
export const serialId = () => serial('id').primaryKey();

/** A required reference to another table's `id`. */
export const ref = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** The branch a row belongs to (`profile_id` unless named otherwise). */
export const branch = (name = 'profile_id') => ref(name, () => profile.id);

/** The first columns of a branch-owned table (spread first): its own `id` and the branch it belongs to. */
export const branchKeys = () => ({ id: serialId(), profile_id: branch() });

/** A document's number (`code`), unique per branch by each table's own index. */
export const docCode = () => varchar('code', { length: 40 }).notNull();

/** A master's or a row's status where 1 is active (the default) and 0 inactive. */
export const activeStatus = () => smallint('status').notNull().default(1);

/** An optional reference to a user (who created, approved, cancelled ...). */
export const userRef = (name: string) => integer(name).references(() => users.id);

/** The Idempotency-Key a document was written with (unique per branch by each table's own index). */
export const idempotencyKey = () => varchar('idempotency_key', { length: 120 });

/** A document written once: the Idempotency-Key it came with, who wrote it and when. */
export const written = () => ({
  idempotency_key: idempotencyKey(),
  created_by: userRef('created_by'),
  created_at: createdAt(),
});
