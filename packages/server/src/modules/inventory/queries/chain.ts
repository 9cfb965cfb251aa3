import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { chainCopySql } from '../../../lib/chain-copies.js';

/**
 * The branch rows of the chain's items, item categories and suppliers (issue 30 item 2): the head office's change
 * written into every branch's row of the thing in the caller's transaction (`lib/chain-copies.ts` says how).
 */
export interface ChainCopyArgs {
  chainId: number;
  key: string;
  /** Column -> value of the chain (money in sen). An item's `category_chain_id` names the chain category. */
  values: Record<string, unknown>;
  /** The branch's own fields, set only on a row made now (an item's min_stock, a supplier's payment_terms). */
  insertOnly?: Record<string, unknown>;
  branches: readonly number[] | null;
}

const upperCode = (t: SQL) => sql`upper(${t}.code)`;
const lowerName = (t: SQL) => sql`lower(${t}.name)`;

async function run(db: Db, statements: SQL[]): Promise<void> {
  for (const s of statements) await db.execute(s);
}

export async function copyChainItem(db: Db, a: ChainCopyArgs): Promise<void> {
  const { category_chain_id: categoryChain, ...values } = a.values;
  const category = (branch: SQL) =>
    categoryChain == null
      ? sql`null`
      : sql`(select c.id from item_category c where c.profile_id = ${branch} and c.chain_id = ${Number(categoryChain)})`;
  await run(
    db,
    chainCopySql({
      table: 'item',
      chainId: a.chainId,
      keyExpr: upperCode,
      key: a.key,
      values: { ...values, category_id: category },
      insertOnly: a.insertOnly,
      branches: a.branches,
    }),
  );
}

export async function copyChainCategory(db: Db, a: ChainCopyArgs): Promise<void> {
  await run(db, chainCopySql({ table: 'item_category', keyExpr: lowerName, ...a }));
}

export async function copyChainVendor(db: Db, a: ChainCopyArgs): Promise<void> {
  await run(db, chainCopySql({ table: 'vendor', keyExpr: upperCode, ...a }));
}
