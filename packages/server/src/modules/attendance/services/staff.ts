/** Attendance: departments, employees, shifts and offices. */
import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { DEPARTMENT, EMPLOYEE, OFFICE, SHIFT } from '../entities.js';
import {
  fromSen,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type DepartmentInput,
  type EmployeeInput,
  type EmployeeListQuery,
  type OfficeInput,
  type ShiftInput,
} from '@klinik/shared';
import { requireUser, inTransaction, type Ctx } from '../../../http/context.js';
import { conflict, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { setAttendanceCode } from '../../users/index.js';
import * as q from '../queries/index.js';
import {
  assertMayChangePay,
  mayHandlePay,
  NO_PAY,
  payChangeOf,
  pendingPayChanges,
  requestPayChange,
  type PayFields,
  type PendingPayDto,
} from '../pay.js';

import { scopeOf } from './scope.js';

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
