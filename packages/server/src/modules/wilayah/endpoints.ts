import { WILAYAH_LEVELS, wilayahQuery, z, type WilayahLevel } from '@klinik/shared';
import { query, restOnly } from '../../http/endpoint.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

const area = (level: WilayahLevel, label: string) =>
  query({
    summary: `Wilayah: ${label}`,
    access: staffAccess,
    input: wilayahQuery,
    handler: (_ctx, input) => service.areas(level, input),
  });

/** Address pickers: province -> regency/city -> district (kecamatan) -> village (desa). */
export const wilayahEndpoints = {
  provinces: area('provinces', 'provinsi'),
  regencies: area('regencies', 'kabupaten/kota'),
  districts: area('districts', 'kecamatan'),
  villages: area('villages', 'desa/kelurahan'),
  /** REST: one path for the four levels. */
  areas: restOnly({
    summary: 'Wilayah per tingkat (provinces, regencies, districts, villages)',
    access: staffAccess,
    input: wilayahQuery.extend({ level: z.enum(WILAYAH_LEVELS, { error: 'Tingkat wilayah tidak dikenal' }) }),
    rest: { method: 'GET', path: '/api/wilayah/:level', envelope: 'list' },
    handler: (_ctx, { level, ...input }) => service.areas(level, input),
  }),
};
