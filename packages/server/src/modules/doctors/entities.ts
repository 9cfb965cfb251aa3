import { entity } from '../../http/access-scope.js';

/** What the doctors module's ids name (issue 11 item 1): rows of the branch they belong to. */
export const DOCTOR_PRACTICE = entity({
  name: 'doctors.practice',
  table: 'doctor_practice',
  branchColumn: 'profile_id',
  notFound: 'Praktik dokter tidak ditemukan',
});
export const DOCTOR_SCHEDULE = entity({
  name: 'doctors.schedule',
  table: 'doctor_schedule',
  branchColumn: 'profile_id',
  notFound: 'Jadwal dokter tidak ditemukan',
});
export const SCHEDULE_CLOSED = entity({
  name: 'doctors.closed',
  table: 'schedule_closed',
  branchColumn: 'profile_id',
  notFound: 'Tanggal libur tidak ditemukan',
});
/** A doctor practising in the current branch (doctor_practice.doctor_id): a reservation's or schedule's doctor. */
export const PRACTISING_DOCTOR = entity({
  name: 'doctors.practising',
  table: 'doctor_practice',
  idColumn: 'doctor_id',
  branchColumn: 'profile_id',
  notFound: 'Dokter tidak praktik di cabang ini',
});
export const doctorsEntities = [DOCTOR_PRACTICE, DOCTOR_SCHEDULE, SCHEDULE_CLOSED, PRACTISING_DOCTOR];
