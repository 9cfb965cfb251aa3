import {
  allows,
  canTransitionVisit,
  rmRead,
  nameInitials,
  VISIT_EVENT_CHANNEL,
  visitTransitionMessage,
  type Paged,
  type VisitCreated,
  type VisitDisplayRow,
  type VisitDto,
  type VisitInputParsed,
  type VisitStatus,
  type backofficeVisitQuery,
  type visitHistoryQuery,
  type visitQueueQuery,
  type visitStatusInput,
  type z,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.js';
import { audit, auditRecordReads } from '../../lib/audit.js';
import { publishBranchEvent } from '../../lib/branch-events.js';
import { formatDocNumber, nextNumber } from '../../lib/numbering.js';
import {
  backofficeScope,
  branchScope,
  requireAccess,
  requireReference,
  type BranchScope,
} from '../../http/access-scope.js';
import { USER } from '../users/index.js';
import { markReservationArrived } from '../reservations/index.js';
import { CHECKIN_RESERVATION, VISIT } from './entities.js';
import * as q from './queries.js';
import { recordMove, STAMP } from './moves.js';

/**
 * Visits (issue 11 items 3 and 4). Registration (walk-in or check-in of today's reservation) takes the visit's code
 * and its queue number (per branch, doctor and day) from the numbering service in the same transaction, so both
 * are gapless and unique. Status changes follow the shared state machine (VISIT_TRANSITIONS) with a conditional
 * UPDATE (`where status = from`): of two concurrent steps from the same status one wins, the other gets 409. Every
 * change is logged (visit_status_log), audited and announced to the branch's open queues (lib/branch-events.ts).
 */

const PATIENT_NOT_FOUND = 'Pasien tidak ditemukan di cabang ini';
const DOCTOR_NOT_FOUND = 'Dokter tidak ditemukan di cabang ini';

async function requirePatient(c: Ctx, id: number) {
  await requireReference(c, USER, [id], 'customer', PATIENT_NOT_FOUND);
  const u = await q.findPerson(c.db, id);
  if (!u || u.role !== 1) throw badRequest(PATIENT_NOT_FOUND, 'customer');
  if (u.status !== 1) throw badRequest('Pasien tidak aktif', 'customer');
  return u;
}

/** Doctors are role 2 users of the branch or with an active practice in it (doctor_practice). */
async function requireDoctor(c: AuthedCtx, id: number) {
  const d = await q.branchDoctor(c.db, c.branchId, id);
  if (!d) throw badRequest(DOCTOR_NOT_FOUND, 'doctor');
  if (d.status !== 1) throw badRequest('Dokter tidak aktif', 'doctor');
  return d;
}

async function announce(c: AuthedCtx, ids: number[]) {
  await publishBranchEvent(c.db, VISIT_EVENT_CHANNEL, c.branchId, ids);
}

/**
 * The complaint is clinical data (issue 25): shown to those who read SOAP (rmRead RM_DOKUMEN) and to the visit's
 * doctor, each patient whose complaint is answered joining the read trail; for the front desk and the others it is
 * null (they typed it at registration and need not read it back).
 */
async function withComplaints(c: AuthedCtx, rows: VisitDto[], what: string): Promise<VisitDto[]> {
  const readsAll = allows(c.user, rmRead('RM_DOKUMEN'));
  const out = rows.map((v) => (readsAll || v.doctor.id === c.user.id ? v : { ...v, complaint: null }));
  await auditRecordReads(
    c,
    'read',
    out
      .filter((v) => v.complaint !== null)
      .map((v) => ({ customer: v.customer.id, visit: v.id, branch: v.profile_id })),
    { what },
  );
  return out;
}

async function visitDto(c: AuthedCtx, id: number): Promise<VisitDto> {
  const [dto] = await q.listQueue(c.db, { scope: branchScope(c, { isallbranch: 1 }), id });
  if (!dto) throw notFound(VISIT.notFound);
  return dto;
}

// ---------------------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------------------

export async function queue(ctx: Ctx, input: z.output<typeof visitQueueQuery>): Promise<VisitDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listQueue(c.db, {
    scope: branchScope(c),
    date: input.date ?? (await c.today()),
    status: input.status,
    doctor: input.doctor,
    mineDoctor: input.mine === 'doctor' ? c.user.id : undefined,
    mineNurse: input.mine === 'nurse' ? c.user.id : undefined,
  });
  return withComplaints(c, rows, 'keluhan_antrian');
}

