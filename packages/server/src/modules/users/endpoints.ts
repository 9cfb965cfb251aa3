import { MEMBERSHIP_LEVEL, USER } from './entities.js';
import {
  access,
  CHAIN_OWNED_MESSAGE,
  emptyToUndefined,
  MEMBERSHIP_LEVEL_ACCESS,
  membershipLevelInput,
  membershipLevelUpdateInput,
  backofficeUserQuery,
  customerSearchQuery,
  employeeCreateInput,
  formatDate,
  idParam,
  newPatientInput,
  patientDuplicateQuery,
  patientMergeInput,
  userAdminListQuery,
  userChangePasswordInput,
  userSessionsInput,
  endSessionInput,
  userListQuery,
  userProfileUpdate,
  userPutInput,
  userSetAccessInput,
  userSetPrivilegesInput,
  userSetStatusInput,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import * as levels from './membership-levels.js';
import { notFound } from '../../http/errors.js';
import { openUpload, readImageUpload } from '../../lib/uploads.js';
import { buildXlsx, sendXlsx } from '../../lib/xlsx.js';
import * as rules from './access.js';
import { staffAccess } from './access.js';
import * as patients from './patients.js';
import * as service from './service.js';
import { endSession, listSessions } from '../auth/index.js';

const byId = z.object({ id: idParam });

export const usersEndpoints = {
  list: query({
    summary: 'Cari pengguna (pasien atau pegawai) cabang ini',
    access: staffAccess,
    input: userListQuery,
    authorize: rules.authorizeList,
    rest: { method: 'GET', path: '/api/users', envelope: 'paged' },
    handler: (ctx, input) => service.list(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, page) => page.data.filter((u) => u.role === 1).map((u) => u.id),
    },
  }),
  /** /backoffice/pasien (issue 30): patients of the named branches (none: every branch), top-level users only. */
  backofficePatients: query({
    summary: 'Pasien semua cabang atau cabang terpilih (profile_id=1,2), pengguna top-level',
    access: access.toplevel(),
    input: backofficeUserQuery,
    rest: { method: 'GET', path: '/api/backoffice/pasien', envelope: 'paged' },
    handler: (ctx, input) => service.backofficeList(ctx, input, 'patient'),
    readAudit: { entity: 'patient', action: 'read_list', ids: (_input, page) => page.data.map((u) => u.id) },
  }),
  /** /backoffice/account/user (issue 30): staff accounts of the named branches with branch, role and status. */
  backofficeAccounts: query({
    summary: 'Akun pengguna (pegawai) semua cabang atau cabang terpilih (profile_id=1,2), pengguna top-level',
    access: access.toplevel(),
    input: backofficeUserQuery,
    rest: { method: 'GET', path: '/api/backoffice/account/user', envelope: 'paged' },
    handler: (ctx, input) => service.backofficeList(ctx, input, 'staff'),
  }),
  export: restOnly({
    summary: 'Ekspor daftar pengguna (xlsx)',
    access: access.feature('SETTING_USER', 'read'),
    input: userAdminListQuery,
    authorize: rules.authorizeAdminList,
    rest: {
      method: 'GET',
      path: '/api/users/export',
      envelope: 'raw',
      produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    async handler(ctx, input, { reply }) {
      const rows = await service.exportList(ctx, input);
      const buf = await buildXlsx(
        'Pengguna',
        [
          { header: 'Username / No RM', width: 20, value: (r) => r.username },
          { header: 'Nama', width: 30, value: (r) => r.name },
          { header: 'Role', width: 15, value: (r) => r.rolename },
          { header: 'Status', width: 12, value: (r) => (r.status === 1 ? 'Aktif' : 'Tidak Aktif') },
          { header: 'Jenis Kelamin', width: 14, value: (r) => r.gendername },
          { header: 'Telepon', width: 18, value: (r) => r.phone },
          { header: 'Email', width: 25, value: (r) => r.email },
          { header: 'Alamat', width: 40, value: (r) => r.address },
          { header: 'Bergabung', width: 18, value: (r) => (r.join_at ? formatDate(r.join_at) : null) },
        ],
        rows,
      );
      return sendXlsx(reply, 'pengguna.xlsx', buf);
    },
  }),
  get: query({
    entity: USER,
    summary: 'Satu pengguna',
    access: staffAccess,
    input: byId,
    authorize: (ctx, input) => rules.authorizeGet(ctx, input.id),
    rest: { method: 'GET', path: '/api/users/:id' },
    handler: (ctx, input) => service.get(ctx, input.id),
    readAudit: {
      entity: 'patient',
      ids: (_input, user, ctx) => (user.role === 1 && user.id !== ctx.user.id ? [user.id] : []),
    },
  }),
  createPatient: mutation({
    summary: 'Daftarkan pasien baru (NO RM dari penomoran cabang)',
    access: access.feature('PASIEN', 'manage'),
    input: newPatientInput,
    rest: { method: 'POST', path: '/api/users', status: 201 },
    handler: (ctx, input) => service.createPatient(ctx, input),
  }),
  /** Issue 26: what the patient form asks before saving (same NIK, or same name with birth date or phone). */
  patientDuplicates: query({
    summary: 'Pasien cabang ini yang kemungkinan sama (NIK, nama + tanggal lahir, nama + telepon)',
    access: access.feature('PASIEN', 'read'),
    input: patientDuplicateQuery,
    rest: { method: 'GET', path: '/api/patients/duplicates', envelope: 'list' },
    handler: (ctx, input) => patients.duplicates(ctx, input),
    readAudit: { entity: 'patient', action: 'read_list', ids: (_input, rows) => rows.map((r) => r.id) },
  }),
  /** Always 202: another top-level user approves it (POST /api/applog/doconfirm/{id}). */
  patientMerge: mutation({
    summary: 'Minta penggabungan pasien ganda (disetujui top level lain)',
    access: access.toplevel(),
    input: patientMergeInput,
    rest: { method: 'POST', path: '/api/patients/merge', status: 202 },
    handler: (ctx, input) => patients.requestMerge(ctx, input),
  }),
  patientMerges: query({
    entity: USER,
    summary: 'Riwayat penggabungan seorang pasien',
    access: access.feature('PASIEN', 'read'),
    input: byId,
    rest: { method: 'GET', path: '/api/patients/:id/merges', envelope: 'list' },
    handler: (ctx, input) => patients.merges(ctx, input.id),
    readAudit: { entity: 'patient', ids: ({ id }) => [id], detail: () => ({ what: 'merges' }) },
  }),
  /** REST: 201 with the account, or 202 with { pending, applog_id, message } when it waits for approval (issue 8). */
  createEmployee: mutation({
    summary: 'Tambah pegawai; hak akses di atas milik pemberi menunggu persetujuan (202)',
    access: access.feature('SETTING_USER', 'manage'),
    input: employeeCreateInput,
    handler: (ctx, input) => service.createEmployee(ctx, input),
    rest: {
      method: 'POST',
      path: '/api/users/employee',
      statusOf: (out) => (out.pending ? 202 : 201),
      statuses: [201, 202],
      present: (out) => (out.pending ? out : out.data),
    },
  }),
  put: restOnly({
    entity: USER,
    summary: 'Ubah pengguna; menonaktifkan atau mengubah role bisa menunggu persetujuan (202)',
    access: staffAccess,
    input: z.object({ id: idParam, data: userPutInput }),
    authorize: (ctx, input) => rules.authorizePut(ctx, input.id, input.data),
    handler: (ctx, input) => service.put(ctx, input.id, input.data),
    rest: {
      method: 'PUT',
      path: '/api/users/:id',
      body: 'data',
      statusOf: (out) => (out.pending ? 202 : 200),
      statuses: [200, 202],
    },
    present: (out) => (out.pending ? out : out.data),
  }),
  /** Profile card edit dialog; the service applies the profile rules (self / PASIEN / SETTING_USER manage). */
  update: mutation({
    entity: USER,
    summary: 'Ubah kartu profil',
    access: staffAccess,
    input: userProfileUpdate,
    authorize: (ctx, input) => rules.authorizePut(ctx, input.id, input.data),
    handler: (ctx, input) => service.updateProfile(ctx, input.id, input.data),
  }),
  /** Status dialog; setting inactive may answer { pending: true } (approval). */
  setStatus: mutation({
    entity: USER,
    summary: 'Ubah status pengguna',
    access: staffAccess,
    input: userSetStatusInput,
    authorize: (ctx, input) => rules.authorizePut(ctx, input.id, { status: input.status }),
    handler: (ctx, input) => service.setStatus(ctx, input.id, input.status),
  }),
  /** Role, top-level role and branch (SETTING_USER manage); may answer { pending: true }. */
  setAccess: mutation({
    entity: USER,
    summary: 'Ubah role, role pusat dan cabang pengguna',
    access: access.feature('SETTING_USER', 'manage'),
    input: userSetAccessInput,
    authorize: (ctx, input) => rules.authorizePut(ctx, input.id, input.data),
    handler: (ctx, input) => service.setAccess(ctx, input.id, input.data),
  }),
  changePassword: mutation({
    entity: USER,
    summary: 'Ubah password',
    access: staffAccess,
    input: userChangePasswordInput,
    authorize: (ctx, input) => rules.authorizePassword(ctx, input.id),
    rest: { method: 'POST', path: '/api/users/changepassword/:id', body: 'data' },
    handler: (ctx, input) => service.changePassword(ctx, input.id, input.data),
  }),
  uploadAvatar: restOnly({
    entity: USER,
    summary: 'Unggah foto profil (multipart, maks. 10 MB)',
    access: staffAccess,
    input: byId,
    authorize: (ctx, input) => rules.authorizeProfile(ctx, input.id),
    rest: { method: 'POST', path: '/api/users/uploadavatar/:id', consumes: 'multipart/form-data' },
    async handler(ctx, input, { req }) {
      const image = await readImageUpload(req);
      return service.uploadAvatar(ctx, input.id, image);
    },
  }),
  /** /master/users */
  adminList: query({
    summary: 'Daftar pengguna untuk admin',
    access: access.feature('SETTING_USER', 'read'),
    input: userAdminListQuery,
    authorize: rules.authorizeAdminList,
    handler: (ctx, input) => service.adminList(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, page) => page.data.filter((u) => u.role === 1).map((u) => u.id),
    },
  }),
  getPrivileges: query({
    entity: USER,
    summary: 'Hak akses pengguna',
    access: access.feature('SETTING_USER', 'read'),
    input: byId,
    rest: { method: 'GET', path: '/api/users/:id/privileges' },
    handler: (ctx, input) => service.getPrivileges(ctx, input.id),
  }),
  setPrivileges: mutation({
    entity: USER,
    summary: 'Simpan hak akses pengguna; bisa menunggu persetujuan (202)',
    access: access.feature('SETTING_USER', 'manage'),
    input: userSetPrivilegesInput,
    authorize: (ctx, input) => rules.authorizePut(ctx, input.id, { previleges: input.previleges }),
    handler: (ctx, input) => service.setPrivileges(ctx, input.id, input.previleges),
    rest: {
      method: 'PUT',
      path: '/api/users/:id/privileges',
      statusOf: (out) => (out.pending ? 202 : 200),
      statuses: [200, 202],
      present: (out) => (out.pending ? out : out.data),
    },
  }),
  searchCustomers: query({
    summary: 'Cari pasien (nama, NO RM, NIK, telepon)',
    access: staffAccess,
    input: customerSearchQuery,
    authorize: rules.authorizeSearch,
    rest: { method: 'GET', path: '/api/customer', envelope: 'list' },
    handler: (ctx, input) => service.searchCustomers(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, rows) => rows.filter((r) => r.type === 'patient').map((r) => r.id),
    },
  }),
  avatar: restOnly({
    entity: USER,
    summary: 'Foto profil pengguna',
    access: access.auth,
    input: byId,
    rest: { method: 'GET', path: '/api/files/users/:id/avatar', envelope: 'raw', produces: 'image/*' },
    async handler(ctx, input, { reply }) {
      const rel = await service.avatarPath(ctx, input.id);
      const file = await openUpload(ctx.config.uploadDir, rel, { kind: 'users', id: input.id });
      if (!file) throw notFound('Foto tidak ditemukan');
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  }),
  /** Issue 30 item 6: a user's sessions; owner and developer for anyone, everyone for their own (access.ts). */
  sessions: query({
    entity: USER,
    summary: 'Sesi masuk pengguna yang masih berlaku (pemilik dan developer: siapa saja; lainnya: milik sendiri)',
    access: access.auth,
    input: userSessionsInput,
    authorize: (ctx, input) => rules.authorizeSessions(ctx, input.id, 'read'),
    rest: { method: 'GET', path: '/api/users/:id/sessions', envelope: 'list' },
    handler: (ctx, input) => listSessions(ctx, input.id),
  }),
  endSession: mutation({
    entity: USER,
    summary: "Akhiri satu sesi ('Akhiri sesi ini'): permintaan berikutnya dari sesi itu 401",
    access: access.auth,
    input: endSessionInput,
    authorize: (ctx, input) => rules.authorizeSessions(ctx, input.id, 'write'),
    rest: { method: 'DELETE', path: '/api/users/:id/sessions/:session' },
    handler: (ctx, input) => endSession(ctx, input),
  }),
  /** Issue 30 item 2: the chain's membership levels; every staff member reads, the head office writes. */
  membershipLevel: {
    list: query({
      summary: 'Level membership (satu daftar untuk seluruh cabang)',
      access: MEMBERSHIP_LEVEL_ACCESS.read,
      input: z.object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) }).optional(),
      rest: { method: 'GET', path: '/api/membershiplevel', envelope: 'list' },
      handler: (ctx, input) => levels.listMembershipLevels(ctx, input?.status),
    }),
    ...saveEndpoints({
      path: '/api/membershiplevel',
      access: MEMBERSHIP_LEVEL_ACCESS.manage,
      denied: CHAIN_OWNED_MESSAGE,
      entity: MEMBERSHIP_LEVEL,
      input: membershipLevelInput,
      updateInput: membershipLevelUpdateInput,
      create: levels.createMembershipLevel,
      update: levels.updateMembershipLevel,
      summary: { create: 'Tambah level membership (kantor pusat)', update: 'Ubah level membership (kantor pusat)' },
    }),
  },
};
