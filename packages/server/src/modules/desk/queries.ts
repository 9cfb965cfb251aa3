import { sql, type SQL } from 'drizzle-orm';
import { scopeSql, type BranchScope } from '../../http/access-scope.js';
import { queryRows, type Db } from '../../db/client.js';
import type { PricelistKind } from '@klinik/shared';
import { priceInForceSql } from '../pricelist/index.js';
import { likeOf } from '../../db/like.js';

/**
 * The desk's read-only views (issue 11 item 7) over the masters' and the paket module's tables. Nothing here
 * writes: prices are edited in their masters, packages in the paket module.
 */

export interface PriceRow {
  kind: PricelistKind;
  id: number;
  code: string;
  name: string;
  price_sen: number | string;
  detail: string | null;
  source: 'override' | 'base' | 'master';
}

/** Active treatments, items, lab forms and packages on sale today (current version, type running), by name. */
export async function pricelist(
  db: Db,
  f: { scope: BranchScope; today: string; keyword?: string; kind?: PricelistKind },
): Promise<PriceRow[]> {
  const kw = f.keyword ? likeOf(f.keyword) : null;
  const match = (name: SQL, code: SQL) =>
    kw ? sql`and (lower(${name}) like ${kw} or lower(${code}) like ${kw})` : sql``;
  const parts: SQL[] = [];
  // Treatments and items at the chain price list's price in force today (issue 30), with where it comes from.
  const on = sql`${f.today}::date`;
  const price = (kind: 'treatment' | 'item', code: SQL, branch: SQL, master: SQL) =>
    priceInForceSql(kind, code, branch, on, master);
  const listedAt = (kind: 'treatment' | 'item', code: SQL, who: SQL) => sql`exists (select 1 from price_list p
      where p.kind = ${kind} and p.code = upper(${code}) and ${who} and p.status = 1 and p.effective_at <= ${on})`;
  const source = (kind: 'treatment' | 'item', code: SQL, branch: SQL) => sql`case
      when ${listedAt(kind, code, sql`p.profile_id = ${branch}`)} then 'override'
      when ${listedAt(kind, code, sql`p.profile_id is null`)} then 'base' else 'master' end`;
  if (!f.kind || f.kind === 'tindakan')
    parts.push(sql`select 'tindakan' as kind, t.id, t.code, t.name, ${price('treatment', sql`t.code`, sql`t.profile_id`, sql`t.price`)} as price_sen,
      null::text as detail, ${source('treatment', sql`t.code`, sql`t.profile_id`)} as source
      from perawatan t where ${scopeSql(sql`t.profile_id`, f.scope)} and t.status = 1 ${match(sql`t.name`, sql`t.code`)}`);
  if (!f.kind || f.kind === 'item')
    parts.push(sql`select 'item' as kind, i.id, i.code, i.name, ${price('item', sql`i.code`, sql`i.profile_id`, sql`i.selling_price`)} as price_sen,
      i.unit::text as detail, ${source('item', sql`i.code`, sql`i.profile_id`)} as source
      from item i where ${scopeSql(sql`i.profile_id`, f.scope)} and i.status = 1 ${match(sql`i.name`, sql`i.code`)}`);
  if (!f.kind || f.kind === 'formlab')
    parts.push(sql`select 'formlab' as kind, l.id, l.code, l.name, l.price as price_sen, null::text as detail,
      'master' as source from form_lab l where ${scopeSql(sql`l.profile_id`, f.scope)} and l.status = 1 ${match(sql`l.name`, sql`l.code`)}`);
  if (!f.kind || f.kind === 'paket')
    parts.push(sql`select 'paket' as kind, h.id, h.code, h.name, h.price as price_sen, pt.name::text as detail,
      'master' as source from paket_history h join paket_type pt on pt.id = h.paket_type_id
      where ${scopeSql(sql`h.profile_id`, f.scope)} and h.is_current and h.status = 1 and pt.status = 1
        and h.active_at <= ${f.today}::date and pt.start_at <= ${f.today}::date
        and (pt.end_at is null or pt.end_at >= ${f.today}::date) ${match(sql`h.name`, sql`h.code`)}`);
  return queryRows<PriceRow>(
    db,
    sql`select * from (${sql.join(parts, sql` union all `)}) x order by lower(x.name), x.kind, x.id`,
  );
}

export interface MemberRow {
  id: number;
  profile_id: number;
  username: string;
  name: string;
  phone: string | null;
  last_registered_at: string;
}

export interface MemberPackageRow {
  id: number;
  customer_id: number;
  code: string;
  paketname: string;
  typename: string;
  registered_at: string;
  status: number;
  price_sen: number | string;
  paid_sen: number | string;
}

/** Patients with at least one package registration in scope, most recent registration first. */
export async function members(
  db: Db,
  f: { scope: BranchScope; keyword?: string; activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: MemberRow[]; count: number }> {
  const w: SQL[] = [scopeSql(sql`m.profile_id`, f.scope)];
  if (f.activeOnly) w.push(sql`m.status = 1`);
  if (f.keyword) {
    const kw = likeOf(f.keyword);
    w.push(sql`(lower(u.name) like ${kw} or lower(u.username) like ${kw} or coalesce(u.phone, '') like ${kw}
      or lower(m.code) like ${kw})`);
  }
  const where = sql.join(w, sql` and `);
  const [rows, [total]] = await Promise.all([
    queryRows<MemberRow>(
      db,
      sql`select u.id, u.profile_id, u.username, u.name, u.phone, max(m.registered_at)::text as last_registered_at
            from paket_membership m join users u on u.id = m.customer_id
           where ${where}
           group by u.id, u.profile_id, u.username, u.name, u.phone
           order by max(m.registered_at) desc, u.id desc
           limit ${f.limit} offset ${f.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(distinct m.customer_id)::int as n from paket_membership m join users u on u.id = m.customer_id
           where ${where}`,
    ),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** The package registrations of some patients in scope, with what was paid of each. */
export async function memberPackages(db: Db, scope: BranchScope, customerIds: number[]): Promise<MemberPackageRow[]> {
  if (!customerIds.length) return [];
  return queryRows<MemberPackageRow>(
    db,
    sql`select m.id, m.customer_id, m.code, h.name as paketname, pt.name as typename, m.registered_at::text as registered_at,
               m.status, m.price as price_sen,
               coalesce((select sum(c.paid_amount) from paket_membership_cicilan c where c.membership_id = m.id), 0) as paid_sen
          from paket_membership m
          join paket_history h on h.id = m.paket_history_id
          join paket_type pt on pt.id = h.paket_type_id
         where ${scopeSql(sql`m.profile_id`, scope)} and m.customer_id in (${sql.join(
           customerIds.map((c) => sql`${c}`),
           sql`, `,
         )})
         order by m.registered_at desc, m.id desc`,
  );
}
