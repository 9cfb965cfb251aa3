import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import { devidenRun, devidenRunLine, devidenSetting, investor, perawatan } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

/** The investors module's only SQL. Every list takes the branch it is scoped to. */
export type InvestorRow = typeof investor.$inferSelect;
export type SettingRow = typeof devidenSetting.$inferSelect;
export type RunRow = typeof devidenRun.$inferSelect;
export type RunLineRow = typeof devidenRunLine.$inferSelect;

export async function listInvestors(
  db: Db,
  f: { scope: BranchScope; keyword?: string; kind?: string; userId?: number | null; limit: number; offset: number },
): Promise<{ rows: InvestorRow[]; count: number }> {
  const w: SQL[] = [scopeSql(investor.profile_id, f.scope)];
  if (f.keyword) w.push(sql`lower(${investor.name}) like ${likeOf(f.keyword)}`);
  if (f.kind) w.push(eq(investor.kind, f.kind));
  if (f.userId) w.push(eq(investor.user_id, f.userId));
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(investor)
      .where(where)
      .orderBy(asc(investor.name), asc(investor.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(investor).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findInvestor(db: Db, id: number): Promise<InvestorRow | undefined> {
  const [row] = await db.select().from(investor).where(eq(investor.id, id));
  return row;
}

export async function investorsByIds(db: Db, ids: number[]): Promise<InvestorRow[]> {
  if (!ids.length) return [];
  return db.select().from(investor).where(inArray(investor.id, ids));
}

export async function insertInvestor(db: Db, values: typeof investor.$inferInsert): Promise<InvestorRow> {
  const [row] = await db.insert(investor).values(values).returning();
  return row;
}

export async function updateInvestor(db: Db, id: number, values: Partial<typeof investor.$inferInsert>) {
  const [row] = await db
    .update(investor)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(investor.id, id))
    .returning();
  return row;
}

/** A user of the branch with role investor (the account an investor row may name). */
export async function investorAccount(db: Db, userId: number, profileId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from users where id = ${userId} and profile_id = ${profileId} and role = 10`,
  );
  return rows.length > 0;
}

export interface SettingListRow extends SettingRow {
  investor_name: string;
  perawatan_name: string | null;
}

const settingSelect = {
  s: devidenSetting,
  investor_name: investor.name,
  perawatan_name: perawatan.name,
};

function flattenSetting(r: { s: SettingRow; investor_name: string; perawatan_name: string | null }): SettingListRow {
  return { ...r.s, investor_name: r.investor_name, perawatan_name: r.perawatan_name };
}

export async function listSettings(
  db: Db,
  f: { scope: BranchScope; investor?: number; date?: string; userId?: number | null },
): Promise<SettingListRow[]> {
  const w: SQL[] = [scopeSql(devidenSetting.profile_id, f.scope)];
  if (f.investor) w.push(eq(devidenSetting.investor_id, f.investor));
  if (f.userId) w.push(eq(investor.user_id, f.userId));
  if (f.date)
    w.push(
      sql`${devidenSetting.effective_from} <= ${f.date} and (${devidenSetting.effective_to} is null or ${devidenSetting.effective_to} >= ${f.date})`,
    );
  const rows = await db
    .select(settingSelect)
    .from(devidenSetting)
    .innerJoin(investor, eq(investor.id, devidenSetting.investor_id))
    .leftJoin(perawatan, eq(perawatan.id, devidenSetting.perawatan_id))
    .where(and(...w))
    .orderBy(asc(investor.name), desc(devidenSetting.effective_from), asc(devidenSetting.id));
  return rows.map(flattenSetting);
}

export async function findSetting(db: Db, id: number): Promise<SettingListRow | undefined> {
  const [r] = await db
    .select(settingSelect)
    .from(devidenSetting)
    .innerJoin(investor, eq(investor.id, devidenSetting.investor_id))
    .leftJoin(perawatan, eq(perawatan.id, devidenSetting.perawatan_id))
    .where(eq(devidenSetting.id, id));
  return r ? flattenSetting(r) : undefined;
}

export async function insertSetting(db: Db, values: typeof devidenSetting.$inferInsert): Promise<SettingRow> {
  const [row] = await db.insert(devidenSetting).values(values).returning();
  return row;
}

/** Active settings of a branch in force on any day of [from, to]. */
export async function settingsInForce(db: Db, profileId: number, from: string, to: string): Promise<SettingRow[]> {
  return db
    .select()
    .from(devidenSetting)
    .where(
      and(
        eq(devidenSetting.profile_id, profileId),
        eq(devidenSetting.status, 1),
        sql`${devidenSetting.effective_from} <= ${to}`,
        sql`(${devidenSetting.effective_to} is null or ${devidenSetting.effective_to} >= ${from})`,
      ),
    )
    .orderBy(asc(devidenSetting.id));
}

export async function lockRunOf(db: Db, profileId: number, period: string): Promise<RunRow | undefined> {
  const rows = await db
    .select()
    .from(devidenRun)
    .where(and(eq(devidenRun.profile_id, profileId), eq(devidenRun.period, period)))
    .for('update');
  return rows[0];
}

export async function lockRun(db: Db, id: number): Promise<RunRow | undefined> {
  const rows = await db.select().from(devidenRun).where(eq(devidenRun.id, id)).for('update');
  return rows[0];
}

export async function findRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(devidenRun).where(eq(devidenRun.id, id));
  return row;
}

export async function insertRun(db: Db, values: typeof devidenRun.$inferInsert): Promise<RunRow> {
  const [row] = await db.insert(devidenRun).values(values).returning();
  return row;
}

export async function updateRun(db: Db, id: number, values: Partial<typeof devidenRun.$inferInsert>) {
  const [row] = await db.update(devidenRun).set(values).where(eq(devidenRun.id, id)).returning();
  return row;
}

/** A pending run's lines are replaced when it is computed again (nothing was posted for them). */
export async function deleteRunLines(db: Db, runId: number): Promise<void> {
  await db.delete(devidenRunLine).where(eq(devidenRunLine.run_id, runId));
}

export async function insertRunLines(db: Db, rows: (typeof devidenRunLine.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(devidenRunLine).values(rows);
}

export interface RunLineListRow extends RunLineRow {
  perawatan_name: string | null;
}

export async function runLines(db: Db, runIds: number[], investorUser?: number | null): Promise<RunLineListRow[]> {
  if (!runIds.length) return [];
  const w: SQL[] = [inArray(devidenRunLine.run_id, runIds)];
  if (investorUser) w.push(eq(investor.user_id, investorUser));
  const rows = await db
    .select({ l: devidenRunLine, perawatan_name: perawatan.name })
    .from(devidenRunLine)
    .innerJoin(investor, eq(investor.id, devidenRunLine.investor_id))
    .leftJoin(perawatan, eq(perawatan.id, devidenRunLine.perawatan_id))
    .where(and(...w))
    .orderBy(asc(devidenRunLine.run_id), asc(devidenRunLine.id));
  return rows.map((r) => ({ ...r.l, perawatan_name: r.perawatan_name }));
}

export async function listRuns(
  db: Db,
  f: { scope: BranchScope; period?: string; investorUser?: number | null },
): Promise<RunRow[]> {
  const w: SQL[] = [scopeSql(devidenRun.profile_id, f.scope)];
  if (f.period) w.push(eq(devidenRun.period, f.period));
  if (f.investorUser)
    w.push(
      sql`exists (select 1 from deviden_run_line l join investor i on i.id = l.investor_id
        where l.run_id = ${devidenRun.id} and i.user_id = ${f.investorUser})`,
    );
  return db
    .select()
    .from(devidenRun)
    .where(and(...w))
    .orderBy(desc(devidenRun.period), desc(devidenRun.id));
}

/** Per procedure and period: what each investor earned from it (procedure-basis lines of the branch's runs). */
export async function incomeByProcedure(
  db: Db,
  f: { scope: BranchScope; from: string; to: string; perawatan?: number; investorUser?: number | null },
) {
  const w: SQL[] = [
    scopeSql(devidenRunLine.profile_id, f.scope),
    eq(devidenRunLine.basis, 'procedure'),
    sql`${devidenRunLine.period} >= ${f.from.slice(0, 7)}`,
    sql`${devidenRunLine.period} <= ${f.to.slice(0, 7)}`,
  ];
  if (f.perawatan) w.push(eq(devidenRunLine.perawatan_id, f.perawatan));
  if (f.investorUser) w.push(eq(investor.user_id, f.investorUser));
  return db
    .select({
      period: devidenRunLine.period,
      perawatan: devidenRunLine.perawatan_id,
      perawatan_name: perawatan.name,
      investor: devidenRunLine.investor_id,
      investor_name: investor.name,
      qty: devidenRunLine.qty,
      basis_amount: devidenRunLine.basis_amount,
      gross: devidenRunLine.gross,
      status: devidenRun.status,
    })
    .from(devidenRunLine)
    .innerJoin(devidenRun, eq(devidenRun.id, devidenRunLine.run_id))
    .innerJoin(investor, eq(investor.id, devidenRunLine.investor_id))
    .leftJoin(perawatan, eq(perawatan.id, devidenRunLine.perawatan_id))
    .where(and(...w))
    .orderBy(desc(devidenRunLine.period), asc(perawatan.name), asc(investor.name));
}

export async function branchInfo(db: Db, id: number) {
  const rows = await queryRows<{ name: string; address: string | null; phone: string | null }>(
    db,
    sql`select name, address, phone from profile where id = ${id}`,
  );
  return rows[0] ?? { name: '', address: null, phone: null };
}

/** The demo: the branch's 'investor' account and the procedure an equipment partner is paid for (a laser if any). */
export async function demoRefs(db: Db, profileId: number) {
  const [account] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where username = 'investor' and profile_id = ${profileId}`,
  );
  const [proc] = await queryRows<{ id: number }>(
    db,
    sql`select id from perawatan where profile_id = ${profileId} and status = 1
        order by (lower(name) like '%laser%') desc, id limit 1`,
  );
  return { account: account?.id ?? null, proc: proc?.id ?? null };
}
