import {
  DEPARTMENT,
  EMPLOYEE,
  LEAVE,
  OFFICE,
  PAYROLL_COMPONENT,
  PAYROLL_GROUP,
  PAYROLL_RUN,
  SHIFT,
} from './entities.js';
import type { EntityDef } from '../../http/access-scope.js';
import { myPay } from './pay.js';
import {
  checkinInput,
  checklogImportInput,
  checklogSettingInput,
  access,
  checklogListQuery,
  componentInput,
  dailyQuery,
  departmentInput,
  emptyToUndefined,
  employeeInput,
  employeeListQuery,
  groupInput,
  idParam,
  leaveInput,
  attendanceCorrectionInput,
  officeInput,
  payrollRunInput,
  pph21SimInput,
  rosterCopyInput,
  rosterInput,
  rosterQuery,
  shiftInput,
  z,
  type Access,
} from '@klinik/shared';
import { IDEMPOTENCY_KEY, keyed, mutation, query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import type { Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { attendanceAccess, backofficeAttendance, payrollAccess, selfAttendance } from './access.js';
import { simulatePph21 } from './simulator.js';
import * as service from './service.js';
import type { ImportSource } from './service.js';
import * as payroll from './payroll.js';
import * as corrections from './corrections.js';
import * as punchImport from './punch-import.js';
import { bupotXlsx } from './bupot.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { payslipPdf } from './payslip.js';

const byId = z.object({ id: idParam });
const allBranch = z
  .object({ isallbranch: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) })
  .optional();
const runListQuery = z
  .object({ period: z.preprocess(emptyToUndefined, payrollRunInput.shape.period.optional()) })
  .optional();
const myQuery = z.object({ date: z.preprocess(emptyToUndefined, dailyQuery.shape.date.optional()) }).optional();
const payslipQuery = z.object({
  id: idParam,
  employee: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'Pegawai tidak valid' }).int().positive('Pegawai tidak valid').optional(),
  ),
});
const myPayslipQuery = z.object({
  run: z.coerce.number({ error: 'Proses gaji tidak valid' }).int().positive('Proses gaji tidak valid'),
});

/** Create (POST, 201) and update (PUT /:id) of one master whose service saves both (`id` null = new). */
function crud<I extends z.ZodType, R>(
  label: string,
  access: Access,
  path: string,
  input: I,
  save: (ctx: Ctx, id: number | null, data: z.output<I>) => Promise<R>,
  entity: EntityDef,
) {
  return saveEndpoints({
    label,
    access,
    path,
    input,
    entity,
    create: (ctx, data) => save(ctx, null, data),
    update: save,
  });
}

