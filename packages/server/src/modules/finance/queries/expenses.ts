/** The SQL of registered expenses (issue 28 item 5): categories, limits, proofs, expenses. */
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { queryRows } from '../../../db/client.js';
import {
  akun,
  applog,
  expense,
  expenseCategory,
  expenseProof,
  expenseSetting,
  jurnal,
  paymentMethod,
  users,
} from '../../../db/schema/index.js';

export type ExpenseRow = typeof expense.$inferSelect;
export type CategoryRow = typeof expenseCategory.$inferSelect;

export async function findSetting(db: Db, profileId: number) {
  const [row] = await db.select().from(expenseSetting).where(eq(expenseSetting.profile_id, profileId));
  return row ?? null;
}

export async function upsertSetting(
  db: Db,
  v: { profile_id: number; proof_limit: number; approval_limit: number; updated_by: number | null },
) {
  const [row] = await db
    .insert(expenseSetting)
    .values(v)
    .onConflictDoUpdate({
      target: expenseSetting.profile_id,
      set: {
        proof_limit: v.proof_limit,
        approval_limit: v.approval_limit,
        updated_by: v.updated_by,
        updated_at: sql`now()`,
      },
    })
    .returning();
  return row;
}

const categorySelect = {
  id: expenseCategory.id,
  code: expenseCategory.code,
  name: expenseCategory.name,
  akun_id: expenseCategory.akun_id,
  akun_code: akun.code,
  akun_name: akun.name,
  akun_category: akun.category,
  akun_header: akun.isheader,
  akun_status: akun.status,
  status: expenseCategory.status,
};

export async function listCategories(db: Db, status?: number) {
  return db
    .select(categorySelect)
    .from(expenseCategory)
    .innerJoin(akun, eq(akun.id, expenseCategory.akun_id))
    .where(status === undefined ? undefined : eq(expenseCategory.status, status))
    .orderBy(asc(expenseCategory.name));
}

export async function findCategory(db: Db, id: number) {
  const [row] = await db
    .select(categorySelect)
    .from(expenseCategory)
    .innerJoin(akun, eq(akun.id, expenseCategory.akun_id))
    .where(eq(expenseCategory.id, id));
  return row ?? null;
}

