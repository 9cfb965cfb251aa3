import {
  allows,
  applogStatusName,
  formatRupiah,
  fromSen,
  PAYROLL_ACCESS,
  toSen,
  type ApprovalAction,
  type EmployeeInput,
} from '@klinik/shared';
import { requireUser, type AuthedCtx, type Ctx, type SessionUser } from '../../http/context.js';
import { conflict, forbidden } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { approvalRuleFor, pendingRequests, storeRequest, type ApprovalExecutor } from '../applog/index.js';
import * as q from './queries/index.js';

/**
 * Salary and bank account of an employee (issue 25, separation of duties). Only payroll (manager, finance, top-level)
 * sees and changes them; nobody changes their own; every change is an `employee.change_pay` request that a second
 * person approves (mandatory: top-level users wait too), and the employee sees it on 'Gaji Saya'.
 */

/** The pay fields as the employment row stores them (salary in sen). */
export interface PayFields {
  base_salary: number;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
}
export type PayChange = Partial<PayFields>;
const PAY_KEYS = ['base_salary', 'bank_name', 'bank_account', 'bank_holder'] as const;

export const NO_PAY: PayFields = { base_salary: 0, bank_name: null, bank_account: null, bank_holder: null };

/** Whether this user reads and proposes salaries and bank accounts (payroll access). */
export function mayHandlePay(user: SessionUser): boolean {
  return allows(user, PAYROLL_ACCESS);
}

/** The pay fields the input changes (absent = unchanged), or null when it changes none. */
export function payChangeOf(current: PayFields, input: EmployeeInput): PayChange | null {
  const wanted: PayChange = {};
  if (input.base_salary !== undefined) wanted.base_salary = toSen(input.base_salary);
  if (input.bank_name !== undefined) wanted.bank_name = input.bank_name ?? null;
  if (input.bank_account !== undefined) wanted.bank_account = input.bank_account ?? null;
  if (input.bank_holder !== undefined) wanted.bank_holder = input.bank_holder ?? null;
  const change: PayChange = {};
  for (const k of PAY_KEYS) if (k in wanted && wanted[k] !== current[k]) Object.assign(change, { [k]: wanted[k] });
  return Object.keys(change).length ? change : null;
}

/** 403 unless the caller may propose this pay change: payroll access, and never about themselves. */
export function assertMayChangePay(c: AuthedCtx, employeeId: number): void {
  if (!mayHandlePay(c.user)) throw forbidden('Gaji dan rekening hanya dapat diubah oleh bagian penggajian');
  if (employeeId === c.user.id) throw forbidden('Anda tidak dapat mengubah gaji atau rekening Anda sendiri');
}

function describe(before: PayFields, change: PayChange): string {
  const parts: string[] = [];
  if (change.base_salary !== undefined)
    parts.push(
      `Gaji pokok ${formatRupiah(fromSen(before.base_salary))} -> ${formatRupiah(fromSen(change.base_salary))}`,
    );
  const bank = (v: string | null | undefined) => v || '-';
  if (change.bank_name !== undefined) parts.push(`Bank ${bank(before.bank_name)} -> ${bank(change.bank_name)}`);
  if (change.bank_account !== undefined)
    parts.push(`Rekening ${bank(before.bank_account)} -> ${bank(change.bank_account)}`);
  if (change.bank_holder !== undefined)
    parts.push(`Pemilik rekening ${bank(before.bank_holder)} -> ${bank(change.bank_holder)}`);
  return parts.join('; ');
}

interface PayPayload {
  employee: number;
  before: PayFields;
  change: PayChange;
}

/** Stores the request in the caller's transaction (the employment row exists by then). */
export async function requestPayChange(
  tx: Ctx,
  who: { id: number; name: string },
  before: PayFields,
  change: PayChange,
) {
  const c = requireUser(tx);
  const rule = await approvalRuleFor(c, 'employee.change_pay');
  if (!rule) throw conflict('Aturan persetujuan perubahan gaji tidak ditemukan');
  const payload: PayPayload = { employee: who.id, before, change };
  return storeRequest(tx, rule, {
    action: 'employee.change_pay',
    message: `Mengubah gaji / rekening ${who.name}`,
    note: describe(before, change),
    entity: 'employee',
    entityId: who.id,
    subjectUserId: who.id,
    payload,
    url: '/attendance/employees',
  });
}

/** The approved change, carried out in the deciding transaction (in the request's branch). */
const applyPayChange: ApprovalExecutor = async (tx, payload) => {
  const p = payload as PayPayload;
  const before = await q.findEmployment(tx.db, p.employee);
  if (!before) throw conflict('Data kepegawaian tidak ditemukan');
  const pay: PayChange = {};
  for (const k of PAY_KEYS) if (k in p.change) Object.assign(pay, { [k]: p.change[k] });
  await q.updateEmploymentPay(tx.db, p.employee, pay);
  await audit(tx, {
    action: 'update',
    entity: 'employee',
    entityId: p.employee,
    before: Object.fromEntries(PAY_KEYS.map((k) => [k, before[k]])),
    after: pay,
    profileId: before.profile_id,
  });
};

export const payApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'employee.change_pay': applyPayChange,
};

/** The change each of these employees waits for (rupiah), for the employee list. */
export async function pendingPayChanges(ctx: Ctx, ids: number[]) {
  const out = new Map<number, PendingPayDto>();
  for (const r of await pendingRequests(ctx, 'employee.change_pay', 'employee', ids)) {
    if (r.entity_id === null || out.has(r.entity_id)) continue;
    out.set(r.entity_id, {
      applog_id: r.id,
      ...payDto((r.payload as PayPayload).change),
      requested_by: r.requested_by,
      logtime: r.logtime,
    });
  }
  return out;
}

export interface PendingPayDto {
  applog_id: number;
  base_salary?: number;
  bank_name?: string | null;
  bank_account?: string | null;
  bank_holder?: string | null;
  requested_by: string;
  logtime: string;
}

function payDto(p: PayChange) {
  const { base_salary, ...bank } = p;
  return { ...bank, ...(base_salary === undefined ? {} : { base_salary: fromSen(base_salary) }) };
}

/** 'Gaji Saya': the caller's own salary and bank account, and every change proposed about them with its decision. */
export async function myPay(ctx: Ctx) {
  const c = requireUser(ctx);
  const row = await q.findEmployment(c.db, c.user.id);
  const requests = await q.payRequestsOf(c.db, c.user.id);
  return {
    has_employment: !!row,
    base_salary: row ? fromSen(row.base_salary) : null,
    bank_name: row?.bank_name ?? null,
    bank_account: row?.bank_account ?? null,
    bank_holder: row?.bank_holder ?? null,
    requests: requests.map((r) => {
      const p = r.payload as PayPayload;
      return {
        id: r.id,
        logtime: r.logtime,
        status: r.status ?? 0,
        statusname: applogStatusName(r.status),
        reason: r.reason,
        decided_at: r.decided_at,
        requested_by: r.requested_by,
        before: payDto(p.before),
        change: payDto(p.change),
      };
    }),
  };
}
