import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';

/**
 * Package sales registered in [from, to] as one SUM (the dashboard card), counting what 'Penjualan Paket' lists for
 * the same range and scope: every registration, whatever its status.
 */
export async function salesTotals(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  day: string,
): Promise<{ count: number; total: number; onDay: number }> {
  const [r] = await queryRows<{ n: number; total: string; on_day: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(price), 0)::text as total,
          (count(*) filter (where registered_at = ${day}))::int as on_day
        from paket_membership
        where ${scopeSql(sql`profile_id`, scope)} and registered_at >= ${from} and registered_at <= ${to}`,
  );
  return { count: Number(r.n), total: Number(r.total), onDay: Number(r.on_day) };
}

/**
 * Package sales per branch and month of [from, to], counted as salesTotals counts them (the Backoffice dashboard);
 * with `season`, only sales of the package types of that season (as 'Penjualan Paket' filtered by season).
 */
export async function salesPerMonth(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
  season?: number,
): Promise<{ profile_id: number; month: string; n: number }[]> {
  const ofSeason =
    season === undefined
      ? sql`true`
      : sql`paket_history_id in (select h.id from paket_history h join paket_type t on t.id = h.paket_type_id
                                  where t.season_id = ${season})`;
  return queryRows(
    db,
    sql`select profile_id, to_char(registered_at, 'YYYY-MM') || '-01' as month, count(*)::int as n
        from paket_membership
        where ${scopeSql(sql`profile_id`, scope)} and registered_at >= ${from} and registered_at <= ${to}
          and ${ofSeason}
        group by 1, 2`,
  );
}
