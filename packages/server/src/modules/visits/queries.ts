import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import { paketHistory, paketMembership, reservation, users, visit, visitStatusLog } from '../../db/schema/index.js';
import { LIST_COUNT_CAP, type VisitDto, type VisitKind, type VisitPayStatus, type VisitStatus } from '@klinik/shared';
import { likeOf } from '../../db/like.js';

/** The only file of the module with SQL. Every list takes the branch it is scoped to. */
export type VisitRow = typeof visit.$inferSelect;

const customer = alias(users, 'customer');
const doctor = alias(users, 'doctor');
const nurse = alias(users, 'nurse');

const selection = {
  v: visit,
  customer: { id: customer.id, name: customer.name, username: customer.username, phone: customer.phone },
  doctor: { id: doctor.id, name: doctor.name },
  nurse_name: nurse.name,
  reservation_code: reservation.code,
  reservation_time: reservation.time,
  paket_code: paketMembership.code,
  /** The paid state, derived from the cashier's payment rows (the kasir_visit_pay_status view), never stored here. */
  pay_status: sql<VisitPayStatus>`coalesce((select ps.pay_status from kasir_visit_pay_status ps where ps.visit_id = ${visit.id}), 'belum_dibayar')`,
};

function baseSelect(db: Db) {
  return db
    .select(selection)
    .from(visit)
    .innerJoin(customer, eq(customer.id, visit.customer_id))
    .innerJoin(doctor, eq(doctor.id, visit.doctor_id))
    .leftJoin(nurse, eq(nurse.id, visit.nurse_id))
    .leftJoin(reservation, eq(reservation.id, visit.reservation_id))
    .leftJoin(paketMembership, eq(paketMembership.id, visit.paket_membership_id));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

export function toDto(r: Joined): VisitDto {
  const v = r.v;
  return {
    id: v.id,
    profile_id: v.profile_id,
    code: v.code,
    visit_date: v.visit_date,
    queue_number: v.queue_number,
    customer: r.customer,
    doctor: r.doctor,
    nurse: v.nurse_id ? { id: v.nurse_id, name: r.nurse_name ?? '' } : null,
    kind: v.kind as VisitKind,
    complaint: v.complaint,
    reservation:
      v.reservation_id && r.reservation_code
        ? { id: v.reservation_id, code: r.reservation_code, time: (r.reservation_time ?? '').slice(0, 5) }
        : null,
    paket_membership: v.paket_membership_id && r.paket_code ? { id: v.paket_membership_id, code: r.paket_code } : null,
    needs_multimedia: v.needs_multimedia,
    status: v.status as VisitStatus,
    pay_status: r.pay_status,
    called_at: v.called_at,
    started_at: v.started_at,
    finished_at: v.finished_at,
    cancelled_at: v.cancelled_at,
    cancel_reason: v.cancel_reason,
    follow_up_date: v.follow_up_date,
    created_at: v.created_at,
  };
}

export interface VisitFilter {
  scope: BranchScope;
  id?: number;
  date?: string;
  fromdate?: string;
  todate?: string;
  status?: VisitStatus;
  doctor?: number;
  kind?: VisitKind;
  keyword?: string;
  /** Worklists: visits where this user is the doctor / treatments of this nurse or of nobody yet. */
  mineDoctor?: number;
  mineNurse?: number;
}

function where(f: VisitFilter): SQL | undefined {
  const w: SQL[] = [scopeSql(visit.profile_id, f.scope)];
  if (f.id) w.push(eq(visit.id, f.id));
  if (f.date) w.push(eq(visit.visit_date, f.date));
  if (f.fromdate) w.push(sql`${visit.visit_date} >= ${f.fromdate}`);
  if (f.todate) w.push(sql`${visit.visit_date} <= ${f.todate}`);
  if (f.status) w.push(eq(visit.status, f.status));
  if (f.doctor) w.push(eq(visit.doctor_id, f.doctor));
  if (f.kind) w.push(eq(visit.kind, f.kind));
  if (f.mineDoctor) w.push(eq(visit.doctor_id, f.mineDoctor));
  if (f.mineNurse)
    w.push(sql`${visit.kind} = 'tindakan' and (${visit.nurse_id} = ${f.mineNurse} or ${visit.nurse_id} is null)`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    w.push(
      sql`(lower(${customer.name}) like ${like} or lower(${customer.username}) like ${like} or lower(${visit.code}) like ${like} or coalesce(${customer.phone}, '') like ${like})`,
    );
  }
  return and(...w);
}

/** One day's queue, by doctor and queue number. */
export async function listQueue(db: Db, f: VisitFilter): Promise<VisitDto[]> {
  const rows = await baseSelect(db)
    .where(where(f))
    .orderBy(asc(doctor.name), asc(visit.doctor_id), asc(visit.queue_number))
    .limit(2000);
  return rows.map(toDto);
}

/**
 * The visit history, newest first, with the total for the pager: exact up to offset + LIST_COUNT_CAP, past
 * it that plus one ("more than"), so a page reads at most its offset and the cap's rows, not the branch's book.
 */
export async function listHistory(
  db: Db,
  f: VisitFilter & { limit: number; offset: number },
): Promise<{ rows: VisitDto[]; count: number }> {
  const w = where(f);
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(visit)
    .innerJoin(customer, eq(customer.id, visit.customer_id))
    .where(w)
    .limit(f.offset + LIST_COUNT_CAP + 1)
    .as('capped');
  const [rows, [total]] = await Promise.all([
    baseSelect(db)
      .where(w)
      .orderBy(desc(visit.visit_date), asc(visit.doctor_id), asc(visit.queue_number), desc(visit.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(matches),
  ]);
  return { rows: rows.map(toDto), count: Number(total?.n ?? 0) };
}

export async function findVisit(db: Db, id: number): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visit).where(eq(visit.id, id));
  return row;
}

export async function insertVisit(db: Db, values: typeof visit.$inferInsert): Promise<VisitRow> {
  const [row] = await db.insert(visit).values(values).returning();
  return row;
}

/**
 * One step of the state machine, only if the visit is still in `from` (a concurrent step that got there first
 * leaves nothing to update: the caller answers 409). The trigger visit_status_guard refuses any other step too.
 */
export async function transition(
  db: Db,
  id: number,
  from: VisitStatus,
  values: Partial<typeof visit.$inferInsert> & { status: VisitStatus },
): Promise<VisitRow | undefined> {
  const [row] = await db
    .update(visit)
    .set(values)
    .where(and(eq(visit.id, id), eq(visit.status, from)))
    .returning();
  return row;
}

export async function insertStatusLog(db: Db, values: typeof visitStatusLog.$inferInsert): Promise<void> {
  await db.insert(visitStatusLog).values(values);
}

export async function statusLogOf(db: Db, visitId: number) {
  return db
    .select({
      from_status: visitStatusLog.from_status,
      to_status: visitStatusLog.to_status,
      at: visitStatusLog.at,
      by: users.name,
    })
    .from(visitStatusLog)
    .leftJoin(users, eq(users.id, visitStatusLog.by_user))
    .where(eq(visitStatusLog.visit_id, visitId))
    .orderBy(asc(visitStatusLog.at), asc(visitStatusLog.id));
}

/** A doctor of this branch: a role 2 user of the branch, or with an active practice (doctor_practice) in it. */
export async function branchDoctor(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; name: string; status: number } | undefined> {
  const [row] = await queryRows<{ id: number; name: string; status: number }>(
    db,
    sql`select u.id, u.name, u.status from users u
        where u.id = ${id} and u.role = 2
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))`,
  );
  return row ? { ...row, id: Number(row.id), status: Number(row.status) } : undefined;
}

export async function branchDoctors(db: Db, branch: number): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select u.id, u.name from users u
        where u.role = 2 and u.status = 1
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))
        order by u.name, u.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function findPerson(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** A reservation row, locked for the check-in (two desks checking in the same booking wait for each other). */
export async function lockReservation(db: Db, id: number) {
  const [row] = await queryRows<{
    id: number;
    profile_id: number;
    customer_id: number;
    doctor_id: number;
    date: string;
    status: string;
  }>(
    db,
    sql`select id, profile_id, customer_id, doctor_id, date::text as date, status from reservation where id = ${id} for update`,
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        profile_id: Number(row.profile_id),
        customer_id: Number(row.customer_id),
        doctor_id: Number(row.doctor_id),
      }
    : undefined;
}

/** Today's bookings of the branch not yet checked in (the check-in picker). */
export async function bookedReservations(db: Db, scope: BranchScope, date: string) {
  const rows = await db
    .select({
      id: reservation.id,
      code: reservation.code,
      time: reservation.time,
      customer: { id: customer.id, name: customer.name, username: customer.username },
      doctor: { id: doctor.id, name: doctor.name },
    })
    .from(reservation)
    .innerJoin(customer, eq(customer.id, reservation.customer_id))
    .innerJoin(doctor, eq(doctor.id, reservation.doctor_id))
    .where(and(scopeSql(reservation.profile_id, scope), eq(reservation.date, date), eq(reservation.status, 'booked')))
    .orderBy(asc(reservation.time), asc(doctor.name), asc(reservation.id));
  return rows.map((r) => ({ ...r, time: r.time.slice(0, 5) }));
}

/** The patient's active package registrations of this branch with slots left that have not expired. */
export async function activePakets(db: Db, branch: number, customerId: number, today: string, id?: number) {
  const rows = await queryRows<{ id: number; code: string; name: string; left_slot: number }>(
    db,
    sql`select m.id, m.code, h.name, sum(s.free_slot - s.used_slot)::int as left_slot
        from ${paketMembership} m
        join ${paketHistory} h on h.id = m.paket_history_id
        join paket_membership_slot s on s.membership_id = m.id and s.expired_at >= ${today} and s.used_slot < s.free_slot
        where m.profile_id = ${branch} and m.customer_id = ${customerId} and m.status = 1
          ${id ? sql`and m.id = ${id}` : sql``}
        group by m.id, m.code, h.name
        order by m.id desc`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, left_slot: Number(r.left_slot) }));
}

/** Initials and numbers for the waiting-room display: the called/examined visits and who still waits, per doctor. */
export async function displayRows(db: Db, branch: number, date: string) {
  return queryRows<{ doctor_id: number; doctor_name: string; queue_number: number; name: string; status: string }>(
    db,
    sql`select v.doctor_id, d.name as doctor_name, v.queue_number, c.name, v.status
        from visit v join users d on d.id = v.doctor_id join users c on c.id = v.customer_id
        where v.profile_id = ${branch} and v.visit_date = ${date} and v.status in ('menunggu', 'dipanggil', 'diperiksa')
        order by d.name, v.doctor_id, v.queue_number`,
  );
}

/** The follow-up reminder of a visit was sent (the reminders of the reservations module say so). */
export async function markFollowUpReminded(db: Db, id: number, at: string) {
  const [row] = await db
    .update(visit)
    .set({ follow_up_reminded_at: at })
    .where(eq(visit.id, id))
    .returning({ id: visit.id, reminded_at: visit.follow_up_reminded_at });
  return row;
}
