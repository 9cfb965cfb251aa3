import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';

export type SummaryKind = 'kunjungan' | 'pasien_baru' | 'paket';

/**
 * Visits, new patients and package sales per branch, month and kind in [from, to], from the daily counts
 * `ringkasan_harian` (drizzle/0068_daily_summaries.sql: kept by triggers of visit, users and paket_membership in the
 * transaction that writes them), counted as the branch lists count them (every status). At most one row per branch,
 * kind and day of the range are read, whatever the number of visits or patients.
 */
export async function countsPerMonth(
  db: Db,
  scope: BranchScope,
  from: string,
  to: string,
): Promise<{ profile_id: number; month: string; jenis: SummaryKind; n: number }[]> {
  return queryRows(
    db,
    sql`select profile_id, to_char(hari, 'YYYY-MM') || '-01' as month, jenis, sum(n)::int as n
        from ringkasan_harian
        where ${scopeSql(sql`profile_id`, scope)} and hari >= ${from} and hari <= ${to}
        group by 1, 2, 3`,
  );
}
