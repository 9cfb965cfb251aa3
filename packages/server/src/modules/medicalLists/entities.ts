import { entity } from '../../http/access-scope.js';

/** A prescription (rm_prescription, written by the rekammedis module) as its printout addresses it. */
export const PRESCRIPTION = entity({
  name: 'medicalLists.prescription',
  table: 'rm_prescription',
  branchColumn: 'profile_id',
  notFound: 'Resep tidak ditemukan',
});
export const medicalListsEntities = [PRESCRIPTION];
