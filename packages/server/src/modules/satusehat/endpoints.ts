import {
  RM_ACCESS,
  idParam,
  optionalQueryInt,
  satusehatLookupInput,
  satusehatMapInput,
  satusehatMapQuery,
  satusehatSettingInput,
  satusehatVisitsQuery,
  z,
} from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { satusehatAccess } from './access.js';
import { SATUSEHAT_BRANCH, SATUSEHAT_VISIT } from './entities.js';
import * as maps from './maps.js';
import * as outbox from './outbox.js';
import * as service from './service.js';
import { VITAL_LOINC } from './fhir/index.js';
import { authorizeVisitRead, RM_VISIT } from '../medicalRecords/index.js';

const scopeQuery = z.object({ isallbranch: optionalQueryInt, profile_id: optionalQueryInt });

/** SATUSEHAT (issue 31 part A): every endpoint declared once. */
export const satusehatEndpoints = {
  settings: query({
    summary: 'Pengaturan SATUSEHAT per cabang (client secret tidak pernah dikirim: has_secret)',
    access: satusehatAccess,
    input: scopeQuery,
    handler: (ctx, input) => service.listSettings(ctx, input),
    readAudit: { none: 'facility settings, no patient' },
    rest: { method: 'GET', path: '/api/satusehat/settings', envelope: 'list' },
  }),
  saveSettings: mutation({
    summary: 'Simpan pengaturan SATUSEHAT cabang {profile_id} (client secret kosong: yang tersimpan dipakai)',
    access: satusehatAccess,
    input: z.object({ id: idParam, data: satusehatSettingInput }),
    entity: SATUSEHAT_BRANCH,
    handler: (ctx, { id, data }) => service.saveSetting(ctx, id, data),
    rest: { method: 'PUT', path: '/api/satusehat/settings/:id', body: 'data' },
  }),
  testConnection: mutation({
    summary: "'Tes koneksi': meminta token SATUSEHAT dengan kredensial cabang {profile_id}",
    access: satusehatAccess,
    input: z.object({ id: idParam }),
    entity: SATUSEHAT_BRANCH,
    handler: (ctx, { id }) => service.testConnection(ctx, id),
    rest: { method: 'POST', path: '/api/satusehat/settings/:id/test' },
  }),
  mappings: query({
    summary: 'Pemetaan master cabang ini (?kind=location|practitioner|patient|item|treatment, ?unmapped=1)',
    access: satusehatAccess,
    input: satusehatMapQuery,
    handler: (ctx, input) => maps.listMaps(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (input, page) => (input.kind === 'patient' ? page.data.map((r) => Number(r.local_key)) : []),
    },
    rest: { method: 'GET', path: '/api/satusehat/mappings', envelope: 'paged' },
  }),
  saveMapping: mutation({
    summary: 'Simpan satu pemetaan (ID Location, nomor IHS, kode KFA, kode ICD-9-CM)',
    access: satusehatAccess,
    input: satusehatMapInput,
    handler: (ctx, input) => maps.saveMap(ctx, input),
    rest: { method: 'PUT', path: '/api/satusehat/mappings' },
  }),
  lookup: mutation({
    summary: 'Cari nomor IHS nakes atau pasien berdasarkan NIK di SATUSEHAT',
    access: satusehatAccess,
    input: satusehatLookupInput,
    handler: (ctx, input) => maps.lookup(ctx, input),
    rest: { method: 'POST', path: '/api/satusehat/mappings/lookup' },
  }),
  loinc: query({
    summary: 'Tanda vital dan kode LOINC-nya (tabel tetap)',
    access: satusehatAccess,
    input: z.object({}),
    handler: async () =>
      Object.entries(VITAL_LOINC).map(([name, v]) => ({ name, code: v.code, display: v.display, unit: v.unit })),
    readAudit: { none: 'a fixed code table, no patient' },
    rest: { method: 'GET', path: '/api/satusehat/loinc', envelope: 'list' },
  }),
  visits: query({
    summary: 'Kunjungan dan sumber daya yang dikirim ke SATUSEHAT (?status=waiting|sent|failed|not_configured)',
    access: satusehatAccess,
    input: satusehatVisitsQuery,
    handler: (ctx, input) => outbox.listVisits(ctx, input),
    readAudit: { entity: 'patient', action: 'read_list', ids: (_input, page) => page.data.map((r) => r.patient_id) },
    rest: { method: 'GET', path: '/api/satusehat/visits', envelope: 'paged' },
  }),
  visitStatus: query({
    entity: RM_VISIT,
    summary:
      'Status SATUSEHAT satu kunjungan (lencana di halaman rekam medis kunjungan); data null bila belum masuk antrian',
    access: RM_ACCESS.read,
    input: z.object({ id: idParam }),
    // Whoever may read the visit's record sees whether it was reported (and why not).
    authorize: (ctx, { id }) => authorizeVisitRead(ctx, id),
    handler: (ctx, { id }) => outbox.visitStatus(ctx, id),
    present: (r) => r.data,
    readAudit: { entity: 'patient', ids: (_input, r) => (r.data ? [r.data.patient_id] : []) },
    rest: { method: 'GET', path: '/api/satusehat/visit/:id' },
  }),
  resend: mutation({
    summary: 'Kirim ulang satu kunjungan yang gagal',
    access: satusehatAccess,
    input: z.object({ id: idParam }),
    entity: SATUSEHAT_VISIT,
    handler: (ctx, { id }) => outbox.resend(ctx, id),
    rest: { method: 'POST', path: '/api/satusehat/visits/:id/resend' },
  }),
  resendFailed: mutation({
    summary: 'Kirim ulang semua kunjungan yang gagal di cabang ini',
    access: satusehatAccess,
    input: z.object({}),
    handler: (ctx) => outbox.resendFailed(ctx),
    rest: { method: 'POST', path: '/api/satusehat/visits/resend-failed' },
  }),
  summary: query({
    summary: 'Papan kepatuhan per cabang: kunjungan selesai vs encounter terkirim, kegagalan per alasan, kredensial',
    access: satusehatAccess,
    input: scopeQuery,
    handler: (ctx, input) => outbox.summary(ctx, input),
    readAudit: { none: 'counts per branch, no patient' },
    rest: { method: 'GET', path: '/api/satusehat/summary' },
  }),
};
