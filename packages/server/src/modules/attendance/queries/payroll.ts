import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  jurnal,
  payrollComponent,
  payrollGroup,
  payrollGroupComponent,
  payrollGroupMember,
  payrollRun,
  payrollRunLine,
  users,
} from '../../../db/schema/index.js';

/** Payroll's SQL (issue 15): components, groups ('Group Slip Gaji'), runs and their lines. */

export type ComponentRow = typeof payrollComponent.$inferSelect;
export type GroupRow = typeof payrollGroup.$inferSelect;
export type RunRow = typeof payrollRun.$inferSelect;
export type RunLineRow = typeof payrollRunLine.$inferSelect;
export type RunLineValues = Omit<typeof payrollRunLine.$inferInsert, 'run_id'>;

// Components ------------------------------------------------------------------------------------------------

export function listComponents(db: Db, branch: number) {
  return db
    .select()
    .from(payrollComponent)
    .where(eq(payrollComponent.profile_id, branch))
    .orderBy(asc(payrollComponent.kind), asc(payrollComponent.name));
}

export async function findComponent(db: Db, id: number) {
  const [r] = await db.select().from(payrollComponent).where(eq(payrollComponent.id, id));
  return r ?? null;
}

export async function componentNameTaken(db: Db, branch: number, name: string, exceptId: number | null) {
  const [r] = await db
    .select({ id: payrollComponent.id })
    .from(payrollComponent)
    .where(
      and(
        eq(payrollComponent.profile_id, branch),
        sql`lower(${payrollComponent.name}) = lower(${name})`,
        exceptId === null ? undefined : sql`${payrollComponent.id} <> ${exceptId}`,
      ),
    );
  return !!r;
}

type ComponentValues = Omit<typeof payrollComponent.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertComponent(db: Db, v: ComponentValues) {
  const [row] = await db.insert(payrollComponent).values(v).returning();
  return row;
}

export async function updateComponent(db: Db, id: number, v: ComponentValues) {
  const [row] = await db
    .update(payrollComponent)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(payrollComponent.id, id))
    .returning();
  return row;
}

/** Which of these component ids belong to the branch. */
export function componentsOfBranch(db: Db, branch: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: payrollComponent.id })
    .from(payrollComponent)
    .where(and(inArray(payrollComponent.id, ids), eq(payrollComponent.profile_id, branch)));
}

// Groups ----------------------------------------------------------------------------------------------------

export function listGroups(db: Db, branch: number) {
  return db.select().from(payrollGroup).where(eq(payrollGroup.profile_id, branch)).orderBy(asc(payrollGroup.name));
}

export async function findGroup(db: Db, id: number) {
  const [r] = await db.select().from(payrollGroup).where(eq(payrollGroup.id, id));
  return r ?? null;
}

export function componentsOfGroups(db: Db, groupIds: number[]) {
  if (!groupIds.length) return Promise.resolve([]);
  return db.select().from(payrollGroupComponent).where(inArray(payrollGroupComponent.group_id, groupIds));
}

export function membersOfGroups(db: Db, groupIds: number[]) {
  if (!groupIds.length) return Promise.resolve([]);
  return db
    .select({ group_id: payrollGroupMember.group_id, user_id: payrollGroupMember.user_id, name: users.name })
    .from(payrollGroupMember)
    .innerJoin(users, eq(users.id, payrollGroupMember.user_id))
    .where(inArray(payrollGroupMember.group_id, groupIds))
    .orderBy(asc(users.name));
}

export async function groupNameTaken(db: Db, branch: number, name: string, exceptId: number | null) {
  const [r] = await db
    .select({ id: payrollGroup.id })
    .from(payrollGroup)
    .where(
      and(
        eq(payrollGroup.profile_id, branch),
        sql`lower(${payrollGroup.name}) = lower(${name})`,
        exceptId === null ? undefined : sql`${payrollGroup.id} <> ${exceptId}`,
      ),
    );
  return !!r;
}

type GroupValues = { profile_id: number; name: string; cutoff_day: number; status: number };

export async function insertGroup(db: Db, v: GroupValues) {
  const [row] = await db.insert(payrollGroup).values(v).returning();
  return row;
}

