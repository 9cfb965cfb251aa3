import {
  access,
  INVENTORY_ACCESS,
  categoryInput,
  formatDate,
  idParam,
  inventoryListQuery,
  itemStockQuery,
  purchaseInput,
  purchaseListQuery,
  receiveInput,
  stockCardQuery,
  stockQuery,
  stockValueQuery,
  vendorInput,
  warehouseInput,
  z,
  type Access,
  type Resource,
  idempotencyKey,
} from '@klinik/shared';
import type { EntityDef } from '../../http/access-scope.js';
import { masterEndpoints, mutation, query, restOnly } from '../../http/endpoint.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { ITEM } from '../masters/index.js';
import { ITEM_CATEGORY, PURCHASE, VENDOR, WAREHOUSE } from './entities.js';
import * as masters from './services/masters.js';
import * as purchase from './services/purchase.js';
import * as reports from './services/reports.js';
import * as stock from './services/stock.js';
import type { MasterTable } from './queries.js';

const byId = z.object({ id: idParam });

/** Reading stock serves the stock pages, purchasing, transfers (apoteker) and the general cashier's item search. */
const stockRead = INVENTORY_ACCESS.stockRead;
/** Warehouses are listed wherever stock is; kept by whoever keeps the item master. */
const warehouseRead = stockRead;

function inventoryMaster<T extends MasterTable>(
  base: string,
  table: T,
  label: string,
  read: Access,
  manageResource: Resource,
  input: z.ZodType<masters.Inputs[T]>,
  entity: EntityDef,
) {
  return masterEndpoints({
    label,
    path: base,
    entity,
    read,
    manage: access.feature(manageResource, 'manage'),
    listInput: inventoryListQuery,
    input,
    listSummary: `Daftar ${label} cabang ini`,
    list: (ctx, q) => masters.list(ctx, table, q),
    get: (ctx, id) => masters.get(ctx, table, id),
    create: (ctx, body) => masters.create(ctx, table, body),
    update: async (ctx, id, body) => {
      if (table === 'warehouse' && (body as { status?: number }).status === 0)
        await stock.requireEmptyWarehouse(ctx, id);
      return masters.update(ctx, table, id, body);
    },
    deactivate: async (ctx, id) => {
      if (table === 'warehouse') await stock.requireEmptyWarehouse(ctx, id);
      return masters.deactivate(ctx, table, id);
    },
  });
}

const purchaseRead = INVENTORY_ACCESS.purchaseRead;
const purchaseManage = INVENTORY_ACCESS.purchaseManage;

