import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PengumumanDto } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { pengumuman, users } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

export async function insertPengumuman(db: Db, values: typeof pengumuman.$inferInsert) {
  const [row] = await db.insert(pengumuman).values(values).returning();
  return row;
}

export async function listPengumuman(
  db: Db,
  f: { scope: BranchScope; keyword?: string; limit: number; offset: number },
): Promise<{ data: PengumumanDto[]; count: number }> {
  const w: SQL[] = [scopeSql(pengumuman.profile_id, f.scope)];
  if (f.keyword) {
    const like = likeOf(f.keyword);
    w.push(sql`lower(${pengumuman.message}) like ${like}`);
  }
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select({ p: pengumuman, u: { id: users.id, name: users.name } })
      .from(pengumuman)
      .innerJoin(users, eq(users.id, pengumuman.user_id))
      .where(where)
      .orderBy(desc(pengumuman.posttime), desc(pengumuman.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pengumuman)
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.p.id,
      message: r.p.message,
      userdata: r.u,
      posttime: r.p.posttime,
      profile_id: r.p.profile_id,
    })),
    count: Number(total?.n ?? 0),
  };
}