export async function updateGroup(db: Db, id: number, v: GroupValues) {
  const [row] = await db
    .update(payrollGroup)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(payrollGroup.id, id))
    .returning();
  return row;
}

/** Replaces a group's components and members; an employee belongs to one group, so joining this one leaves any other. */
export async function replaceGroupContents(db: Db, groupId: number, components: number[], members: number[]) {
  await db.delete(payrollGroupComponent).where(eq(payrollGroupComponent.group_id, groupId));
  if (components.length) {
    await db.insert(payrollGroupComponent).values(components.map((c) => ({ group_id: groupId, component_id: c })));
  }
  await db.delete(payrollGroupMember).where(eq(payrollGroupMember.group_id, groupId));
  if (members.length) {
    await db.delete(payrollGroupMember).where(inArray(payrollGroupMember.user_id, members));
    await db.insert(payrollGroupMember).values(members.map((m) => ({ user_id: m, group_id: groupId })));
  }
}

export async function groupMemberIds(db: Db, groupId: number) {
  const rows = await db.select().from(payrollGroupMember).where(eq(payrollGroupMember.group_id, groupId));
  return rows.map((m) => m.user_id);
}

/** The active components of a group. */
export async function activeComponentsOfGroup(db: Db, groupId: number) {
  const rows = await db
    .select()
    .from(payrollComponent)
    .innerJoin(payrollGroupComponent, eq(payrollGroupComponent.component_id, payrollComponent.id))
    .where(and(eq(payrollGroupComponent.group_id, groupId), eq(payrollComponent.status, 1)));
  return rows.map((r) => r.payroll_component);
}

// Runs ------------------------------------------------------------------------------------------------------

export async function findRun(db: Db, id: number) {
  const [r] = await db.select().from(payrollRun).where(eq(payrollRun.id, id));
  return r ?? null;
}

/** The runs of a branch, group and period with a status (0 draft, 1 approved, 2 superseded). */
export function runsWithStatus(db: Db, key: { branch: number; group: number; period: string }, status: number) {
  return db
    .select({ id: payrollRun.id })
    .from(payrollRun)
    .where(
      and(
        eq(payrollRun.profile_id, key.branch),
        eq(payrollRun.group_id, key.group),
        eq(payrollRun.period, key.period),
        eq(payrollRun.status, status),
      ),
    );
}

/** Every run of the same branch, group and period, oldest first: the original and its corrections. */
export function runChain(db: Db, key: { branch: number; group: number; period: string }) {
  return db
    .select({ run: payrollRun, jurnal_code: jurnal.code })
    .from(payrollRun)
    .leftJoin(jurnal, eq(jurnal.id, payrollRun.jurnal_id))
    .where(
      and(eq(payrollRun.profile_id, key.branch), eq(payrollRun.group_id, key.group), eq(payrollRun.period, key.period)),
    )
    .orderBy(asc(payrollRun.id));
}

/** Inserts a draft run with its lines; answers the new run. */
export async function insertRun(db: Db, v: typeof payrollRun.$inferInsert, lines: RunLineValues[]) {
  const [run] = await db.insert(payrollRun).values(v).returning();
  await db.insert(payrollRunLine).values(lines.map((l) => ({ run_id: run.id, ...l })));
  return run;
}

/** A run's status, period and group, locked for the rest of the transaction. */
export async function lockRun(db: Db, id: number) {
  const [run] = await db
    .select({ id: payrollRun.id, status: payrollRun.status, period: payrollRun.period, group: payrollRun.group_id })
    .from(payrollRun)
    .where(eq(payrollRun.id, id))
    .for('update');
  return run ?? null;
}

/** Deletes a run and its lines (drafts only; the caller checks). */
export async function deleteRun(db: Db, id: number) {
  await db.delete(payrollRunLine).where(eq(payrollRunLine.run_id, id));
  await db.delete(payrollRun).where(eq(payrollRun.id, id));
}

export async function runWithGroup(db: Db, id: number) {
  const [r] = await db
    .select({ run: payrollRun, group: payrollGroup.name, jurnal_code: jurnal.code })
    .from(payrollRun)
    .innerJoin(payrollGroup, eq(payrollGroup.id, payrollRun.group_id))
    .leftJoin(jurnal, eq(jurnal.id, payrollRun.jurnal_id))
    .where(eq(payrollRun.id, id));
  return r ?? null;
}

