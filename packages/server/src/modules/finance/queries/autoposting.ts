/**
 * SQL of the automatic journal settings and the stored-line reversal (issue 28 items 7 and 8); finance's queries.ts
 * is at its size limit, so these live here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

export { sql, queryRows };
export type { SQL };

export interface MappedAccount {
  key: string;
  version_id: number;
  effective_from: string;
  akun_id: number;
  code: string;
  name: string;
  isheader: boolean;
  status: number;
  profile_id: number | null;
}

/** The mapping in force on `date` for the given keys of a branch (latest effective_from on or before it). */
export async function mappingAt(db: Db, branchId: number, keys: string[], date: string) {
  if (!keys.length) return new Map<string, MappedAccount>();
  const rows = await queryRows<MappedAccount>(
    db,
    sql`select distinct on (f.key) f.key, f.id as version_id, f.effective_from::text as effective_from,
          a.id as akun_id, a.code, a.name, a.isheader, a.status, a.profile_id
        from finance_autoposting f join akun a on a.id = f.akun_id
        where f.profile_id = ${branchId} and f.effective_from <= ${date}::date
          and f.key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})
        order by f.key, f.effective_from desc, f.id desc`,
  );
  return new Map(
    rows.map((r) => [
      r.key,
      {
        ...r,
        version_id: Number(r.version_id),
        akun_id: Number(r.akun_id),
        status: Number(r.status),
        profile_id: r.profile_id === null ? null : Number(r.profile_id),
      },
    ]),
  );
}
