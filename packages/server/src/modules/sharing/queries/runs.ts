/** SQL of the doctor payout runs (issue 29 item 3): sharing_run, sharing_run_exclusion and the lines they take. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows, type Db } from '../../../db/client.js';
import { sharingRun, sharingRunExclusion } from '../../../db/schema/index.js';

export type RunRow = typeof sharingRun.$inferSelect;
const n = (v: unknown) => Number(v);

/** Inserts the branch's open run of a month; undefined when one is open already (partial unique index). */
export async function insertRun(db: Db, values: typeof sharingRun.$inferInsert): Promise<RunRow | undefined> {
  const [row] = await db.insert(sharingRun).values(values).onConflictDoNothing().returning();
  return row;
}

export async function openRunOf(db: Db, branch: number, period: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(sharingRun)
    .where(and(eq(sharingRun.profile_id, branch), eq(sharingRun.period, period), eq(sharingRun.status, 'open')));
  return row;
}

export async function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(sharingRun).where(eq(sharingRun.id, id));
  return row;
}

export async function lockRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(sharingRun).where(eq(sharingRun.id, id)).for('update');
  return row;
}

export async function listRuns(db: Db, scope: BranchScope, period?: string): Promise<RunRow[]> {
  const w: SQL[] = [scopeSql(sharingRun.profile_id, scope)];
  if (period) w.push(eq(sharingRun.period, period));
  return db
    .select()
    .from(sharingRun)
    .where(and(...w))
    .orderBy(desc(sharingRun.period), desc(sharingRun.id))
    .limit(500);
}

export async function updateRun(db: Db, id: number, values: Partial<typeof sharingRun.$inferInsert>) {
  const [row] = await db.update(sharingRun).set(values).where(eq(sharingRun.id, id)).returning();
  return row;
}

/**
 * Takes the branch's payable lines (clawbacks included) up to the cut-off that no run holds; a line is taken by one
 * run only (the `run_id is null` condition is re-checked under the row lock by a concurrent run).
 */
export async function claimLines(db: Db, runId: number, branch: number, cutoff: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sharing_line set run_id = ${runId}
        where profile_id = ${branch} and status = 'payable' and run_id is null and service_date <= ${cutoff}
        returning id`,
  );
  return rows.map((r) => n(r.id));
}

export interface RunLineRow {
  id: number;
  doctor_id: number;
  visit_id: number | null;
  perawatan_id: number | null;
  perawatan_name: string | null;
  service_date: string;
  payable: number;
  tax_base: number;
  status: string;
  clawback_of: number | null;
}

/** The run's lines still payable (open run) or paid by it (approved run). */
export async function runLines(db: Db, runId: number, status: 'payable' | 'paid'): Promise<RunLineRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.id, l.doctor_id, l.visit_id, l.perawatan_id, p.name as perawatan_name,
          l.service_date::text as service_date, l.payable::text as payable, l.tax_base::text as tax_base, l.status,
          l.clawback_of
        from sharing_line l left join perawatan p on p.id = l.perawatan_id
        where l.run_id = ${runId} and l.status = ${status} order by l.doctor_id, l.service_date, l.id`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    doctor_id: n(r.doctor_id),
    visit_id: r.visit_id === null ? null : n(r.visit_id),
    perawatan_id: r.perawatan_id === null ? null : n(r.perawatan_id),
    perawatan_name: (r.perawatan_name as string | null) ?? null,
    service_date: String(r.service_date),
    payable: n(r.payable),
    tax_base: n(r.tax_base),
    status: String(r.status),
    clawback_of: r.clawback_of === null ? null : n(r.clawback_of),
  }));
}

export interface DoctorTaxRow {
  id: number;
  name: string;
  nik: string | null;
  npwp: string | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
}

/** The doctors' names, NIK/NPWP and bank account (from their employee record, as payroll reads them). */
export async function doctorsTax(db: Db, ids: number[]): Promise<DoctorTaxRow[]> {
  if (!ids.length) return [];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.name, e.nik, e.npwp, e.bank_name, e.bank_account, e.bank_holder from users u left join employee e on e.user_id = u.id
        where u.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => ({
    id: n(r.id),
    name: String(r.name),
    nik: (r.nik as string | null) ?? null,
    npwp: (r.npwp as string | null) ?? null,
    bank_name: (r.bank_name as string | null) ?? null,
    bank_account: (r.bank_account as string | null) ?? null,
    bank_holder: (r.bank_holder as string | null) ?? null,
  }));
}

/** Takes a payable line out of an open run; false when the run does not hold it. */
export async function releaseLine(db: Db, runId: number, lineId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sharing_line set run_id = null where id = ${lineId} and run_id = ${runId} and status = 'payable'
        returning id`,
  );
  return rows.length > 0;
}

export async function insertExclusion(db: Db, values: typeof sharingRunExclusion.$inferInsert): Promise<void> {
  await db.insert(sharingRunExclusion).values(values);
}

export async function exclusions(db: Db, runId: number): Promise<{ line: number; reason: string }[]> {
  const rows = await db
    .select({ line: sharingRunExclusion.line_id, reason: sharingRunExclusion.reason })
    .from(sharingRunExclusion)
    .where(eq(sharingRunExclusion.run_id, runId))
    .orderBy(sharingRunExclusion.id);
  return rows;
}

/** Who filed the run's approval request while it waits (null: none waiting). */
export async function pendingRequester(db: Db, applogId: number | null): Promise<number | null> {
  if (applogId === null) return null;
  const [r] = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from applog where id = ${applogId} and status = 0 and action = 'sharing.approve_run'`,
  );
  return r ? n(r.user_id) : null;
}

export async function branchInfo(db: Db, id: number): Promise<{ name: string; address: string | null }> {
  const [r] = await queryRows<{ name: string; address: string | null }>(
    db,
    sql`select name, address from profile where id = ${id}`,
  );
  return { name: r?.name ?? '', address: r?.address ?? null };
}
