import { KASIR_PAYMENT, KASIR_SESSION } from './entities.js';
import { VISIT } from '../visits/index.js';
import {
  billQuery,
  cicilanPayInput,
  cicilanSearchQuery,
  salesInput,
  emptyToUndefined,
  formatDate,
  idempotencyKey,
  idOf,
  idParam,
  kasirSettingInput,
  optionalDate,
  paymentListQuery,
  sessionCloseInput,
  sessionOpenInput,
  sessionReportQuery,
  visitPayInput,
  paymentVoidInput,
  settleInput,
  VISIT_PAY_STATUS,
  type VisitPayStatus,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
import { requireUser } from '../../http/context.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { backoffice, kasirManage, kasirRead, klinikManage, klinikRead, settingManage, umumManage } from './access.js';
import * as bill from './services/bill.js';
import * as cicilan from './services/cicilan.js';
import * as payments from './services/payments.js';
import * as sales from './services/sales.js';
import * as sessions from './services/sessions.js';
import * as settings from './services/settings.js';
import * as settle from './services/settle.js';
import * as voids from './services/voids.js';

const byId = z.object({ id: idParam });
const created = (r: { created: boolean }) => (r.created ? 201 : 200);

/**
 * The kasir module (issue 14). The issue fixes GET /api/kasir/bill/{visit}, POST /api/kasir/payment,
 * POST /api/kasir/cicilan, POST /api/kasir/payment/{id}/void and GET /api/kasir/payment/{id}/nota; the session,
 * list and report paths are ours (docs/decisions.md, "Kasir").
 */
export const kasirEndpoints = {
  methods: query({
    summary: 'Metode pembayaran aktif (untuk panel pembayaran kasir)',
    access: kasirRead,
    rest: { method: 'GET', path: '/api/kasir/method', envelope: 'list' },
    handler: (ctx) => sessions.methods(ctx),
  }),

  // ---------------------------------------------------------------------------------------------- sessions
  currentSession: query({
    summary: 'Sesi kasir yang sedang terbuka milik pengguna ini (null bila belum dibuka)',
    access: kasirRead,
    rest: { method: 'GET', path: '/api/kasir/session/current' },
    handler: (ctx) => sessions.current(ctx),
  }),
  openSession: mutation({
    summary: 'Buka kasir dengan modal awal',
    access: kasirManage,
    input: sessionOpenInput.extend({ idempotency_key: idempotencyKey.optional() }),
    rest: { method: 'POST', path: '/api/kasir/session', status: 201, idempotencyKey: 'idempotency_key' },
    handler: (ctx, { idempotency_key: _key, ...input }) => sessions.open(ctx, input),
  }),
  closeSession: mutation({
    entity: KASIR_SESSION,
    summary: 'Tutup kasir: hitung uang per metode pembayaran; selisih dicatat',
    access: kasirManage,
    input: z.object({ id: idParam, data: sessionCloseInput, idempotency_key: idempotencyKey.optional() }),
    rest: { method: 'POST', path: '/api/kasir/session/:id/close', body: 'data', idempotencyKey: 'idempotency_key' },
    handler: (ctx, input) => sessions.close(ctx, input.id, input.data),
  }),
  session: query({
    entity: KASIR_SESSION,
    summary: 'Satu sesi kasir dengan hitungan per metode',
    access: kasirRead,
    input: byId,
    rest: { method: 'GET', path: '/api/kasir/session/:id' },
    handler: (ctx, input) => sessions.get(ctx, input.id),
  }),
  sessions: query({
    summary: 'Sesi kasir cabang ini pada tanggal tertentu',
    access: kasirRead,
    input: z.object({ date: optionalDate }),
    rest: { method: 'GET', path: '/api/kasir/session', envelope: 'list' },
    handler: (ctx, input) => sessions.list(ctx, input.date ?? undefined),
  }),
  daily: query({
    summary: 'Laporan harian kasir per kasir dan per metode pembayaran',
    access: kasirRead,
    input: sessionReportQuery,
    rest: { method: 'GET', path: '/api/kasir/report/daily' },
    handler: (ctx, input) => sessions.daily(ctx, input.date ?? undefined),
  }),
  dailyXlsx: restOnly({
    summary: 'Laporan harian kasir (Excel)',
    access: kasirRead,
    input: sessionReportQuery,
    rest: {
      method: 'GET',
      path: '/api/kasir/report/daily/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const r = await sessions.daily(ctx, input.date ?? undefined);
      const rows = [
        ...r.byCashier.map((k) => ({ a: 'Kasir', b: k.cashier, c: k.count, d: k.total })),
        ...r.byMethod.map((m) => ({ a: 'Metode', b: m.method, c: m.count, d: m.amount })),
        ...r.sessions.map((s) => ({
          a: `Sesi ${s.status === 'open' ? 'terbuka' : 'ditutup'}`,
          b: s.cashier.name,
          c: s.payment_count,
          d: s.difference,
        })),
        { a: 'Total', b: formatDate(r.date), c: null, d: r.total },
      ];
      const buf = await buildXlsx(
        'Laporan Kasir',
        [
          { header: 'Kelompok', value: (x: (typeof rows)[number]) => x.a },
          { header: 'Nama', width: 30, value: (x) => x.b },
          { header: 'Jumlah Transaksi', value: (x) => x.c },
          { header: 'Nominal (Rp) / Selisih Sesi', width: 26, value: (x) => x.d },
        ],
        rows,
      );
      return sendXlsx(reply, `laporan-kasir-${r.date}.xlsx`, buf);
    },
  }),

  // ---------------------------------------------------------------------------------------------- payments
  queue: query({
    summary: 'Kunjungan dengan rekam medis selesai (antrian kasir)',
    access: klinikRead,
    input: z.object({
      date: optionalDate,
      unpaid: z.preprocess(
        (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
        z.boolean().optional(),
      ),
      /** belum_dibayar | belum_lunas | lunas (derived from the payment rows). */
      paystatus: z.preprocess(
        emptyToUndefined,
        z.enum(Object.keys(VISIT_PAY_STATUS) as [VisitPayStatus, ...VisitPayStatus[]]).optional(),
      ),
      keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    }),
    rest: { method: 'GET', path: '/api/kasir/visit', envelope: 'list' },
    handler: (ctx, input) =>
      bill.queue(ctx, {
        date: input.date ?? undefined,
        unpaid: input.unpaid,
        paystatus: input.paystatus,
        keyword: input.keyword,
      }),
  }),
  bill: query({
    entity: VISIT,
    summary: 'Tagihan sebuah kunjungan dari rekam medisnya',
    access: klinikRead,
    input: z.object({ visit: idOf('Kunjungan tidak valid') }).extend(billQuery.shape),
    rest: { method: 'GET', path: '/api/kasir/bill/:visit' },
    handler: (ctx, input) => bill.getBill(ctx, input.visit, input.use_paket !== false),
  }),
  pay: mutation({
    summary: 'Bayar tagihan kunjungan; Idempotency-Key menjawab pembayaran pertama; 409 bila sudah dibayar',
    access: klinikManage,
    input: visitPayInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...payload }) => bill.payVisit(ctx, payload, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/kasir/payment',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => ('pending' in r ? 202 : created(r)),
      statuses: [201, 200, 202],
    },
    present: (r) => ('pending' in r ? r : r.data),
  }),
  settle: mutation({
    entity: KASIR_PAYMENT,
    summary:
      'Pelunasan: bayar sisa tagihan kunjungan yang dibayar sebagian (Dr Kas/Bank / Cr Piutang Pasien); tidak boleh melebihi sisa',
    access: klinikManage,
    input: z.object({ id: idParam, data: settleInput, idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, input) => settle.settlePayment(ctx, input.id, input.data, input.idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/kasir/payment/:id/settle',
      body: 'data',
      idempotencyKey: 'idempotency_key',
      statusOf: created,
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  sales: mutation({
    summary: 'Kasir umum: jual item dari gudang (apotek) tanpa kunjungan; stok keluar FEFO dengan HPP',
    access: umumManage,
    input: salesInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...payload }) => sales.sell(ctx, payload, idempotency_key),
    keylessKey: (ctx, input) => sales.salesKeylessKey(ctx, input),
    rest: {
      method: 'POST',
      path: '/api/kasir/sales',
      idempotencyKey: 'idempotency_key',
      statusOf: created,
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  warehouses: query({
    summary: 'Gudang aktif cabang ini (kasir umum)',
    access: umumManage,
    rest: { method: 'GET', path: '/api/kasir/warehouse', envelope: 'list' },
    handler: (ctx) => sales.warehouses(ctx),
  }),
  saleItems: query({
    summary: 'Item dengan stok di gudang (kasir umum)',
    access: umumManage,
    input: z.object({
      warehouse: idOf('Gudang wajib dipilih'),
      keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
    }),
    rest: { method: 'GET', path: '/api/kasir/item', envelope: 'list' },
    handler: (ctx, input) => sales.saleItems(ctx, input.warehouse, input.keyword),
  }),
  cicilanDue: query({
    summary: 'Registrasi paket dengan cicilan belum lunas (cari pasien)',
    access: kasirRead,
    input: cicilanSearchQuery.extend({
      customer: z.preprocess(emptyToUndefined, idOf('Pasien tidak valid').optional()),
    }),
    rest: { method: 'GET', path: '/api/kasir/cicilan', envelope: 'list' },
    handler: (ctx, input) => cicilan.cicilanDue(ctx, input.keyword, input.customer),
  }),
  payCicilan: mutation({
    summary: 'Bayar uang muka / cicilan paket; tidak boleh melebihi sisa tagihan',
    access: kasirManage,
    input: cicilanPayInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...payload }) => cicilan.payCicilan(ctx, payload, idempotency_key),
    keylessKey: (ctx, input) => cicilan.cicilanKeylessKey(ctx, input),
    rest: {
      method: 'POST',
      path: '/api/kasir/cicilan',
      idempotencyKey: 'idempotency_key',
      statusOf: created,
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  payments: query({
    summary: 'Daftar pembayaran (nota) cabang ini',
    access: kasirRead,
    input: paymentListQuery,
    rest: { method: 'GET', path: '/api/kasir/payment', envelope: 'paged' },
    handler: (ctx, input) => payments.listPayments(ctx, { ...input, isallbranch: undefined }),
  }),
  allPayments: query({
    summary: 'Nota semua cabang (pengguna top-level)',
    access: backoffice,
    input: paymentListQuery,
    rest: { method: 'GET', path: '/api/kasir/backoffice/nota', envelope: 'paged' },
    handler: (ctx, input) => payments.listPayments(ctx, { ...input, isallbranch: input.isallbranch ?? 1 }),
  }),
  payment: query({
    entity: KASIR_PAYMENT,
    summary: 'Satu pembayaran dengan baris dan metode pembayarannya',
    access: kasirRead,
    input: byId,
    rest: { method: 'GET', path: '/api/kasir/payment/:id' },
    handler: (ctx, input) => payments.getPayment(ctx, input.id),
  }),
  markPrinted: mutation({
    entity: KASIR_PAYMENT,
    summary: 'Catat cetak nota atau struk di cabang pembayaran (cetakan berikutnya bertanda SALINAN)',
    access: kasirRead,
    input: byId,
    rest: { method: 'POST', path: '/api/kasir/payment/:id/printed' },
    handler: (ctx, input) => payments.markPrinted(ctx, input.id),
  }),
  nota: restOnly({
    entity: KASIR_PAYMENT,
    summary: 'Nota A5 (PDF), hanya dibaca; bertanda SALINAN bila sudah dicetak lebih dari sekali',
    access: kasirRead,
    input: byId,
    rest: { method: 'GET', path: '/api/kasir/payment/:id/nota', envelope: 'raw', produces: 'application/pdf' },
    async handler(ctx, input, { reply }) {
      requireUser(ctx);
      const { pdf, filename } = await payments.notaPdf(ctx, input.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
  void: mutation({
    entity: KASIR_PAYMENT,
    summary: 'Batalkan pembayaran dengan pembalikan (melalui persetujuan; 202 bila menunggu)',
    access: kasirManage,
    input: z.object({ id: idParam, data: paymentVoidInput, idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, input) => voids.requestVoid(ctx, input.id, input.data),
    rest: {
      method: 'POST',
      path: '/api/kasir/payment/:id/void',
      body: 'data',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.pending ? 202 : 200),
      statuses: [200, 202],
    },
    present: (r) => (r.pending ? r : r.data),
  }),

  // ---------------------------------------------------------------------------------------------- settings
  setting: query({
    summary: 'Pengaturan kasir cabang ini (PKP, batas diskon)',
    access: kasirRead,
    rest: { method: 'GET', path: '/api/kasir/setting' },
    handler: (ctx) => settings.get(ctx),
  }),
  updateSetting: mutation({
    summary: 'Ubah pengaturan kasir cabang ini',
    access: settingManage,
    input: kasirSettingInput,
    rest: { method: 'PUT', path: '/api/kasir/setting' },
    handler: (ctx, input) => settings.update(ctx, input),
  }),
};
