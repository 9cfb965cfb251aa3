import {
  fromSen,
  MOVEMENT_KIND_LABELS,
  type ItemStockDto,
  type ItemStockQuery,
  type MovementKind,
  type Paged,
  type StockCardDto,
  type StockCardQuery,
  type StockQuery,
  type StockRowDto,
  type StockValueDto,
  type StockValueQuery,
  type WarehouseKind,
} from '@klinik/shared';
import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { ACCOUNT } from '../../finance/index.js';
import { ITEM } from '../../masters/index.js';
import { WAREHOUSE } from '../entities.js';
import * as q from '../queries.js';

/** `GET /api/inventory/stock`: on hand per warehouse, item and batch (spec 3 "Stock search item"). */
export async function listStock(ctx: Ctx, query: StockQuery): Promise<Paged<StockRowDto>> {
  const c = requireUser(ctx);
  const today = await c.today();
  if (query.warehouse) await requireReference(c, WAREHOUSE, [query.warehouse], 'warehouse', 'Gudang tidak ditemukan');
  if (query.item) await requireReference(c, ITEM, [query.item], 'item', 'Item tidak ditemukan');
  const { rows, count } = await q.listStock(c.db, {
    scope: branchScope(c),
    today,
    warehouse: query.warehouse,
    item: query.item,
    keyword: query.keyword,
    expiry: query.expiry,
    empty: query.empty,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map((r) => {
      const unitCost = Math.round(Number(r.avg_cost));
      return {
        item: Number(r.item),
        code: r.code,
        name: r.name,
        display: `${r.code} - ${r.name} (${r.unit})`,
        unit: r.unit,
        category: r.category,
        warehouse: Number(r.warehouse),
        warehouse_name: r.warehouse_name,
        warehouse_kind: r.warehouse_kind as WarehouseKind,
        batch: r.batch,
        batch_id: r.batch_id === null ? null : Number(r.batch_id),
        expired_at: r.expired_at,
        expires_in: r.expires_in === null ? null : Number(r.expires_in),
        quantity: Number(r.quantity),
        unit_cost: fromSen(unitCost),
        value: fromSen(Math.round(Number(r.avg_cost) * Number(r.quantity))),
      };
    }),
    count,
  };
}

/** Items with their on-hand across the branch's warehouses (`/inventory/item`, `/inventory/purchase/low`). */
export async function listItemStock(ctx: Ctx, query: ItemStockQuery): Promise<Paged<ItemStockDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listItemStock(c.db, {
    scope: branchScope(c),
    keyword: query.keyword,
    low: query.low,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map((r) => {
      const quantity = Number(r.quantity);
      const value = Number(r.value);
      return {
        id: Number(r.id),
        code: r.code,
        name: r.name,
        unit: r.unit,
        purchase_unit: r.purchase_unit,
        conversion: Number(r.conversion),
        category: r.category,
        min_stock: Number(r.min_stock),
        track_batch: r.track_batch,
        quantity,
        per_warehouse: (r.per_warehouse ?? []).map((w) => ({
          warehouse: Number(w.warehouse),
          name: w.name,
          quantity: Number(w.quantity),
        })),
        average_cost: fromSen(quantity > 0 ? Math.round(value / quantity) : 0),
        value: fromSen(value),
        last_purchase_price: fromSen(Number(r.last_purchase_price)),
      };
    }),
    count,
  };
}

/** The stock card (kartu stok) of an item: every movement with the running balance. */
export async function stockCard(ctx: Ctx, query: StockCardQuery): Promise<StockCardDto> {
  const c = requireUser(ctx);
  await requireAccess(c, ITEM, [query.item], 'read');
  if (query.warehouse) await requireReference(c, WAREHOUSE, [query.warehouse], 'warehouse', 'Gudang tidak ditemukan');
  if (query.from && query.to && query.from > query.to)
    throw badRequest('Tanggal akhir tidak boleh sebelum tanggal awal', 'to');
  const [item] = await q.itemsByIds(c.db, [query.item]);
  const [wh] = query.warehouse ? await q.warehousesByIds(c.db, [query.warehouse]) : [];
  const opening = query.from ? await q.quantityBefore(c.db, query.item, query.warehouse, query.from) : 0;
  const rows = await q.stockCardLines(c.db, {
    itemId: query.item,
    warehouseId: query.warehouse,
    from: query.from,
    to: query.to,
  });
  let balance = opening;
  const lines = rows.map((r) => {
    const qty = Number(r.quantity);
    balance += qty;
    return {
      id: Number(r.id),
      moved_at: r.moved_at,
      warehouse: Number(r.warehouse),
      warehouse_name: r.warehouse_name,
      kind: r.kind as MovementKind,
      kind_label: MOVEMENT_KIND_LABELS[r.kind as MovementKind] ?? r.kind,
      source_kind: r.source_kind,
      source_id: Number(r.source_id),
      batch: r.batch,
      expired_at: r.expired_at,
      in: qty > 0 ? qty : 0,
      out: qty < 0 ? -qty : 0,
      balance,
      unit_cost: fromSen(Number(r.unit_cost ?? 0)),
      value: fromSen(Number(r.value ?? 0)),
      note: r.note,
      created_by_name: r.created_by_name,
    };
  });
  return {
    item: { id: Number(item.id), code: item.code, name: item.name, unit: item.unit },
    warehouse: wh ? { id: Number(wh.id), name: String(wh.name) } : null,
    from: query.from ?? null,
    to: query.to ?? null,
    opening,
    lines,
    closing: balance,
  };
}

/**
 * The stock value at the end of a date from the ledger, next to the balance of 1140 Persediaan at the same date:
 * they are equal because every movement posts its own value (docs/decisions.md).
 */
export async function stockValue(ctx: Ctx, query: StockValueQuery): Promise<StockValueDto> {
  const c = requireUser(ctx);
  const date = query.date ?? (await c.today());
  if (query.warehouse) await requireReference(c, WAREHOUSE, [query.warehouse], 'warehouse', 'Gudang tidak ditemukan');
  const rows = await q.stockValueAt(c.db, c.branchId, date, query.warehouse);
  const total = rows.reduce((s, r) => s + Number(r.value), 0);
  const ledger = await q.accountBalanceAt(c.db, c.branchId, ACCOUNT.persediaan, date);
  const all = query.warehouse
    ? (await q.stockValueAt(c.db, c.branchId, date)).reduce((s, r) => s + Number(r.value), 0)
    : total;
  return {
    date,
    warehouses: rows.map((r) => ({
      warehouse: Number(r.warehouse),
      name: r.name,
      kind: r.kind as WarehouseKind,
      quantity: Number(r.quantity),
      value: fromSen(Number(r.value)),
    })),
    total: fromSen(total),
    ledger: fromSen(ledger),
    difference: fromSen(all - ledger),
  };
}
