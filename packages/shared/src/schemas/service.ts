/**
 * Service front desk (issue 11): the vocabulary and the visit state machine every screen and the server share.
 * The database keeps the same rules (drizzle/0016_service_rules.sql); a change here needs a migration there.
 * Input schemas of the service endpoints live in service-*.ts beside this file.
 */

/** Reservation statuses: booked -> datang (checked in) | batal (cancelled, with a reason) | tidak_datang (no-show). */
export const RESERVATION_STATUSES = ['booked', 'datang', 'batal', 'tidak_datang'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABEL: Record<ReservationStatus, string> = {
  booked: 'Terjadwal',
  datang: 'Datang',
  batal: 'Batal',
  tidak_datang: 'Tidak Datang',
};

/** Kinds of visit (spec: konsultasi, tindakan, pemakaian paket). */
export const VISIT_KINDS = ['konsultasi', 'tindakan', 'paket'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];
export const VISIT_KIND_LABEL: Record<VisitKind, string> = {
  konsultasi: 'Konsultasi',
  tindakan: 'Tindakan',
  paket: 'Pemakaian Paket',
};

export const VISIT_STATUSES = ['menunggu', 'dipanggil', 'diperiksa', 'selesai', 'batal'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_LABEL: Record<VisitStatus, string> = {
  menunggu: 'Menunggu',
  dipanggil: 'Dipanggil',
  diperiksa: 'Diperiksa',
  selesai: 'Selesai',
  batal: 'Batal',
};

/** The one visit state machine: menunggu -> dipanggil -> diperiksa -> selesai; batal from the first three. */
export const VISIT_TRANSITIONS: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = {
  menunggu: ['dipanggil', 'batal'],
  dipanggil: ['diperiksa', 'batal'],
  diperiksa: ['selesai', 'batal'],
  selesai: [],
  batal: [],
};

export function canTransitionVisit(from: VisitStatus, to: VisitStatus): boolean {
  return VISIT_TRANSITIONS[from].includes(to);
}

/** The Indonesian refusal of a transition the state machine does not allow (409). */
export function visitTransitionMessage(from: VisitStatus, to: VisitStatus): string {
  return `Status kunjungan tidak dapat diubah dari ${VISIT_STATUS_LABEL[from]} ke ${VISIT_STATUS_LABEL[to]}`;
}

/** Spec 9: 4 bookings per time slot (the default capacity of a schedule). */
export const DEFAULT_SLOT_CAPACITY = 4;
export const DEFAULT_SLOT_MINUTES = 30;

/** Day of week as stored in doctor_schedule (ISO: 1 Senin .. 7 Minggu). */
export const DAY_OF_WEEK_LABEL: Record<number, string> = {
  1: 'Senin',
  2: 'Selasa',
  3: 'Rabu',
  4: 'Kamis',
  5: 'Jumat',
  6: 'Sabtu',
  7: 'Minggu',
};

/** 409 for a slot with no place left; `label` names the slot, e.g. 'dr. Andi 24-11-2026 09:00'. */
export function slotFullMessage(label: string): string {
  return `Slot ${label} sudah penuh`;
}
