import type { FastifyReply } from 'fastify';
import {
  access,
  idParam,
  MEDICAL_LIST_ACCESS,
  MEDICAL_LIST_TITLE,
  medicalListDoctorsQuery,
  medicalListQuery,
  rmRead,
  RM_ACCESS,
  sickLetterInput,
  z,
  type MedicalListKind,
} from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
import { RM_VISIT } from '../medicalRecords/index.js';
import { PRESCRIPTION } from './entities.js';
import * as printouts from './printouts.js';
import * as service from './service.js';
import * as sickLetter from './sick-letter.js';

const byId = z.object({ id: idParam });
/** A printout's headers; the endpoint layer sends its PDF after writing the declared read trail. */
const pdfAnswer = (reply: FastifyReply, doc: printouts.PrintedPdf) => {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${doc.filename}"`)
    .header('cache-control', 'no-store');
  return doc;
};
/** A printout is an export of the record it prints (one trail row, what: the document). */
const printRead = (what: string) => ({
  entity: 'rekam_medis' as const,
  what,
  action: 'export' as const,
  reads: (_input: unknown, doc: printouts.PrintedPdf) => [doc.read],
  detail: (_input: unknown, doc: printouts.PrintedPdf) => doc.detail,
});
const pdfRest = (path: string) => ({
  method: 'GET' as const,
  path,
  envelope: 'raw' as const,
  produces: 'application/pdf',
  present: (doc: printouts.PrintedPdf) => doc.pdf,
});

const listEndpoint = <K extends MedicalListKind>(kind: K) =>
  query({
    summary: `${MEDICAL_LIST_TITLE[kind]}: semua entri lintas pasien, terbaru dulu (filter fromdate, todate, doctor, customer; isallbranch=1 atau profile_id untuk pengguna top-level; export=1 saat diambil untuk Excel)`,
    access: MEDICAL_LIST_ACCESS[kind],
    input: medicalListQuery,
    rest: { method: 'GET', path: `/api/rekammedis/daftar/${kind}`, envelope: 'paged' },
    handler: (ctx, q) => service.list(ctx, kind, q),
    // Reading a page is a read of every patient on it; 'export' when the page is taken for the Excel file.
    readAudit: {
      entity: 'rekam_medis',
      what: `daftar_${kind}`,
      action: (q) => (q.export === 1 ? 'export' : 'read'),
      reads: (_q, page) => page.data.map((r) => ({ customer: r.customer.id, visit: r.visit_id, branch: r.branch.id })),
      detail: (q) => ({ page: q.page }),
    },
  });

/**
 * The record lists (issue 12; pages /rekammedis/{kind} and /backoffice/rekammedis/{kind}): GET
 * /api/rekammedis/daftar/{soap|treatment|produk|resep|foto} -> { data, count }. Read right of the kind's RM_*
 * resource (RM_DOKUMEN for SOAP, RM_FOTOPROGRES for photos).
 */
export const medicalListsEndpoints = {
  soap: listEndpoint('soap'),
  treatment: listEndpoint('treatment'),
  produk: listEndpoint('produk'),
  resep: listEndpoint('resep'),
  foto: listEndpoint('foto'),
  doctors: query({
    summary: 'Dokter untuk filter daftar rekam medis (cabang ini; isallbranch=1 untuk pengguna top-level)',
    access: access.anyFeature(
      ['RM_DOKUMEN', 'read'],
      ['RM_TREATMENT', 'read'],
      ['RM_PRODUK', 'read'],
      ['RM_RESEP', 'read'],
      ['RM_FOTOPROGRES', 'read'],
    ),
    input: medicalListDoctorsQuery,
    readAudit: { none: 'the doctors of the branch, no patient' },
    rest: { method: 'GET', path: '/api/rekammedis/daftar/doctors', envelope: 'list' },
    handler: (ctx, q) => service.doctors(ctx, q),
  }),

  /** Printouts (issue 12 item 6): PDF through the shared renderer, each logged as a read of the record. */
  resumePdf: restOnly({
    entity: RM_VISIT,
    summary:
      'Resume medis kunjungan (PDF): kop cabang, identitas pasien, SOAP, tanda vital, diagnosis ICD-10, tindakan, resep, dokter dan SIP',
    access: rmRead('RM_DOKUMEN'),
    input: byId,
    async handler(ctx, { id }, { reply }) {
      return pdfAnswer(reply, await printouts.resumePdf(ctx, id));
    },
    rest: pdfRest('/api/rekammedis/visit/:id/resume.pdf'),
    readAudit: printRead('resume_pdf'),
  }),
  prescriptionPdf: restOnly({
    entity: PRESCRIPTION,
    summary: 'Resep (PDF): R/ obat, jumlah dan signa, identitas dan alergi pasien, dokter dan SIP (id = id resep)',
    access: rmRead('RM_RESEP'),
    input: byId,
    async handler(ctx, { id }, { reply }) {
      return pdfAnswer(reply, await printouts.prescriptionPdf(ctx, id));
    },
    rest: pdfRest('/api/rekammedis/prescription/:id/pdf'),
    readAudit: printRead('resep_pdf'),
  }),
  sickLetter: query({
    entity: RM_VISIT,
    summary: 'Surat keterangan sakit yang sudah dibuat untuk kunjungan ini (null bila belum; dicatat di log akses)',
    access: RM_ACCESS.sickLetterRead,
    input: byId,
    handler: (ctx, { id }) => sickLetter.get(ctx, id),
    present: (r) => r.letter,
    readAudit: {
      entity: 'rekam_medis',
      what: 'surat_sakit',
      reads: (_input, r) => r.reads,
      detail: (_input, r): Record<string, number> => (r.letter ? { letter: r.letter.id } : {}),
    },
    rest: { method: 'GET', path: '/api/rekammedis/visit/:id/surat-sakit' },
  }),
  sickLetterIssue: mutation({
    entity: RM_VISIT,
    summary:
      'Buat surat keterangan sakit (dokter yang memeriksa, rekam medis selesai; sekali per kunjungan, nomor SKS): days 1-30, ' +
      'from (bawaan tanggal kunjungan, paling lambat 3 hari sesudahnya), diagnosis=1 mencetak diagnosis utama',
    access: RM_ACCESS.sickLetterIssue,
    input: sickLetterInput.extend({ id: idParam }),
    rest: { method: 'POST', path: '/api/rekammedis/visit/:id/surat-sakit', status: 201 },
    handler: (ctx, { id, ...input }) => sickLetter.issue(ctx, id, input),
  }),
  sickLetterPdf: restOnly({
    entity: RM_VISIT,
    summary:
      'Surat keterangan sakit (PDF) persis seperti dibuat: nomor, jumlah hari, tanggal, diagnosis; 404 bila belum dibuat',
    access: RM_ACCESS.sickLetterRead,
    input: byId,
    async handler(ctx, { id }, { reply }) {
      return pdfAnswer(reply, await printouts.sickLetterPdf(ctx, id));
    },
    rest: pdfRest('/api/rekammedis/visit/:id/surat-sakit.pdf'),
    readAudit: printRead('surat_sakit_pdf'),
  }),
};
