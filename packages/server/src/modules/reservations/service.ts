import {
  RESERVATION_STATUS_LABEL,
  addDays,
  MAX_DAYS_AHEAD,
  reminderMessage,
  slotFullMessage,
  waLink,
  type NewPatientInput,
  type ReminderDeliveryDto,
  type ReminderDeliveryStatus,
  type ReminderDto,
  type ReservationDto,
  type ReservationInput,
  type ReservationListQuery,
  type ReservationStatus,
  type ReservationUpdateInput,
  type ScheduleRangeQuery,
  type SlotDto,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, constraintOf, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import { branchScope, requireAccess, requireReference } from '../../http/access-scope.js';
import { DEFAULT_TIMEZONE } from '../../http/clock.js';
import { findBranch } from '../branches/index.js';
import { closureOn, closuresBetween, PRACTISING_DOCTOR, schedulesOn, searchPractising } from '../doctors/index.js';
import { createPatient, USER } from '../users/index.js';
import { markFollowUpReminded as markVisitFollowUpReminded } from '../visits/index.js';
import { FOLLOW_UP, RESERVATION } from './entities.js';
import * as q from './queries.js';

/**
 * Reservations into doctors' slots (issue 11 item 2) and the reminder page (item 6). A doctor's weekly schedule
 * blocks (doctor_schedule) are cut into slots of slot_minutes; each slot takes `capacity` bookings (spec 9: 4).
 * The capacity is kept by PostgreSQL (reservation_slot and its check, drizzle/0016_service_rules.sql): the service
 * only checks what the database cannot know (the schedule, closed dates, the clock) and maps the refusal to 409.
 */

const hhmm = (t: string) => t.slice(0, 5);
const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const fromMin = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** ISO day of week (1 Senin .. 7 Minggu) of a calendar date. */
export function isoDay(date: string): number {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
const dmy = (date: string) => date.split('-').reverse().join('-');

/** The branch's wall clock: today and the time HH:MM now. */
async function clockOf(c: Ctx): Promise<{ today: string; time: string; zone: string; clinic: string }> {
  const branch = await findBranch(c.db, c.branchId);
  const zone = branch?.timezone ?? DEFAULT_TIMEZONE;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(c.now())
    .slice(0, 5);
  return { today: await c.today(), time, zone, clinic: branch?.name ?? 'Klinik' };
}

interface Slot extends SlotDto {
  doctor: number;
  doctor_name: string;
  date: string;
}

/** Every slot of the branch's doctors (or one doctor) on a date, with how full it is and whether it can be booked. */
async function slotsOn(
  c: Ctx,
  date: string,
  doctorId: number | undefined,
  counts: Map<string, number>,
  clock: { today: string; time: string },
  closedFor: (doctor: number) => boolean,
): Promise<Slot[]> {
  const blocks = await schedulesOn(c.db, c.branchId, doctorId, isoDay(date));
  const out: Slot[] = [];
  for (const { s, doctor_name } of blocks) {
    const closed = closedFor(s.doctor_id);
    for (let m = toMin(s.start_time); m + s.slot_minutes <= toMin(s.end_time); m += s.slot_minutes) {
      const time = fromMin(m);
      const booked = counts.get(`${s.doctor_id}|${date}|${time}`) ?? 0;
      const past = date < clock.today || (date === clock.today && time <= clock.time);
      out.push({
        doctor: s.doctor_id,
        doctor_name,
        date,
        time,
        end: fromMin(m + s.slot_minutes),
        capacity: s.capacity,
        booked,
        available: !closed && !past && booked < s.capacity,
      });
    }
  }
  return out;
}

async function countsOf(c: Ctx, from: string, to: string, doctorId?: number): Promise<Map<string, number>> {
  const rows = await q.slotCounts(c.db, c.branchId, from, to, doctorId);
  return new Map(rows.map((r) => [`${r.doctor_id}|${r.date}|${hhmm(r.time)}`, r.booked]));
}

/** GET /api/service/registration/finddoctorschedule: one doctor's slots on a date (spec REST contract). */
export async function findDoctorSchedule(ctx: Ctx, date: string, doctorId: number) {
  const c = requireUser(ctx);
  await requireReference(c, PRACTISING_DOCTOR, [doctorId], 'doctor');
  const clock = await clockOf(c);
  const closure = await closureOn(c.db, c.branchId, doctorId, date);
  const slots = await slotsOn(c, date, doctorId, await countsOf(c, date, date, doctorId), clock, () => !!closure);
  return {
    data: slots.map(({ time, end, capacity, booked, available }) => ({ time, end, capacity, booked, available })),
    closed: closure ? (closure.reason ?? 'Libur') : null,
  };
}

/** Every doctor's slots of the branch over a range of days (the 'Jadwal Registrasi' calendar). */
export async function scheduleRange(ctx: Ctx, query: ScheduleRangeQuery) {
  const c = requireUser(ctx);
  if (query.doctor) await requireReference(c, PRACTISING_DOCTOR, [query.doctor], 'doctor');
  const clock = await clockOf(c);
  const counts = await countsOf(c, query.from, query.to, query.doctor);
  const closures = await closuresBetween(c.db, c.branchId, query.from, query.to);
  const out: Slot[] = [];
  for (let d = query.from; d <= query.to; d = addDays(d, 1)) {
    const closedFor = (doctor: number) =>
      closures.some((x) => x.date === d && (x.doctor_id === null || x.doctor_id === doctor));
    out.push(...(await slotsOn(c, d, query.doctor, counts, clock, closedFor)));
  }
  return {
    data: out,
    closed: closures.map((x) => ({ date: x.date, doctor: x.doctor_id, reason: x.reason })),
  };
}

export async function searchDoctor(ctx: Ctx, keyword: string | undefined) {
  const c = requireUser(ctx);
  return searchPractising(c.db, c.branchId, keyword);
}

export async function searchCustomer(ctx: Ctx, keyword: string | undefined) {
  const c = requireUser(ctx);
  return q.searchPatients(c.db, c.branchId, keyword);
}

/** POST /api/service/registration/storecustomer: the users module's new-patient registration, as it is. */
export async function storeCustomer(ctx: Ctx, input: NewPatientInput) {
  return createPatient(ctx, input);
}

/** The slot a booking asks for, checked against the schedule, closed dates and the clock (400 on the field). */
async function bookableSlot(c: AuthedCtx, doctorId: number, date: string, time: string): Promise<Slot> {
  await requireReference(c, PRACTISING_DOCTOR, [doctorId], 'doctor');
  const clock = await clockOf(c);
  if (date < clock.today) throw badRequest('Tanggal reservasi sudah lewat', 'date');
  // A clinic books at most a year ahead (issue 25 finding 8: no reservation in 2099).
  if (date > addDays(clock.today, MAX_DAYS_AHEAD))
    throw badRequest('Reservasi paling jauh 1 tahun (365 hari) ke depan', 'date');
  const closure = await closureOn(c.db, c.branchId, doctorId, date);
  if (closure)
    throw badRequest(
      closure.doctor_id === null
        ? `Klinik tutup pada ${dmy(date)}${closure.reason ? ` (${closure.reason})` : ''}`
        : `Dokter libur pada ${dmy(date)}${closure.reason ? ` (${closure.reason})` : ''}`,
      'date',
    );
  const slots = await slotsOn(c, date, doctorId, new Map(), clock, () => false);
  const slot = slots.find((s) => s.time === time);
  if (!slot) throw badRequest('Jam ini di luar jadwal praktik dokter', 'time');
  if (date === clock.today && time <= clock.time) throw badRequest('Slot ini sudah lewat', 'time');
  return slot;
}

const slotLabel = (s: Slot) => `${s.doctor_name} ${dmy(s.date)} ${s.time}`;

function dto(r: q.ReservationListRow): ReservationDto {
  return {
    id: r.r.id,
    code: r.r.code,
    customer: r.r.customer_id,
    customer_name: r.customer_name,
    customer_username: r.customer_username,
    customer_phone: r.customer_phone,
    doctor: r.r.doctor_id,
    doctor_name: r.doctor_name,
    date: r.r.date,
    time: hhmm(r.r.time),
    end: hhmm(r.r.end_time),
    status: r.r.status as ReservationStatus,
    note: r.r.note,
    cancel_reason: r.r.cancel_reason,
    reminded_at: r.r.reminded_at,
    created_at: r.r.created_at,
  };
}

async function dtoOf(c: Ctx, id: number): Promise<ReservationDto> {
  const row = await q.findReservationFull(c.db, id);
  if (!row) throw notFound(RESERVATION.notFound);
  return dto(row);
}

/**
 * POST /api/service/reservation. The same Idempotency-Key answers the first booking (200) instead of booking twice;
 * the key with another booking is 409 (http/idempotency.ts; the key is kept on the reservation). A full slot is refused by PostgreSQL and answered 409 'Slot ... sudah penuh'.
 */
export async function create(
  ctx: Ctx,
  input: ReservationInput,
  idempotencyKey?: string,
): Promise<{ data: ReservationDto; created: boolean }> {
  const c = requireUser(ctx);
  await requireReference(c, USER, [input.customer], 'customer', 'Pasien tidak ditemukan');
  const person = await q.findPerson(c.db, input.customer);
  if (!person || person.role !== 1 || person.status !== 1) throw badRequest('Pasien tidak ditemukan', 'customer');
  const slot = await bookableSlot(c, input.doctor, input.date, input.time);
  try {
    return await inTransaction(c, async (tx) => {
      const period = input.date.slice(0, 7).replace('-', '');
      const n = await nextNumber(tx.db, tx.branchId, 'reservation', period);
      const row = await q.insertReservation(tx.db, {
        profile_id: tx.branchId,
        code: formatDocNumber('RSV', tx.branchId, period, n),
        customer_id: input.customer,
        doctor_id: input.doctor,
        date: input.date,
        time: slot.time,
        end_time: slot.end,
        slot_capacity: slot.capacity,
        note: input.note ?? null,
        idempotency_key: idempotencyKey ?? null,
        created_by: tx.user!.id,
      });
      await audit(tx, { action: 'create', entity: 'reservation', entityId: row.id, after: row });
      return { data: await dtoOf(tx, row.id), created: true };
    });
  } catch (err) {
    // The slot's capacity is checked by PostgreSQL (reservation_slot_full_chk).
    if (constraintOf(err) === 'reservation_slot_full_chk') throw conflict(slotFullMessage(slotLabel(slot)), 'time');
    throw err;
  }
}

/** PUT /api/service/reservation/{id}: cancel with a reason, mark no-show, or move to another slot. */
export async function update(ctx: Ctx, id: number, input: ReservationUpdateInput): Promise<ReservationDto> {
  const c = requireUser(ctx);
  await requireAccess(c, RESERVATION, [id], 'write');
  const before = await q.findReservation(c.db, id);
  if (!before) throw notFound(RESERVATION.notFound);
  if (before.status !== 'booked')
    throw conflict(
      `Reservasi berstatus ${RESERVATION_STATUS_LABEL[before.status as ReservationStatus]} tidak dapat diubah`,
    );
  let slot: Slot | undefined;
  let values: Parameters<typeof q.updateReservation>[2];
  if ('status' in input && input.status === 'batal') {
    values = { status: 'batal', cancel_reason: input.reason };
  } else if ('status' in input) {
    if (before.date > (await c.today()))
      throw badRequest('Tidak datang hanya dapat ditandai pada atau setelah tanggal reservasi', 'status');
    values = { status: 'tidak_datang' };
  } else {
    const doctor = input.doctor ?? before.doctor_id;
    if (doctor === before.doctor_id && input.date === before.date && input.time === hhmm(before.time))
      throw badRequest('Jadwal baru sama dengan jadwal sekarang', 'time');
    slot = await bookableSlot(c, doctor, input.date, input.time);
    values = { doctor_id: doctor, date: input.date, time: slot.time, end_time: slot.end, slot_capacity: slot.capacity };
  }
  try {
    return await inTransaction(c, async (tx) => {
      const row = await q.updateReservation(tx.db, id, values);
      await audit(tx, {
        action: slot ? 'reschedule' : values.status === 'batal' ? 'cancel' : 'update',
        entity: 'reservation',
        entityId: id,
        before,
        after: row,
      });
      return dtoOf(tx, id);
    });
  } catch (err) {
    if (slot && constraintOf(err) === 'reservation_slot_full_chk')
      throw conflict(slotFullMessage(slotLabel(slot)), 'time');
    throw err;
  }
}

export async function get(ctx: Ctx, id: number): Promise<ReservationDto> {
  const c = requireUser(ctx);
  await requireAccess(c, RESERVATION, [id], 'read');
  return dtoOf(c, id);
}

export async function list(ctx: Ctx, query: ReservationListQuery) {
  const c = requireUser(ctx);
  const { rows, count } = await q.listReservations(c.db, {
    scope: branchScope(c),
    keyword: query.keyword,
    from: query.from,
    to: query.to,
    doctor: query.doctor,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(dto), count };
}

// ------------------------------------------------------------------------------------------------ reminders

const waMessageLink = (phone: string | null, message: string) => {
  const base = waLink(phone);
  return base ? `${base}?text=${encodeURIComponent(message)}` : null;
};

/** A reservation as a reminder: the patient, the prefilled message and its WhatsApp link. */
export function reservationReminder(r: q.ReservationListRow, clinic: string): ReminderDto {
  const message = reminderMessage({
    kind: 'reservation',
    customer_name: r.customer_name,
    clinic,
    doctor_name: r.doctor_name,
    date: r.r.date,
    time: hhmm(r.r.time),
  });
  return {
    kind: 'reservation',
    id: r.r.id,
    customer: r.r.customer_id,
    customer_name: r.customer_name,
    phone: r.customer_phone,
    doctor_name: r.doctor_name,
    date: r.r.date,
    time: hhmm(r.r.time),
    reminded_at: r.r.reminded_at,
    wa_link: waMessageLink(r.customer_phone, message),
    message,
    delivery: null,
  };
}

/** A visit's follow-up (control visit) as a reminder. */
export function followUpReminder(v: q.FollowUpReminderRow, clinic: string): ReminderDto {
  const message = reminderMessage({
    kind: 'followup',
    customer_name: v.customer_name,
    clinic,
    doctor_name: v.doctor_name,
    date: v.date!,
    time: null,
  });
  return {
    kind: 'followup',
    id: v.id,
    customer: v.customer_id,
    customer_name: v.customer_name,
    phone: v.customer_phone,
    doctor_name: v.doctor_name,
    date: v.date!,
    time: null,
    reminded_at: v.reminded_at,
    wa_link: waMessageLink(v.customer_phone, message),
    message,
    delivery: null,
  };
}

/** The clinic name a reminder message carries (the branch's name). */
export async function clinicName(c: Ctx, profileId: number): Promise<string> {
  return (await findBranch(c.db, profileId))?.name ?? 'Klinik';
}

/**
 * Tomorrow's (or `date`'s) booked reservations and due follow-ups, each with a prefilled WhatsApp link, the latest
 * sending through the branch's gateway, and whether that gateway is enabled (the page then offers 'Kirim').
 */
export async function reminders(
  ctx: Ctx,
  date: string | undefined,
): Promise<{ date: string; gateway: boolean; data: ReminderDto[] }> {
  const c = requireUser(ctx);
  const clock = await clockOf(c);
  const day = date ?? addDays(clock.today, 1);
  const out: ReminderDto[] = [
    ...(await q.reservationsToRemind(c.db, c.branchId, day)).map((r) => reservationReminder(r, clock.clinic)),
    ...(await q.followUpsDue(c.db, c.branchId, day)).map((v) => followUpReminder(v, clock.clinic)),
  ];
  const deliveries = await q.latestDeliveries(
    c.db,
    c.branchId,
    out.filter((r) => r.kind === 'reservation').map((r) => r.id),
    out.filter((r) => r.kind === 'followup').map((r) => r.id),
  );
  for (const r of out) {
    const d = deliveries.find((x) => x.kind === r.kind && (x.reservation_id ?? x.visit_id) === r.id);
    r.delivery = d ? deliveryDto(d) : null;
  }
  const gateway = await q.findGateway(c.db, c.branchId);
  return { date: day, gateway: !!gateway?.enabled, data: out };
}

export function deliveryDto(d: q.DeliveryRow): ReminderDeliveryDto {
  return {
    id: d.id,
    kind: d.kind as ReminderDeliveryDto['kind'],
    reminder: (d.reservation_id ?? d.visit_id)!,
    target: d.target,
    status: d.status as ReminderDeliveryStatus,
    attempts: d.attempts,
    last_error: d.last_error,
    created_at: d.created_at,
    sent_at: d.sent_at,
    failed_at: d.failed_at,
  };
}

export async function markReservationReminded(ctx: Ctx, id: number) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, RESERVATION, [id], 'write');
    const before = await q.findReservation(tx.db, id);
    if (!before) throw notFound(RESERVATION.notFound);
    if (before.status !== 'booked') throw conflict('Reservasi ini tidak lagi terjadwal');
    const row = await q.updateReservation(tx.db, id, { reminded_at: tx.now().toISOString(), reminded_by: tx.user!.id });
    await audit(tx, { action: 'remind', entity: 'reservation', entityId: id, before, after: row });
    return { id, reminded_at: row.reminded_at };
  });
}

export async function markFollowUpReminded(ctx: Ctx, id: number) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, FOLLOW_UP, [id], 'write');
    const before = await q.findFollowUp(tx.db, id);
    if (!before) throw notFound(FOLLOW_UP.notFound);
    if (!before.follow_up_date) throw badRequest('Kunjungan ini tidak punya jadwal kontrol', 'id');
    const row = await markVisitFollowUpReminded(tx, id, tx.now().toISOString());
    await audit(tx, { action: 'remind', entity: 'visit_follow_up', entityId: id, before, after: row });
    return { id, reminded_at: row.reminded_at };
  });
}