/** Attendance and payroll (issue 15; amounts in rupiah). */
export const attendanceEndpoints = {
  departments: {
    list: query({
      summary: 'Daftar departemen',
      access: attendanceAccess,
      handler: (ctx) => service.listDepartments(ctx),
      rest: { method: 'GET', path: '/api/attendance/departments', envelope: 'list' },
    }),
    ...crud(
      'departemen',
      attendanceAccess,
      '/api/attendance/departments',
      departmentInput,
      service.saveDepartment,
      DEPARTMENT,
    ),
  },
  employees: {
    list: query({
      summary: 'Daftar pegawai (data kepegawaian)',
      access: attendanceAccess,
      input: employeeListQuery,
      handler: (ctx, q) => service.listEmployees(ctx, q),
      rest: { method: 'GET', path: '/api/attendance/employees', envelope: 'list' },
    }),
    get: query({
      entity: EMPLOYEE,
      summary: 'Data kepegawaian satu pegawai',
      access: attendanceAccess,
      input: byId,
      handler: (ctx, { id }) => service.getEmployee(ctx, id),
      rest: { method: 'GET', path: '/api/attendance/employees/:id' },
    }),
    update: mutation({
      entity: EMPLOYEE,
      summary: 'Ubah data kepegawaian',
      access: attendanceAccess,
      input: z.object({ id: idParam, data: employeeInput }),
      handler: (ctx, { id, data }) => service.saveEmployee(ctx, id, data),
      rest: { method: 'PUT', path: '/api/attendance/employees/:id', body: 'data' },
    }),
  },
  shifts: {
    list: query({
      summary: 'Daftar shift',
      access: attendanceAccess,
      input: allBranch,
      handler: (ctx, q) => service.listShifts(ctx, q?.isallbranch),
      rest: { method: 'GET', path: '/api/attendance/shifts', envelope: 'list' },
    }),
    ...crud('shift', attendanceAccess, '/api/attendance/shifts', shiftInput, service.saveShift, SHIFT),
  },
  offices: {
    list: query({
      summary: 'Daftar kantor (lokasi absen)',
      access: backofficeAttendance,
      input: allBranch,
      handler: (ctx, q) => service.listOffices(ctx, q?.isallbranch),
      rest: { method: 'GET', path: '/api/attendance/offices', envelope: 'list' },
    }),
    ...crud('kantor', backofficeAttendance, '/api/attendance/offices', officeInput, service.saveOffice, OFFICE),
  },
  roster: {
    get: query({
      summary: 'Jadwal shift (roster) per minggu',
      access: attendanceAccess,
      input: rosterQuery,
      handler: (ctx, q) => service.getRoster(ctx, q),
      rest: { method: 'GET', path: '/api/attendance/roster', envelope: 'list' },
    }),
    save: mutation({
      summary: 'Simpan roster',
      access: attendanceAccess,
      input: rosterInput,
      handler: (ctx, input) => service.saveRoster(ctx, input),
      rest: { method: 'PUT', path: '/api/attendance/roster' },
    }),
    copyWeek: mutation({
      summary: 'Salin roster minggu lalu',
      access: attendanceAccess,
      input: rosterCopyInput,
      handler: (ctx, input) => service.copyRosterWeek(ctx, input),
      rest: { method: 'POST', path: '/api/attendance/roster/copy' },
    }),
  },
  checklog: {
    list: query({
      summary: 'Log absensi (mesin dan web)',
      access: backofficeAttendance,
      input: checklogListQuery,
      handler: (ctx, q) => service.listChecklog(ctx, q),
      rest: { method: 'GET', path: '/api/attendance/checklog', envelope: 'paged' },
    }),
    setting: query({
      summary: 'Batas umur log mesin absensi yang boleh diimpor di cabang ini (hari)',
      access: backofficeAttendance,
      handler: (ctx) => punchImport.getSetting(ctx),
      rest: { method: 'GET', path: '/api/attendance/checklog/setting', envelope: 'paged' },
    }),
    saveSetting: mutation({
      summary: 'Ubah batas umur log mesin absensi yang boleh diimpor (pemilik)',
      access: access.toplevel(),
      input: checklogSettingInput,
      handler: (ctx, input) => punchImport.saveSetting(ctx, input),
      rest: { method: 'PUT', path: '/api/attendance/checklog/setting', envelope: 'paged' },
    }),
    import: mutation({
      summary: 'Impor log mesin absensi (teks; pengguna tingkat atas, bukan kode sendiri, dalam batas umur cabang)',
      access: backofficeAttendance,
      input: checklogImportInput,
      handler: (ctx, { text, file_name }) =>
        service.importChecklog(ctx, text, file_name ? { kind: 'file', file_name } : { kind: 'text' }),
    }),
    importFile: restOnly({
      summary: 'Impor log mesin absensi (multipart "file" atau teks; pengguna tingkat atas, dalam batas umur cabang)',
      access: backofficeAttendance,
      rest: { method: 'POST', path: '/api/attendance/checklog/import', consumes: 'multipart/form-data' },
      async handler(ctx, _input, { req }) {
        let text: string;
        let source: ImportSource = { kind: 'text' };
        if (req.isMultipart()) {
          const part = await req.file();
          if (!part) throw badRequest('File log absensi wajib diunggah', 'file');
          text = (await part.toBuffer()).toString('utf8');
          source = { kind: 'file', file_name: part.filename || null };
        } else if (typeof req.body === 'string') {
          text = req.body;
        } else if (req.body && typeof (req.body as { text?: unknown }).text === 'string') {
          text = (req.body as { text: string }).text;
        } else {
          throw badRequest('File log absensi wajib diunggah (multipart "file" atau teks)', 'file');
        }
        return service.importChecklog(ctx, text, source);
      },
    }),
  },
  checkin: mutation({
    summary: 'Absen masuk (web)',
    access: selfAttendance,
    input: checkinInput,
    handler: (ctx, input) => service.webPunch(ctx, 0, input),
    rest: { method: 'POST', path: '/api/attendance/checkin', status: 201 },
  }),
  checkout: mutation({
    summary: 'Absen pulang (web)',
    access: selfAttendance,
    input: checkinInput,
    handler: (ctx, input) => service.webPunch(ctx, 1, input),
    rest: { method: 'POST', path: '/api/attendance/checkout', status: 201 },
  }),
  daily: query({
    summary: 'Rekap kehadiran harian',
    access: attendanceAccess,
    input: dailyQuery,
    handler: (ctx, q) => service.daily(ctx, q),
    rest: { method: 'GET', path: '/api/attendance/daily', envelope: 'list' },
  }),
  /** REST: 201 with the correction when the caller needs no approval, else 202 { pending, applog_id, message }. */
  correctDay: mutation({
    entity: EMPLOYEE,
    summary: 'Ajukan koreksi absensi harian pegawai (alasan wajib); diterapkan setelah disetujui (202)',
    access: attendanceAccess,
    input: attendanceCorrectionInput,
    handler: (ctx, input) => corrections.proposeCorrection(ctx, input),
    rest: {
      method: 'POST',
      path: '/api/attendance/daily/correction',
      statusOf: (out) => (out.pending ? 202 : 201),
      statuses: [201, 202],
      present: (out) => (out.pending ? out : out.data),
    },
  }),
  leave: {
    list: query({
      summary: 'Cuti, sakit dan izin dalam rentang tanggal',
      access: attendanceAccess,
      input: rosterQuery,
      handler: (ctx, q) => service.listLeaves(ctx, q),
      rest: { method: 'GET', path: '/api/attendance/leave', envelope: 'list' },
    }),
    create: mutation({
      summary: 'Catat cuti, sakit atau izin (dengan alasan)',
      access: attendanceAccess,
      input: leaveInput,
      handler: (ctx, input) => service.recordLeave(ctx, input),
      rest: { method: 'POST', path: '/api/attendance/leave', status: 201 },
    }),
    cancel: mutation({
      entity: LEAVE,
      summary: 'Batalkan catatan cuti, sakit atau izin (tetap tersimpan)',
      access: attendanceAccess,
      input: byId,
      handler: (ctx, { id }) => service.cancelLeave(ctx, id),
      rest: { method: 'POST', path: '/api/attendance/leave/:id/cancel' },
    }),
  },
  me: query({
    summary: 'Kehadiran saya',
    access: selfAttendance,
    input: myQuery,
    handler: (ctx, q) => service.myAttendance(ctx, q?.date),
    rest: { method: 'GET', path: '/api/attendance/me' },
  }),
  payroll: {
    pph21: mutation({
      summary: 'Simulasi PPh 21 (rupiah)',
      access: payrollAccess,
      input: pph21SimInput,
      handler: async (ctx, input) => simulatePph21(ctx, input),
      rest: { method: 'POST', path: '/api/attendance/payroll/pph21' },
    }),
    components: {
      list: query({
        summary: 'Komponen gaji',
        access: payrollAccess,
        handler: (ctx) => payroll.listComponents(ctx),
        rest: { method: 'GET', path: '/api/attendance/payroll/components', envelope: 'list' },
      }),
      ...crud(
        'komponen gaji',
        payrollAccess,
        '/api/attendance/payroll/components',
        componentInput,
        payroll.saveComponent,
        PAYROLL_COMPONENT,
      ),
    },
    groups: {
      list: query({
        summary: 'Group slip gaji',
        access: payrollAccess,
        handler: (ctx) => payroll.listGroups(ctx),
        rest: { method: 'GET', path: '/api/attendance/payroll/groups', envelope: 'list' },
      }),
      ...crud(
        'group slip gaji',
        payrollAccess,
        '/api/attendance/payroll/groups',
        groupInput,
        payroll.saveGroup,
        PAYROLL_GROUP,
      ),
    },
    runs: {
      list: query({
        summary: 'Proses gaji per bulan',
        access: payrollAccess,
        input: runListQuery,
        handler: (ctx, q) => payroll.listRuns(ctx, q ?? {}),
        rest: { method: 'GET', path: '/api/attendance/payroll/run', envelope: 'list' },
      }),
      get: query({
        entity: PAYROLL_RUN,
        summary: 'Rincian proses gaji',
        access: payrollAccess,
        input: byId,
        handler: (ctx, { id }) => payroll.getRun(ctx, id),
        rest: { method: 'GET', path: '/api/attendance/payroll/run/:id' },
      }),
      create: mutation({
        summary: 'Hitung gaji satu bulan (draf)',
        access: payrollAccess,
        input: keyed(payrollRunInput),
        handler: (ctx, { idempotency_key: _key, ...input }) => payroll.createRun(ctx, input),
        rest: { method: 'POST', path: '/api/attendance/payroll/run', status: 201, idempotencyKey: IDEMPOTENCY_KEY },
      }),
      approve: mutation({
        entity: PAYROLL_RUN,
        summary: 'Setujui proses gaji (jurnal gaji)',
        access: payrollAccess,
        input: keyed(byId),
        handler: (ctx, { id }) => payroll.approveRun(ctx, id),
        rest: { method: 'POST', path: '/api/attendance/payroll/run/:id/approve', idempotencyKey: IDEMPOTENCY_KEY },
      }),
      correct: mutation({
        entity: PAYROLL_RUN,
        summary: 'Buat Koreksi: draf baru untuk periode dan group penggajian yang disetujui, dihitung ulang',
        access: payrollAccess,
        input: keyed(byId),
        handler: (ctx, { id }) => payroll.createCorrection(ctx, id),
        rest: {
          method: 'POST',
          path: '/api/attendance/payroll/run/:id/correction',
          status: 201,
          idempotencyKey: IDEMPOTENCY_KEY,
        },
      }),
      recompute: mutation({
        entity: PAYROLL_RUN,
        summary: 'Hitung ulang proses gaji draft (draf awal atau koreksi draft) dari data saat ini',
        access: payrollAccess,
        input: keyed(byId),
        handler: (ctx, { id }) => payroll.recomputeDraft(ctx, id),
        rest: {
          method: 'POST',
          path: '/api/attendance/payroll/run/:id/recompute',
          status: 201,
          idempotencyKey: IDEMPOTENCY_KEY,
        },
      }),
      discard: mutation({
        entity: PAYROLL_RUN,
        summary: 'Buang proses gaji draft (draf awal atau koreksi draft); yang disetujui tetap tersimpan',
        access: payrollAccess,
        input: keyed(byId),
        handler: (ctx, { id }) => payroll.discardDraft(ctx, id),
        rest: { method: 'POST', path: '/api/attendance/payroll/run/:id/discard', idempotencyKey: IDEMPOTENCY_KEY },
      }),
    },
    payslip: restOnly({
      entity: PAYROLL_RUN,
      summary: 'Slip gaji (PDF): satu pegawai (?employee=) atau semua pegawai proses gaji yang disetujui',
      access: payrollAccess,
      input: payslipQuery,
      rest: {
        method: 'GET',
        path: '/api/attendance/payroll/run/:id/payslip',
        envelope: 'raw',
        produces: 'application/pdf',
      },
      async handler(ctx, { id, employee }, { reply }) {
        const { pdf, filename } = await payslipPdf(ctx, id, { employee });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    }),
    bupot: restOnly({
      entity: PAYROLL_RUN,
      summary: 'Daftar PPh 21 proses gaji yang disetujui dalam susunan impor e-Bupot/Coretax (Excel: BPMP, BP21, A1)',
      access: payrollAccess,
      input: byId,
      rest: {
        method: 'GET',
        path: '/api/attendance/payroll/run/:id/ebupot',
        envelope: 'raw',
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      async handler(ctx, { id }, { reply }) {
        const { buffer, filename } = await bupotXlsx(ctx, id);
        return sendXlsx(reply.header('cache-control', 'no-store'), filename, buffer);
      },
    }),
    // The run is a query parameter, not an :id: what is read is the caller's own line (404 when they have none),
    // so the cross-branch walk's control (another branch's manager reading the run) does not apply.
    myPayslip: restOnly({
      summary: 'Slip gaji saya (PDF) dari proses gaji yang disetujui',
      access: selfAttendance,
      input: myPayslipQuery,
      rest: { method: 'GET', path: '/api/attendance/payroll/my/payslip', envelope: 'raw', produces: 'application/pdf' },
      async handler(ctx, { run }, { reply }) {
        const { pdf, filename } = await payslipPdf(ctx, run, { own: true });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    }),
    my: query({
      summary: 'Slip gaji saya',
      access: selfAttendance,
      handler: (ctx) => payroll.mySlips(ctx),
      rest: { method: 'GET', path: '/api/attendance/payroll/my', envelope: 'list' },
    }),
    /** 'Gaji Saya': my salary and bank account, and every change proposed about them with its decision (issue 25). */
    myPay: query({
      summary: 'Gaji pokok dan rekening saya, dengan permintaan perubahannya',
      access: selfAttendance,
      handler: (ctx) => myPay(ctx),
      rest: { method: 'GET', path: '/api/attendance/payroll/my/pay' },
    }),
  },
};