export const inventoryEndpoints = {
  category: inventoryMaster(
    '/api/inventory/category',
    'item_category',
    'kategori item',
    INVENTORY_ACCESS.categoryRead,
    'MASTER_ITEM_CATEGORY',
    categoryInput,
    ITEM_CATEGORY,
  ),
  vendor: inventoryMaster(
    '/api/inventory/vendor',
    'vendor',
    'vendor',
    INVENTORY_ACCESS.vendorRead,
    'MASTER_SUPPLIER',
    vendorInput,
    VENDOR,
  ),
  warehouse: inventoryMaster(
    '/api/inventory/warehouse',
    'warehouse',
    'gudang',
    warehouseRead,
    'MASTER_ITEM',
    warehouseInput,
    WAREHOUSE,
  ),

  stock: query({
    summary: 'Stok per gudang, item dan batch (spec 3 "Stock search item")',
    access: stockRead,
    input: stockQuery,
    rest: { method: 'GET', path: '/api/inventory/stock', envelope: 'paged' },
    handler: (ctx, q) => reports.listStock(ctx, q),
  }),
  stockExport: restOnly({
    summary: 'Ekspor stok per gudang (xlsx)',
    access: stockRead,
    input: stockQuery,
    rest: {
      method: 'GET',
      path: '/api/inventory/stock/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const { data } = await reports.listStock(ctx, { ...input, page: 1, limit: 500 });
      const buf = await buildXlsx(
        'Stok',
        [
          { header: 'Kode', width: 14, value: (r) => r.code },
          { header: 'Item', width: 30, value: (r) => r.name },
          { header: 'Satuan', width: 10, value: (r) => r.unit },
          { header: 'Gudang', width: 20, value: (r) => r.warehouse_name },
          { header: 'Batch', width: 14, value: (r) => r.batch },
          { header: 'Kedaluwarsa', width: 14, value: (r) => (r.expired_at ? formatDate(r.expired_at) : null) },
          { header: 'Jumlah', width: 10, value: (r) => r.quantity },
          { header: 'HPP Rata-rata', width: 14, value: (r) => r.unit_cost },
          { header: 'Nilai', width: 16, value: (r) => r.value },
        ],
        data,
      );
      return sendXlsx(reply, 'stok.xlsx', buf);
    },
  }),
  items: query({
    summary: 'Item dengan stok di semua gudang cabang ini (low=1: di bawah stok minimum)',
    access: INVENTORY_ACCESS.itemStockRead,
    input: itemStockQuery,
    rest: { method: 'GET', path: '/api/inventory/item', envelope: 'paged' },
    handler: (ctx, q) => reports.listItemStock(ctx, q),
  }),
  card: query({
    entity: ITEM,
    summary: 'Kartu stok satu item (saldo berjalan per gudang)',
    access: access.feature('STOCK_ITEM', 'read'),
    input: stockCardQuery.omit({ item: true }).extend({ id: idParam }),
    rest: { method: 'GET', path: '/api/inventory/item/:id/card' },
    handler: (ctx, q) => reports.stockCard(ctx, { ...q, item: q.id }),
  }),
  cardExport: restOnly({
    entity: ITEM,
    summary: 'Ekspor kartu stok (xlsx)',
    access: access.feature('STOCK_ITEM', 'read'),
    input: stockCardQuery.omit({ item: true }).extend({ id: idParam }),
    rest: {
      method: 'GET',
      path: '/api/inventory/item/:id/card/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const card = await reports.stockCard(ctx, { ...input, item: input.id });
      const rows = [
        { moved_at: card.from, kind_label: 'Saldo awal', batch: null, in: 0, out: 0, balance: card.opening },
        ...card.lines,
      ] as {
        moved_at: string | null;
        kind_label: string;
        batch: string | null;
        in: number;
        out: number;
        balance: number;
        warehouse_name?: string;
        unit_cost?: number;
        note?: string | null;
      }[];
      const buf = await buildXlsx(
        `Kartu Stok ${card.item.code}`,
        [
          { header: 'Tanggal', width: 12, value: (r) => (r.moved_at ? formatDate(r.moved_at) : null) },
          { header: 'Gudang', width: 20, value: (r) => r.warehouse_name ?? null },
          { header: 'Jenis', width: 14, value: (r) => r.kind_label },
          { header: 'Batch', width: 12, value: (r) => r.batch },
          { header: 'Masuk', width: 10, value: (r) => r.in },
          { header: 'Keluar', width: 10, value: (r) => r.out },
          { header: 'Saldo', width: 10, value: (r) => r.balance },
          { header: 'HPP/Unit', width: 12, value: (r) => r.unit_cost ?? null },
          { header: 'Keterangan', width: 40, value: (r) => r.note ?? null },
        ],
        rows,
      );
      return sendXlsx(reply, `kartu-stok-${card.item.code}.xlsx`, buf);
    },
  }),
  value: query({
    summary: 'Nilai persediaan per gudang pada suatu tanggal, dibandingkan saldo akun 1140 Persediaan',
    access: INVENTORY_ACCESS.valueRead,
    input: stockValueQuery,
    rest: { method: 'GET', path: '/api/inventory/value' },
    handler: (ctx, q) => reports.stockValue(ctx, q),
  }),

  purchase: {
    list: query({
      summary: 'Daftar pesanan pembelian',
      access: purchaseRead,
      input: purchaseListQuery,
      rest: { method: 'GET', path: '/api/inventory/purchase', envelope: 'paged' },
      handler: (ctx, q) => purchase.list(ctx, q),
    }),
    get: query({
      entity: PURCHASE,
      summary: 'Satu pesanan pembelian dengan item dan penerimaannya',
      access: purchaseRead,
      input: byId,
      rest: { method: 'GET', path: '/api/inventory/purchase/:id' },
      handler: (ctx, q) => purchase.get(ctx, q.id),
    }),
    create: mutation({
      summary: 'Buat pesanan pembelian ke vendor',
      access: purchaseManage,
      input: purchaseInput.and(z.object({ idempotency_key: idempotencyKey.optional() })),
      handler: (ctx, body) => purchase.create(ctx, body),
      rest: {
        method: 'POST',
        path: '/api/inventory/purchase',
        status: 201,
        statuses: [200, 201],
        idempotencyKey: 'idempotency_key',
      },
    }),
    receive: mutation({
      entity: PURCHASE,
      summary:
        'Terima barang pesanan (sebagian atau seluruhnya) dengan batch dan kedaluwarsa; jurnal Persediaan / Hutang Usaha',
      access: purchaseManage,
      input: receiveInput.extend({ id: idParam, idempotency_key: idempotencyKey.optional() }),
      handler: (ctx, { id, ...body }) => purchase.receive(ctx, id, body),
      rest: {
        method: 'POST',
        path: '/api/inventory/purchase/:id/receive',
        status: 201,
        statuses: [200, 201],
        idempotencyKey: 'idempotency_key',
      },
    }),
    pdf: restOnly({
      entity: PURCHASE,
      summary: 'Cetak pesanan pembelian (PDF)',
      access: purchaseRead,
      input: byId,
      rest: { method: 'GET', path: '/api/inventory/purchase/:id/pdf', envelope: 'raw', produces: 'application/pdf' },
      async handler(ctx, input, { reply }) {
        const { filename, pdf } = await purchase.purchasePdf(ctx, input.id);
        return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
      },
    }),
    backoffice: query({
      summary: 'Pesanan pembelian semua cabang (backoffice)',
      access: access.toplevel(),
      input: purchaseListQuery,
      rest: { method: 'GET', path: '/api/backoffice/inventory/purchase', envelope: 'paged' },
      handler: (ctx, q) => purchase.list(ctx, { ...q, profile_id: q.profile_id ?? 'all' }),
    }),
  },
};
