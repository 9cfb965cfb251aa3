import {
  DOCTOR_MASTER_ACCESS,
  STAKEHOLDER_ACCESS,
  doctorListQuery,
  doctorPracticeInput,
  doctorScheduleInput,
  formatDate,
  idParam,
  keywordQuery,
  scheduleClosedInput,
  stakeholderListQuery,
  z,
  emptyToUndefined,
  idOf,
} from '@klinik/shared';
import { mutation, query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import { DOCTOR_PRACTICE, DOCTOR_SCHEDULE, SCHEDULE_CLOSED } from './entities.js';
import * as service from './service.js';

const master = DOCTOR_MASTER_ACCESS;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const practiceSave = saveEndpoints({
  path: '/api/service/doctor',
  access: master,
  entity: DOCTOR_PRACTICE,
  input: doctorPracticeInput,
  create: service.addPractice,
  update: service.updatePractice,
  summary: { create: 'Tambah dokter ke praktik cabang ini', update: 'Ubah praktik dokter (SIP, spesialisasi, status)' },
});

const scheduleSave = saveEndpoints({
  path: '/api/service/doctorschedule',
  access: master,
  entity: DOCTOR_SCHEDULE,
  input: doctorScheduleInput,
  create: service.addSchedule,
  update: service.updateSchedule,
  summary: {
    create: 'Tambah jadwal praktik (hari, jam, durasi slot, kapasitas)',
    update: 'Ubah atau nonaktifkan jadwal praktik',
  },
});

/** Every endpoint of the doctors master and the stakeholder lists, declared once (issue 11 item 1). */
export const doctorsEndpoints = {
  practices: query({
    summary: 'Dokter yang praktik di cabang ini',
    access: master,
    input: doctorListQuery,
    handler: (ctx, q) => service.listPractices(ctx, q),
    rest: { method: 'GET', path: '/api/service/doctor', envelope: 'paged' },
  }),
  candidates: query({
    summary: 'Akun dokter aktif semua cabang (untuk ditambahkan ke praktik cabang ini)',
    access: master,
    input: keywordQuery,
    handler: (ctx, q) => service.doctorCandidates(ctx, q.keyword),
    rest: { method: 'GET', path: '/api/service/doctor/candidates', envelope: 'list' },
  }),
  addPractice: practiceSave.create,
  updatePractice: practiceSave.update,
  schedules: query({
    summary: 'Jadwal praktik mingguan dokter cabang ini',
    access: master,
    input: z.object({ doctor: z.preprocess(emptyToUndefined, idOf('Dokter tidak valid').optional()) }),
    handler: (ctx, q) => service.listSchedules(ctx, q.doctor),
    rest: { method: 'GET', path: '/api/service/doctorschedule', envelope: 'list' },
  }),
  addSchedule: scheduleSave.create,
  updateSchedule: scheduleSave.update,
  closed: query({
    summary: 'Tanggal libur dokter dan cabang mulai hari ini',
    access: master,
    handler: (ctx) => service.listClosed(ctx),
    rest: { method: 'GET', path: '/api/service/scheduleclosed', envelope: 'list' },
  }),
  addClosed: mutation({
    summary: 'Tandai tanggal libur (dokter, atau seluruh cabang bila dokter kosong)',
    access: master,
    input: scheduleClosedInput,
    handler: (ctx, input) => service.addClosed(ctx, input),
    rest: { method: 'POST', path: '/api/service/scheduleclosed', status: 201 },
  }),
  removeClosed: mutation({
    summary: 'Batalkan tanggal libur (disembunyikan, tetap di riwayat)',
    access: master,
    input: z.object({ id: idParam }),
    entity: SCHEDULE_CLOSED,
    handler: (ctx, { id }) => service.removeClosed(ctx, id),
    rest: { method: 'DELETE', path: '/api/service/scheduleclosed/:id' },
  }),
  stakeholderDoctors: query({
    summary: 'Data dokter cabang ini',
    access: STAKEHOLDER_ACCESS,
    input: stakeholderListQuery,
    handler: (ctx, q) => service.stakeholders(ctx, true, q),
    rest: { method: 'GET', path: '/api/dashboard/stakeholder/doctor', envelope: 'paged' },
  }),
  stakeholderEmployees: query({
    summary: 'Data pegawai cabang ini',
    access: STAKEHOLDER_ACCESS,
    input: stakeholderListQuery,
    handler: (ctx, q) => service.stakeholders(ctx, false, q),
    rest: { method: 'GET', path: '/api/dashboard/stakeholder/pegawai', envelope: 'paged' },
  }),
  stakeholderExport: restOnly({
    summary: 'Ekspor data dokter atau pegawai (xlsx)',
    access: STAKEHOLDER_ACCESS,
    input: stakeholderListQuery.extend({ type: z.enum(['doctor', 'pegawai'], { error: 'Jenis tidak valid' }) }),
    rest: { method: 'GET', path: '/api/dashboard/stakeholder/export', envelope: 'raw', produces: XLSX },
    async handler(ctx, input, { reply }) {
      const doctors = input.type === 'doctor';
      const { data } = await service.stakeholders(ctx, doctors, { ...input, page: 1, limit: 5000 });
      const buf = await buildXlsx(
        doctors ? 'Dokter' : 'Pegawai',
        [
          { header: 'Username', width: 18, value: (r) => r.username },
          { header: 'Nama', width: 30, value: (r) => r.name },
          { header: 'Role', width: 14, value: (r) => r.rolename },
          { header: 'Cabang', width: 22, value: (r) => r.branch },
          ...(doctors
            ? [
                { header: 'No SIP', width: 22, value: (r: (typeof data)[number]) => r.sip_number },
                { header: 'Spesialisasi', width: 22, value: (r: (typeof data)[number]) => r.specialization },
              ]
            : []),
          { header: 'Telepon', width: 16, value: (r) => r.phone },
          { header: 'Email', width: 24, value: (r) => r.email },
          { header: 'Bergabung', width: 16, value: (r) => (r.join_at ? formatDate(r.join_at) : null) },
          { header: 'Status', width: 12, value: (r) => (r.status === 1 ? 'Aktif' : 'Tidak Aktif') },
        ],
        data,
      );
      return sendXlsx(reply, doctors ? 'data-dokter.xlsx' : 'data-pegawai.xlsx', buf);
    },
  }),
};
