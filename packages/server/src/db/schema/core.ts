import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  smallint,
  text,
  varchar,
  boolean,
  timestamp,
  date,
  jsonb,
  bigserial,
  primaryKey,
  index,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

/** A branch of the clinic chain ("profile" in the spec). */
export const profile = pgTable('profile', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  address: text('address'),
  city: varchar('city', { length: 100 }),
  phone: varchar('phone', { length: 30 }),
  email: varchar('email', { length: 150 }),
  logo: text('logo'),
  status: smallint('status').notNull().default(1),
  timezone: varchar('timezone', { length: 40 }).notNull().default('Asia/Jakarta'),
  /** Issue 30 item 5: administrative area codes as the wilayah module gives them ('32', '32.73', ...). */
  provincy_code: varchar('provincy_code', { length: 2 }),
  city_code: varchar('city_code', { length: 5 }),
  kecamatan_code: varchar('kecamatan_code', { length: 8 }),
  desa_code: varchar('desa_code', { length: 13 }),
  ...timestamps,
});

/** Numeric roles (1 = patient, 2 = doctor, the rest as in packages/shared/src/access.ts). */
export const role = pgTable('role', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull().unique(),
  label: varchar('label', { length: 80 }).notNull(),
});

/** Top-level roles: owner, developer and the backoffice sub-roles. */
export const roleToplevel = pgTable('role_toplevel', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull().unique(),
  label: varchar('label', { length: 80 }).notNull(),
});

export const membershipLevel = pgTable('membership_level', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  status: smallint('status').notNull().default(1),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: integer('role')
      .notNull()
      .references(() => role.id),
    roletoplevel: integer('roletoplevel').notNull().default(0),
    username: varchar('username', { length: 100 }).notNull(),
    password_hash: text('password_hash'),
    name: varchar('name', { length: 150 }).notNull(),
    medisname: varchar('medisname', { length: 150 }),
    initial: varchar('initial', { length: 10 }).notNull().default(''),
    avatar: text('avatar'),
    status: smallint('status').notNull().default(1),
    gender: smallint('gender'),
    marital: smallint('marital'),
    birth_place: varchar('birth_place', { length: 100 }),
    birth_date: date('birth_date', { mode: 'string' }),
    join_at: date('join_at', { mode: 'string' }),
    idcard: varchar('idcard', { length: 16 }),
    ihs_number: varchar('ihs_number', { length: 50 }),
    attendance_code: varchar('attendance_code', { length: 50 }),
    phone: varchar('phone', { length: 30 }),
    email: varchar('email', { length: 150 }),
    instagram: varchar('instagram', { length: 60 }),
    address: text('address'),
    desa: varchar('desa', { length: 100 }),
    kecamatan: varchar('kecamatan', { length: 100 }),
    city: varchar('city', { length: 100 }),
    provincy: varchar('provincy', { length: 100 }),
    postalcode: varchar('postalcode', { length: 10 }),
    note: text('note'),
    membership_level_id: integer('membership_level_id').references(() => membershipLevel.id),
    wali_name: varchar('wali_name', { length: 150 }),
    wali_idcard: varchar('wali_idcard', { length: 16 }),
    wali_gender: smallint('wali_gender'),
    wali_phone: varchar('wali_phone', { length: 30 }),
    wali_email: varchar('wali_email', { length: 150 }),
    wali_address: text('wali_address'),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profile.id),
    shift_id: integer('shift_id'),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true, mode: 'string' }),
    /** Issue 26: a duplicate patient merged into this one (kept, never deleted; its rows moved there). */
    merged_into: integer('merged_into').references((): AnyPgColumn => users.id),
    merged_at: timestamp('merged_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_merged_into_idx')
      .on(t.merged_into)
      .where(sql`${t.merged_into} is not null`),
    index('users_profile_role_idx').on(t.profile_id, t.role),
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export const userPrivilege = pgTable(
  'user_privilege',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fiturcode: varchar('fiturcode', { length: 40 }).notNull(),
    iscanread: boolean('iscanread').notNull().default(false),
    iscanmanage: boolean('iscanmanage').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.fiturcode] })],
);

/** Sessions the Lucia way: the id is the SHA-256 (hex) of the cookie token; the token itself is never stored. */
export const session = pgTable(
  'session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile_id: integer('profile_id')
      .notNull()
      .references(() => profile.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    absolute_expires_at: timestamp('absolute_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
  },
  (t) => [index('session_user_idx').on(t.user_id)],
);

/** Failed sign-in attempts, keyed by account ('u:name') and by address ('ip:addr'), for rate limiting. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 200 }).notNull(),
    attempted_at: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_attempt_key_idx').on(t.key, t.attempted_at)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    user_id: integer('user_id'),
    profile_id: integer('profile_id'),
    action: varchar('action', { length: 60 }).notNull(),
    entity: varchar('entity', { length: 60 }).notNull(),
    entity_id: varchar('entity_id', { length: 60 }),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: varchar('request_id', { length: 64 }),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_profile_at_idx').on(t.profile_id, t.at),
  ],
);

/** Document numbering (ARCHITECTURE rule 8): one row per branch, kind and period, locked while a number is taken. */
export const docCounter = pgTable(
  'doc_counter',
  {
    profile_id: integer('profile_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    period: varchar('period', { length: 10 }).notNull().default(''),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profile_id, t.kind, t.period] })],
);
