import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import * as col from './columns.js';
import { profile } from './core.js';
import { rmRecord } from './medical-records.js';
import { visit } from './service.js';

/**
 * SATUSEHAT (issue 31): one facility (Organization) per branch with its own credentials, the branch's mappings of
 * local things to SATUSEHAT codes, and the outbox of finished visits and their resources. Nothing is deleted: a
 * visit's row and its resources change status, a mapping is replaced by a newer code.
 */

/**
 * A branch's settings. client_secret is stored encrypted (AES-256-GCM, modules/satusehat/secret.ts) and never
 * answered nor logged; the URLs are not here (configuration only, SATUSEHAT_AUTH_URL / SATUSEHAT_BASE_URL).
 */
export const satusehatSetting = pgTable(
  'satusehat_setting',
  {
    profile_id: integer('profile_id')
      .primaryKey()
      .references(() => profile.id),
    organization_id: varchar('organization_id', { length: 64 }).notNull(),
    client_id: varchar('client_id', { length: 200 }).notNull(),
    client_secret_enc: text('client_secret_enc').notNull(),
    environment: varchar('environment', { length: 20 }).notNull().default('development'),
    province_code: varchar('province_code', { length: 2 }),
    city_code: varchar('city_code', { length: 4 }),
    district_code: varchar('district_code', { length: 6 }),
    village_code: varchar('village_code', { length: 10 }),
    postal_code: varchar('postal_code', { length: 10 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    updated_by: col.userRef('updated_by'),
    ...col.timestamps,
  },
  (t) => [
    check('satusehat_setting_env_chk', sql`${t.environment} in ('development', 'staging', 'production')`),
    check(
      'satusehat_setting_coord_chk',
      sql`(${t.latitude} is null or ${t.latitude} between -90 and 90) and (${t.longitude} is null or ${t.longitude} between -180 and 180)`,
    ),
  ],
);

/**
 * A client id's token cache, shared by every process: the token (encrypted) until it expires, and the instant of the
 * last failed token request, before which plus a minute no process asks again (the platform locks the client id).
 */
export const satusehatToken = pgTable('satusehat_token', {
  client_id: varchar('client_id', { length: 200 }).primaryKey(),
  token_enc: text('token_enc'),
  expires_at: col.ts('expires_at'),
  failed_at: col.ts('failed_at'),
  fail_reason: text('fail_reason'),
  updated_at: col.updatedAt(),
});

/**
 * Mappings of a branch: kind 'location' (local_key: the visit kind, e.g. 'konsultasi'), 'practitioner' and
 * 'patient' (local_key: the user id; code: the IHS number), 'item' (item id; KFA code), 'treatment' (perawatan id;
 * ICD-9-CM code). local_key is text because the things mapped live in different tables (no foreign key).
 */
export const satusehatMap = pgTable(
  'satusehat_map',
  {
    ...col.branchKeys(),
    kind: varchar('kind', { length: 20 }).notNull(),
    local_key: varchar('local_key', { length: 60 }).notNull(),
    code: varchar('code', { length: 80 }).notNull(),
    display: varchar('display', { length: 200 }),
    updated_by: col.userRef('updated_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('satusehat_map_key_idx').on(t.profile_id, t.kind, t.local_key),
    check('satusehat_map_kind_chk', sql`${t.kind} in ('location', 'practitioner', 'patient', 'item', 'treatment')`),
  ],
);

/**
 * The outbox: one row per finished visit, written in the finishing transaction (so a crash loses nothing).
 * status waiting | sent | failed | not_configured; revision grows with each correction of the record, sent_revision
 * is the one last delivered whole. sending_until: the lease of the run sending the row now (any process, by the
 * database's clock); null or past when none is.
 */
export const satusehatVisit = pgTable(
  'satusehat_visit',
  {
    ...col.branchKeys(),
    visit_id: col.ref('visit_id', () => visit.id),
    record_id: col.ref('record_id', () => rmRecord.id),
    status: varchar('status', { length: 20 }).notNull().default('waiting'),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    sent_revision: integer('sent_revision'),
    job_id: varchar('job_id', { length: 40 }),
    sent_at: col.ts('sent_at'),
    sending_until: col.ts('sending_until'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('satusehat_visit_visit_idx').on(t.visit_id),
    index('satusehat_visit_status_idx').on(t.profile_id, t.status, t.updated_at),
    check('satusehat_visit_status_chk', sql`${t.status} in ('waiting', 'sent', 'failed', 'not_configured')`),
  ],
);

/**
 * One resource of a visit: key names it within the visit ('Encounter', 'Condition:A09'...), identifier is the value
 * under the Organization's system. status waiting | sent | failed | invalid | not_applicable; satusehat_id once
 * created; rule and reason of an OperationOutcome or of the validator.
 */
export const satusehatResource = pgTable(
  'satusehat_resource',
  {
    ...col.branchKeys(),
    outbox_id: col.ref('outbox_id', () => satusehatVisit.id),
    key: varchar('key', { length: 120 }).notNull(),
    resource_type: varchar('resource_type', { length: 40 }).notNull(),
    seq: smallint('seq').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('waiting'),
    satusehat_id: varchar('satusehat_id', { length: 80 }),
    rule: varchar('rule', { length: 20 }),
    reason: text('reason'),
    sent_revision: integer('sent_revision'),
    body: jsonb('body'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('satusehat_resource_key_idx').on(t.outbox_id, t.key),
    index('satusehat_resource_status_idx').on(t.profile_id, t.status),
    check(
      'satusehat_resource_status_chk',
      sql`${t.status} in ('waiting', 'sent', 'failed', 'invalid', 'not_applicable')`,
    ),
  ],
);
