import {
  idParam,
  MULTIMEDIA_ACCESS,
  multimediaLabelInput,
  multimediaLabelListQuery,
  multimediaQueueQuery,
  PHOTO_FIELD,
  visitMultimediaListQuery,
  z,
} from '@klinik/shared';
import { mutation, query, restOnly, saveEndpoints } from '../../http/endpoint.js';
import { notFound } from '../../http/errors.js';
import { openUpload, readImageForm } from '../../lib/uploads.js';
import { MULTIMEDIA_LABEL, VISIT_PHOTO } from './entities.js';
import * as service from './service.js';

/** Labels (MASTER_LABEL_FOTOPROGRES; the list also for RM_FOTOPROGRES readers) and photos (RM_FOTOPROGRES). */
const { labelRead, labelManage, photoRead, photoManage } = MULTIMEDIA_ACCESS;

const byId = z.object({ id: idParam });

const labelSave = saveEndpoints({
  path: '/api/service/multimedialabel',
  access: labelManage,
  entity: MULTIMEDIA_LABEL,
  input: multimediaLabelInput,
  create: service.createLabel,
  update: service.updateLabel,
  summary: {
    create: 'Tambah label multimedia',
    update: 'Ubah nama atau status label multimedia (tidak pernah dihapus)',
  },
});

/** Every endpoint declared once: tRPC procedure, REST route and OpenAPI entry come from here. */
export const multimediaEndpoints = {
  labels: query({
    summary: 'Daftar label multimedia (foto progres) cabang ini',
    access: labelRead,
    input: multimediaLabelListQuery,
    handler: (ctx, input) => service.listLabels(ctx, input),
    readAudit: { none: 'the branch labels, no patient' },
    rest: { method: 'GET', path: '/api/service/multimedialabel', envelope: 'paged' },
  }),
  createLabel: labelSave.create,
  updateLabel: labelSave.update,
  queue: query({
    summary: "'Antrian Multimedia': kunjungan hari ini yang perlu foto, dengan foto yang sudah diambil",
    access: photoRead,
    input: multimediaQueueQuery,
    handler: (ctx, input) => service.queue(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, visits) => [...new Set(visits.filter((v) => v.photos.length).map((v) => v.customer))],
      detail: () => ({ what: 'progress_photo_queue' }),
    },
    rest: { method: 'GET', path: '/api/service/visitmultimedia/queue', envelope: 'list' },
  }),
  list: query({
    summary: 'Foto progres (filter: visit, customer, label, fromdate, todate; withdeleted=1 untuk auditor)',
    access: photoRead,
    input: visitMultimediaListQuery,
    handler: (ctx, input) => service.listPhotos(ctx, input),
    readAudit: {
      entity: 'patient',
      action: 'read_list',
      ids: (_input, page) => [...new Set(page.data.map((p) => p.customer))],
      detail: () => ({ what: 'progress_photo' }),
    },
    rest: { method: 'GET', path: '/api/service/visitmultimedia', envelope: 'paged' },
  }),
  upload: restOnly({
    summary: 'Unggah foto progres (multipart: photo, visit, label, upload_at kosong = sekarang, note)',
    access: photoManage,
    rest: {
      method: 'POST',
      path: '/api/service/visitmultimedia',
      status: 201,
      consumes: 'multipart/form-data',
      form: {
        file: PHOTO_FIELD,
        fields: {
          visit: 'Id kunjungan (cabang pengguna)',
          label: 'Id label multimedia (opsional)',
          upload_at: 'Waktu foto (ISO 8601); kosong = sekarang',
          note: 'Catatan (opsional)',
        },
        required: ['visit'],
      },
    },
    async handler(ctx, _input, { req }) {
      return service.upload(ctx, await readImageForm(req, PHOTO_FIELD));
    },
  }),
  remove: mutation({
    summary: 'Hapus foto progres: disembunyikan (status 0), baris dan file tetap untuk auditor',
    access: photoManage,
    input: byId,
    entity: VISIT_PHOTO,
    handler: (ctx, { id }) => service.hidePhoto(ctx, id),
    rest: { method: 'DELETE', path: '/api/service/visitmultimedia/:id' },
  }),
  photo: restOnly({
    summary: 'File foto progres',
    access: photoRead,
    input: byId,
    entity: VISIT_PHOTO,
    async handler(ctx, input, { reply }) {
      const f = await service.photoFile(ctx, input.id, 'photo');
      return { customer: f.customer, file: await openPhoto(ctx.config.uploadDir, f, reply) };
    },
    // Sent by the endpoint layer after the trail: a progress photo is part of the patient's record.
    rest: {
      method: 'GET',
      path: '/api/files/visitmultimedia/:id/photo',
      envelope: 'raw',
      produces: 'image/jpeg',
      present: (r) => r.file,
    },
    readAudit: { entity: 'patient', ids: (_input, r) => [r.customer], detail: () => ({ what: 'progress_photo_file' }) },
  }),
  thumbnail: restOnly({
    summary: 'Thumbnail foto progres',
    access: photoRead,
    input: byId,
    entity: VISIT_PHOTO,
    rest: {
      method: 'GET',
      path: '/api/files/visitmultimedia/:id/thumbnail',
      envelope: 'raw',
      produces: 'image/jpeg',
    },
    async handler(ctx, input, { reply }) {
      const f = await service.photoFile(ctx, input.id, 'thumbnail');
      return sendPhoto(ctx.config.uploadDir, f, reply);
    },
    readAudit: { none: 'a thumbnail is on the trail of the list that showed it' },
  }),
};

/** The photo file opened and its headers set; the caller sends the stream. */
async function openPhoto(
  uploadDir: string,
  f: { rel: string; visitId: number },
  reply: import('fastify').FastifyReply,
) {
  const file = await openUpload(uploadDir, f.rel, { kind: 'visit', id: f.visitId });
  if (!file) throw notFound('Foto tidak ditemukan');
  reply.type(file.mime).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff');
  return file.stream;
}

async function sendPhoto(
  uploadDir: string,
  f: { rel: string; visitId: number },
  reply: import('fastify').FastifyReply,
) {
  return reply.send(await openPhoto(uploadDir, f, reply));
}
