import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { season, seasonBranch } from '../../db/schema/index.js';
import { likeOf } from '../../db/like.js';

/** The season module's only SQL. */
export type SeasonRow = typeof season.$inferSelect;

export interface SeasonListRow extends Record<string, unknown> {
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  revenue_target: number | string;
  status: number;
  note: string | null;
  created_at: string;
  branches: { id: number; name: string }[] | null;
}

const listSelect = sql`select s.id, s.name, s.start_at::text as start_at, s.end_at::text as end_at, s.revenue_target,
    s.status, s.note, s.created_at::text as created_at,
    (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name)
       from season_branch b join profile p on p.id = b.profile_id where b.season_id = s.id) as branches
  from season s`;

/** Seasons newest first; `branch` = seasons running in that branch. */
export async function listSeasons(
  db: Db,
  f: { branch?: number; status?: number; keyword?: string; limit: number; offset: number },
): Promise<{ rows: SeasonListRow[]; count: number }> {
  const w: SQL[] = [sql`true`];
  if (f.branch !== undefined)
    w.push(sql`exists (select 1 from season_branch b where b.season_id = s.id and b.profile_id = ${f.branch})`);
  if (f.status !== undefined) w.push(sql`s.status = ${f.status}`);
  if (f.keyword) w.push(sql`lower(s.name) like ${likeOf(f.keyword)}`);
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<SeasonListRow>(
      db,
      sql`${listSelect} where ${where} order by s.start_at desc, s.id desc limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from season s where ${where}`),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findSeason(db: Db, id: number): Promise<SeasonListRow | undefined> {
  const [row] = await queryRows<SeasonListRow>(db, sql`${listSelect} where s.id = ${id}`);
  return row;
}

/** The branches of a season. */
export async function branchesOf(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: seasonBranch.profile_id })
    .from(seasonBranch)
    .where(eq(seasonBranch.season_id, id));
  return rows.map((r) => r.id);
}

/** Which of these ids are branches. */
export async function existingBranches(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from profile where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => Number(r.id));
}

export async function insertSeason(db: Db, values: typeof season.$inferInsert): Promise<SeasonRow> {
  const [row] = await db.insert(season).values(values).returning();
  return row;
}

export async function lockSeason(db: Db, id: number): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(season).where(eq(season.id, id)).for('update');
  return row;
}

export async function updateSeason(db: Db, id: number, values: Partial<typeof season.$inferInsert>): Promise<void> {
  await db.update(season).set(values).where(eq(season.id, id));
}

/** Sets a season's branches: adds the new ones, removes those no longer named (membership, not history). */
export async function setBranches(db: Db, id: number, branches: number[]): Promise<void> {
  await db.execute(
    sql`delete from season_branch where season_id = ${id} and profile_id <> all(${`{${branches.join(',')}}`}::int[])`,
  );
  for (const b of branches)
    await db.execute(
      sql`insert into season_branch (season_id, profile_id) values (${id}, ${b}) on conflict do nothing`,
    );
}

/** Whether a season runs in a branch (for the package types that belong to it). */
export async function runsIn(db: Db, id: number, branch: number): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from season_branch where season_id = ${id} and profile_id = ${branch}`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** A season as a report filter (the Backoffice dashboard): its dates, branches and target (sen). */
export async function seasonForReport(
  db: Db,
  id: number,
): Promise<{
  id: number;
  name: string;
  start_at: string;
  end_at: string;
  revenue_target: number;
  branches: number[];
} | null> {
  const row = await findSeason(db, id);
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    start_at: row.start_at,
    end_at: row.end_at,
    revenue_target: Number(row.revenue_target),
    branches: (row.branches ?? []).map((b) => Number(b.id)),
  };
}

/** The seasons running in a branch, newest first (package type forms and package sales filters of that branch). */
export async function seasonsOfBranch(
  db: Db,
  branch: number,
): Promise<{ id: number; name: string; start_at: string; end_at: string; status: number }[]> {
  const { rows } = await listSeasons(db, { branch, limit: 500, offset: 0 });
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    start_at: r.start_at,
    end_at: r.end_at,
    status: Number(r.status),
  }));
}
