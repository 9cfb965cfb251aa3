import {
  access,
  adjustmentInput,
  adjustmentListQuery,
  adjustmentSettingInput,
  countSheetQuery,
  dispenseInput,
  formatDate,
  idempotencyKey,
  idParam,
  resepListQuery,
  salesQuery,
  STOCK_FLOWS_ACCESS,
  transferInput,
  transferListQuery,
  transferReceiveInput,
  z,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query, restOnly } from '../../http/endpoint.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { RESEP, STOCK_COUNT, TRANSFER } from './entities.js';
import * as counts from './services/counts.js';
import * as pharmacy from './services/pharmacy.js';
import * as transfers from './services/transfers.js';

const byId = z.object({ id: idParam });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Transfers: STOCK_MUTASI. Counts: STOCK_ITEM. Pharmacy: the inventory guard (spec: manager, inventory, admin, apoteker). */
const mutasiRead = access.feature('STOCK_MUTASI', 'read');
const mutasiManage = access.feature('STOCK_MUTASI', 'manage');
const stockRead = access.feature('STOCK_ITEM', 'read');
const stockManage = access.feature('STOCK_ITEM', 'manage');
export const pharmacyAccess = STOCK_FLOWS_ACCESS.pharmacy;
/** Prescriptions (list, one, dispensing): the pharmacy's roles with the prescription read right (issue 25). */
const prescriptionAccess = STOCK_FLOWS_ACCESS.prescriptions;

/**
 * Transfers in two steps, stock counts and pharmacy dispensing (issue 13). Spec section 7 fixes
 * POST /api/inventory/mutation, POST /api/inventory/mutation/{id}/receive, POST /api/inventory/adjustment and
 * POST /api/inventory/dispense; the other paths are ours (docs/decisions.md, "Inventory flows").
 */
