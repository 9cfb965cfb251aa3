import { access, icdSearchQuery, type IcdKind } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import * as service from './service.js';

/**
 * The code lists are public data, not patients' data: anyone who works with medical records (read or input of any
 * RM_* resource: doctors, nurses, pharmacists, multimedia, the front desk, managers) may search them, so the pickers
 * of the record and the filters of the record lists work for every one of them (docs/decisions.md, ICD code lists).
 */
export const icdAccess = access.anyFeature(
  ['RM_DOKUMEN', 'read'],
  ['RM_TREATMENT', 'read'],
  ['RM_RESEP', 'read'],
  ['RM_PRODUK', 'read'],
  ['RM_BHP', 'read'],
  ['RM_FOTOPROGRES', 'read'],
);

const searchEndpoint = (kind: IcdKind, label: string) =>
  query({
    summary: `Cari kode ${label}: kode (dengan atau tanpa titik) atau kata dalam bahasa Indonesia/Inggris, maks. 20`,
    access: icdAccess,
    input: icdSearchQuery,
    rest: { method: 'GET', path: `/api/master/${kind}` },
    handler: (ctx, q) => service.search(ctx, kind, q),
    readAudit: { none: 'the ICD code lists, no patient' },
  });

/** GET /api/master/icd10?keyword= and /api/master/icd9cm?keyword= -> { data: [{ code, name_id, name_en }] }. */
export const icdEndpoints = {
  icd10: searchEndpoint('icd10', 'ICD-10 (diagnosis)'),
  icd9cm: searchEndpoint('icd9cm', 'ICD-9-CM (tindakan/prosedur)'),
};
