/** SQL of the investor dashboard (issue 29 item 6): the account's branches by month. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';

/** The branches where an investor row names the account. */
export async function branchesOf(db: Db, user: number): Promise<{ id: number; name: string }[]> {
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select distinct p.id, p.name from investor i join profile p on p.id = i.profile_id
        where i.user_id = ${user} and i.status = 1 order by p.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** Per branch and month from..to (YYYY-MM): the run's revenue and profit, visits, the account's net paid out. */
export async function monthly(db: Db, user: number, branches: number[], from: string, to: string) {
  if (!branches.length) return [];
  const ids = sql.join(
    branches.map((b) => sql`${b}`),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with m as (
          select b.id as branch, to_char(g, 'YYYY-MM') as period
          from unnest(array[${ids}]::int[]) b(id),
               generate_series(${`${from}-01`}::date, ${`${to}-01`}::date, interval '1 month') g)
        select m.branch, m.period, r.revenue, r.profit,
          (select count(*) from visit v where v.profile_id = m.branch and v.status <> 'batal'
             and to_char(v.visit_date, 'YYYY-MM') = m.period)::int as visits,
          (select coalesce(sum(l.net), 0) from deviden_run_line l join deviden_run x on x.id = l.run_id
             join investor i on i.id = l.investor_id
             where i.user_id = ${user} and x.profile_id = m.branch and x.status = 'approved' and l.period = m.period)::text
            as distributed
        from m left join deviden_run r on r.profile_id = m.branch and r.period = m.period
        order by m.branch, m.period`,
  );
  return rows.map((r) => ({
    branch: Number(r.branch),
    period: String(r.period),
    revenue: r.revenue === null ? null : Number(r.revenue),
    profit: r.profit === null ? null : Number(r.profit),
    visits: Number(r.visits),
    distributed: Number(r.distributed),
  }));
}