export const stockFlowsEndpoints = {
  transfers: query({
    summary: 'Mutasi stok yang dikirim dari atau ke cabang ini (isallbranch=1: semua cabang, pengguna top-level)',
    access: mutasiRead,
    input: transferListQuery,
    rest: { method: 'GET', path: '/api/inventory/mutation', envelope: 'paged' },
    handler: (ctx, input) => transfers.list(ctx, input),
  }),
  transferTargets: query({
    summary: 'Gudang tujuan mutasi: gudang aktif semua cabang',
    access: mutasiRead,
    input: z.object({}),
    rest: { method: 'GET', path: '/api/inventory/mutation/targets', envelope: 'list' },
    handler: (ctx) => transfers.targets(ctx),
  }),
  transfer: query({
    entity: TRANSFER,
    summary: 'Satu mutasi dengan barisnya (cabang pengirim dan penerima)',
    access: mutasiRead,
    input: byId,
    rest: { method: 'GET', path: '/api/inventory/mutation/:id' },
    handler: (ctx, input) => transfers.get(ctx, input.id),
  }),
  send: mutation({
    summary:
      'Kirim mutasi: stok keluar dari gudang asal (FEFO), dalam perjalanan sampai diterima; Idempotency-Key menjawab pengiriman pertama',
    access: mutasiManage,
    input: transferInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...input }) => transfers.send(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/inventory/mutation',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  receive: mutation({
    entity: TRANSFER,
    summary: 'Terima mutasi (hanya cabang penerima): jumlah yang tiba; selisih wajib beralasan',
    access: mutasiManage,
    input: keyed(z.object({ id: idParam, data: transferReceiveInput })),
    rest: {
      method: 'POST',
      path: '/api/inventory/mutation/:id/receive',
      body: 'data',
      idempotencyKey: IDEMPOTENCY_KEY,
    },
    handler: (ctx, input) => transfers.receive(ctx, input.id, input.data),
  }),

  countSheet: query({
    summary: 'Lembar stok opname sebuah gudang: stok menurut sistem per item dan batch',
    access: stockRead,
    input: countSheetQuery,
    rest: { method: 'GET', path: '/api/inventory/adjustment/sheet' },
    handler: (ctx, input) => counts.sheet(ctx, input.warehouse),
  }),
  countSheetExport: restOnly({
    summary: 'Lembar stok opname (xlsx) dengan kolom jumlah hitung kosong',
    access: stockRead,
    input: countSheetQuery,
    rest: { method: 'GET', path: '/api/inventory/adjustment/sheet/export', envelope: 'raw', produces: XLSX },
    async handler(ctx, input, { reply }) {
      const s = await counts.sheet(ctx, input.warehouse);
      const buf = await buildXlsx(
        'Stok Opname',
        [
          { header: 'Kode', width: 14, value: (r) => r.code },
          { header: 'Nama Item', width: 36, value: (r) => r.name },
          { header: 'Kategori', width: 18, value: (r) => r.category },
          { header: 'Batch', width: 14, value: (r) => r.batch },
          { header: 'Kedaluwarsa', width: 14, value: (r) => (r.expired_at ? formatDate(r.expired_at) : null) },
          { header: 'Satuan', width: 10, value: (r) => r.unit },
          { header: 'Stok Sistem', width: 12, value: (r) => r.system },
          { header: 'Jumlah Hitung', width: 14, value: () => null },
          { header: 'Keterangan', width: 24, value: () => null },
        ],
        s.lines,
      );
      return sendXlsx(reply, `stok-opname-${s.warehouse.code.toLowerCase()}-${s.date}.xlsx`, buf);
    },
  }),
  adjustments: query({
    summary: 'Stok opname cabang ini',
    access: stockRead,
    input: adjustmentListQuery,
    rest: { method: 'GET', path: '/api/inventory/adjustment', envelope: 'paged' },
    handler: (ctx, input) => counts.list(ctx, input),
  }),
  adjustment: query({
    entity: STOCK_COUNT,
    summary: 'Satu stok opname dengan selisihnya',
    access: stockRead,
    input: byId,
    rest: { method: 'GET', path: '/api/inventory/adjustment/:id' },
    handler: (ctx, input) => counts.get(ctx, input.id),
  }),
  adjust: mutation({
    summary:
      'Simpan stok opname: selisih diposting sebagai penyesuaian dengan jurnal, atau menunggu persetujuan di atas batas nilai',
    access: stockManage,
    input: adjustmentInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...input }) => counts.adjust(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/inventory/adjustment',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  adjustmentSetting: query({
    summary: 'Batas nilai stok opname yang perlu persetujuan',
    access: stockRead,
    input: z.object({}),
    rest: { method: 'GET', path: '/api/inventory/adjustment/setting' },
    handler: (ctx) => counts.setting(ctx),
  }),
  updateAdjustmentSetting: mutation({
    summary: 'Ubah batas nilai stok opname yang perlu persetujuan',
    access: access.feature('SETTING_APPROVAL', 'manage'),
    input: adjustmentSettingInput,
    rest: { method: 'PUT', path: '/api/inventory/adjustment/setting' },
    handler: (ctx, input) => counts.updateSetting(ctx, input),
  }),

  resepList: query({
    summary: 'Resep rekam medis untuk apotek (default: menunggu dan sebagian)',
    access: prescriptionAccess,
    input: resepListQuery,
    handler: (ctx, input) => pharmacy.listResep(ctx, input),
    present: (r) => r.page,
    readAudit: {
      entity: 'rekam_medis',
      what: 'apotek_resep',
      reads: (_input, r) => r.reads,
      detail: (input) => ({ page: input.page }),
    },
    rest: { method: 'GET', path: '/api/inventory/resep', envelope: 'paged' },
  }),
  resep: query({
    entity: RESEP,
    summary: 'Satu resep dengan sisa per baris, stok apotek dan penyerahannya',
    access: prescriptionAccess,
    input: byId,
    handler: (ctx, input) => pharmacy.getResep(ctx, input.id),
    present: (r) => r.resep,
    readAudit: {
      entity: 'rekam_medis',
      what: 'apotek_resep',
      reads: (_input, r) => r.reads,
      detail: (input) => ({ prescription: input.id }),
    },
    rest: { method: 'GET', path: '/api/inventory/resep/:id' },
  }),
  dispense: mutation({
    summary:
      'Serahkan resep: stok keluar dari gudang (FEFO, tidak pernah batch kedaluwarsa), HPP diposting; Idempotency-Key menjawab penyerahan pertama',
    access: prescriptionAccess,
    input: dispenseInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...input }) => pharmacy.dispense(ctx, input, idempotency_key),
    readAudit: {
      entity: 'rekam_medis',
      what: 'apotek_penyerahan',
      reads: ({ resep }, _result, ctx) => pharmacy.dispenseReads(ctx, resep),
    },
    rest: {
      method: 'POST',
      path: '/api/inventory/dispense',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  sales: query({
    summary: 'Item yang keluar karena penjualan atau resep',
    access: pharmacyAccess,
    input: salesQuery,
    rest: { method: 'GET', path: '/api/inventory/sales', envelope: 'paged' },
    handler: (ctx, input) => pharmacy.sales(ctx, input),
  }),
  salesExport: restOnly({
    summary: 'Ekspor item keluar karena penjualan atau resep (xlsx)',
    access: pharmacyAccess,
    input: salesQuery,
    rest: { method: 'GET', path: '/api/inventory/sales/export', envelope: 'raw', produces: XLSX },
    async handler(ctx, input, { reply }) {
      const page = await pharmacy.sales(ctx, { ...input, page: 1, limit: 500 }, 'export');
      const rows = [...page.data];
      for (let p = 2; rows.length < page.count && p <= 40; p++)
        rows.push(...(await pharmacy.sales(ctx, { ...input, page: p, limit: 500 }, 'export')).data);
      const buf = await buildXlsx(
        'Penjualan Item',
        [
          { header: 'Tanggal', width: 14, value: (r) => formatDate(r.moved_at) },
          { header: 'Jenis', width: 12, value: (r) => r.kind_label },
          { header: 'Dokumen', width: 22, value: (r) => r.document },
          { header: 'Pasien', width: 24, value: (r) => r.customer_name },
          { header: 'Gudang', width: 18, value: (r) => r.warehouse_name },
          { header: 'Kode', width: 12, value: (r) => r.code },
          { header: 'Item', width: 30, value: (r) => r.name },
          { header: 'Batch', width: 14, value: (r) => r.batch },
          { header: 'Jumlah', width: 10, value: (r) => r.qty },
          { header: 'Satuan', width: 10, value: (r) => r.unit },
          { header: 'Harga Jual', width: 14, value: (r) => r.price },
          { header: 'HPP', width: 14, value: (r) => r.cost },
        ],
        rows,
      );
      return sendXlsx(reply, 'penjualan-item.xlsx', buf);
    },
  }),
};
