import { sql, type SQL } from 'drizzle-orm';
import { CHAIN_OWNED_MESSAGE } from '@klinik/shared';
import { forbidden } from '../http/errors.js';

/**
 * The statements that bring every branch's row of one chain master in line with the chain record (issue 30 item 2,
 * docs/decisions.md "Masters owned by the chain"). Only builds SQL: the module owning the branch table runs it
 * (masters for perawatan, inventory for item, item_category, vendor, multimedia for multimedia_label, paket for
 * paket_type), so each table keeps its one writer.
 *
 * In order, for the branches named (null: every branch):
 * 1. the branch rows linked to the chain record take its values;
 * 2. a branch's own row of the same thing (the same key, not linked yet) is adopted: linked and given the values,
 *    keeping its id, its stock and its history;
 * 3. a branch without a row of the thing gets one (with the `insertOnly` values too: the branch's own defaults).
 */
export interface ChainCopySpec {
  table: 'perawatan' | 'item' | 'item_category' | 'vendor' | 'multimedia_label' | 'paket_type';
  chainId: number;
  /** The row's natural key as SQL over the table's columns (`upper(code)`), and the chain record's key. */
  keyExpr: (alias: SQL) => SQL;
  key: string;
  /** The chain's values: column -> value, or a function of the branch id's SQL (an id mapped per branch). */
  values: Record<string, unknown>;
  /** Values a branch row gets only when it is made (its own fields afterwards: an item's minimum stock). */
  insertOnly?: Record<string, unknown>;
  branches: readonly number[] | null;
}

/** A value, or a function of the branch id's SQL (an id mapped per branch). */
function valueSql(v: unknown, branch: SQL): SQL {
  if (typeof v === 'function') return (v as (b: SQL) => SQL)(branch);
  return sql`${v as string | number | boolean | null}`;
}

/** `column in (branches)`; null: every branch. */
export function inBranches(column: SQL, branches: readonly number[] | null): SQL {
  if (branches === null) return sql`true`;
  if (!branches.length) return sql`false`;
  return sql`${column} in (${sql.join(
    branches.map((b) => sql`${b}`),
    sql`, `,
  )})`;
}

export function chainCopySql(s: ChainCopySpec): SQL[] {
  const t = sql.identifier(s.table);
  const cols = Object.keys(s.values);
  const sets = (branch: SQL) =>
    sql.join(
      [...cols.map((c) => sql`${sql.identifier(c)} = ${valueSql(s.values[c], branch)}`), sql`updated_at = now()`],
      sql`, `,
    );
  const linked = sql`${t}.chain_id = ${s.chainId}`;
  const update = sql`update ${t} set ${sets(sql`${t}.profile_id`)} where ${linked} and ${inBranches(sql`${t}.profile_id`, s.branches)}`;
  const adopt = sql`update ${t} set chain_id = ${s.chainId}, ${sets(sql`${t}.profile_id`)}
    where ${t}.chain_id is null and ${s.keyExpr(sql`${t}`)} = ${s.key} and ${inBranches(sql`${t}.profile_id`, s.branches)}
      and ${t}.id = (select min(x.id) from ${t} x where x.profile_id = ${t}.profile_id and x.chain_id is null
                     and ${s.keyExpr(sql`x`)} = ${s.key})
      and not exists (select 1 from ${t} y where y.profile_id = ${t}.profile_id and y.chain_id = ${s.chainId})`;
  const all = { ...(s.insertOnly ?? {}), ...s.values };
  const insertCols = Object.keys(all);
  const insert = sql`insert into ${t} (profile_id, chain_id, ${sql.join(
    insertCols.map((c) => sql.identifier(c)),
    sql`, `,
  )})
    select p.id, ${s.chainId}, ${sql.join(
      insertCols.map((c) => valueSql(all[c], sql`p.id`)),
      sql`, `,
    )}
    from profile p
    where ${inBranches(sql`p.id`, s.branches)}
      and not exists (select 1 from ${t} z where z.profile_id = p.id and z.chain_id = ${s.chainId})`;
  return [update, adopt, insert];
}

function norm(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}
function same(a: unknown, b: unknown): boolean {
  const x = norm(a);
  const y = norm(b);
  return x === y || (x !== '' && y !== '' && !Number.isNaN(Number(x)) && Number(x) === Number(y));
}

/**
 * A branch's change of its row of a chain master (the `chain_id` column set): 403 'Data ini dikelola kantor pusat'
 * when it changes anything but the branch's own fields, else the values of those fields only. A branch's own row
 * (no chain_id) passes unchanged.
 */
export function keepChainOwned(
  before: Record<string, unknown>,
  values: Record<string, unknown>,
  branchFields: readonly string[],
): Record<string, unknown> {
  if (before.chain_id === null || before.chain_id === undefined) return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (branchFields.includes(k)) out[k] = v;
    else if (!same(before[k], v)) throw forbidden(CHAIN_OWNED_MESSAGE);
  }
  return out;
}
