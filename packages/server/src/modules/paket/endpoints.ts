import { MEMBERSHIP, PAKET, PAKET_HISTORY, PAKET_TYPE } from './entities.js';
import {
  agreementParams,
  agreementQuery,
  emptyToUndefined,
  historyPerawatanQuery,
  idempotencyKey,
  idParam,
  membershipInput,
  membershipListQuery,
  paketInput,
  paketListQuery,
  paketTypeInput,
  piutangQuery,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import { layananManage, layananRead, paketMasterManage, paketMasterRead, paketRead, piutangRead } from './access.js';
import * as agreement from './services/agreement.js';
import * as catalogue from './services/catalogue.js';
import * as receivables from './services/receivables.js';
import * as registration from './services/registration.js';

const byId = z.object({ id: idParam });

const typeSave = saveEndpoints({
  path: '/api/paket/type',
  access: paketMasterManage,
  entity: PAKET_TYPE,
  input: paketTypeInput,
  create: catalogue.createType,
  update: catalogue.updateType,
  summary: { create: 'Tambah jenis paket', update: 'Ubah jenis paket' },
});

/**
 * The Paket module. Spec section 7 fixes GET /api/paket/history, GET /api/paket/historyperawatan and
 * POST /api/paket/membership; the other paths are ours (docs/decisions.md, "Paket").
 */
export const paketEndpoints = {
  seasons: query({
    summary: 'Musim promo yang berjalan di cabang ini (jenis paket, filter penjualan paket)',
    access: paketRead,
    input: z.object({}),
    rest: { method: 'GET', path: '/api/paket/season', envelope: 'list' },
    handler: (ctx) => catalogue.seasons(ctx),
  }),
  types: query({
    summary: 'Jenis paket cabang ini',
    access: paketRead,
    input: z.object({ status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()) }),
    rest: { method: 'GET', path: '/api/paket/type', envelope: 'list' },
    handler: (ctx, input) => catalogue.listTypes(ctx, input.status),
  }),
  createType: typeSave.create,
  updateType: typeSave.update,

  history: query({
    summary: 'Versi berlaku setiap paket cabang ini (status=1: dijual)',
    access: paketRead,
    input: paketListQuery,
    rest: { method: 'GET', path: '/api/paket/history', envelope: 'paged' },
    handler: (ctx, input) => catalogue.listHistory(ctx, input),
  }),
  historyGet: query({
    entity: PAKET_HISTORY,
    summary: 'Satu versi paket dengan isinya',
    access: paketRead,
    input: byId,
    rest: { method: 'GET', path: '/api/paket/history/:id' },
    handler: (ctx, input) => catalogue.getHistory(ctx, input.id),
  }),
  historyPerawatan: query({
    summary: 'Tindakan (item tipe 1) sebuah versi paket',
    access: paketRead,
    input: historyPerawatanQuery,
    rest: { method: 'GET', path: '/api/paket/historyperawatan', envelope: 'list' },
    handler: (ctx, input) => catalogue.historyPerawatan(ctx, input.paket_history_id),
  }),
  get: query({
    entity: PAKET,
    summary: 'Paket dengan versi berlaku dan semua versinya',
    access: paketMasterRead,
    input: byId,
    rest: { method: 'GET', path: '/api/paket/:id' },
    handler: (ctx, input) => catalogue.getPaket(ctx, input.id),
  }),
  ...saveEndpoints({
    path: '/api/paket',
    access: paketMasterManage,
    entity: PAKET,
    input: paketInput,
    create: catalogue.createPaket,
    update: catalogue.updatePaket,
    summary: { create: 'Tambah paket (versi 1)', update: 'Ubah paket (versi baru)' },
  }),

  activePeriod: query({
    summary: 'Periode pembukuan aktif cabang ini',
    access: layananRead,
    handler: (ctx) => agreement.activePeriod(ctx),
  }),
  register: mutation({
    summary: 'Registrasi paket (membership); Idempotency-Key menjawab registrasi pertama',
    access: layananManage,
    input: membershipInput.extend({ idempotency_key: idempotencyKey.optional() }),
    handler: (ctx, { idempotency_key, ...payload }) => registration.register(ctx, payload, idempotency_key),
    keylessKey: (ctx, input) => registration.keylessKey(ctx, input),
    rest: {
      method: 'POST',
      path: '/api/paket/membership',
      idempotencyKey: 'idempotency_key',
      statusOf: (r) => (r.created ? 201 : 200),
      statuses: [201, 200],
    },
    present: (r) => r.data,
  }),
  memberships: query({
    summary: 'Daftar registrasi paket',
    access: layananRead,
    input: membershipListQuery,
    rest: { method: 'GET', path: '/api/paket/membership', envelope: 'paged' },
    handler: (ctx, input) => receivables.listMemberships(ctx, input),
  }),
  membership: query({
    entity: MEMBERSHIP,
    summary: 'Registrasi paket dengan slot dan cicilan',
    access: layananRead,
    input: byId,
    rest: { method: 'GET', path: '/api/paket/membership/:id' },
    handler: (ctx, input) => receivables.getMembership(ctx, input.id),
  }),
  piutang: query({
    summary: 'Piutang membership per pasien dengan umur piutang',
    access: piutangRead,
    input: piutangQuery,
    rest: { method: 'GET', path: '/api/paket/piutang', envelope: 'paged' },
    handler: (ctx, input) => receivables.piutang(ctx, input),
  }),
  agreement: restOnly({
    summary: 'Surat perjanjian cicilan (PDF)',
    access: layananManage,
    input: agreementParams.extend(agreementQuery.shape),
    rest: {
      method: 'GET',
      path: '/api/paket/export/agreement/:profile_id/:customer/:paket_history_id',
      envelope: 'raw',
      produces: 'application/pdf',
    },
    async handler(ctx, input, { reply }) {
      const { pdf, filename } = await agreement.agreementPdf(ctx, input);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  }),
};
