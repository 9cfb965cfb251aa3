import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { applog, approvalRule, users } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

export type ApplogRow = typeof applog.$inferSelect;
export type ApprovalRuleRow = typeof approvalRule.$inferSelect;

const decider = alias(users, 'decider');

export async function insertApplog(db: Db, values: typeof applog.$inferInsert): Promise<ApplogRow> {
  const [row] = await db.insert(applog).values(values).returning();
  return row;
}

/** The request row, locked for the deciding transaction. */
export async function lockApplog(db: Db, id: number): Promise<ApplogRow | undefined> {
  const [row] = await db.select().from(applog).where(eq(applog.id, id)).for('update');
  return row;
}

/** Requests with who asked and who decided. */
function selectApplog(db: Db) {
  return db
    .select({
      log: applog,
      requester: { id: users.id, name: users.name, role: users.role },
      decider: { id: decider.id, name: decider.name },
    })
    .from(applog)
    .innerJoin(users, eq(users.id, applog.user_id))
    .leftJoin(decider, eq(decider.id, applog.decided_by));
}

export async function findApplog(db: Db, id: number) {
  const [row] = await selectApplog(db).where(eq(applog.id, id));
  return row;
}

export async function decideApplog(
  db: Db,
  id: number,
  values: { status: number; reason: string | null; decided_by: number },
): Promise<ApplogRow | undefined> {
  const [row] = await db
    .update(applog)
    .set({ ...values, decided_at: new Date().toISOString() })
    .where(and(eq(applog.id, id), eq(applog.status, 0)))
    .returning();
  return row;
}

export async function findPendingFor(
  db: Db,
  action: string,
  entity: string,
  entityId: number,
): Promise<ApplogRow | undefined> {
  const [row] = await db
    .select()
    .from(applog)
    .where(
      and(eq(applog.action, action), eq(applog.entity, entity), eq(applog.entity_id, entityId), eq(applog.status, 0)),
    );
  return row;
}

/** Requests still waiting for a decision about some rows of one kind in a branch, newest first. */
export function pendingOf(db: Db, profileId: number, action: string, entity: string, entityIds: number[]) {
  return db
    .select({
      id: applog.id,
      entity_id: applog.entity_id,
      payload: applog.payload,
      note: applog.note,
      logtime: applog.logtime,
      requested_by: users.name,
    })
    .from(applog)
    .innerJoin(users, eq(users.id, applog.user_id))
    .where(
      and(
        eq(applog.profile_id, profileId),
        eq(applog.action, action),
        eq(applog.entity, entity),
        inArray(applog.entity_id, entityIds),
        eq(applog.status, 0),
      ),
    )
    .orderBy(desc(applog.id));
}

export interface ApplogFilter {
  scope: BranchScope;
  keyword?: string;
  status?: number;
  userId?: number;
  role?: number;
  groupvisit?: string;
  assignby?: string;
  /** Only rows the viewer made, or requests waiting for them (their role, not theirs). */
  visibleTo?: { userId: number; rolename: string; mine: boolean; waiting: boolean; anyRole: boolean };
  limit: number;
  offset: number;
}

function whereOf(f: ApplogFilter): SQL | undefined {
  const w: SQL[] = [];
  w.push(scopeSql(applog.profile_id, f.scope));
  if (f.status !== undefined) w.push(eq(applog.status, f.status));
  if (f.userId !== undefined) w.push(eq(applog.user_id, f.userId));
  if (f.role !== undefined) w.push(eq(users.role, f.role));
  if (f.groupvisit) w.push(eq(applog.groupvisit, f.groupvisit));
  if (f.assignby) w.push(sql`${applog.assignby} @> ${JSON.stringify([f.assignby])}::jsonb`);
  if (f.keyword) {
    const like = likeOf(f.keyword);
    w.push(
      or(
        sql`lower(${applog.message}) like ${like}`,
        sql`lower(coalesce(${applog.note}, '')) like ${like}`,
        sql`lower(${users.name}) like ${like}`,
      )!,
    );
  }
  const v = f.visibleTo;
  if (v) {
    const parts: SQL[] = [];
    if (v.mine) parts.push(eq(applog.user_id, v.userId));
    if (v.waiting) {
      const roleMatch = v.anyRole ? sql`true` : sql`${applog.assignby} @> ${JSON.stringify([v.rolename])}::jsonb`;
      parts.push(sql`(${applog.status} = 0 and ${applog.user_id} <> ${v.userId} and ${roleMatch})`);
    }
    w.push(parts.length ? or(...parts)! : sql`false`);
  }
  return w.length ? and(...w) : undefined;
}

export async function listApplog(db: Db, f: ApplogFilter) {
  const where = whereOf(f);
  const [rows, [total]] = await Promise.all([
    selectApplog(db).where(where).orderBy(desc(applog.logtime), desc(applog.id)).limit(f.limit).offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(applog)
      .innerJoin(users, eq(users.id, applog.user_id))
      .where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function listRules(db: Db, profileId: number): Promise<ApprovalRuleRow[]> {
  return db.select().from(approvalRule).where(eq(approvalRule.profile_id, profileId));
}

export async function findRule(db: Db, profileId: number, action: string): Promise<ApprovalRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalRule)
    .where(and(eq(approvalRule.profile_id, profileId), eq(approvalRule.action, action)));
  return row;
}

export async function upsertRule(db: Db, values: typeof approvalRule.$inferInsert): Promise<ApprovalRuleRow> {
  const [row] = await db
    .insert(approvalRule)
    .values(values)
    .onConflictDoUpdate({
      target: [approvalRule.profile_id, approvalRule.action],
      set: {
        needs_approval: values.needs_approval,
        approver_roles: values.approver_roles,
        updated_at: new Date().toISOString(),
        updated_by: values.updated_by,
      },
    })
    .returning();
  return row;
}
