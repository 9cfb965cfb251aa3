import {
  VISIT_ACCESS,
  access,
  backofficeVisitQuery,
  idParam,
  idempotencyKey,
  visitDisplayQuery,
  visitHistoryQuery,
  visitInput,
  visitOptionsQuery,
  visitQueueQuery,
  visitStatusInput,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
import { VISIT } from './entities.js';
import { visitEvents } from './events.js';
import * as service from './service.js';

/** Who may do what: VISIT_ACCESS in @klinik/shared (the web pages use the same rules). */
export const visitRead = VISIT_ACCESS.read;
export const visitMove = VISIT_ACCESS.move;
export const visitRegister = VISIT_ACCESS.register;

/** Every endpoint declared once: tRPC procedure, REST route and OpenAPI entry come from here. */
export const visitsEndpoints = {
  queue: query({
    summary: 'Antrian kunjungan satu hari (bawaan: hari ini) cabang ini; mine=doctor|nurse: daftar kerja saya',
    access: visitRead,
    input: visitQueueQuery,
    handler: (ctx, input) => service.queue(ctx, input),
    rest: { method: 'GET', path: '/api/service/visit', envelope: 'list' },
  }),
  history: query({
    summary: 'Riwayat kunjungan (Kunjungan): rentang tanggal, dokter, status, kata kunci pasien; per halaman',
    access: visitRead,
    input: visitHistoryQuery,
    handler: (ctx, input) => service.history(ctx, input),
    rest: { method: 'GET', path: '/api/service/kunjungan', envelope: 'paged' },
  }),
  /** /backoffice/kunjungan (issue 30): every patient named joins the read trail (complaints as records too). */
  backofficeHistory: query({
    summary: 'Riwayat kunjungan semua cabang atau cabang terpilih (profile_id=1,2), pengguna top-level',
    access: access.toplevel(),
    input: backofficeVisitQuery,
    handler: (ctx, input) => service.backofficeHistory(ctx, input),
    rest: { method: 'GET', path: '/api/backoffice/kunjungan', envelope: 'paged' },
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, page) => [...new Set(page.data.map((v) => v.customer.id))],
    },
  }),
  doctors: query({
    summary: 'Dokter cabang ini (pengguna role 2 cabang ini atau dengan praktik aktif di sini)',
    access: visitRead,
    handler: (ctx) => service.doctors(ctx),
    rest: { method: 'GET', path: '/api/service/visit/doctors', envelope: 'list' },
  }),
  reservations: query({
    summary: 'Reservasi hari ini yang belum check-in (untuk Registrasi Visit)',
    access: visitRegister,
    handler: (ctx) => service.todaysReservations(ctx),
    rest: { method: 'GET', path: '/api/service/visit/reservations', envelope: 'list' },
  }),
  pakets: query({
    summary: 'Paket aktif pasien dengan sisa slot (Pemakaian Paket)',
    access: visitRegister,
    input: visitOptionsQuery,
    handler: (ctx, input) => service.pakets(ctx, input.customer),
    rest: { method: 'GET', path: '/api/service/visit/pakets', envelope: 'list' },
  }),
  display: query({
    summary: 'Layar antrian ruang tunggu: nomor dipanggil per dokter, inisial saja',
    access: visitRead,
    input: visitDisplayQuery,
    handler: (ctx) => service.display(ctx),
    rest: { method: 'GET', path: '/api/service/visit/display' },
  }),
  events: restOnly({
    summary: 'Server-sent events: sinyal "changed" { ids } setiap kunjungan cabang ini berubah',
    access: visitRead,
    handler: (ctx, _input, { req, reply }) => visitEvents(ctx, req, reply),
    rest: { method: 'GET', path: '/api/service/visit/events', envelope: 'raw', produces: 'text/event-stream' },
  }),
  get: query({
    entity: VISIT,
    summary: 'Satu kunjungan dengan riwayat statusnya',
    access: visitRead,
    input: z.object({ id: idParam }),
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/service/visit/:id' },
  }),
  register: mutation({
    summary: 'Registrasi Visit: pasien datang (walk-in) atau check-in reservasi hari ini; Idempotency-Key',
    access: visitRegister,
    input: visitInput.and(z.object({ idempotency_key: idempotencyKey.optional() })),
    handler: (ctx, { idempotency_key, ...input }) => service.register(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/service/visit',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  setStatus: mutation({
    entity: VISIT,
    summary:
      'Ubah status kunjungan (menunggu -> dipanggil -> diperiksa -> selesai; batal dengan alasan); 409 bila tidak boleh',
    access: visitMove,
    input: z.object({ id: idParam }).and(visitStatusInput),
    handler: (ctx, { id, ...input }) => service.setStatus(ctx, id, input),
    rest: { method: 'POST', path: '/api/service/visit/:id/status' },
  }),
};
