import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import type { Db } from '../../db/client.js';
import { reservation, reservationSlot, users, visit } from '../../db/schema/index.js';

/** The reservations module's only SQL (issue 11 items 2 and 6). Every query takes the branch it is scoped to. */
export type ReservationRow = typeof reservation.$inferSelect;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%`;
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

export async function findByKey(db: Db, profileId: number, key: string): Promise<ReservationRow | undefined> {
  const [row] = await db
    .select()
    .from(reservation)
    .where(and(eq(reservation.profile_id, profileId), eq(reservation.idempotency_key, key)));
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

/** Patients (role 1) of a branch by name, No RM or phone (the booking form's patient search). */
export async function searchPatients(db: Db, profileId: number, keyword: string | undefined, limit = 20) {
  const w: SQL[] = [eq(users.profile_id, profileId), eq(users.role, 1), eq(users.status, 1)];
  if (keyword) {
    const like = likeOf(keyword);
    w.push(
      sql`(lower(${users.name}) like ${like} or lower(${users.username}) like ${like} or coalesce(${users.phone}, '') like ${like})`,
    );
  }
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
    .orderBy(asc(users.name))
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

export async function followUpsDue(db: Db, profileId: number, date: string) {
  return db
    .select({
      id: visit.id,
      customer_id: visit.customer_id,
      customer_name: customer.name,
      customer_phone: customer.phone,
      doctor_name: doctor.name,
      date: visit.follow_up_date,
      reminded_at: visit.follow_up_reminded_at,
    })
    .from(visit)
    .innerJoin(customer, eq(customer.id, visit.customer_id))
    .innerJoin(doctor, eq(doctor.id, visit.doctor_id))
    .where(and(eq(visit.profile_id, profileId), eq(visit.follow_up_date, date), sql`${visit.status} <> 'batal'`))
    .orderBy(asc(customer.name), asc(visit.id));
}

export async function findFollowUp(db: Db, id: number) {
  const [row] = await db
    .select({ id: visit.id, follow_up_date: visit.follow_up_date, reminded_at: visit.follow_up_reminded_at })
    .from(visit)
    .where(eq(visit.id, id));
  return row;
}

export async function markFollowUpReminded(db: Db, id: number, at: string) {
  const [row] = await db
    .update(visit)
    .set({ follow_up_reminded_at: at })
    .where(eq(visit.id, id))
    .returning({ id: visit.id, reminded_at: visit.follow_up_reminded_at });
  return row;
}
