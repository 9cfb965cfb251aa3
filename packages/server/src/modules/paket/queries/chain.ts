import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { chainCopySql, inBranches } from '../../../lib/chain-copies.js';
import type { PaketHistoryDto } from '@klinik/shared';

/**
 * The branch rows of the chain's package types and packages (issue 30 item 2, Backoffice 'Promo' and 'Paket
 * Promosi'; docs/decisions.md "Package types, packages and photo labels kept by the head office"), written in the
 * caller's transaction. Only this module writes paket_type, paket and their versions.
 */

/**
 * A chain package type into every branch. Its season (seasons name their branches) is kept only by the copies of
 * the branches the season runs in; elsewhere the copy has no season.
 */
export async function copyChainPaketType(
  db: Db,
  a: { chainId: number; key: string; values: Record<string, unknown>; branches: readonly number[] | null },
): Promise<void> {
  const { season_id: season, ...values } = a.values;
  const seasonOf = (branch: SQL) =>
    season == null
      ? sql`null`
      : sql`(select sb.season_id from season_branch sb where sb.season_id = ${Number(season)} and sb.profile_id = ${branch})`;
  for (const s of chainCopySql({
    table: 'paket_type',
    keyExpr: (t) => sql`lower(${t}.name)`,
    chainId: a.chainId,
    key: a.key,
    values: { ...values, season_id: seasonOf },
    branches: a.branches,
  }))
    await db.execute(s);
}

/** A chain package's terms (a version's, PaketHistoryDto): money in sen, its type and items named by chain records. */
export interface ChainPaketVersion extends Pick<
  PaketHistoryDto,
  | 'code'
  | 'name'
  | 'active_at'
  | 'price'
  | 'description'
  | 'status'
  | 'installment_schema'
  | 'dp_amount'
  | 'cicilan_amount'
  | 'cicilan_attempt'
> {
  typeChainId: number;
  items: { type: number; chainId: number; free_slot: number; expired_duration: number }[];
}

/**
 * A chain package into every branch named (null: all): a branch's own package of the same code is adopted (linked,
 * keeping its id and versions), a branch without one gets one, and each of these packages gets a new current
 * version with the chain's terms (the old versions, and the registrations pointing at them, stay as they are).
 * The version names the branch's copy of the chain type and of each chain treatment or item.
 */
export async function copyChainPaket(
  db: Db,
  a: {
    chainId: number;
    key: string;
    version: ChainPaketVersion;
    branches: readonly number[] | null;
    by: number | null;
  },
): Promise<void> {
  const v = a.version;
  const inB = (col: SQL) => inBranches(col, a.branches);
  await db.execute(sql`update paket set chain_id = ${a.chainId}, updated_at = now()
    where chain_id is null and upper(code) = ${a.key} and ${inB(sql`paket.profile_id`)}
      and not exists (select 1 from paket y where y.profile_id = paket.profile_id and y.chain_id = ${a.chainId})`);
  await db.execute(sql`update paket set code = ${v.code}, updated_at = now()
    where chain_id = ${a.chainId} and code <> ${v.code} and ${inB(sql`paket.profile_id`)}`);
  await db.execute(sql`insert into paket (profile_id, code, chain_id)
    select p.id, ${v.code}, ${a.chainId} from profile p
    where ${inB(sql`p.id`)} and not exists (select 1 from paket z where z.profile_id = p.id and z.chain_id = ${a.chainId})`);
  const linked = sql`select k.id from paket k where k.chain_id = ${a.chainId} and ${inB(sql`k.profile_id`)}`;
  await db.execute(sql`update paket_history set is_current = false where is_current and paket_id in (${linked})`);
  await db.execute(sql`insert into paket_history (profile_id, paket_id, version, is_current, code, name, paket_type_id,
      active_at, price, description, status, installment_schema, dp_amount, cicilan_amount, cicilan_attempt, created_by)
    select k.profile_id, k.id,
      coalesce((select max(h.version) from paket_history h where h.paket_id = k.id), 0) + 1, true, ${v.code}, ${v.name},
      (select t.id from paket_type t where t.profile_id = k.profile_id and t.chain_id = ${v.typeChainId}),
      ${v.active_at}, ${v.price}, ${v.description}, ${v.status}, ${v.installment_schema}, ${v.dp_amount},
      ${v.cicilan_amount}, ${v.cicilan_attempt}, ${a.by}
    from paket k where k.chain_id = ${a.chainId} and ${inB(sql`k.profile_id`)}`);
  for (const it of v.items) {
    const table = sql.identifier(it.type === 1 ? 'perawatan' : 'item');
    const ref = sql`(select r.id from ${table} r where r.profile_id = h.profile_id and r.chain_id = ${it.chainId})`;
    await db.execute(sql`insert into paket_history_item (paket_history_id, type, perawatan_id, item_id, form_lab_id,
        free_slot, expired_duration)
      select h.id, ${it.type}, ${it.type === 1 ? ref : sql`null`}, ${it.type === 2 ? ref : sql`null`}, null,
        ${it.free_slot}, ${it.expired_duration}
      from paket_history h join paket k on k.id = h.paket_id
      where h.is_current and k.chain_id = ${a.chainId} and ${inB(sql`k.profile_id`)}`);
  }
}
