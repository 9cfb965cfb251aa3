import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const MULTIMEDIA_LABEL = entity({
  name: 'multimedia.label',
  table: 'multimedia_label',
  branchColumn: 'profile_id',
  notFound: 'Label multimedia tidak ditemukan',
});
export const VISIT_PHOTO = entity({
  name: 'multimedia.photo',
  table: 'visit_multimedia',
  branchColumn: 'profile_id',
  notFound: 'Foto tidak ditemukan',
});
/** A visit a photo is uploaded to (the visits module owns the table and its writes; here only the reference). */
export const PHOTO_VISIT = entity({
  name: 'multimedia.visit',
  table: 'visit',
  branchColumn: 'profile_id',
  notFound: 'Kunjungan tidak ditemukan',
});
export const multimediaEntities = [MULTIMEDIA_LABEL, VISIT_PHOTO, PHOTO_VISIT];
