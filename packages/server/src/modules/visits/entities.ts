import { entity } from '../../http/access-scope.js';

/** What this module's ids name, for requireAccess and the cross-branch test (docs/decisions.md, issue 9). */
export const VISIT = entity({
  name: 'visits.visit',
  table: 'visit',
  branchColumn: 'profile_id',
  notFound: 'Kunjungan tidak ditemukan',
});
/**
 * A reservation as the check-in sees it (the reservation module owns its routes): one of another branch is not
 * found (404), like every other row of another branch.
 */
export const CHECKIN_RESERVATION = entity({
  name: 'visits.checkinReservation',
  table: 'reservation',
  branchColumn: 'profile_id',
  notFound: 'Reservasi tidak ditemukan',
});
export const visitsEntities = [VISIT, CHECKIN_RESERVATION];
