import {
  ROLE_LABELS,
  roleNameOf,
  type DoctorListQuery,
  type DoctorPracticeInput,
  type DoctorScheduleInput,
  type ScheduleClosedInput,
  type StakeholderListQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess, requireReference } from '../../http/access-scope.js';
import { DOCTOR_PRACTICE, DOCTOR_SCHEDULE, PRACTISING_DOCTOR, SCHEDULE_CLOSED } from './entities.js';
import * as q from './queries.js';

/**
 * The doctors master (issue 11 item 1, /service/master/doctor): which doctors practise in the branch (with their
 * SIP and specialization), their weekly schedule blocks and the closed dates. A doctor account belongs to one home
 * branch; a manager of another branch adds it to that branch's practice by picking it from every active doctor
 * account of the organisation (docs/decisions.md, "Doctors practising in several branches").
 */
export async function listPractices(ctx: Ctx, query: DoctorListQuery) {
  const c = requireUser(ctx);
  const { rows, count } = await q.listPractices(c.db, {
    scope: branchScope(c),
    keyword: query.keyword,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows, count };
}

export async function doctorCandidates(ctx: Ctx, keyword: string | undefined) {
  const c = requireUser(ctx);
  return q.searchDoctorAccounts(c.db, c.branchId, keyword);
}

export async function addPractice(ctx: Ctx, input: DoctorPracticeInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const doctor = await q.findDoctorAccount(tx.db, input.doctor_id);
    if (!doctor) throw badRequest('Dokter tidak ditemukan', 'doctor_id');
    if (await q.findPracticeOf(tx.db, tx.branchId, input.doctor_id))
      throw conflict('Dokter ini sudah praktik di cabang ini', 'doctor_id');
    const row = await q.insertPractice(tx.db, {
      profile_id: tx.branchId,
      doctor_id: input.doctor_id,
      sip_number: input.sip_number ?? null,
      specialization: input.specialization ?? null,
      status: input.status,
    });
    await audit(tx, { action: 'create', entity: 'doctor_practice', entityId: row.id, after: row });
    return row;
  });
}

export async function updatePractice(ctx: Ctx, id: number, input: DoctorPracticeInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, DOCTOR_PRACTICE, [id], 'write');
    const before = await q.findPractice(tx.db, id);
    if (!before) throw notFound(DOCTOR_PRACTICE.notFound);
    if (before.doctor_id !== input.doctor_id) throw badRequest('Dokter praktik tidak dapat diganti', 'doctor_id');
    const row = await q.updatePractice(tx.db, id, {
      sip_number: input.sip_number ?? null,
      specialization: input.specialization ?? null,
      status: input.status,
    });
    await audit(tx, { action: 'update', entity: 'doctor_practice', entityId: id, before, after: row });
    return row;
  });
}

export async function listSchedules(ctx: Ctx, doctor: number | undefined) {
  const c = requireUser(ctx);
  return q.listSchedules(c.db, branchScope(c), doctor);
}

const hhmm = (t: string) => t.slice(0, 5);

async function checkSchedule(tx: Ctx, input: DoctorScheduleInput, except?: number) {
  await requireReference(tx, PRACTISING_DOCTOR, [input.doctor_id], 'doctor_id');
  if (input.status === 1) {
    const other = await q.overlappingSchedule(tx.db, {
      profileId: tx.branchId,
      doctorId: input.doctor_id,
      day: input.day_of_week,
      start: input.start_time,
      end: input.end_time,
      except,
    });
    if (other)
      throw badRequest(
        `Bertabrakan dengan jadwal ${hhmm(other.start_time)}-${hhmm(other.end_time)} pada hari yang sama`,
        'start_time',
      );
  }
}

export async function addSchedule(ctx: Ctx, input: DoctorScheduleInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await checkSchedule(tx, input);
    const row = await q.insertSchedule(tx.db, { ...input, profile_id: tx.branchId });
    await audit(tx, { action: 'create', entity: 'doctor_schedule', entityId: row.id, after: row });
    return row;
  });
}

export async function updateSchedule(ctx: Ctx, id: number, input: DoctorScheduleInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, DOCTOR_SCHEDULE, [id], 'write');
    const before = await q.findSchedule(tx.db, id);
    if (!before) throw notFound(DOCTOR_SCHEDULE.notFound);
    await checkSchedule(tx, input, id);
    const row = await q.updateSchedule(tx.db, id, { ...input });
    await audit(tx, { action: 'update', entity: 'doctor_schedule', entityId: id, before, after: row });
    return row;
  });
}

export async function listClosed(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.listClosed(c.db, branchScope(c), await c.today());
}

export async function addClosed(ctx: Ctx, input: ScheduleClosedInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    if (input.doctor_id) await requireReference(tx, PRACTISING_DOCTOR, [input.doctor_id], 'doctor_id');
    if (input.date < (await tx.today())) throw badRequest('Tanggal sudah lewat', 'date');
    const exists = (await q.listClosed(tx.db, branchScope(tx), input.date)).find(
      (r) => r.date === input.date && (r.doctor_id ?? null) === (input.doctor_id ?? null),
    );
    if (exists) throw conflict('Tanggal ini sudah ditandai libur', 'date');
    const row = await q.insertClosed(tx.db, {
      profile_id: tx.branchId,
      doctor_id: input.doctor_id ?? null,
      date: input.date,
      reason: input.reason ?? null,
      created_by: tx.user!.id,
    });
    await audit(tx, { action: 'create', entity: 'schedule_closed', entityId: row.id, after: row });
    return row;
  });
}

export async function removeClosed(ctx: Ctx, id: number) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, SCHEDULE_CLOSED, [id], 'write');
    const before = await q.findClosed(tx.db, id);
    if (!before) throw notFound(SCHEDULE_CLOSED.notFound);
    const row = await q.hideClosed(tx.db, id);
    await audit(tx, { action: 'delete', entity: 'schedule_closed', entityId: id, before, after: row });
    return row;
  });
}

export async function stakeholders(ctx: Ctx, doctors: boolean, query: StakeholderListQuery) {
  const c = requireUser(ctx);
  const { rows, count } = await q.listStaff(c.db, {
    scope: branchScope(c),
    doctors,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map((r) => {
      const name = roleNameOf(r.role);
      return { ...r, rolename: name ? ROLE_LABELS[name] : String(r.role) };
    }),
    count,
  };
}
