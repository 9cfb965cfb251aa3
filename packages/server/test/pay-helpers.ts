import { expect } from 'vitest';
import type { TestApp, TestUser } from './helpers.js';

/**
 * Employment data with a salary or bank account for tests: `by` (payroll access) saves it, and the pay change it
 * proposes (employee.change_pay, issue 25) is approved by `approver`, a second person. Answers the employee DTO.
 */
export async function setEmployment(
  t: TestApp,
  by: TestUser,
  approver: TestUser,
  employeeId: number,
  body: Record<string, unknown>,
) {
  const res = await t.api(by).put(`/api/attendance/employees/${employeeId}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pending = res.body.data.pending_pay_change as { applog_id: number } | null;
  if (!pending) return res.body.data;
  const ok = await t.api(approver).post(`/api/applog/doconfirm/${pending.applog_id}`, { status: 1 });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return (await t.api(by).get(`/api/attendance/employees/${employeeId}`)).body.data;
}