export async function categoryCodeTaken(db: Db, code: string, exceptId?: number) {
  const rows = await db.select({ id: expenseCategory.id }).from(expenseCategory).where(eq(expenseCategory.code, code));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertCategory(db: Db, v: typeof expenseCategory.$inferInsert) {
  const [row] = await db.insert(expenseCategory).values(v).returning();
  return row;
}

export async function updateCategory(db: Db, id: number, v: Partial<typeof expenseCategory.$inferInsert>) {
  const [row] = await db
    .update(expenseCategory)
    .set({ ...v, updated_at: sql`now()` })
    .where(eq(expenseCategory.id, id))
    .returning();
  return row ?? null;
}

export async function findAkun(db: Db, id: number) {
  const [row] = await db.select().from(akun).where(eq(akun.id, id));
  return row ?? null;
}

export async function findMethod(db: Db, id: number) {
  const [row] = await db
    .select({ id: paymentMethod.id, name: paymentMethod.name, status: paymentMethod.status, akun_code: akun.code })
    .from(paymentMethod)
    .innerJoin(akun, eq(akun.id, paymentMethod.akun_id))
    .where(eq(paymentMethod.id, id));
  return row ?? null;
}

export async function insertProof(db: Db, v: typeof expenseProof.$inferInsert) {
  const [row] = await db.insert(expenseProof).values(v).returning();
  return row;
}

export async function findProof(db: Db, id: number) {
  const [row] = await db.select().from(expenseProof).where(eq(expenseProof.id, id));
  return row ?? null;
}

export async function proofUsedBy(db: Db, proofId: number) {
  const [row] = await db.select({ id: expense.id }).from(expense).where(eq(expense.proof_id, proofId));
  return row?.id ?? null;
}

export async function insertExpense(db: Db, v: typeof expense.$inferInsert) {
  const [row] = await db.insert(expense).values(v).returning();
  return row;
}

export async function lockExpense(db: Db, id: number): Promise<ExpenseRow | null> {
  const [row] = await db.select().from(expense).where(eq(expense.id, id)).for('update');
  return row ?? null;
}

export async function updateExpense(db: Db, id: number, v: Partial<typeof expense.$inferInsert>) {
  const [row] = await db.update(expense).set(v).where(eq(expense.id, id)).returning();
  return row ?? null;
}

/** A party the expense may be owed to, in the branch: vendors, doctors (role 2) and staff (employees). */
export async function findParty(db: Db, profileId: number, type: string, id: number) {
  if (type === 'vendor') {
    const rows = await queryRows<{ id: number; name: string; status: number }>(
      db,
      sql`select id, name, status from vendor where id = ${id} and profile_id = ${profileId}`,
    );
    return rows[0] ?? null;
  }
  if (type === 'doctor' || type === 'pegawai') {
    const role = type === 'doctor' ? sql`and role = 2` : sql`and role <> 1`;
    const rows = await queryRows<{ id: number; name: string; status: number }>(
      db,
      sql`select id, name, status from users where id = ${id} and profile_id = ${profileId} ${role}`,
    );
    return rows[0] ?? null;
  }
  if (type === 'investor' || type === 'laboratorium' || type === 'rumahsakit') {
    // Issue 29 part B: these parties are the investors module's rows (investor and partner are paid as 'investor').
    const kinds = type === 'investor' ? sql`('investor', 'partner')` : sql`(${type})`;
    const rows = await queryRows<{ id: number; name: string; status: number }>(
      db,
      sql`select id, name, status from investor where id = ${id} and profile_id = ${profileId} and kind in ${kinds}`,
    );
    return rows[0] ?? null;
  }
  return null;
}

/** The active parties of one type of the branch (the same rows `findParty` accepts), by name. */
export async function listParties(db: Db, profileId: number, type: string): Promise<{ id: number; name: string }[]> {
  let rows: { id: number; name: string }[] = [];
  if (type === 'vendor')
    rows = await queryRows(
      db,
      sql`select id, name from vendor where profile_id = ${profileId} and status = 1 order by lower(name), id`,
    );
  else if (type === 'doctor' || type === 'pegawai') {
    const role = type === 'doctor' ? sql`and role = 2` : sql`and role <> 1`;
    rows = await queryRows(
      db,
      sql`select id, name from users where profile_id = ${profileId} and status = 1 ${role} order by lower(name), id`,
    );
  } else if (type === 'investor' || type === 'laboratorium' || type === 'rumahsakit') {
    const kinds = type === 'investor' ? sql`('investor', 'partner')` : sql`(${type})`;
    rows = await queryRows(
      db,
      sql`select id, name from investor where profile_id = ${profileId} and status = 1 and kind in ${kinds}
          order by lower(name), id`,
    );
  }
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');
const rev = alias(jurnal, 'rev');
const req = alias(applog, 'req');

const listSelect = {
  e: expense,
  category_name: expenseCategory.name,
  akun_code: akun.code,
  method_name: paymentMethod.name,
  proof_mime: expenseProof.mime,
  jurnal_code: jurnal.code,
  rev_code: rev.code,
  creator_name: creator.name,
  approver_name: approver.name,
  request_status: req.status,
};

function listFrom(db: Db) {
  return db
    .select(listSelect)
    .from(expense)
    .innerJoin(expenseCategory, eq(expenseCategory.id, expense.category_id))
    .innerJoin(akun, eq(akun.id, expense.akun_id))
    .leftJoin(paymentMethod, eq(paymentMethod.id, expense.payment_method_id))
    .leftJoin(expenseProof, eq(expenseProof.id, expense.proof_id))
    .leftJoin(jurnal, eq(jurnal.id, expense.jurnal_id))
    .leftJoin(rev, eq(rev.id, expense.reversal_jurnal_id))
    .leftJoin(creator, eq(creator.id, expense.created_by))
    .leftJoin(approver, eq(approver.id, expense.approved_by))
    .leftJoin(req, eq(req.id, expense.applog_id));
}
export type ExpenseListRow = Awaited<ReturnType<typeof listFrom>>[number];

export async function findExpense(db: Db, id: number): Promise<ExpenseListRow | null> {
  const [row] = await listFrom(db).where(eq(expense.id, id));
  return row ?? null;
}

export interface ExpenseFilter {
  scope: BranchScope;
  from?: string;
  to?: string;
  category?: number;
  status?: 'pending' | 'posted' | 'rejected' | 'reversed';
  keyword?: string;
  limit: number;
  offset: number;
}

export async function listExpenses(db: Db, f: ExpenseFilter) {
  const where: SQL[] = [];
  where.push(scopeSql(expense.profile_id, f.scope));
  if (f.from) where.push(gte(expense.date, f.from));
  if (f.to) where.push(lte(expense.date, f.to));
  if (f.category) where.push(eq(expense.category_id, f.category));
  if (f.status === 'rejected') where.push(sql`${expense.status} = 'pending' and ${req.status} = -1`);
  else if (f.status === 'pending') where.push(sql`${expense.status} = 'pending' and coalesce(${req.status}, 0) <> -1`);
  else if (f.status) where.push(eq(expense.status, f.status));
  if (f.keyword) {
    const k = `%${f.keyword.toLowerCase()}%`;
    where.push(
      sql`(lower(${expense.memo}) like ${k} or lower(${expense.code}) like ${k} or lower(coalesce(${expense.party_name}, '')) like ${k})`,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const rows = await listFrom(db)
    .where(cond)
    .orderBy(desc(expense.date), desc(expense.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expense)
    .leftJoin(req, eq(req.id, expense.applog_id))
    .where(cond);
  return { rows, count };
}

/** The demo seed's inputs: the branch's active period start, the categories and the active methods. */
export async function demoInputs(db: Db, profileId: number) {
  const [period] = await queryRows<{ start_date: string }>(
    db,
    sql`select start_date::text as start_date from finance_periode where profile_id = ${profileId} and status = 0`,
  );
  const cats = await queryRows<{ id: number; code: string }>(db, sql`select id, code from expense_category`);
  const methods = await queryRows<{ id: number; type: string }>(
    db,
    sql`select id, type from payment_method where status = 1 order by id`,
  );
  const [open] = await queryRows<{ masa: string; outstanding: number }>(
    db,
    sql`select masa, sum(amount - paid)::float8 as outstanding from hutang_item
         where profile_id = ${profileId} and party_type = 'pajak' and tax = 'pph_pegawai' and status = 'open'
         group by masa order by masa desc limit 1`,
  );
  return { period: period ?? null, cats, methods, open: open ?? null };
}
