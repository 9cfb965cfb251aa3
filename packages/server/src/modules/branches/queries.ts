import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { BranchDto } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { areaNames } from '../../lib/wilayah.js';
import { profile } from '../../db/schema/index.js';

type ProfileRow = typeof profile.$inferSelect;

/** The branch as answered; the area codes' names come from the wilayah lists (kept in memory). */
export async function toBranchDto(r: ProfileRow): Promise<BranchDto> {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    phone: r.phone,
    email: r.email,
    logo: r.logo,
    logourl: r.logo ? `/api/files/profile/${r.id}/logo?v=${encodeURIComponent(r.updated_at)}` : null,
    status: r.status,
    timezone: r.timezone,
    city: r.city,
    provincy_code: r.provincy_code,
    city_code: r.city_code,
    kecamatan_code: r.kecamatan_code,
    desa_code: r.desa_code,
    area: await areaNames(r),
  };
}

export async function findBranch(db: Db, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profile).where(eq(profile.id, id));
  return row;
}

export async function listBranches(db: Db, filter: { scope: BranchScope; status?: number }): Promise<ProfileRow[]> {
  const where: SQL[] = [scopeSql(profile.id, filter.scope)];
  if (filter.status !== undefined) where.push(eq(profile.status, filter.status));
  return db
    .select()
    .from(profile)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(profile.id));
}

export async function insertBranch(db: Db, values: typeof profile.$inferInsert): Promise<ProfileRow> {
  const [row] = await db.insert(profile).values(values).returning();
  return row;
}

export async function updateBranch(
  db: Db,
  id: number,
  values: Partial<typeof profile.$inferInsert>,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profile)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(profile.id, id))
    .returning();
  return row;
}
