/** SQL of doctor fee sharing (the sharing module owns sharing_rule and sharing_line). */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS } from '@klinik/shared';
import { queryRows, type Db } from '../../db/client.js';
import { sharingLine, sharingRule } from '../../db/schema/index.js';

export type RuleRow = typeof sharingRule.$inferSelect;
export type NewRule = typeof sharingRule.$inferInsert;
export type LineRow = typeof sharingLine.$inferSelect;
export type NewLine = typeof sharingLine.$inferInsert;

export interface RuleView extends RuleRow {
  doctorname: string | null;
  perawatancode: string | null;
  perawatanname: string | null;
  branchname: string | null;
  used: number;
}

const n = (v: unknown) => Number(v);

function toView(r: Record<string, unknown>): RuleView {
  return {
    id: n(r.id),
    profile_id: r.profile_id === null ? null : n(r.profile_id),
    doctor_id: r.doctor_id === null ? null : n(r.doctor_id),
    perawatan_id: r.perawatan_id === null ? null : n(r.perawatan_id),
    kind: String(r.kind),
    value: n(r.value),
    basis: String(r.basis),
    min_fee: r.min_fee === null ? null : n(r.min_fee),
    tax_base: String(r.tax_base),
    effective_from: String(r.effective_from),
    effective_to: (r.effective_to as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    replaces_id: r.replaces_id === null ? null : n(r.replaces_id),
    created_by: r.created_by === null ? null : n(r.created_by),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
    doctorname: (r.doctorname as string | null) ?? null,
    perawatancode: (r.perawatancode as string | null) ?? null,
    perawatanname: (r.perawatanname as string | null) ?? null,
    branchname: (r.branchname as string | null) ?? null,
    used: n(r.used ?? 0),
  };
}

const VIEW = sql`select r.id, r.profile_id, r.doctor_id, r.perawatan_id, r.kind, r.value::text as value, r.basis,
    r.min_fee::text as min_fee, r.tax_base, r.effective_from::text as effective_from,
    r.effective_to::text as effective_to, r.note, r.replaces_id, r.created_by, r.created_at::text as created_at,
    r.updated_at::text as updated_at, u.name as doctorname, p.code as perawatancode, p.name as perawatanname,
    b.name as branchname, (select count(*) from sharing_line l where l.rule_id = r.id)::int as used
  from sharing_rule r
  left join users u on u.id = r.doctor_id
  left join perawatan p on p.id = r.perawatan_id
  left join profile b on b.id = r.profile_id`;

/** Rules of the given branches (NULL branches: every branch's too), filtered. */
export async function listRules(
  db: Db,
  branches: number[] | null,
  f: { doctor?: number | null; perawatan?: number | null; date?: string },
): Promise<RuleView[]> {
  const conds: SQL[] = [sql`true`];
  if (branches)
    conds.push(
      sql`(r.profile_id is null or r.profile_id in (${sql.join(
        branches.map((b) => sql`${b}`),
        sql`, `,
      )}))`,
    );
  if (f.doctor) conds.push(sql`(r.doctor_id = ${f.doctor} or r.doctor_id is null)`);
  if (f.perawatan) conds.push(sql`(r.perawatan_id = ${f.perawatan} or r.perawatan_id is null)`);
  if (f.date)
    conds.push(sql`r.effective_from <= ${f.date} and (r.effective_to is null or r.effective_to >= ${f.date})`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${VIEW} where ${sql.join(conds, sql` and `)} order by r.effective_from desc, r.id desc limit 1000`,
  );
  return rows.map(toView);
}

export async function ruleView(db: Db, id: number): Promise<RuleView | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`${VIEW} where r.id = ${id}`);
  return row ? toView(row) : undefined;
}

/** Every rule that could apply to a doctor's treatment in a branch on a date (resolution picks one). */
export async function candidates(
  db: Db,
  k: { branch: number; doctor: number; perawatan: number; date: string },
): Promise<RuleView[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`${VIEW} where (r.doctor_id = ${k.doctor} or r.doctor_id is null)
        and (r.perawatan_id = ${k.perawatan} or r.perawatan_id is null)
        and (r.profile_id = ${k.branch} or r.profile_id is null)
        and r.effective_from <= ${k.date} and (r.effective_to is null or r.effective_to >= ${k.date})
        order by r.id`,
  );
  return rows.map(toView);
}

export async function lockRule(db: Db, id: number): Promise<RuleRow | undefined> {
  const [row] = await db.select().from(sharingRule).where(eq(sharingRule.id, id)).for('update');
  return row;
}

export async function insertRule(db: Db, row: NewRule): Promise<RuleRow> {
  const [r] = await db.insert(sharingRule).values(row).returning();
  return r;
}

export async function updateRule(db: Db, id: number, set: Partial<NewRule>): Promise<void> {
  await db
    .update(sharingRule)
    .set({ ...set, updated_at: sql`now()` })
    .where(eq(sharingRule.id, id));
}

export async function ruleUsed(db: Db, id: number): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sharing_line where rule_id = ${id}`,
  );
  return n(r.n) > 0;
}

export async function perawatanOf(db: Db, id: number): Promise<{ id: number; profile_id: number } | undefined> {
  const [r] = await queryRows<{ id: number; profile_id: number }>(
    db,
    sql`select id, profile_id from perawatan where id = ${id}`,
  );
  return r ? { id: n(r.id), profile_id: n(r.profile_id) } : undefined;
}

/** A doctor (role dokter) who is not a merged or deleted account. */
export async function isDoctor(db: Db, id: number): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where id = ${id} and role = ${ROLE_IDS.dokter}`,
  );
  return n(r.n) > 0;
}

export async function branchExists(db: Db, id: number): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from profile where id = ${id}`);
  return n(r.n) > 0;
}

