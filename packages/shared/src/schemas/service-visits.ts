import {
  branchIdsParam,
  dateString,
  emptyToUndefined,
  idOf,
  optionalDate,
  optionalText,
  pageQuery,
  plainString,
  z,
} from './common.js';
import { VISIT_KINDS, VISIT_STATUSES, type VisitKind, type VisitStatus } from './service.js';
import type { VisitPayStatus } from './kasir.js';

/**
 * Visits (issue 11 items 3 and 4): registration ('Registrasi Visit'), the treatment queue ('Antrian Perawatan'),
 * the doctor's and nurse's worklists, the waiting-room display and the visit history ('Kunjungan').
 * The state machine itself is in service.ts (VISIT_TRANSITIONS).
 */

const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional().nullable());

/** POST /api/service/visit: a walk-in, or the check-in of today's reservation (`reservation`). */
export const visitInput = z
  .object({
    customer: idOf('Pilih pasien'),
    doctor: idOf('Pilih dokter'),
    kind: z.enum(VISIT_KINDS, { error: 'Pilih jenis kunjungan' }),
    complaint: optionalText(2000),
    reservation: optionalId('Reservasi tidak valid'),
    /** Pemakaian paket: the patient's active package registration the visit uses (slots are used later). */
    paket_membership: optionalId('Pilih paket pasien'),
    /** 'Butuh foto': the visit shows in the multimedia queue. */
    needs_multimedia: z.boolean({ error: 'Harus ya atau tidak' }).optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'paket' && !v.paket_membership)
      ctx.addIssue({ code: 'custom', path: ['paket_membership'], message: 'Pilih paket pasien' });
    if (v.kind !== 'paket' && v.paket_membership)
      ctx.addIssue({
        code: 'custom',
        path: ['paket_membership'],
        message: 'Paket hanya untuk kunjungan Pemakaian Paket',
      });
  });
export type VisitInput = z.input<typeof visitInput>;
export type VisitInputParsed = z.output<typeof visitInput>;

/** POST /api/service/visit/{id}/status: one step of the state machine; batal needs a reason. */
export const visitStatusInput = z
  .object({
    status: z.enum(VISIT_STATUSES, { error: 'Status tidak valid' }),
    reason: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'batal' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Alasan pembatalan wajib diisi' });
  });
export type VisitStatusInput = z.input<typeof visitStatusInput>;

const optionalStatus = z.preprocess(
  emptyToUndefined,
  z.enum(VISIT_STATUSES, { error: 'Status tidak valid' }).optional(),
);
const optionalQueryId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional());

/** GET /api/service/visit?date=&status=&doctor=: one day's queue (default today), unpaged. */
export const visitQueueQuery = z.object({
  date: optionalDate,
  status: optionalStatus,
  doctor: optionalQueryId('Dokter tidak valid'),
  /** The signed-in user's own worklist: 'doctor' (visits where I am the doctor), 'nurse' (treatments mine or unassigned). */
  mine: z.preprocess(emptyToUndefined, z.enum(['doctor', 'nurse'], { error: 'Pilihan tidak valid' }).optional()),
});
export type VisitQueueQuery = z.input<typeof visitQueueQuery>;

/** The visit history ('Kunjungan'): date range, doctor, status, patient keyword, server pages. */
const visitHistoryFields = {
  ...pageQuery,
  fromdate: optionalDate,
  todate: optionalDate,
  status: optionalStatus,
  doctor: optionalQueryId('Dokter tidak valid'),
  kind: z.preprocess(emptyToUndefined, z.enum(VISIT_KINDS, { error: 'Jenis tidak valid' }).optional()),
};
const rangeInOrder = (v: { fromdate?: string | null; todate?: string | null }, ctx: z.RefinementCtx) => {
  if (v.fromdate && v.todate && v.fromdate > v.todate)
    ctx.addIssue({ code: 'custom', path: ['todate'], message: 'Tanggal akhir sebelum tanggal awal' });
};
export const visitHistoryQuery = z.object(visitHistoryFields).superRefine(rangeInOrder);
export type VisitHistoryQuery = z.input<typeof visitHistoryQuery>;
/** /backoffice/kunjungan (issue 30): the same filters over the branches named by profile_id (none: every branch). */
export const backofficeVisitQuery = z
  .object({ ...visitHistoryFields, profile_id: branchIdsParam })
  .superRefine(rangeInOrder);
export type BackofficeVisitQuery = z.input<typeof backofficeVisitQuery>;

export const visitOptionsQuery = z.object({
  customer: idOf('Pilih pasien'),
});
export const visitCustomerSearch = z.object({
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    plainString().min(2, 'Ketik minimal 2 huruf').max(100),
  ),
});
export const visitDisplayQuery = z.object({ date: z.preprocess(emptyToUndefined, dateString.optional()) });

export interface VisitDto {
  id: number;
  profile_id: number;
  code: string;
  visit_date: string;
  queue_number: number;
  customer: { id: number; name: string; username: string | null; phone: string | null };
  doctor: { id: number; name: string };
  nurse: { id: number; name: string } | null;
  kind: VisitKind;
  complaint: string | null;
  reservation: { id: number; code: string; time: string } | null;
  paket_membership: { id: number; code: string } | null;
  needs_multimedia: boolean;
  status: VisitStatus;
  /** Derived from the cashier's payment rows (kasir_visit_pay_status): never stored on the visit. */
  pay_status: VisitPayStatus;
  called_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  follow_up_date: string | null;
  created_at: string;
}

/** POST /api/service/visit answer (REST contract). */
export interface VisitCreated {
  id: number;
  code: string;
  queue_number: number;
  status: VisitStatus;
}

/** A reservation of today that can be checked in. */
export interface VisitReservationOption {
  id: number;
  code: string;
  time: string;
  customer: { id: number; name: string; username: string | null };
  doctor: { id: number; name: string };
}
export interface VisitDoctorOption {
  id: number;
  name: string;
}
export interface VisitCustomerOption {
  id: number;
  name: string;
  username: string | null;
  phone: string | null;
}
/** An active package registration of the patient with slots left (pemakaian paket). */
export interface VisitPaketOption {
  id: number;
  code: string;
  name: string;
  left_slot: number;
}

/** The waiting-room display: per doctor the number being called/examined and who waits, initials only. */
export interface VisitDisplayRow {
  doctor: { id: number; name: string };
  current: { queue_number: number; initials: string; status: VisitStatus }[];
  waiting: number;
  next: number[];
}

/** 'Budi Santoso' -> 'B.S.': what the waiting-room display shows of a patient. */
export function nameInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0].toUpperCase() + '.')
    .join('');
}

export const VISIT_EVENT_CHANNEL = 'visit';
