/** Fixtures of the doctor fee sharing tests: a branch with a till, treatments, a package and finished visits. */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { financePeriode } from '../src/db/schema/index.js';
import type { TestApp, TestUser } from './helpers.js';

export interface Clinic {
  branch: number;
  admin: TestUser;
  manager: TestUser;
  cash: number;
}

async function one<T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.db, q))[0];
}

/** A branch with an open period, a cashier (admin) with an open session and a manager who approves voids. */
export async function clinic(t: TestApp, name: string): Promise<Clinic> {
  const branch = await t.makeBranch({ name });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  const admin = await t.makeUser('admin', { branchId: branch, name: `Kasir ${name}` });
  const manager = await t.makeUser('manager', { branchId: branch, name: `Manajer ${name}` });
  const s = await t.api(admin).post('/api/kasir/session', { opening_float: 500000 });
  expect(s.status).toBe(201);
  const m = await one<{ id: number }>(t, sql`select id from payment_method where type = 'tunai' order by id limit 1`);
  return { branch, admin, manager, cash: Number(m.id) };
}

export async function created(t: TestApp, by: TestUser, url: string, body: object): Promise<number> {
  const r = await t.api(by).post(url, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

/** A visit whose finished record has one treatment line (price and the master's fixed share in sen), as the EMR writes it. */
export async function finishedVisit(
  t: TestApp,
  c: Clinic,
  customer: number,
  doc: TestUser,
  tr: { perawatan: number; price: number; share?: number; qty?: number },
): Promise<number> {
  const v = await t.api(c.admin).post('/api/service/visit', { customer, doctor: doc.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visitId = v.body.data.id as number;
  const today = await t.ctx(c.admin).today();
  const rec = await one<{ id: number }>(
    t,
    sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
      values (${c.branch}, ${visitId}, ${customer}, ${doc.id}, ${today}, ${doc.id}) returning id`,
  );
  const e = await one<{ id: number }>(
    t,
    sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, created_by)
      values (${c.branch}, ${rec.id}, ${visitId}, ${customer}, 'treatment', ${doc.id}) returning id`,
  );
  await t.db.execute(
    sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, created_by, perawatan_id, doctor_id, qty, price, doctor_share)
      values (${c.branch}, ${e.id}, 'treatment', 1, 'create', ${doc.id}, ${tr.perawatan}, ${doc.id}, ${tr.qty ?? 1}, ${tr.price}, ${tr.share ?? 0})`,
  );
  await t.db.execute(
    sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${doc.id} where id = ${rec.id}`,
  );
  return visitId;
}

/** Voids a till payment: the cashier asks, the manager approves. */
export async function voidPayment(t: TestApp, c: Clinic, id: number, reason = 'Salah input'): Promise<void> {
  const req = await t.api(c.admin).post(`/api/kasir/payment/${id}/void`, { reason });
  if (req.status === 200) return;
  expect(req.status, JSON.stringify(req.body)).toBe(202);
  const ok = await t.api(c.manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}

/** The doctor's open Hutang Dokter items in the payables sub-ledger (sen). */
export async function doctorPayable(t: TestApp, branch: number, doctor: number): Promise<number> {
  const r = await one<{ s: string }>(
    t,
    sql`select coalesce(sum(amount - paid), 0)::text as s from hutang_item
        where profile_id = ${branch} and party_type = 'doctor' and party_id = ${doctor} and status <> 'cancelled'`,
  );
  return Number(r.s);
}

/** What the doctor's lines say is owed: the payable part of every line not cancelled, paid or clawed back. */
export async function linesOwed(t: TestApp, branch: number, doctor: number): Promise<number> {
  const r = await one<{ s: string }>(
    t,
    sql`select coalesce(sum(payable), 0)::text as s from sharing_line
        where profile_id = ${branch} and doctor_id = ${doctor} and status in ('waiting', 'payable')`,
  );
  return Number(r.s);
}
