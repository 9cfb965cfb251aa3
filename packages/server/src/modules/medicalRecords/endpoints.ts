import {
  access,
  correctionsQuery,
  RM_ACCESS,
  alergiCorrectionInput,
  alergiInput,
  bhpCorrectionInput,
  bhpInput,
  emptyToUndefined,
  idParam,
  idempotencyKey,
  labCorrectionInput,
  labInput,
  patientRecordQuery,
  plainString,
  produkCorrectionInput,
  produkInput,
  recordAccessQuery,
  resepCorrectionInput,
  resepInput,
  soapCorrectionInput,
  soapInput,
  treatmentCorrectionInput,
  treatmentInput,
  voidInput,
  z,
  type RmKind,
} from '@klinik/shared';
import { mutation, query } from '../../http/endpoint.js';
import { RM_ENTRY_ENTITY, RM_PATIENT, RM_VISIT } from './entities.js';
import * as service from './service.js';
import * as rules from './access.js';

/**
 * Every endpoint declared once (tRPC procedure, REST route and OpenAPI entry). Paths of the REST contract of issue
 * 12: `/api/rekammedis/...`; `{customer}`, `{visit}` and entry ids are the `:id` of each path. Access: RM_ACCESS
 * (packages/shared/src/module-access.ts); the service narrows reads per kind (or the treating doctor) and asks the
 * correction right (RM_PERBAIKAN) for changes to a finished record.
 */
const withId = z.object({ id: idParam });
const withKey = z.object({ idempotency_key: idempotencyKey.optional() });
const created = {
  idempotencyKey: 'idempotency_key',
  statusOf: (r: { created: boolean }) => (r.created ? 201 : 200),
  statuses: [201, 200],
};
const keywordQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, plainString().trim().max(100).optional()),
});

const LABEL: Record<RmKind, string> = {
  soap: 'SOAP (dengan tanda vital dan diagnosis)',
  treatment: 'tindakan',
  produk: 'produk',
  bhp: 'BHP',
  resep: 'item resep',
  alergi: 'alergi',
  lab: 'form lab',
};

/** Correction, void and history of one kind of entry: PUT /{kind}/{id}, POST /{kind}/{id}/void, GET /{kind}/{id}/history. */
function amendEndpoints<K extends RmKind>(kind: K, correction: z.ZodType) {
  const entity = RM_ENTRY_ENTITY[kind];
  return {
    correct: mutation({
      entity,
      summary: `Perbaikan ${LABEL[kind]}: versi baru dengan alasan (yang lama tetap); rekam medis selesai: hak RM_PERBAIKAN`,
      access: RM_ACCESS[kind],
      input: withId.and(correction),
      handler: (ctx, { id, ...input }) =>
        service.correct(ctx, kind, id, input as unknown as Parameters<typeof service.correct<K>>[3]),
      rest: { method: 'PUT' as const, path: `/api/rekammedis/${kind}/:id` },
    }),
    void: mutation({
      entity,
      summary: `Batalkan ${LABEL[kind]} dengan alasan: entri tetap ada, ditandai batal`,
      access: RM_ACCESS[kind],
      input: withId.and(voidInput),
      handler: (ctx, { id, ...input }) => service.voidEntry(ctx, kind, id, input),
      rest: { method: 'POST' as const, path: `/api/rekammedis/${kind}/:id/void` },
    }),
    history: query({
      entity,
      summary: `Riwayat versi ${LABEL[kind]}, terlama dahulu (dicatat di log akses)`,
      access: RM_ACCESS.read,
      input: withId,
      authorize: (ctx, { id }) => rules.authorizeHistory(ctx, kind, id),
      handler: (ctx, { id }) => service.history(ctx, kind, id),
      readAudit: {
        entity: 'rekam_medis' as const,
        what: 'history',
        reads: (_input, entry, ctx) => rules.visitReads(ctx, [entry.visit_id]),
        detail: ({ id }) => ({ entry: id }),
      },
      rest: { method: 'GET' as const, path: `/api/rekammedis/${kind}/:id/history` },
    }),
  };
}

