import { sql } from 'drizzle-orm';
import { pgTable, integer, smallint, text, varchar, time, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './core.js';
import * as col from './columns.js';
import { paketMembership } from './paket.js';
import { chainRef } from './chain.js';

/**
 * Service front desk (issue 11): where a doctor practises, their schedules and closed dates, reservations into
 * slots, visits and their queue, multimedia labels and progress photos. Every table is branch-owned (profile_id).
 * Rules the database keeps (capacity of a slot, the visit state machine, no deletes) are in
 * drizzle/0016_service_rules.sql. Statuses are the spec's words (packages/shared/src/schemas/service.ts).
 */

/** A doctor (users.role 2) practising in a branch; a doctor may practise in several branches. */
export const doctorPractice = pgTable(
  'doctor_practice',
  {
    ...col.branchKeys(),
    doctor_id: col.ref('doctor_id', () => users.id),
    /** Surat Izin Praktik for this branch (SATUSEHAT Practitioner needs it). */
    sip_number: varchar('sip_number', { length: 60 }),
    specialization: varchar('specialization', { length: 100 }),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [uniqueIndex('doctor_practice_profile_doctor_idx').on(t.profile_id, t.doctor_id)],
);

/** A weekly practice block: day of week (1 Senin .. 7 Minggu, ISO), start to end, cut into slots. */
export const doctorSchedule = pgTable(
  'doctor_schedule',
  {
    ...col.branchKeys(),
    doctor_id: col.ref('doctor_id', () => users.id),
    day_of_week: smallint('day_of_week').notNull(),
    start_time: time('start_time').notNull(),
    end_time: time('end_time').notNull(),
    slot_minutes: smallint('slot_minutes').notNull().default(30),
    capacity: smallint('capacity').notNull().default(4),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [index('doctor_schedule_profile_doctor_idx').on(t.profile_id, t.doctor_id, t.day_of_week)],
);

/** A date a doctor does not practise (doctor_id set) or the whole branch is closed (doctor_id null). */
export const scheduleClosed = pgTable(
  'schedule_closed',
  {
    ...col.branchKeys(),
    doctor_id: col.userRef('doctor_id'),
    date: col.day('date').notNull(),
    reason: varchar('reason', { length: 200 }),
    status: col.activeStatus(),
    created_by: col.userRef('created_by'),
    ...col.timestamps,
  },
  (t) => [index('schedule_closed_profile_date_idx').on(t.profile_id, t.date)],
);

/**
 * One row per booked slot (branch, doctor, date, time): `booked` is kept by the reservation trigger and checked
 * against `capacity` by PostgreSQL, so concurrent bookings of the last places cannot overbook.
 */
export const reservationSlot = pgTable(
  'reservation_slot',
  {
    ...col.branchKeys(),
    doctor_id: col.ref('doctor_id', () => users.id),
    date: col.day('date').notNull(),
    time: time('time').notNull(),
    capacity: smallint('capacity').notNull(),
    booked: smallint('booked').notNull().default(0),
  },
  (t) => [uniqueIndex('reservation_slot_key_idx').on(t.profile_id, t.doctor_id, t.date, t.time)],
);

/** A booking of a patient into a doctor's slot. status: booked | datang | batal | tidak_datang. */
export const reservation = pgTable(
  'reservation',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    customer_id: col.ref('customer_id', () => users.id),
    doctor_id: col.ref('doctor_id', () => users.id),
    date: col.day('date').notNull(),
    time: time('time').notNull(),
    end_time: time('end_time').notNull(),
    /** The slot's capacity at booking time (from the schedule); the trigger puts it on reservation_slot. */
    slot_capacity: smallint('slot_capacity').notNull(),
    note: text('note'),
    status: varchar('status', { length: 20 }).notNull().default('booked'),
    cancel_reason: text('cancel_reason'),
    reminded_at: col.ts('reminded_at'),
    reminded_by: col.userRef('reminded_by'),
    idempotency_key: col.idempotencyKey(),
    created_by: col.userRef('created_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('reservation_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('reservation_idempotency_idx')
      .on(t.profile_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('reservation_profile_date_idx').on(t.profile_id, t.date, t.doctor_id),
    index('reservation_customer_idx').on(t.customer_id),
  ],
);

/**
 * A visit (kunjungan): checked in from a reservation or walked in. kind: konsultasi | tindakan | paket.
 * status: menunggu -> dipanggil -> diperiksa -> selesai, batal from the first three (shared VISIT_TRANSITIONS,
 * kept by the visit_status trigger too). queue_number per branch, doctor and day.
 */
export const visit = pgTable(
  'visit',
  {
    ...col.branchKeys(),
    code: col.docCode(),
    visit_date: col.day('visit_date').notNull(),
    queue_number: integer('queue_number').notNull(),
    customer_id: col.ref('customer_id', () => users.id),
    doctor_id: col.ref('doctor_id', () => users.id),
    /** The nurse or therapist handling a treatment visit (optional). */
    nurse_id: col.userRef('nurse_id'),
    kind: varchar('kind', { length: 20 }).notNull(),
    complaint: text('complaint'),
    reservation_id: integer('reservation_id').references(() => reservation.id),
    paket_membership_id: integer('paket_membership_id').references(() => paketMembership.id),
    /** Progress photos are wanted: the visit shows in the multimedia queue. */
    needs_multimedia: col.flag('needs_multimedia'),
    status: varchar('status', { length: 20 }).notNull().default('menunggu'),
    called_at: col.ts('called_at'),
    started_at: col.ts('started_at'),
    finished_at: col.ts('finished_at'),
    cancelled_at: col.ts('cancelled_at'),
    cancel_reason: text('cancel_reason'),
    /** A follow-up the doctor asked for (control visit); the reminder page lists the due ones. */
    follow_up_date: col.day('follow_up_date'),
    follow_up_reminded_at: col.ts('follow_up_reminded_at'),
    idempotency_key: col.idempotencyKey(),
    created_by: col.userRef('created_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('visit_profile_code_idx').on(t.profile_id, t.code),
    uniqueIndex('visit_queue_idx').on(t.profile_id, t.doctor_id, t.visit_date, t.queue_number),
    uniqueIndex('visit_reservation_idx')
      .on(t.reservation_id)
      .where(sql`${t.reservation_id} is not null`),
    uniqueIndex('visit_idempotency_idx')
      .on(t.profile_id, t.idempotency_key)
      .where(sql`${t.idempotency_key} is not null`),
    index('visit_profile_date_idx').on(t.profile_id, t.visit_date, t.status),
    index('visit_customer_idx').on(t.customer_id),
  ],
);

/** Every status change of a visit, for the queue's history and the auditor. */
export const visitStatusLog = pgTable(
  'visit_status_log',
  {
    id: col.serialId(),
    visit_id: col.ref('visit_id', () => visit.id),
    from_status: varchar('from_status', { length: 20 }),
    to_status: varchar('to_status', { length: 20 }).notNull(),
    by_user: col.userRef('by_user'),
    at: col.ts('at').notNull().defaultNow(),
  },
  (t) => [index('visit_status_log_visit_idx').on(t.visit_id)],
);

/** Labels of progress photos (spec resource MASTER_LABEL_FOTOPROGRES): "Wajah depan", "Sisi kiri"... */
export const multimediaLabel = pgTable(
  'multimedia_label',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 100 }).notNull(),
    status: col.activeStatus(),
    /** The chain's label this row is the branch's copy of (issue 30 item 2, Backoffice 'Label Foto'). */
    chain_id: chainRef(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('multimedia_label_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    uniqueIndex('multimedia_label_profile_chain_idx').on(t.profile_id, t.chain_id),
  ],
);

/** A progress photo of a visit. Deleting hides it (status 0, deleted_at/by); the row and file stay for the auditor. */
export const visitMultimedia = pgTable(
  'visit_multimedia',
  {
    ...col.branchKeys(),
    visit_id: col.ref('visit_id', () => visit.id),
    customer_id: col.ref('customer_id', () => users.id),
    label_id: integer('label_id').references(() => multimediaLabel.id),
    photo: text('photo').notNull(),
    thumbnail: text('thumbnail').notNull(),
    width: integer('width'),
    height: integer('height'),
    upload_at: col.ts('upload_at').notNull(),
    note: text('note'),
    status: col.activeStatus(),
    uploaded_by: col.userRef('uploaded_by'),
    deleted_at: col.ts('deleted_at'),
    deleted_by: col.userRef('deleted_by'),
    ...col.timestamps,
  },
  (t) => [
    index('visit_multimedia_visit_idx').on(t.visit_id),
    index('visit_multimedia_customer_idx').on(t.profile_id, t.customer_id, t.label_id),
  ],
);

/**
 * A branch's optional WhatsApp/SMS gateway for reminders (issue 11 item 6): one row per branch. provider 'webhook':
 * POST `url` with the token in the `token_header` header and `{ target, message }`. The token never leaves the
 * server (the API shows it masked).
 */
export const reminderGateway = pgTable(
  'reminder_gateway',
  {
    ...col.branchKeys(),
    enabled: col.flag('enabled'),
    provider: varchar('provider', { length: 20 }).notNull().default('webhook'),
    url: text('url').notNull(),
    token_header: varchar('token_header', { length: 60 }).notNull().default('Authorization'),
    token: text('token'),
    updated_by: col.userRef('updated_by'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('reminder_gateway_profile_idx').on(t.profile_id),
    check('reminder_gateway_provider_chk', sql`${t.provider} in ('webhook')`),
  ],
);

/**
 * One sending of a reminder through the gateway (never deleted): a reservation's or a visit follow-up's, with its
 * outcome. At most one queued or sent delivery per reminder (partial unique indexes): sending twice enqueues once;
 * after a failure a new delivery may be queued, the failed one stays.
 */
export const reminderDelivery = pgTable(
  'reminder_delivery',
  {
    ...col.branchKeys(),
    kind: varchar('kind', { length: 20 }).notNull(),
    reservation_id: integer('reservation_id').references(() => reservation.id),
    visit_id: integer('visit_id').references(() => visit.id),
    /** The number sent to (62...), and the message, as they were when queued. */
    target: varchar('target', { length: 30 }).notNull(),
    message: text('message').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    job_id: varchar('job_id', { length: 64 }),
    created_by: col.userRef('created_by'),
    sent_at: col.ts('sent_at'),
    failed_at: col.ts('failed_at'),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('reminder_delivery_reservation_active_idx')
      .on(t.reservation_id)
      .where(sql`${t.reservation_id} is not null and ${t.status} in ('queued', 'sent')`),
    uniqueIndex('reminder_delivery_visit_active_idx')
      .on(t.visit_id)
      .where(sql`${t.visit_id} is not null and ${t.status} in ('queued', 'sent')`),
    index('reminder_delivery_profile_idx').on(t.profile_id, t.created_at),
    index('reminder_delivery_reservation_idx').on(t.reservation_id),
    index('reminder_delivery_visit_idx').on(t.visit_id),
    check('reminder_delivery_status_chk', sql`${t.status} in ('queued', 'sent', 'failed')`),
    check(
      'reminder_delivery_kind_chk',
      sql`(${t.kind} = 'reservation' and ${t.reservation_id} is not null and ${t.visit_id} is null) or (${t.kind} = 'followup' and ${t.visit_id} is not null and ${t.reservation_id} is null)`,
    ),
    check('reminder_delivery_attempts_chk', sql`${t.attempts} >= 0`),
  ],
);
