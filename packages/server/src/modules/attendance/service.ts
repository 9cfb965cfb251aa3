import { branchScope, requireAccess, requireReference, type BranchScope } from '../../http/access-scope.js';
import { DEPARTMENT, EMPLOYEE, LEAVE, OFFICE, SHIFT } from './entities.js';
import {
  fromSen,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type CheckinInput,
  type ChecklogListQuery,
  type DailyQuery,
  type DailyStatus,
  type LeaveInput,
  type DepartmentInput,
  type EmployeeInput,
  type EmployeeListQuery,
  type OfficeInput,
  type RosterInput,
  type ShiftInput,
  MAX_DAYS_AHEAD,
} from '@klinik/shared';
import { requireUser, inTransaction, type Ctx } from '../../http/context.js';
import { badRequest, badRequestMany, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { setAttendanceCode } from '../users/index.js';
import * as q from './queries/index.js';
import { correctionsOf, pendingCorrectionsOf } from './corrections.js';
import { checkPunchImport } from './punch-import.js';
import {
  assertMayChangePay,
  mayHandlePay,
  NO_PAY,
  payChangeOf,
  pendingPayChanges,
  requestPayChange,
  type PayFields,
  type PendingPayDto,
} from './pay.js';
import {
  addDaysTo,
  attendShift,
  distanceMetres,
  EARLY_WINDOW_MIN,
  epochToLocal,
  LATE_WINDOW_MIN,
  localToEpoch,
  parseDeviceLog,
  shiftBounds,
  type Punch,
} from './timeclock.js';

const MIN = 60_000;

/** The branches a request reads (the platform's rule, http/access-scope.ts): isallbranch=1 is for owner/developer. */
function scopeOf(ctx: Ctx, isallbranch?: number): BranchScope {
  return branchScope(ctx, { isallbranch });
}

// ---------------------------------------------------------------------------------------------------------------
// Departments
// ---------------------------------------------------------------------------------------------------------------

export async function listDepartments(ctx: Ctx) {
  requireUser(ctx);
  return q.listDepartments(ctx.db, branchScope(ctx));
}

export async function saveDepartment(ctx: Ctx, id: number | null, input: DepartmentInput) {
  return inTransaction(ctx, async (tx) => {
    if (id !== null) await requireAccess(tx, DEPARTMENT, [id], 'write');
    const before = id === null ? null : await q.findDepartment(tx.db, id);
    if (await q.departmentNameTaken(tx.db, ctx.branchId, input.name, id ?? undefined)) {
      throw conflict(`Departemen ${input.name} sudah ada`, 'name');
    }
    const row =
      id === null
        ? await q.insertDepartment(tx.db, { profile_id: ctx.branchId, name: input.name, status: input.status })
        : await q.updateDepartment(tx.db, id, { name: input.name, status: input.status });
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'department',
      entityId: row.id,
      before,
      after: row,
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Employees
// ---------------------------------------------------------------------------------------------------------------

/**
 * One employee as the list and form show it. Salary and bank are payroll's (issue 25): masked (null) for callers
 * without payroll access. Without an employment row, employment and salary are null ('belum diisi'), not 'tetap'
 * with Rp0 (issue 26 item 7).
 */
function employeeDto(r: q.EmployeeRow, pay: boolean, selfId: number, pending?: PendingPayDto) {
  const has = !!r.has_employment;
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    role: r.role,
    status: r.status,
    profile_id: r.profile_id,
    attendance_code: r.attendance_code,
    department_id: r.department_id,
    department: r.department,
    position: r.position,
    join_date: r.join_date ?? r.user_join_at,
    end_date: r.end_date,
    employment: has ? (r.employment ?? 'tetap') : null,
    ptkp: r.ptkp ?? 'TK/0',
    npwp: r.npwp,
    nik: r.nik ?? r.idcard,
    bpjs_kesehatan: r.bpjs_kesehatan,
    bpjs_ketenagakerjaan: r.bpjs_ketenagakerjaan,
    bank_name: pay ? r.bank_name : null,
    bank_account: pay ? r.bank_account : null,
    bank_holder: pay ? r.bank_holder : null,
    base_salary: pay && has && r.base_salary !== null ? fromSen(r.base_salary) : null,
    has_employment: has,
    /** Whether the caller sees and may propose salary and bank changes of this employee (not their own). */
    can_change_pay: pay && r.id !== selfId,
    pending_pay_change: pay ? (pending ?? null) : null,
  };
}
export type EmployeeDto = ReturnType<typeof employeeDto>;

/** Accounts that draw no salary here unless someone recorded employment for them: owner, developer, investors. */
function notStaffByDefault(r: q.EmployeeRow): boolean {
  return (
    r.roletoplevel === TOPLEVEL_IDS.owner || r.roletoplevel === TOPLEVEL_IDS.developer || r.role === ROLE_IDS.investor
  );
}

async function employeeDtos(ctx: Ctx, rows: q.EmployeeRow[]) {
  const c = requireUser(ctx);
  const pay = mayHandlePay(c.user);
  const pending = pay
    ? await pendingPayChanges(
        c,
        rows.map((r) => r.id),
      )
    : new Map<number, PendingPayDto>();
  return rows.map((r) => employeeDto(r, pay, c.user.id, pending.get(r.id)));
}

export async function listEmployees(ctx: Ctx, f: EmployeeListQuery) {
  const rows = (await q.listEmployees(ctx.db, scopeOf(ctx, f.isallbranch), f)) as q.EmployeeRow[];
  return employeeDtos(
    ctx,
    rows.filter((r) => r.has_employment || !notStaffByDefault(r)),
  );
}

export async function getEmployee(ctx: Ctx, id: number) {
  requireUser(ctx);
  await requireAccess(ctx, EMPLOYEE, [id], 'read');
  // Access is checked: read the row wherever the caller may read.
  const [r] = await q.listEmployees(ctx.db, branchScope(ctx, { isallbranch: 1 }), { ids: [id] });
  if (!r) throw notFound();
  const [dto] = await employeeDtos(ctx, [r as q.EmployeeRow]);
  return dto;
}

/**
 * PUT /api/attendance/employees/:id. Employment data is saved at once; a change of salary or bank account (payroll
 * access only, never one's own) is stored as an employee.change_pay request for a second person, answered in
 * `pending_pay_change` (issue 25). A refused change writes nothing, the other fields included.
 */
export async function saveEmployee(ctx: Ctx, id: number, input: EmployeeInput) {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, EMPLOYEE, [id], 'write');
    const staff = await q.findStaff(tx.db, id);
    if (!staff) throw notFound();
    const before = await q.findEmployment(tx.db, id);
    const currentPay: PayFields = before
      ? {
          base_salary: before.base_salary,
          bank_name: before.bank_name,
          bank_account: before.bank_account,
          bank_holder: before.bank_holder,
        }
      : NO_PAY;
    const payChange = payChangeOf(currentPay, input);
    if (payChange) assertMayChangePay(c, id);
    if (input.department_id) {
      // The employee is of the current branch (write access), so the department must be too.
      await requireReference(tx, DEPARTMENT, [input.department_id], 'department_id', 'Departemen tidak ditemukan');
    }
    const code = input.attendance_code ?? null;
    if (code) {
      const other = await q.codeOwner(tx.db, staff.profile_id, code, id);
      if (other) throw conflict(`Kode absensi ${code} sudah dipakai ${other.name}`, 'attendance_code');
    }
    const values = {
      profile_id: staff.profile_id,
      department_id: input.department_id ?? null,
      position: input.position ?? null,
      join_date: input.join_date ?? null,
      end_date: input.end_date ?? null,
      employment: input.employment,
      ptkp: input.ptkp,
      npwp: input.npwp ?? null,
      nik: input.nik ?? null,
      bpjs_kesehatan: input.bpjs_kesehatan ?? null,
      bpjs_ketenagakerjaan: input.bpjs_ketenagakerjaan ?? null,
      // Salary and bank stay as they are: only an approved employee.change_pay writes them.
      ...currentPay,
    };
    await q.upsertEmployment(tx.db, id, values);
    if (code !== staff.code) await setAttendanceCode(tx.db, id, code);
    await audit(tx, {
      action: before ? 'update' : 'create',
      entity: 'employee',
      entityId: id,
      before,
      after: { ...values, attendance_code: code },
      profileId: staff.profile_id,
    });
    if (payChange) await requestPayChange(tx, { id, name: staff.name }, currentPay, payChange);
    return getEmployee(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shifts and offices
// ---------------------------------------------------------------------------------------------------------------

export async function listShifts(ctx: Ctx, isallbranch?: number) {
  return q.listShifts(ctx.db, scopeOf(ctx, isallbranch));
}

export async function saveShift(ctx: Ctx, id: number | null, input: ShiftInput) {
  return inTransaction(ctx, async (tx) => {
    if (id !== null) await requireAccess(tx, SHIFT, [id], 'write');
    const before = id === null ? null : await q.findShift(tx.db, id);
    if (await q.shiftNameTaken(tx.db, ctx.branchId, input.name, id ?? undefined)) {
      throw conflict(`Shift ${input.name} sudah ada`, 'name');
    }
    const values = { ...input, profile_id: ctx.branchId };
    const row = id === null ? await q.insertShift(tx.db, values) : await q.updateShift(tx.db, id, values);
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'shift',
      entityId: row.id,
      before,
      after: row,
    });
    return row;
  });
}

export async function listOffices(ctx: Ctx, isallbranch?: number) {
  return q.listOffices(ctx.db, scopeOf(ctx, isallbranch));
}

export async function saveOffice(ctx: Ctx, id: number | null, input: OfficeInput) {
  return inTransaction(ctx, async (tx) => {
    if (id !== null) await requireAccess(tx, OFFICE, [id], 'write');
    const before = id === null ? null : await q.findOffice(tx.db, id);
    const values = { ...input, profile_id: ctx.branchId };
    const row = id === null ? await q.insertOffice(tx.db, values) : await q.updateOffice(tx.db, id, values);
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'office',
      entityId: row.id,
      before,
      after: row,
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Roster
// ---------------------------------------------------------------------------------------------------------------

export async function getRoster(ctx: Ctx, range: { from: string; to: string }) {
  requireUser(ctx);
  const rows = await q.rosterRange(ctx.db, ctx.branchId, range.from, range.to);
  return rows.map((r) => ({ employee: r.employee, date: r.date, shift: r.shift, shift_name: r.shift_name }));
}

export async function saveRoster(ctx: Ctx, input: RosterInput) {
  const u = requireUser(ctx).user;
  return inTransaction(ctx, async (tx) => {
    const empIds = [...new Set(input.items.map((i) => i.employee))];
    const shiftIds = [...new Set(input.items.map((i) => i.shift).filter((s): s is number => s !== null))];
    const staff = await q.staffOfBranch(tx.db, ctx.branchId, empIds);
    const shifts = await q.activeShiftsOfBranch(tx.db, ctx.branchId, shiftIds);
    const okStaff = new Set(staff.map((s) => s.id));
    const okShift = new Set(shifts.map((s) => s.id));
    const issues = input.items.flatMap((i, n) => [
      ...(okStaff.has(i.employee)
        ? []
        : [{ message: `Baris ${n + 1}: pegawai tidak ditemukan`, field: `items.${n}.employee` }]),
      ...(i.shift === null || okShift.has(i.shift)
        ? []
        : [{ message: `Baris ${n + 1}: shift tidak ditemukan atau tidak aktif`, field: `items.${n}.shift` }]),
    ]);
    if (issues.length) throw badRequestMany(issues);
    for (const i of input.items) {
      if (i.shift === null) await q.clearRosterDay(tx.db, i.employee, i.date);
      else {
        await q.setRosterDay(tx.db, {
          user_id: i.employee,
          date: i.date,
          profile_id: ctx.branchId,
          shift_id: i.shift,
          updated_by: u.id,
        });
      }
    }
    await audit(tx, { action: 'update', entity: 'roster', after: input.items });
    return { saved: input.items.length };
  });
}

/** Copies one week (7 days from `from`) onto the 7 days from `to`, replacing what the target week had. */
export async function copyRosterWeek(ctx: Ctx, input: { from: string; to: string }) {
  const u = requireUser(ctx).user;
  return inTransaction(ctx, async (tx) => {
    const src = await q.rosterRange(tx.db, ctx.branchId, input.from, addDaysTo(input.from, 6));
    const toEnd = addDaysTo(input.to, 6);
    await q.clearRosterRange(tx.db, ctx.branchId, input.to, toEnd);
    const offset = Math.round((Date.parse(input.to) - Date.parse(input.from)) / 86_400_000);
    await q.insertRosterDays(
      tx.db,
      src.map((r) => ({
        user_id: r.employee,
        date: addDaysTo(r.date, offset),
        profile_id: ctx.branchId,
        shift_id: r.shift,
        updated_by: u.id,
      })),
    );
    await audit(tx, { action: 'copy', entity: 'roster', after: { ...input, rows: src.length } });
    return { copied: src.length };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Punches: device import and web check-in
// ---------------------------------------------------------------------------------------------------------------

export async function importChecklog(ctx: Ctx, text: string) {
  const u = requireUser(ctx).user;
  if (!text.trim()) throw badRequest('File log absensi kosong', 'file');
  const { punches, errors } = parseDeviceLog(text);
  if (errors.length) throw badRequestMany(errors.slice(0, 50).map((e) => ({ message: e.message, field: 'file' })));
  if (!punches.length) throw badRequest('File log absensi tidak berisi data absensi', 'file');
  await checkPunchImport(ctx, punches);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  return inTransaction(ctx, async (tx) => {
    const codes = [...new Set(punches.map((p) => p.code))];
    const owners = await q.staffCodes(tx.db, ctx.branchId, codes);
    const byCode = new Map<string, number | null>();
    for (const o of owners) {
      if (!o.code) continue;
      byCode.set(o.code, byCode.has(o.code) ? null : o.id); // a code two people share is not assigned
    }
    const rows = punches.map((p) => ({
      profile_id: ctx.branchId,
      user_id: byCode.get(p.code) ?? null,
      code: p.code,
      punch_at: new Date(localToEpoch(p.date, p.time, tz)).toISOString(),
      state: p.state,
      by: u.id,
    }));
    const imported = await q.insertDevicePunches(tx.db, rows);
    const unknown_codes = codes.filter((c) => !byCode.get(c)).sort();
    await audit(tx, {
      action: 'import',
      entity: 'checklog',
      after: { lines: punches.length, imported, unknown_codes },
    });
    return { imported, duplicates: punches.length - imported, unknown_codes };
  });
}

export async function webPunch(ctx: Ctx, state: 0 | 1, input: CheckinInput) {
  const u = requireUser(ctx).user;
  const offices = (await q.listOffices(ctx.db, branchScope(ctx))).filter((o) => o.status === 1);
  let nearest: { name: string; distance: number } | null = null;
  if (offices.length) {
    if (input.latitude == null || input.longitude == null) {
      throw badRequest('Lokasi wajib diisi: cabang ini mewajibkan absen dari kantor', 'latitude');
    }
    for (const o of offices) {
      const d = distanceMetres(input.latitude, input.longitude, o.latitude, o.longitude);
      if (d <= o.radius && (!nearest || d < nearest.distance)) nearest = { name: o.name, distance: Math.round(d) };
    }
    if (!nearest) {
      const closest = Math.min(
        ...offices.map((o) => distanceMetres(input.latitude!, input.longitude!, o.latitude, o.longitude) - o.radius),
      );
      throw badRequest(`Lokasi Anda di luar radius kantor (${Math.round(closest)} m di luar batas)`, 'latitude');
    }
  }
  const myCode = await q.attendanceCodeOf(ctx.db, u.id);
  return inTransaction(ctx, async (tx) => {
    const row = await q.insertWebPunch(tx.db, {
      profile_id: ctx.branchId,
      user_id: u.id,
      code: myCode,
      state,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
    return {
      id: row.id,
      punch_at: new Date(row.punch_at).toISOString(),
      state: row.state,
      office: nearest?.name ?? null,
    };
  });
}

export async function listChecklog(ctx: Ctx, f: ChecklogListQuery) {
  const branch = scopeOf(ctx, f.isallbranch);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  const { rows, count } = await q.listChecklog(ctx.db, branch, {
    fromIso: new Date(localToEpoch(f.from, '00:00', tz)).toISOString(),
    toIso: new Date(localToEpoch(addDaysTo(f.to, 1), '00:00', tz)).toISOString(),
    keyword: f.keyword,
    page: f.page,
    limit: f.limit,
  });
  return {
    data: rows.map((r) => ({ ...r, punch_at: localIso(Date.parse(r.punch_at), r.timezone) })),
    count,
  };
}

/** An instant as local time with its offset, e.g. 2026-10-05T08:07:00+07:00. */
export function localIso(ms: number, tz: string): string {
  const l = epochToLocal(ms, tz);
  const offMin = Math.round((Date.parse(`${l.date}T${l.time}:00Z`) - Math.floor(ms / MIN) * MIN) / MIN);
  const sign = offMin >= 0 ? '+' : '-';
  const a = Math.abs(offMin);
  const sec = String(Math.floor((ms % MIN) / 1000)).padStart(2, '0');
  return `${l.date}T${l.time}:${sec}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Daily attendance
// ---------------------------------------------------------------------------------------------------------------

export interface DailyRow {
  employee: number;
  name: string;
  username: string;
  department: string | null;
  shift: string | null;
  shift_start: string | null;
  shift_end: string | null;
  check_in: string | null;
  check_out: string | null;
  status: DailyStatus;
  late_minutes: number;
  early_leave_minutes: number;
  missing_checkout: boolean;
  /** An active leave, sick or permitted absence of the day (its id, to cancel it). */
  leave: { id: number; kind: string; reason: string } | null;
  /** The approved correction of the day shown instead of the punches (they stay), with its reason. */
  correction: {
    id: number;
    reason: string;
    check_in: string | null;
    check_out: string | null;
    status: string | null;
    original: { check_in: string | null; check_out: string | null; status: DailyStatus };
  } | null;
  /** A correction of the day proposed and still waiting for approval (times as typed, HH:mm), nothing applied yet. */
  pending_correction: {
    applog_id: number;
    reason: string;
    check_in: string | null;
    check_out: string | null;
    status: string | null;
    requested_by: string;
  } | null;
}

/**
 * Who was present on a day: each active staff member of the branch with the day's rostered shift, the shift's
 * check-in and check-out (a punch after midnight belongs to the overnight shift it closes), late minutes and a
 * missing check-out flag. Without a shift: the day's own punches (not those of the previous night's shift).
 */
export async function daily(ctx: Ctx, f: DailyQuery, opts: { userId?: number } = {}): Promise<DailyRow[]> {
  requireUser(ctx);
  const branch = ctx.branchId;
  const tz = await q.branchTimezone(ctx.db, branch);
  const people = (
    await q.listEmployees(ctx.db, branchScope(ctx), { activeOnly: true, ids: opts.userId ? [opts.userId] : undefined })
  ).map((r) => r as q.EmployeeRow);
  const ids = people.map((p) => p.id);
  const prev = addDaysTo(f.date, -1);
  const next = addDaysTo(f.date, 1);
  const rosterRows = await q.rosterRange(ctx.db, branch, prev, next, ids);
  const fromIso = new Date(localToEpoch(prev, '00:00', tz)).toISOString();
  const toIso = new Date(localToEpoch(addDaysTo(f.date, 3), '00:00', tz)).toISOString();
  const punches = await q.punchesOf(
    ctx.db,
    branch,
    people.map((p) => ({ id: p.id, code: p.attendance_code })),
    fromIso,
    toIso,
  );
  const leaves = await q.activeLeaves(ctx.db, branch, f.date, f.date, ids);
  const now = ctx.now().getTime();
  const dayStart = localToEpoch(f.date, '00:00', tz);
  const dayEnd = localToEpoch(next, '00:00', tz);
  const iso = (ms: number | null) => (ms === null ? null : localIso(ms, tz));
  const rows = people.map((p): Omit<DailyRow, 'leave' | 'correction' | 'pending_correction'> => {
    const mine: Punch[] = punches
      .filter((x) => x.user_id === p.id || (x.user_id === null && !!p.attendance_code && x.code === p.attendance_code))
      .map((x) => ({ at: Date.parse(x.punch_at), state: x.state }));
    const rosterOf = (d: string) => rosterRows.find((r) => r.employee === p.id && r.date === d);
    const today = rosterOf(f.date);
    const yesterday = rosterOf(prev);
    const tomorrow = rosterOf(next);
    const base = {
      employee: p.id,
      name: p.name,
      username: p.username,
      department: p.department,
    };
    // The previous day's shift keeps its punches up to its own window end.
    const prevWindowEnd = yesterday ? shiftBounds(prev, yesterday, tz).end + LATE_WINDOW_MIN * MIN : null;
    if (!today) {
      const own = mine.filter(
        (x) => x.at >= dayStart && x.at < dayEnd && (prevWindowEnd === null || x.at >= prevWindowEnd),
      );
      const inP = own[0] ?? null;
      const outP = own.length > 1 ? own[own.length - 1] : null;
      return {
        ...base,
        shift: null,
        shift_start: null,
        shift_end: null,
        check_in: iso(inP?.at ?? null),
        check_out: iso(outP?.at ?? null),
        status: inP ? (outP || now < dayEnd ? 'hadir' : 'belum_pulang') : 'libur',
        late_minutes: 0,
        early_leave_minutes: 0,
        missing_checkout: !!inP && !outP && now >= dayEnd,
      };
    }
    const bounds = shiftBounds(f.date, today, tz);
    const nextWindowStart = tomorrow ? shiftBounds(next, tomorrow, tz).start - EARLY_WINDOW_MIN * MIN : undefined;
    const a = attendShift(bounds, today, mine, {
      windowStart: prevWindowEnd ?? undefined,
      windowEnd: nextWindowStart,
      now,
    });
    let status: DailyStatus;
    if (a.check_in === null) status = now >= bounds.end ? 'tidak_hadir' : 'belum_hadir';
    else if (a.missing_checkout) status = 'belum_pulang';
    else status = a.late_minutes > 0 ? 'terlambat' : 'hadir';
    return {
      ...base,
      shift: today.shift_name,
      shift_start: iso(bounds.start),
      shift_end: iso(bounds.end),
      check_in: iso(a.check_in),
      check_out: iso(a.check_out),
      status,
      late_minutes: a.late_minutes,
      early_leave_minutes: a.early_leave_minutes,
      missing_checkout: a.missing_checkout,
    };
  });
  // A recorded leave, sick day or permitted absence names a day without a check-in (a punch still shows presence).
  const withLeave = rows.map((r) => {
    const l = leaves.find((x) => x.employee === r.employee);
    const leave = l ? { id: l.id, kind: l.kind, reason: l.reason } : null;
    if (l && r.check_in === null) return { ...r, status: l.kind as DailyStatus, leave, correction: null };
    return { ...r, leave, correction: null };
  });
  // An approved correction of a manager replaces what the punches say (the punches stay), with its reason.
  const fixes = await correctionsOf(ctx, branch, f.date, ids);
  const waiting = await pendingCorrectionsOf(ctx, f.date, ids);
  return withLeave.map((r0): DailyRow => {
    const r = { ...r0, pending_correction: waiting.get(r0.employee) ?? null };
    const k = fixes.get(r.employee);
    if (!k) return r;
    const checkIn = k.check_in ? Date.parse(k.check_in) : r.check_in ? Date.parse(r.check_in) : null;
    const checkOut = k.check_out ? Date.parse(k.check_out) : r.check_out ? Date.parse(r.check_out) : null;
    const start = r.shift_start ? Date.parse(r.shift_start) : null;
    const end = r.shift_end ? Date.parse(r.shift_end) : null;
    const tolerance = rosterRows.find((x) => x.employee === r.employee && x.date === f.date)?.late_tolerance ?? 0;
    const lateRaw = start !== null && checkIn !== null ? Math.max(0, Math.floor((checkIn - start) / MIN)) : 0;
    const late = lateRaw > tolerance ? lateRaw : 0;
    const early = end !== null && checkOut !== null ? Math.max(0, Math.floor((end - checkOut) / MIN)) : 0;
    let status: DailyStatus = r.status;
    if (k.status) status = k.status as DailyStatus;
    else if (checkIn !== null && checkOut !== null) status = late > 0 ? 'terlambat' : 'hadir';
    const present = status === 'hadir' || status === 'terlambat';
    return {
      ...r,
      check_in: present ? iso(checkIn) : k.check_in ? iso(checkIn) : r.check_in,
      check_out: present ? iso(checkOut) : k.check_out ? iso(checkOut) : r.check_out,
      status,
      late_minutes: status === 'terlambat' ? Math.max(late, 1) : 0,
      early_leave_minutes: present ? early : 0,
      missing_checkout: present ? checkOut === null : false,
      correction: {
        id: k.id,
        reason: k.reason,
        check_in: k.check_in ? iso(Date.parse(k.check_in)) : null,
        check_out: k.check_out ? iso(Date.parse(k.check_out)) : null,
        status: k.status,
        original: { check_in: r.check_in, check_out: r.check_out, status: r.status },
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Leave, sick, permitted absence
// ---------------------------------------------------------------------------------------------------------------

export async function listLeaves(ctx: Ctx, range: { from: string; to: string }) {
  requireUser(ctx);
  return q.activeLeaves(ctx.db, ctx.branchId, range.from, range.to);
}

/** A manager records cuti, sakit or izin of a day with the reason; one active entry per employee and day. */
export async function recordLeave(ctx: Ctx, input: LeaveInput) {
  const u = requireUser(ctx).user;
  // At most a year ahead (issue 25 finding 8: no leave in 2099).
  if (input.date > addDaysTo(await ctx.today(), MAX_DAYS_AHEAD))
    throw badRequest('Tanggal cuti paling jauh 1 tahun (365 hari) ke depan', 'date');
  await requireReference(ctx, EMPLOYEE, [input.employee], 'employee', 'Pegawai tidak ditemukan');
  return inTransaction(ctx, async (tx) => {
    const row = await q.insertLeave(tx.db, {
      profile_id: ctx.branchId,
      user_id: input.employee,
      date: input.date,
      kind: input.kind,
      reason: input.reason,
      created_by: u.id,
    });
    if (!row) throw conflict('Pegawai ini sudah tercatat cuti, sakit atau izin pada tanggal itu', 'date');
    await audit(tx, { action: 'create', entity: 'attendance_leave', entityId: row.id, after: row });
    return { id: row.id, employee: row.user_id, date: row.date, kind: row.kind, reason: row.reason };
  });
}

/** Cancels an entry (kept, with who and when). */
export async function cancelLeave(ctx: Ctx, id: number) {
  const u = requireUser(ctx).user;
  await requireAccess(ctx, LEAVE, [id], 'write');
  return inTransaction(ctx, async (tx) => {
    const row = await q.cancelLeave(tx.db, id, u.id);
    if (!row) throw conflict('Data ini sudah dibatalkan');
    await audit(tx, { action: 'cancel', entity: 'attendance_leave', entityId: id, after: { status: 0 } });
    return { id: row.id, status: row.status };
  });
}

/** Today's date in the current branch (for 'Absensi Saya'). */
export async function branchToday(ctx: Ctx): Promise<string> {
  return ctx.today();
}

/** The signed-in user's own day: their row of the daily attendance and their punches. */
export async function myAttendance(ctx: Ctx, date?: string) {
  const u = requireUser(ctx).user;
  const day = date ?? (await branchToday(ctx));
  const [row] = await daily(ctx, { date: day }, { userId: u.id });
  const offices = (await q.listOffices(ctx.db, branchScope(ctx))).filter((o) => o.status === 1);
  const tz = await q.branchTimezone(ctx.db, ctx.branchId);
  return {
    date: day,
    row: row ?? null,
    /** The server's clock in the branch's zone: punches take this time, never the browser's. */
    server_time: localIso(ctx.now().getTime(), tz),
    /** Web check-in needs the browser's location within an office radius when the branch has an active office. */
    location_required: offices.length > 0,
  };
}
