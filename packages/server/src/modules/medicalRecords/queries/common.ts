import { sql } from 'drizzle-orm';
import { rmEntry, rmEntryVersion, rmPrescription, rmRecord } from '../../../db/schema/index.js';

/** What the record's queries share: row types and id lists. */
export type RecordRow = typeof rmRecord.$inferSelect;
export type EntryRow = typeof rmEntry.$inferSelect;
export type VersionInsert = typeof rmEntryVersion.$inferInsert;
export type PrescriptionRow = typeof rmPrescription.$inferSelect;

export const idList = (ids: readonly number[]) =>
  sql.join(
    (ids.length ? ids : [-1]).map((i) => sql`${i}`),
    sql`, `,
  );
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