/** A run's lines with the employee's name, by name. */
export function runLines(db: Db, runId: number) {
  return db
    .select({ line: payrollRunLine, name: users.name, username: users.username })
    .from(payrollRunLine)
    .innerJoin(users, eq(users.id, payrollRunLine.user_id))
    .where(eq(payrollRunLine.run_id, runId))
    .orderBy(asc(users.name));
}

/** The branch's runs, each with its journal's code and its place in its chain (0 the original, n the n-th correction). */
export function listRuns(db: Db, branch: number, period?: string) {
  return db
    .select({
      run: payrollRun,
      group: payrollGroup.name,
      jurnal_code: jurnal.code,
      position:
        sql<number>`(row_number() over (partition by ${payrollRun.group_id}, ${payrollRun.period} order by ${payrollRun.id}) - 1)::int`.mapWith(
          Number,
        ),
    })
    .from(payrollRun)
    .innerJoin(payrollGroup, eq(payrollGroup.id, payrollRun.group_id))
    .leftJoin(jurnal, eq(jurnal.id, payrollRun.jurnal_id))
    .where(and(eq(payrollRun.profile_id, branch), period ? eq(payrollRun.period, period) : undefined))
    .orderBy(sql`${payrollRun.period} desc`, asc(payrollGroup.name));
}

/** What earlier approved runs of the year (before `period`) paid and withheld, per employee. */
export function priorOfYear(db: Db, userIds: number[], year: number, period: string) {
  return db
    .select({
      user_id: payrollRunLine.user_id,
      bruto: sql<number>`sum(${payrollRunLine.bruto})::bigint`.mapWith(Number),
      iuran: sql<number>`sum(${payrollRunLine.jht_employee} + ${payrollRunLine.jp_employee})::bigint`.mapWith(Number),
      pph21: sql<number>`sum(${payrollRunLine.pph21})::bigint`.mapWith(Number),
      first_period: sql<string>`min(${payrollRun.period})`,
    })
    .from(payrollRunLine)
    .innerJoin(payrollRun, eq(payrollRun.id, payrollRunLine.run_id))
    .where(
      and(
        inArray(payrollRunLine.user_id, userIds),
        eq(payrollRun.status, 1),
        sql`${payrollRun.period} like ${`${year}-%`}`,
        lt(payrollRun.period, period),
      ),
    )
    .groupBy(payrollRunLine.user_id);
}

/** Marks an approved run superseded (status 2); false when it was no longer the approved one. */
export async function supersedeRun(db: Db, id: number) {
  const gone = await db
    .update(payrollRun)
    .set({ status: 2 })
    .where(and(eq(payrollRun.id, id), eq(payrollRun.status, 1)))
    .returning({ id: payrollRun.id });
  return gone.length > 0;
}

/** Approves a draft run (status 0 -> 1) with its journal; false when it was no longer a draft. */
export async function markRunApproved(db: Db, id: number, jurnalId: number | null, by: number) {
  const updated = await db
    .update(payrollRun)
    .set({ status: 1, jurnal_id: jurnalId, approved_by: by, approved_at: sql`now()` })
    .where(and(eq(payrollRun.id, id), eq(payrollRun.status, 0)))
    .returning({ id: payrollRun.id });
  return updated.length > 0;
}

/** 'Gaji Saya': a user's lines of approved runs, newest period first. */
export function approvedLinesOf(db: Db, userId: number) {
  return db
    .select({
      line: payrollRunLine,
      run: payrollRun,
      name: users.name,
      username: users.username,
      group: payrollGroup.name,
    })
    .from(payrollRunLine)
    .innerJoin(payrollRun, eq(payrollRun.id, payrollRunLine.run_id))
    .innerJoin(payrollGroup, eq(payrollGroup.id, payrollRun.group_id))
    .innerJoin(users, eq(users.id, payrollRunLine.user_id))
    .where(and(eq(payrollRunLine.user_id, userId), eq(payrollRun.status, 1)))
    .orderBy(sql`${payrollRun.period} desc`);
}
