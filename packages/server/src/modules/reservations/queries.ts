import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import type { Db } from '../../db/client.js';
import { keywordRank, keywordWhere } from '../users/index.js';
import {
  reminderDelivery,
  reminderGateway,
  reservation,
  reservationSlot,
  users,
  visit,
} from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

/** The reservations module's only SQL (issue 11 items 2 and 6). Every query takes the branch it is scoped to. */
export type ReservationRow = typeof reservation.$inferSelect;

const customer = alias(users, 'customer');
const doctor = alias(users, 'doctor');

const listCols = {
  r: reservation,
  customer_name: customer.name,
  customer_username: customer.username,
  customer_phone: customer.phone,
  doctor_name: doctor.name,
};
export type ReservationListRow = {
  r: ReservationRow;
  customer_name: string;
  customer_username: string;
  customer_phone: string | null;
  doctor_name: string;
};

export interface ReservationFilter {
  scope: BranchScope;
  keyword?: string;
  from?: string;
  to?: string;
  doctor?: number;
  status?: string;
}

function where(f: ReservationFilter): SQL | undefined {
  const w: SQL[] = [scopeSql(reservation.profile_id, f.scope)];
  if (f.from) w.push(gte(reservation.date, f.from));
  if (f.to) w.push(lte(reservation.date, f.to));
  if (f.doctor) w.push(eq(reservation.doctor_id, f.doctor));
  if (f.status) w.push(eq(reservation.status, f.status));
  if (f.keyword) {
    const like = likeOf(f.keyword);
    w.push(
      sql`(lower(${customer.name}) like ${like} or lower(${customer.username}) like ${like} or lower(${reservation.code}) like ${like} or coalesce(${customer.phone}, '') like ${like})`,
    );
  }
  return and(...w);
}