/** The cost of the consumables (BHP) the visit's record used, from their stock issues (sen). */
export async function bhpCostOfVisit(db: Db, visitId: number): Promise<number> {
  const [r] = await queryRows<{ v: string }>(
    db,
    sql`select coalesce(-sum(m.value), 0)::text as v from stock_movement m
        join rm_entry e on e.id = m.source_id and m.source_kind = 'rm_bhp'
        where e.visit_id = ${visitId}`,
  );
  return Math.max(0, n(r.v));
}

/** A package registration's price and what it has received so far (sen), through its slot. */
export async function membershipOfSlot(
  db: Db,
  slotId: number,
): Promise<{ membership: number; price: number; paid: number } | undefined> {
  const [r] = await queryRows<{ membership: number; price: string; paid: string }>(
    db,
    sql`select m.id as membership, m.price::text as price,
          coalesce((select sum(c.paid_amount) from paket_membership_cicilan c where c.membership_id = m.id), 0)::text as paid
        from paket_membership_slot s join paket_membership m on m.id = s.membership_id where s.id = ${slotId}`,
  );
  return r ? { membership: n(r.membership), price: n(r.price), paid: n(r.paid) } : undefined;
}

/** The payment's stored lines in insertion order (their ids, to link the fee lines). */
export async function paymentLineIds(db: Db, paymentId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from kasir_payment_line where payment_id = ${paymentId} order by id`,
  );
  return rows.map((r) => n(r.id));
}

export async function insertLines(db: Db, rows: NewLine[]): Promise<void> {
  if (rows.length) await db.insert(sharingLine).values(rows);
}

export async function linesOfPayment(db: Db, paymentId: number): Promise<LineRow[]> {
  return db
    .select()
    .from(sharingLine)
    .where(eq(sharingLine.payment_id, paymentId))
    .orderBy(asc(sharingLine.id))
    .for('update');
}

export async function setStatus(db: Db, id: number, status: string): Promise<void> {
  await db.update(sharingLine).set({ status }).where(eq(sharingLine.id, id));
}

export interface LineView {
  id: number;
  visit_id: number | null;
  payment_id: number;
  perawatan_id: number | null;
  doctor_id: number;
  rule_id: number | null;
  basis: string | null;
  basis_amount: number;
  share: number;
  payable: number;
  tax_base: number;
  status: string;
  run_id: number | null;
  service_date: string;
}

export async function listLines(
  db: Db,
  branches: number[] | null,
  f: { doctor?: number | null; from?: string; to?: string; status?: string },
): Promise<LineView[]> {
  const conds: SQL[] = [sql`true`];
  if (branches)
    conds.push(
      sql`l.profile_id in (${sql.join(
        branches.map((b) => sql`${b}`),
        sql`, `,
      )})`,
    );
  if (f.doctor) conds.push(sql`l.doctor_id = ${f.doctor}`);
  if (f.from) conds.push(sql`l.service_date >= ${f.from}`);
  if (f.to) conds.push(sql`l.service_date <= ${f.to}`);
  if (f.status) conds.push(sql`l.status = ${f.status}`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.visit_id, l.payment_id, l.perawatan_id, l.doctor_id, l.rule_id, l.basis,
          l.basis_amount::text as basis_amount, l.share::text as share, l.payable::text as payable,
          l.tax_base::text as tax_base, l.status, l.run_id, l.service_date::text as service_date
        from sharing_line l where ${sql.join(conds, sql` and `)} order by l.service_date, l.id limit 5000`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    visit_id: r.visit_id === null ? null : n(r.visit_id),
    payment_id: n(r.payment_id),
    perawatan_id: r.perawatan_id === null ? null : n(r.perawatan_id),
    doctor_id: n(r.doctor_id),
    rule_id: r.rule_id === null ? null : n(r.rule_id),
    basis: (r.basis as string | null) ?? null,
    basis_amount: n(r.basis_amount),
    share: n(r.share),
    payable: n(r.payable),
    tax_base: n(r.tax_base),
    status: String(r.status),
    run_id: r.run_id === null ? null : n(r.run_id),
    service_date: String(r.service_date),
  }));
}

/** Test and later payout-run hook: marks lines paid in a run. */
export async function markPaid(db: Db, ids: number[], runId: number | null): Promise<void> {
  for (const id of ids)
    await db
      .update(sharingLine)
      .set({ status: 'paid', run_id: runId })
      .where(and(eq(sharingLine.id, id), eq(sharingLine.status, 'payable')));
}

/** Doctors whose Hutang Dokter item from this till payment's journal has been paid (in part). */
export async function doctorsPaidOnPayment(db: Db, paymentId: number): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct h.party_id as id from hutang_item h join kasir_payment p on p.jurnal_id = h.jurnal_id
        where p.id = ${paymentId} and h.party_type = 'doctor' and h.paid <> 0 and h.party_id is not null`,
  );
  return new Set(rows.map((r) => n(r.id)));
}

export async function doctorOptions(db: Db): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from users where role = ${ROLE_IDS.dokter} and status = 1 order by name limit 1000`,
  );
  return rows.map((r) => ({ id: n(r.id), name: r.name }));
}

export async function perawatanOptions(db: Db, branch: number): Promise<{ id: number; code: string; name: string }[]> {
  const rows = await queryRows<{ id: number; code: string; name: string }>(
    db,
    sql`select id, code, name from perawatan where profile_id = ${branch} and status = 1 order by name limit 2000`,
  );
  return rows.map((r) => ({ id: n(r.id), code: r.code, name: r.name }));
}
