import {
  PASIEN_MANAGE,
  RESERVATION_ACCESS,
  RESERVATION_STATUS_LABEL,
  findDoctorScheduleQuery,
  formatDate,
  idParam,
  idempotencyKey,
  keywordQuery,
  newPatientInput,
  reminderQuery,
  reservationInput,
  reservationListQuery,
  reservationUpdateInput,
  REMINDER_GATEWAY_ACCESS,
  reminderGatewayInput,
  reminderSendAllInput,
  scheduleRangeQuery,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { FOLLOW_UP, RESERVATION } from './entities.js';
import * as gateway from './gateway.js';
import * as service from './service.js';

const { read, manage } = RESERVATION_ACCESS;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every endpoint of reservations and reminders, declared once (issue 11 items 2 and 6; REST paths of the issue). */
export const reservationsEndpoints = {
  findDoctorSchedule: query({
    summary: 'Slot seorang dokter pada satu tanggal: jam, kapasitas, terisi, tersedia',
    access: read,
    input: findDoctorScheduleQuery,
    handler: (ctx, q) => service.findDoctorSchedule(ctx, q.date, q.doctor),
    rest: { method: 'GET', path: '/api/service/registration/finddoctorschedule', envelope: 'paged' },
  }),
  scheduleRange: query({
    summary: 'Slot semua dokter cabang ini dalam rentang tanggal (paling lama 7 hari)',
    access: read,
    input: scheduleRangeQuery,
    handler: (ctx, q) => service.scheduleRange(ctx, q),
    rest: { method: 'GET', path: '/api/service/registration/schedule', envelope: 'paged' },
  }),
  searchDoctor: query({
    summary: 'Cari dokter yang praktik di cabang ini',
    access: read,
    input: keywordQuery,
    handler: (ctx, q) => service.searchDoctor(ctx, q.keyword),
    rest: { method: 'GET', path: '/api/service/registration/searchdoctor', envelope: 'list' },
  }),
  searchCustomer: query({
    summary: 'Cari pasien cabang ini (nama, No RM, telepon)',
    access: read,
    input: keywordQuery,
    handler: (ctx, q) => service.searchCustomer(ctx, q.keyword),
    rest: { method: 'GET', path: '/api/service/registration/searchcustomer', envelope: 'list' },
  }),
  storeCustomer: mutation({
    summary: 'Daftarkan pasien baru dari form reservasi (sama dengan POST /api/users)',
    access: PASIEN_MANAGE,
    input: newPatientInput,
    handler: (ctx, input) => service.storeCustomer(ctx, input),
    rest: { method: 'POST', path: '/api/service/registration/storecustomer', status: 201 },
  }),
  list: query({
    summary: 'Daftar reservasi cabang ini',
    access: read,
    input: reservationListQuery,
    handler: (ctx, q) => service.list(ctx, q),
    rest: { method: 'GET', path: '/api/service/reservation', envelope: 'paged' },
  }),
  export: restOnly({
    summary: 'Ekspor daftar reservasi (xlsx)',
    access: read,
    input: reservationListQuery,
    rest: { method: 'GET', path: '/api/service/reservation/export', envelope: 'raw', produces: XLSX },
    async handler(ctx, input, { reply }) {
      const { data } = await service.list(ctx, { ...input, page: 1, limit: 500 });
      const buf = await buildXlsx(
        'Reservasi',
        [
          { header: 'Kode', width: 22, value: (r) => r.code },
          { header: 'Tanggal', width: 14, value: (r) => formatDate(r.date) },
          { header: 'Jam', width: 12, value: (r) => `${r.time}-${r.end}` },
          { header: 'No RM', width: 16, value: (r) => r.customer_username },
          { header: 'Pasien', width: 28, value: (r) => r.customer_name },
          { header: 'Telepon', width: 16, value: (r) => r.customer_phone },
          { header: 'Dokter', width: 26, value: (r) => r.doctor_name },
          { header: 'Status', width: 14, value: (r) => RESERVATION_STATUS_LABEL[r.status] },
          { header: 'Alasan Batal', width: 30, value: (r) => r.cancel_reason },
          { header: 'Catatan', width: 30, value: (r) => r.note },
        ],
        data,
      );
      return sendXlsx(reply, 'reservasi.xlsx', buf);
    },
  }),
  get: query({
    summary: 'Satu reservasi',
    access: read,
    input: z.object({ id: idParam }),
    entity: RESERVATION,
    handler: (ctx, { id }) => service.get(ctx, id),
    rest: { method: 'GET', path: '/api/service/reservation/:id' },
  }),
  create: mutation({
    summary: 'Reservasi pasien ke slot dokter; slot penuh 409; Idempotency-Key menjawab reservasi pertama',
    access: manage,
    input: reservationInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...input }) => service.create(ctx, input, idempotency_key),
    rest: {
      method: 'POST',
      path: '/api/service/reservation',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  update: mutation({
    summary: 'Batalkan (dengan alasan), tandai tidak datang, atau pindah jadwal reservasi',
    access: manage,
    input: z.object({ id: idParam, data: reservationUpdateInput }),
    entity: RESERVATION,
    handler: (ctx, { id, data }) => service.update(ctx, id, data),
    rest: { method: 'PUT', path: '/api/service/reservation/:id', body: 'data' },
  }),
  reminders: query({
    summary: 'Reservasi besok dan jadwal kontrol yang jatuh tempo, dengan tautan WhatsApp',
    access: read,
    input: reminderQuery,
    handler: (ctx, q) => service.reminders(ctx, q.date),
    rest: { method: 'GET', path: '/api/service/visitreminder', envelope: 'paged' },
  }),
  remindReservation: mutation({
    summary: 'Tandai pasien reservasi sudah diingatkan',
    access: manage,
    input: z.object({ id: idParam }),
    entity: RESERVATION,
    handler: (ctx, { id }) => service.markReservationReminded(ctx, id),
    rest: { method: 'POST', path: '/api/service/visitreminder/reservation/:id' },
  }),
  remindFollowUp: mutation({
    summary: 'Tandai pasien jadwal kontrol sudah diingatkan',
    access: manage,
    input: z.object({ id: idParam }),
    entity: FOLLOW_UP,
    handler: (ctx, { id }) => service.markFollowUpReminded(ctx, id),
    rest: { method: 'POST', path: '/api/service/visitreminder/followup/:id' },
  }),
  gateway: query({
    summary: 'Pengaturan gateway WhatsApp/SMS pengingat cabang ini (token tidak pernah ditampilkan, hanya disamarkan)',
    access: REMINDER_GATEWAY_ACCESS,
    input: z.object({}),
    handler: (ctx) => gateway.getGateway(ctx),
    rest: { method: 'GET', path: '/api/service/visitreminder/gateway', envelope: 'paged' },
  }),
  saveGateway: mutation({
    summary: 'Simpan gateway pengingat cabang ini (webhook: URL, nama header token, token; token kosong = tetap)',
    access: REMINDER_GATEWAY_ACCESS,
    input: reminderGatewayInput,
    handler: (ctx, input) => gateway.saveGateway(ctx, input),
    rest: { method: 'PUT', path: '/api/service/visitreminder/gateway' },
  }),
  sendReservation: mutation({
    summary:
      'Kirim pengingat reservasi lewat gateway (antrian pekerjaan, dicoba ulang); kedua kalinya menjawab yang pertama',
    access: manage,
    input: z.object({ id: idParam }),
    entity: RESERVATION,
    handler: (ctx, { id }) => gateway.send(ctx, 'reservation', id),
    rest: {
      method: 'POST',
      path: '/api/service/visitreminder/reservation/:id/send',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  sendFollowUp: mutation({
    summary: 'Kirim pengingat jadwal kontrol lewat gateway (antrian pekerjaan, dicoba ulang)',
    access: manage,
    input: z.object({ id: idParam }),
    entity: FOLLOW_UP,
    handler: (ctx, { id }) => gateway.send(ctx, 'followup', id),
    rest: {
      method: 'POST',
      path: '/api/service/visitreminder/followup/:id/send',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  sendAll: mutation({
    summary: 'Kirim semua pengingat tanggal ini yang belum diingatkan lewat gateway',
    access: manage,
    input: reminderSendAllInput,
    handler: (ctx, input) => gateway.sendAll(ctx, input.date),
    rest: { method: 'POST', path: '/api/service/visitreminder/send' },
  }),
};