export async function history(ctx: Ctx, input: z.output<typeof visitHistoryQuery>): Promise<Paged<VisitDto>> {
  const c = requireUser(ctx);
  return historyPage(c, branchScope(c), input);
}

/** /backoffice/kunjungan (issue 30): the visit history of the named branches (none: every branch). */
export async function backofficeHistory(
  ctx: Ctx,
  input: z.output<typeof backofficeVisitQuery>,
): Promise<Paged<VisitDto>> {
  const c = requireUser(ctx);
  return historyPage(c, backofficeScope(c, input.profile_id), input);
}

async function historyPage(
  c: AuthedCtx,
  scope: BranchScope,
  input: z.output<typeof visitHistoryQuery>,
): Promise<Paged<VisitDto>> {
  const { rows, count } = await q.listHistory(c.db, {
    scope,
    fromdate: input.fromdate ?? undefined,
    todate: input.todate ?? undefined,
    status: input.status,
    doctor: input.doctor,
    kind: input.kind,
    keyword: input.keyword,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { data: await withComplaints(c, rows, 'keluhan_riwayat'), count };
}

export async function get(ctx: Ctx, id: number) {
  const c = requireUser(ctx);
  await requireAccess(c, VISIT, [id], 'read');
  const [dto] = await withComplaints(c, [await visitDto(c, id)], 'keluhan');
  return { ...dto, status_log: await q.statusLogOf(c.db, id) };
}

export async function doctors(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.branchDoctors(c.db, c.branchId);
}

export async function todaysReservations(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.bookedReservations(c.db, branchScope(c, {}, 'write'), await c.today());
}

export async function pakets(ctx: Ctx, customer: number) {
  const c = requireUser(ctx);
  await requirePatient(c, customer);
  return q.activePakets(c.db, c.branchId, customer, await c.today());
}

/** The waiting-room display: numbers and initials only, never a name. */
export async function display(ctx: Ctx): Promise<{ date: string; doctors: VisitDisplayRow[] }> {
  const c = requireUser(ctx);
  const date = await c.today();
  const rows = await q.displayRows(c.db, c.branchId, date);
  const byDoctor = new Map<number, VisitDisplayRow>();
  for (const r of rows) {
    const id = Number(r.doctor_id);
    let d = byDoctor.get(id);
    if (!d) byDoctor.set(id, (d = { doctor: { id, name: r.doctor_name }, current: [], waiting: 0, next: [] }));
    if (r.status === 'menunggu') {
      d.waiting++;
      if (d.next.length < 3) d.next.push(Number(r.queue_number));
    } else {
      d.current.push({
        queue_number: Number(r.queue_number),
        initials: nameInitials(r.name),
        status: r.status as VisitStatus,
      });
    }
  }
  return { date, doctors: [...byDoctor.values()] };
}

// ---------------------------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------------------------

function created(v: q.VisitRow): VisitCreated {
  return { id: v.id, code: v.code, queue_number: v.queue_number, status: v.status as VisitStatus };
}

/**
 * POST /api/service/visit: a walk-in, or the check-in of a reservation of today in this branch (its status
 * becomes 'datang'). The same Idempotency-Key answers the first registration (200) instead of a second visit
 * (http/idempotency.ts); the key is kept on the visit.
 */
export async function register(
  ctx: Ctx,
  input: VisitInputParsed,
  idempotencyKey?: string,
): Promise<{ data: VisitCreated; created: boolean }> {
  const c = requireUser(ctx);
  const key = idempotencyKey ? `key:${idempotencyKey}` : null;
  try {
    const row = await inTransaction(c, async (tx0) => {
      const tx = tx0 as AuthedCtx;
      const today = await tx.today();
      await requirePatient(tx, input.customer);
      await requireDoctor(tx, input.doctor);
      if (input.reservation) {
        await requireAccess(tx, CHECKIN_RESERVATION, [input.reservation], 'write');
        const r = await q.lockReservation(tx.db, input.reservation);
        if (!r) throw notFound(CHECKIN_RESERVATION.notFound);
        if (r.date !== today) throw badRequest('Hanya reservasi hari ini yang dapat di-check-in', 'reservation');
        if (r.status === 'datang') throw conflict('Reservasi ini sudah check-in', 'reservation');
        if (r.status !== 'booked') throw conflict('Reservasi ini sudah dibatalkan atau tidak datang', 'reservation');
        if (r.customer_id !== input.customer) throw badRequest('Pasien berbeda dengan reservasi', 'customer');
        if (r.doctor_id !== input.doctor) throw badRequest('Dokter berbeda dengan reservasi', 'doctor');
      }
      if (input.kind === 'paket') {
        const [p] = await q.activePakets(tx.db, tx.branchId, input.customer, today, input.paket_membership!);
        if (!p) throw badRequest('Paket pasien tidak aktif, sudah habis atau kedaluwarsa', 'paket_membership');
      }
      const day = today.replaceAll('-', '');
      // Per doctor and day: the counter's kind names the doctor, its period the day (doc_counter.period is 10 long).
      const queueNumber = await nextNumber(tx.db, tx.branchId, `ANTRIAN-${input.doctor}`, day);
      const n = await nextNumber(tx.db, tx.branchId, 'KJ', day.slice(0, 6));
      const at = tx.now().toISOString();
      const v = await q.insertVisit(tx.db, {
        profile_id: tx.branchId,
        code: formatDocNumber('KJ', tx.branchId, day.slice(0, 6), n),
        visit_date: today,
        queue_number: queueNumber,
        customer_id: input.customer,
        doctor_id: input.doctor,
        kind: input.kind,
        complaint: input.complaint || null,
        reservation_id: input.reservation ?? null,
        paket_membership_id: input.kind === 'paket' ? input.paket_membership! : null,
        needs_multimedia: input.needs_multimedia,
        status: 'menunggu',
        idempotency_key: key,
        created_by: tx.user.id,
        created_at: at,
        updated_at: at,
      });
      if (input.reservation) await markReservationArrived(tx, input.reservation, at);
      await q.insertStatusLog(tx.db, {
        visit_id: v.id,
        from_status: null,
        to_status: 'menunggu',
        by_user: tx.user.id,
        at,
      });
      await audit(tx, { action: input.reservation ? 'checkin' : 'create', entity: 'visit', entityId: v.id, after: v });
      await announce(tx, [v.id]);
      return v;
    });
    return { data: created(row), created: true };
  } catch (err) {
    if (isUniqueViolation(err, 'visit_reservation_idx')) throw conflict('Reservasi ini sudah check-in', 'reservation');
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The state machine
// ---------------------------------------------------------------------------------------------------------------

/** POST /api/service/visit/{id}/status: one step of VISIT_TRANSITIONS, or 409 with the Indonesian refusal. */
export async function setStatus(
  ctx: Ctx,
  id: number,
  input: z.output<typeof visitStatusInput>,
): Promise<{ id: number; status: VisitStatus; from: VisitStatus }> {
  const c = requireUser(ctx);
  await requireAccess(c, VISIT, [id], 'write');
  return inTransaction(c, async (tx0) => {
    const tx = tx0 as AuthedCtx;
    const before = await q.findVisit(tx.db, id);
    if (!before) throw notFound(VISIT.notFound);
    const from = before.status as VisitStatus;
    const to = input.status;
    if (!canTransitionVisit(from, to)) throw conflict(visitTransitionMessage(from, to), 'status');
    const at = tx.now().toISOString();
    const stamp = STAMP[to]!;
    // A nurse or therapist who takes an unassigned treatment becomes its nurse (their worklist keeps it).
    const takesTreatment = before.kind === 'tindakan' && !before.nurse_id && tx.user.rolename === 'perawat';
    const after = await q.transition(tx.db, id, from, {
      status: to,
      [stamp]: at,
      ...(to === 'batal' ? { cancel_reason: input.reason ?? null } : {}),
      ...(takesTreatment ? { nurse_id: tx.user.id } : {}),
      updated_at: at,
    });
    if (!after) {
      // Someone else moved it first: the refusal names the status it is in now.
      const now = await q.findVisit(tx.db, id);
      throw conflict(visitTransitionMessage((now?.status ?? from) as VisitStatus, to), 'status');
    }
    await recordMove(tx, id, { from, to, at }, { reason: input.reason ?? null });
    await announce(tx, [id]);
    return { id, status: to, from };
  });
}
