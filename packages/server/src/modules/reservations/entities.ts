import { entity } from '../../http/access-scope.js';

/** What the reservations module's ids name (issue 11 items 2 and 6). */
export const RESERVATION = entity({
  name: 'reservations.reservation',
  table: 'reservation',
  branchColumn: 'profile_id',
  notFound: 'Reservasi tidak ditemukan',
});
/** A visit whose follow-up (visit.follow_up_date) the reminder page marks as reminded. */
export const FOLLOW_UP = entity({
  name: 'reservations.followup',
  table: 'visit',
  branchColumn: 'profile_id',
  notFound: 'Kunjungan tidak ditemukan',
});
export const reservationsEntities = [RESERVATION, FOLLOW_UP];
