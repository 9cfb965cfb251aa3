import { wilayahQuery } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { staffAccess } from '../users/index.js';
import * as service from './service.js';

const area = (level: 'provinces' | 'regencies' | 'districts' | 'villages') =>
  procedure
    .meta({ access: staffAccess })
    .input(wilayahQuery)
    .query(({ input }) => service.areas(level, input));

/** Address pickers: province -> regency/city -> district (kecamatan) -> village (desa). */
export const wilayahRouter = router({
  provinces: area('provinces'),
  regencies: area('regencies'),
  districts: area('districts'),
  villages: area('villages'),
});
