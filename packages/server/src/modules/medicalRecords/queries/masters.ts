import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { priceInForceSql } from '../../pricelist/index.js';
import { likeOf } from '../../../db/like.js';
import type { RmOptionDto } from '@klinik/shared';

/** The masters the record forms choose from, of the branch. */
// ---------------------------------------------------------------------------------------------------------------
// Masters the forms choose from (of the branch)
// ---------------------------------------------------------------------------------------------------------------

export async function perawatanOf(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; code: string; price: number; doctor_share: number; status: number } | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, price, doctor_share, status from perawatan where id = ${id} and profile_id = ${branch}`,
  );
  return row
    ? {
        id: Number(row.id),
        code: String(row.code),
        price: Number(row.price),
        doctor_share: Number(row.doctor_share),
        status: Number(row.status),
      }
    : undefined;
}

export async function itemOf(
  db: Db,
  branch: number,
  id: number,
): Promise<
  { id: number; code: string; price: number; status: number; name: string; generic_name: string | null } | undefined
> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, selling_price, status, name, generic_name from item where id = ${id} and profile_id = ${branch}`,
  );
  return row
    ? {
        id: Number(row.id),
        code: String(row.code),
        price: Number(row.selling_price),
        status: Number(row.status),
        name: String(row.name),
        generic_name: (row.generic_name as string | null) ?? null,
      }
    : undefined;
}

/** A lab form of the branch's lab master (Master Laboratorium) with its price in sen. */
export async function formLabOf(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; price: number; status: number } | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, price, status from form_lab where id = ${id} and profile_id = ${branch}`,
  );
  return row ? { id: Number(row.id), price: Number(row.price), status: Number(row.status) } : undefined;
}

/** Doctors of the branch: role 2 users of the branch or with an active practice in it. */
export async function branchDoctor(
  db: Db,
  branch: number,
  id: number,
): Promise<{ id: number; status: number } | undefined> {
  const [row] = await queryRows<{ id: number; status: number }>(
    db,
    sql`select u.id, u.status from users u
        where u.id = ${id} and u.role = 2
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))`,
  );
  return row ? { id: Number(row.id), status: Number(row.status) } : undefined;
}

/** A staff member (not a patient) of the branch, active. */
export async function branchStaff(db: Db, branch: number, id: number): Promise<boolean> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u where u.id = ${id} and u.role <> 1 and u.status = 1
          and (u.profile_id = ${branch}
               or exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1))`,
  );
  return !!row;
}

export async function missingCodes(db: Db, table: 'icd10' | 'icd9cm', codes: string[]): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select code from ${sql.identifier(table)} where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const found = new Set(rows.map((r) => r.code));
  return codes.filter((c) => !found.has(c));
}

/** An option as read: the API's RmOptionDto with the price in sen. */
export type OptionRow = RmOptionDto;

/** Options of a branch's active masters matching a keyword, priced as the chain price list has it on `on`. */
type PricedOptions = (db: Db, branch: number, keyword: string | undefined, on: string) => Promise<OptionRow[]>;

/** Treatments with the chain price list's price in force on `on` (the form shows what the line will cost). */
export const perawatanOptions: PricedOptions = async (db, branch, keyword, on) => {
  const like = keyword ? likeOf(keyword) : null;
  const price = priceInForceSql('treatment', sql`t.code`, sql`${branch}`, sql`${on}::date`, sql`t.price`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.id, t.code, t.name, ${price} as price from perawatan t where t.profile_id = ${branch} and t.status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: String(r.name), price: Number(r.price) }));
};

export async function formLabOptions(db: Db, branch: number, keyword: string | undefined): Promise<OptionRow[]> {
  const like = keyword ? likeOf(keyword) : null;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, code, name, price from form_lab where profile_id = ${branch} and status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({ id: Number(r.id), code: String(r.code), name: String(r.name), price: Number(r.price) }));
}

/** Items with the chain price list's price in force on `on`. */
export const itemOptions: PricedOptions = async (db, branch, keyword, on) => {
  const like = keyword ? likeOf(keyword) : null;
  const price = priceInForceSql('item', sql`i.code`, sql`${branch}`, sql`${on}::date`, sql`i.selling_price`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select i.id, i.code, i.name, i.unit, ${price} as selling_price, i.generic_name from item i where profile_id = ${branch} and status = 1
        ${like ? sql`and (lower(name) like ${like} or lower(code) like ${like} or lower(generic_name) like ${like})` : sql``}
        order by lower(name) limit 30`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    unit: String(r.unit),
    price: Number(r.selling_price),
    generic_name: (r.generic_name as string | null) ?? null,
  }));
};

export async function staffOptions(db: Db, branch: number): Promise<{ id: number; name: string; role: number }[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.id, u.name, u.role from users u
        where u.status = 1 and u.role in (2, 8)
          and (u.profile_id = ${branch}
               or (u.role = 2 and exists (select 1 from doctor_practice p where p.doctor_id = u.id and p.profile_id = ${branch} and p.status = 1)))
        order by u.role, lower(u.name) limit 500`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), role: Number(r.role) }));
}
