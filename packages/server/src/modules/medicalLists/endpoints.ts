import { MEDICAL_LIST_ACCESS, MEDICAL_LIST_TITLE, medicalListQuery, type MedicalListKind } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import * as service from './service.js';

const listEndpoint = <K extends MedicalListKind>(kind: K) =>
  query({
    summary: `${MEDICAL_LIST_TITLE[kind]}: semua entri lintas pasien, terbaru dulu (filter fromdate, todate, doctor, customer; isallbranch=1 atau profile_id untuk pengguna top-level; export=1 saat diambil untuk Excel)`,
    access: MEDICAL_LIST_ACCESS[kind],
    input: medicalListQuery,
    rest: { method: 'GET', path: `/api/rekammedis/daftar/${kind}`, envelope: 'paged' },
    handler: (ctx, q) => service.list(ctx, kind, q),
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
};