export const medicalRecordsEndpoints = {
  patient: query({
    entity: RM_PATIENT,
    summary:
      'Rekam medis pasien: kunjungan terbaru dahulu, per halaman, dengan entrinya (dicatat di log akses); ' +
      'isallbranch=1 untuk pengguna tingkat atas',
    access: RM_ACCESS.read,
    input: withId.and(patientRecordQuery),
    authorize: (ctx, { id, isallbranch }) => rules.authorizePatientRead(ctx, id, isallbranch),
    handler: (ctx, { id, ...input }) => service.patientRecord(ctx, id, input),
    readAudit: {
      entity: 'rekam_medis',
      what: 'patient',
      reads: ({ id }, _page, ctx) => [{ customer: id, visit: null, branch: ctx.branchId }],
      detail: ({ page }) => ({ page }),
    },
    rest: { method: 'GET', path: '/api/rekammedis/patient/:id', envelope: 'paged' },
  }),
  access: query({
    entity: RM_PATIENT,
    summary: 'Riwayat Akses: siapa membuka rekam medis pasien ini, kapan, kunjungan mana, dari alamat IP mana',
    access: RM_ACCESS.accessLog,
    input: withId.and(recordAccessQuery),
    handler: (ctx, { id, ...input }) => service.accessLog(ctx, id, input),
    readAudit: { none: 'the trail itself: who opened the record and when, never what it holds' },
    rest: { method: 'GET', path: '/api/rekammedis/patient/:id/access', envelope: 'paged' },
  }),
  corrections: query({
    summary:
      'Perbaikan rekam medis saya oleh pengguna lain: perbaikan, pembatalan dan tambahan sesudah selesai, dengan alasannya (dicatat di log akses)',
    access: access.roles('dokter'),
    input: correctionsQuery,
    handler: (ctx, input) => service.corrections(ctx, input),
    readAudit: {
      entity: 'rekam_medis',
      what: 'perbaikan',
      reads: (_input, page, ctx) =>
        rules.visitReads(
          ctx,
          page.data.map((r) => r.visit.id),
        ),
      detail: ({ page }) => ({ page }),
    },
    rest: { method: 'GET', path: '/api/rekammedis/corrections', envelope: 'paged' },
  }),
  visit: query({
    entity: RM_VISIT,
    summary: 'Rekam medis satu kunjungan: setiap entri dengan versi terkininya, alergi pasien, hak pengguna',
    access: RM_ACCESS.read,
    input: withId,
    authorize: (ctx, { id }) => rules.authorizeVisitRead(ctx, id),
    handler: (ctx, { id }) => service.visitRecord(ctx, id),
    readAudit: { entity: 'rekam_medis', what: 'visit', reads: ({ id }, _record, ctx) => rules.visitReads(ctx, [id]) },
    rest: { method: 'GET', path: '/api/rekammedis/visit/:id' },
  }),
  soap: {
    create: mutation({
      entity: RM_VISIT,
      summary:
        'Tulis SOAP dengan tanda vital, diagnosis ICD-10 (tepat satu utama) dan prosedur ICD-9-CM; Idempotency-Key',
      access: RM_ACCESS.soap,
      input: withId.and(soapInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createSoap(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/soap', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('soap', soapCorrectionInput),
  },
  treatment: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Catat tindakan (perawatan, jumlah, dokter, asisten, ICD-9-CM); harga saat kunjungan; Idempotency-Key',
      access: RM_ACCESS.treatment,
      input: withId.and(treatmentInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createTreatment(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/treatment', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('treatment', treatmentCorrectionInput),
  },
  produk: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Catat produk yang dipakai atau dijual (item, jumlah); harga saat kunjungan; Idempotency-Key',
      access: RM_ACCESS.produk,
      input: withId.and(produkInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createProduk(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/produk', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('produk', produkCorrectionInput),
  },
  bhp: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Catat bahan habis pakai (item, jumlah); Idempotency-Key',
      access: RM_ACCESS.bhp,
      input: withId.and(bhpInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createBhp(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/bhp', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('bhp', bhpCorrectionInput),
  },
  resep: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Tulis resep (obat, jumlah, signa) untuk diserahkan apotek; nomor RSP; Idempotency-Key',
      access: RM_ACCESS.resep,
      input: withId.and(resepInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createResep(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/resep', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('resep', resepCorrectionInput),
  },
  alergi: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Catat alergi pasien (tampil di setiap rekam medis pasien); Idempotency-Key',
      access: RM_ACCESS.alergi,
      input: withId.and(alergiInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createAlergi(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/alergi', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('alergi', alergiCorrectionInput),
  },
  lab: {
    create: mutation({
      entity: RM_VISIT,
      summary: 'Catat form lab (form lab cabang, jumlah, catatan); harga saat kunjungan; Idempotency-Key',
      access: RM_ACCESS.lab,
      input: withId.and(labInput).and(withKey),
      handler: (ctx, { id, idempotency_key, ...input }) => service.createLab(ctx, id, input, idempotency_key),
      rest: { method: 'POST', path: '/api/rekammedis/visit/:id/lab', ...created },
      present: (r) => r.data,
    }),
    ...amendEndpoints('lab', labCorrectionInput),
  },
  finish: mutation({
    entity: RM_VISIT,
    summary:
      'Selesaikan rekam medis: kunjungan menjadi selesai (siap kasir); sesudahnya perubahan adalah perbaikan; 409 bila sudah',
    access: RM_ACCESS.finish,
    input: withId,
    handler: (ctx, { id }) => service.finish(ctx, id),
    rest: { method: 'POST', path: '/api/rekammedis/visit/:id/finish' },
  }),
  options: {
    perawatan: query({
      summary: 'Pilihan perawatan aktif cabang ini dengan harga (formulir tindakan)',
      access: RM_ACCESS.options,
      input: keywordQuery,
      handler: (ctx, { keyword }) => service.perawatanOptions(ctx, keyword),
      readAudit: { none: 'a master list of the branch, no patient' },
      rest: { method: 'GET', path: '/api/rekammedis/options/perawatan', envelope: 'list' },
    }),
    item: query({
      summary: 'Pilihan item aktif cabang ini dengan harga jual (produk, BHP, resep)',
      access: RM_ACCESS.options,
      input: keywordQuery,
      handler: (ctx, { keyword }) => service.itemOptions(ctx, keyword),
      readAudit: { none: 'a master list of the branch, no patient' },
      rest: { method: 'GET', path: '/api/rekammedis/options/item', envelope: 'list' },
    }),
    lab: query({
      summary: 'Pilihan form lab aktif cabang ini dengan harga (Master Laboratorium)',
      access: RM_ACCESS.options,
      input: keywordQuery,
      handler: (ctx, { keyword }) => service.formLabOptions(ctx, keyword),
      readAudit: { none: 'a master list of the branch, no patient' },
      rest: { method: 'GET', path: '/api/rekammedis/options/lab', envelope: 'list' },
    }),
    staff: query({
      summary: 'Dokter dan perawat cabang ini (pelaksana dan asisten tindakan)',
      access: RM_ACCESS.read,
      handler: (ctx) => service.staffOptions(ctx),
      readAudit: { none: 'the branch staff, no patient' },
      rest: { method: 'GET', path: '/api/rekammedis/options/staff', envelope: 'list' },
    }),
  },
};