export async function listReservations(
  db: Db,
  f: ReservationFilter & { limit: number; offset: number },
): Promise<{ rows: ReservationListRow[]; count: number }> {
  const w = where(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(listCols)
      .from(reservation)
      .innerJoin(customer, eq(customer.id, reservation.customer_id))
      .innerJoin(doctor, eq(doctor.id, reservation.doctor_id))
      .where(w)
      .orderBy(desc(reservation.date), asc(reservation.time), asc(reservation.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(reservation).innerJoin(customer, eq(customer.id, reservation.customer_id)).where(w),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findReservationFull(db: Db, id: number): Promise<ReservationListRow | undefined> {
  const [row] = await db
    .select(listCols)
    .from(reservation)
    .innerJoin(customer, eq(customer.id, reservation.customer_id))
    .innerJoin(doctor, eq(doctor.id, reservation.doctor_id))
    .where(eq(reservation.id, id));
  return row;
}

export async function findReservation(db: Db, id: number): Promise<ReservationRow | undefined> {
  const [row] = await db.select().from(reservation).where(eq(reservation.id, id));
  return row;
}

export async function insertReservation(db: Db, v: typeof reservation.$inferInsert): Promise<ReservationRow> {
  const [row] = await db.insert(reservation).values(v).returning();
  return row;
}

export async function updateReservation(db: Db, id: number, v: Partial<typeof reservation.$inferInsert>) {
  const [row] = await db
    .update(reservation)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(reservation.id, id))
    .returning();
  return row;
}

/** Booked counts of a branch's slots between two dates (maintained by the reservation trigger). */
export async function slotCounts(db: Db, profileId: number, from: string, to: string, doctorId?: number) {
  return db
    .select({
      doctor_id: reservationSlot.doctor_id,
      date: reservationSlot.date,
      time: reservationSlot.time,
      booked: reservationSlot.booked,
    })
    .from(reservationSlot)
    .where(
      and(
        eq(reservationSlot.profile_id, profileId),
        gte(reservationSlot.date, from),
        lte(reservationSlot.date, to),
        doctorId ? eq(reservationSlot.doctor_id, doctorId) : sql`true`,
      ),
    );
}

/** A user's role, name and branch (the reservation's patient must be a patient, role 1). */
export async function findPerson(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, name: users.name, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/**
 * Patients (role 1) of a branch by name, NO RM., NIK or phone (the booking form's patient search): the users module's
 * keyword condition and order, so a whole NO RM. or NIK comes first here as in every patient picker (issue 26).
 */
export async function searchPatients(db: Db, profileId: number, keyword: string | undefined, limit = 20) {
  const w: SQL[] = [eq(users.profile_id, profileId), eq(users.role, 1), eq(users.status, 1)];
  if (keyword?.trim()) w.push(keywordWhere(keyword));
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      phone: users.phone,
      birth_date: users.birth_date,
    })
    .from(users)
    .where(and(...w))
    .orderBy(...keywordRank(keyword), asc(users.name), asc(users.id))
    .limit(limit);
}

// ------------------------------------------------------------------------------------------------ reminders

export async function reservationsToRemind(db: Db, profileId: number, date: string) {
  return db
    .select(listCols)
    .from(reservation)
    .innerJoin(customer, eq(customer.id, reservation.customer_id))
    .innerJoin(doctor, eq(doctor.id, reservation.doctor_id))
    .where(and(eq(reservation.profile_id, profileId), eq(reservation.date, date), eq(reservation.status, 'booked')))
    .orderBy(asc(reservation.time), asc(customer.name));
}

function followUpSelect(db: Db, w: SQL | undefined) {
  return db
    .select({
      id: visit.id,
      profile_id: visit.profile_id,
      customer_id: visit.customer_id,
      customer_name: customer.name,
      customer_phone: customer.phone,
      doctor_name: doctor.name,
      date: visit.follow_up_date,
      reminded_at: visit.follow_up_reminded_at,
      status: visit.status,
    })
    .from(visit)
    .innerJoin(customer, eq(customer.id, visit.customer_id))
    .innerJoin(doctor, eq(doctor.id, visit.doctor_id))
    .where(w);
}
export type FollowUpReminderRow = Awaited<ReturnType<typeof followUpSelect>>[number];

export async function followUpsDue(db: Db, profileId: number, date: string) {
  return followUpSelect(
    db,
    and(eq(visit.profile_id, profileId), eq(visit.follow_up_date, date), sql`${visit.status} <> 'batal'`),
  ).orderBy(asc(customer.name), asc(visit.id));
}

/** One visit's follow-up as the reminder page lists it (any status; the caller checks). */
export async function followUpReminder(db: Db, id: number): Promise<FollowUpReminderRow | undefined> {
  const [row] = await followUpSelect(db, eq(visit.id, id));
  return row;
}

export async function findFollowUp(db: Db, id: number) {
  const [row] = await db
    .select({ id: visit.id, follow_up_date: visit.follow_up_date, reminded_at: visit.follow_up_reminded_at })
    .from(visit)
    .where(eq(visit.id, id));
  return row;
}

/** A booked reservation whose patient came: the visit registered from it (the visits module calls this). */
export async function markReservationArrived(db: Db, id: number, at: string): Promise<void> {
  await db.update(reservation).set({ status: 'datang', updated_at: at }).where(eq(reservation.id, id));
}

// ------------------------------------------------------------------------------------------------ reminder gateway

export type GatewayRow = typeof reminderGateway.$inferSelect;
export type DeliveryRow = typeof reminderDelivery.$inferSelect;

export async function findGateway(db: Db, profileId: number): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(reminderGateway).where(eq(reminderGateway.profile_id, profileId));
  return row;
}

/** Creates or replaces the branch's gateway row (one per branch: reminder_gateway_profile_idx). */
export async function upsertGateway(db: Db, v: typeof reminderGateway.$inferInsert): Promise<GatewayRow> {
  const [row] = await db
    .insert(reminderGateway)
    .values(v)
    .onConflictDoUpdate({
      target: reminderGateway.profile_id,
      set: {
        enabled: v.enabled,
        provider: v.provider,
        url: v.url,
        token_header: v.token_header,
        token: v.token,
        updated_by: v.updated_by,
        updated_at: sql`now()`,
      },
    })
    .returning();
  return row;
}

export async function insertDelivery(db: Db, v: typeof reminderDelivery.$inferInsert): Promise<DeliveryRow> {
  const [row] = await db.insert(reminderDelivery).values(v).returning();
  return row;
}

/** The queued or sent delivery of a reminder (at most one: the partial unique indexes). */
export async function activeDelivery(
  db: Db,
  kind: 'reservation' | 'followup',
  id: number,
): Promise<DeliveryRow | undefined> {
  const col = kind === 'reservation' ? reminderDelivery.reservation_id : reminderDelivery.visit_id;
  const [row] = await db
    .select()
    .from(reminderDelivery)
    .where(and(eq(col, id), sql`${reminderDelivery.status} in ('queued', 'sent')`));
  return row;
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(reminderDelivery).where(eq(reminderDelivery.id, id));
  return row;
}

export async function updateDelivery(db: Db, id: number, v: Partial<typeof reminderDelivery.$inferInsert>) {
  const [row] = await db
    .update(reminderDelivery)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(reminderDelivery.id, id))
    .returning();
  return row;
}

/** Counts one more attempt of a queued delivery; undefined when it is no longer queued. */
export async function startAttempt(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(reminderDelivery)
    .set({ attempts: sql`${reminderDelivery.attempts} + 1`, updated_at: sql`now()` })
    .where(and(eq(reminderDelivery.id, id), eq(reminderDelivery.status, 'queued')))
    .returning();
  return row;
}

/** The latest delivery of each of the given reminders of a branch. */
export async function latestDeliveries(
  db: Db,
  profileId: number,
  reservationIds: number[],
  visitIds: number[],
): Promise<DeliveryRow[]> {
  if (reservationIds.length === 0 && visitIds.length === 0) return [];
  const w: SQL[] = [];
  if (reservationIds.length) w.push(inArray(reminderDelivery.reservation_id, reservationIds));
  if (visitIds.length) w.push(inArray(reminderDelivery.visit_id, visitIds));
  const rows = await db
    .select()
    .from(reminderDelivery)
    .where(and(eq(reminderDelivery.profile_id, profileId), or(...w)))
    .orderBy(desc(reminderDelivery.id));
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.kind}|${r.reservation_id ?? r.visit_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The reminder a delivery is for, as the job needs it: still booked / still due, and its branch's clinic name. */
export async function reservationState(db: Db, id: number) {
  const [row] = await db
    .select({ status: reservation.status, reminded_at: reservation.reminded_at })
    .from(reservation)
    .where(eq(reservation.id, id));
  return row;
}

export async function markReservationRemindedBy(db: Db, id: number, at: string, by: number | null) {
  const [row] = await db
    .update(reservation)
    .set({ reminded_at: at, reminded_by: by, updated_at: sql`now()` })
    .where(eq(reservation.id, id))
    .returning();
  return row;
}
