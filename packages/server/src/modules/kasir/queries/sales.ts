/** General sales: items for sale, the stock movements of a sale, warehouses. */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { n } from './rows.js';
import { priceInForceSql } from '../../pricelist/index.js';
import { likeOf } from '../../../db/like.js';

/** An item's price in force today for the branch (the chain's price list; the master's price when unlisted). */
const itemPrice = (profileId: number, today: string) =>
  priceInForceSql('item', sql`i.code`, sql`${profileId}`, sql`${today}::date`, sql`i.selling_price`);

// ------------------------------------------------------------------------------------------ general sales

export async function itemsForSale(db: Db, profileId: number, today: string, ids: number[]) {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number; name: string; selling_price: string; status: number }>(
    db,
    sql`select i.id, i.name, ${itemPrice(profileId, today)}::text as selling_price, i.status
          from item i where i.profile_id = ${profileId} and i.id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
  return rows.map((r) => ({ id: n(r.id), name: r.name, price: n(r.selling_price), status: n(r.status) }));
}

/** The stock movements a payment's sale wrote (to give them back on a void). */
export async function saleMovements(db: Db, paymentId: number) {
  const rows = await queryRows<{
    warehouse_id: number;
    item_id: number;
    batch_id: number | null;
    quantity: number;
    value: string;
  }>(
    db,
    sql`select warehouse_id, item_id, batch_id, quantity, value::text from stock_movement
        where source_kind = 'kasir_payment' and source_id = ${paymentId} and kind = 'sale' order by id`,
  );
  return rows.map((r) => ({
    warehouse: n(r.warehouse_id),
    item: n(r.item_id),
    batch: r.batch_id === null ? null : n(r.batch_id),
    qty: -n(r.quantity),
    value: -n(r.value),
  }));
}

/** Active warehouses of the branch, the pharmacy first. */
export async function warehouses(db: Db, profileId: number) {
  const rows = await queryRows<{ id: number; code: string; name: string; kind: string }>(
    db,
    sql`select id, code, name, kind from warehouse where profile_id = ${profileId} and status = 1
        order by case kind when 'apotek' then 0 else 1 end, name`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id) }));
}

/** Active items of the branch with their quantity on hand in a warehouse (the general cashier's picker). */
export async function saleItems(db: Db, profileId: number, today: string, warehouseId: number, keyword?: string) {
  const k = keyword ? likeOf(keyword) : null;
  const rows = await queryRows<{ id: number; code: string; name: string; unit: string; price: string; stock: number }>(
    db,
    sql`select i.id, i.code, i.name, i.unit, ${itemPrice(profileId, today)}::text as price,
          coalesce((select sum(b.quantity) from stock_balance b where b.item_id = i.id and b.warehouse_id = ${warehouseId}), 0)::int as stock
        from item i where i.profile_id = ${profileId} and i.status = 1
        ${k ? sql`and (lower(i.name) like ${k} or lower(i.code) like ${k})` : sql``}
        order by i.name limit 50`,
  );
  return rows.map((r) => ({ ...r, id: n(r.id), price: n(r.price), stock: n(r.stock) }));
}
