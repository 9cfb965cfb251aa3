import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import type { Db } from '../../db/client.js';
import { likeOf } from '../../db/like.js';
import { __name__ } from '../../db/schema/index.js';

/** The only file of the module with SQL. Every query takes the branch it is scoped to. */
export type __Name__Row = typeof __name__.$inferSelect;

export async function list__Name__(
  db: Db,
  f: { scope: BranchScope; keyword?: string; limit: number; offset: number },
): Promise<{ rows: __Name__Row[]; count: number }> {
  const w: SQL[] = [scopeSql(__name__.profile_id, f.scope)];
  if (f.keyword) w.push(sql`lower(${__name__.name}) like ${likeOf(f.keyword)}`);
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(__name__)
      .where(where)
      .orderBy(asc(__name__.name), asc(__name__.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(__name__).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** One row by id; the service has checked with requireAccess that the caller may see it. */
export async function find__Name__(db: Db, id: number): Promise<__Name__Row | undefined> {
  const [row] = await db.select().from(__name__).where(eq(__name__.id, id));
  return row;
}

export async function insert__Name__(db: Db, values: typeof __name__.$inferInsert): Promise<__Name__Row> {
  const [row] = await db.insert(__name__).values(values).returning();
  return row;
}

export async function update__Name__(
  db: Db,
  id: number,
  values: Partial<typeof __name__.$inferInsert>,
): Promise<__Name__Row | undefined> {
  const [row] = await db.update(__name__).set(values).where(eq(__name__.id, id)).returning();
  return row;
}
