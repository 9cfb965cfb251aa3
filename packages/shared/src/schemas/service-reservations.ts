import {
  z,
  dateString,
  emptyToUndefined,
  hasForbiddenChars,
  idOf,
  optionalText,
  pageQuery,
  plainString,
  requiredText,
} from './common.js';
import { RESERVATION_STATUSES, type ReservationStatus } from './service.js';

/**
 * Issue 11 items 1, 2 and 6: doctors' practice and schedules, reservations into slots, reminders.
 * The vocabulary (statuses, labels, capacity, the 'sudah penuh' message) is in service.ts beside this file.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A clock time HH:MM (24 h). */
export const timeString = z.string({ error: 'Wajib diisi' }).regex(TIME, 'Jam tidak valid (format JJ:MM)');
const optionalKeyword = z.preprocess(emptyToUndefined, plainString().trim().max(100).optional());
const optionalId = (message: string) => z.preprocess(emptyToUndefined, idOf(message).optional());
const optionalDateQ = z.preprocess(emptyToUndefined, dateString.optional());

// ---------------------------------------------------------------------------------------------- doctors master

/** A doctor's practice in the current branch (the doctor may be a doctor account of any branch). */
export const doctorPracticeInput = z.object({
  doctor_id: idOf('Dokter wajib dipilih'),
  sip_number: optionalText(60),
  specialization: optionalText(100),
  status: z.union([z.literal(0), z.literal(1)], { error: 'Status tidak valid' }).default(1),
});
export type DoctorPracticeInput = z.infer<typeof doctorPracticeInput>;

export const doctorScheduleInput = z
  .object({
    doctor_id: idOf('Dokter wajib dipilih'),
    day_of_week: z.coerce
      .number({ error: 'Hari wajib dipilih' })
      .int('Hari tidak valid')
      .min(1, 'Hari tidak valid')
      .max(7, 'Hari tidak valid'),
    start_time: timeString,
    end_time: timeString,
    slot_minutes: z.coerce
      .number({ error: 'Durasi slot wajib diisi' })
      .int('Durasi slot harus bilangan bulat')
      .min(5, 'Durasi slot minimal 5 menit')
      .max(240, 'Durasi slot maksimal 240 menit')
      .default(30),
    capacity: z.coerce
      .number({ error: 'Kapasitas wajib diisi' })
      .int('Kapasitas harus bilangan bulat')
      .min(1, 'Kapasitas minimal 1')
      .max(50, 'Kapasitas maksimal 50')
      .default(4),
    status: z.union([z.literal(0), z.literal(1)], { error: 'Status tidak valid' }).default(1),
  })
  .superRefine((v, ctx) => {
    if (v.start_time >= v.end_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'Jam selesai harus setelah jam mulai' });
  });
export type DoctorScheduleInput = z.infer<typeof doctorScheduleInput>;

/** A closed date: doctor_id set = that doctor's day off, null/blank = the whole branch is closed. */
export const scheduleClosedInput = z.object({
  doctor_id: optionalId('Dokter tidak valid'),
  date: dateString,
  reason: optionalText(200),
});
export type ScheduleClosedInput = z.infer<typeof scheduleClosedInput>;

export const doctorListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type DoctorListQuery = z.infer<typeof doctorListQuery>;

/** /dashboard/stakeholder/{doctor|pegawai}: keyword search. */
export const stakeholderListQuery = z.object({ ...pageQuery });
export type StakeholderListQuery = z.infer<typeof stakeholderListQuery>;

// ---------------------------------------------------------------------------------------------- reservations

export const findDoctorScheduleQuery = z.object({
  date: dateString,
  doctor: idOf('Dokter wajib dipilih'),
});
export type FindDoctorScheduleQuery = z.infer<typeof findDoctorScheduleQuery>;

/** Every doctor's slots of the branch for a date range (the 'Jadwal Registrasi' calendar), at most 7 days. */
export const scheduleRangeQuery = z
  .object({ from: dateString, to: dateString, doctor: optionalId('Dokter tidak valid') })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Tanggal akhir sebelum tanggal awal' });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > 6)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Rentang paling lama 7 hari' });
  });
export type ScheduleRangeQuery = z.infer<typeof scheduleRangeQuery>;

export const keywordQuery = z.object({ keyword: optionalKeyword });
export type KeywordQuery = z.infer<typeof keywordQuery>;

export const reservationInput = z.object({
  customer: idOf('Pasien wajib dipilih'),
  doctor: idOf('Dokter wajib dipilih'),
  date: dateString,
  time: timeString,
  note: optionalText(500),
});
export type ReservationInput = z.infer<typeof reservationInput>;

/** The three shapes of a reservation update, each on its own for the form that sends it (issue 9 item 5). */
export const reservationCancelInput = z.object({ status: z.literal('batal'), reason: requiredText(500) });
export const reservationNoShowInput = z.object({ status: z.literal('tidak_datang') });
export const reservationMoveInput = z.object({
  date: dateString,
  time: timeString,
  doctor: optionalId('Dokter tidak valid'),
});

/** PUT /api/service/reservation/{id}: cancel with a reason, mark no-show, or reschedule to another date/time. */
export const reservationUpdateInput = z.union([reservationCancelInput, reservationNoShowInput, reservationMoveInput]);
export type ReservationUpdateInput = z.infer<typeof reservationUpdateInput>;

export const reservationListQuery = z.object({
  ...pageQuery,
  from: optionalDateQ,
  to: optionalDateQ,
  doctor: optionalId('Dokter tidak valid'),
  status: z.preprocess(emptyToUndefined, z.enum(RESERVATION_STATUSES, { error: 'Status tidak valid' }).optional()),
});
export type ReservationListQuery = z.infer<typeof reservationListQuery>;

export interface SlotDto {
  time: string;
  end: string;
  capacity: number;
  booked: number;
  available: boolean;
}

export interface ReservationDto {
  id: number;
  code: string;
  customer: number;
  customer_name: string;
  customer_username: string;
  customer_phone: string | null;
  doctor: number;
  doctor_name: string;
  date: string;
  time: string;
  end: string;
  status: ReservationStatus;
  note: string | null;
  cancel_reason: string | null;
  reminded_at: string | null;
  created_at: string;
}

// ---------------------------------------------------------------------------------------------- reminders

export const reminderQuery = z.object({ date: z.preprocess(emptyToUndefined, dateString.optional()) });
export type ReminderQuery = z.infer<typeof reminderQuery>;

export const reminderMarkInput = z.object({
  kind: z.enum(['reservation', 'followup'], { error: 'Jenis pengingat tidak valid' }),
  id: idOf('Id tidak valid'),
});
export type ReminderMarkInput = z.infer<typeof reminderMarkInput>;

export interface ReminderDto {
  kind: 'reservation' | 'followup';
  id: number;
  customer: number;
  customer_name: string;
  phone: string | null;
  doctor_name: string;
  date: string;
  time: string | null;
  reminded_at: string | null;
  wa_link: string | null;
  message: string;
  /** The latest sending through the branch's gateway, when there was one. */
  delivery: ReminderDeliveryDto | null;
}

// ---------------------------------------------------------------------------------------------- reminder gateway

/**
 * The optional WhatsApp/SMS gateway of a branch (issue 11 item 6). 'webhook': a generic HTTP endpoint — the JSON API
 * Indonesian WhatsApp gateways (Fonnte, Wablas, Zenziva) expose: POST to the URL with the token in a header and the
 * body `{ target, message }`.
 */
export const REMINDER_GATEWAY_PROVIDERS = ['webhook'] as const;
export type ReminderGatewayProvider = (typeof REMINDER_GATEWAY_PROVIDERS)[number];
export const REMINDER_GATEWAY_PROVIDER_LABEL: Record<ReminderGatewayProvider, string> = {
  webhook: 'Webhook (HTTP JSON: Fonnte, Wablas, Zenziva, ...)',
};
export const REMINDER_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type ReminderDeliveryStatus = (typeof REMINDER_DELIVERY_STATUSES)[number];
export const REMINDER_DELIVERY_STATUS_LABEL: Record<ReminderDeliveryStatus, string> = {
  queued: 'Dalam antrian',
  sent: 'Terkirim',
  failed: 'Gagal',
};

/** https://..., or plain http only to this machine (a local gateway relay, the tests' fake gateway). */
export function isGatewayUrl(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return !!u.hostname;
  return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost');
}

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,59}$/;
/** Headers the request itself owns (framing, host, content, proxies, cookies): never the token's header. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept',
  'accept-encoding',
  'cookie',
  'forwarded',
  'proxy-authorization',
  'proxy-connection',
]);
const isReservedHeader = (s: string) => {
  const n = s.toLowerCase();
  return RESERVED_HEADERS.has(n) || n.startsWith('x-forwarded-') || n.startsWith('proxy-');
};
/** CR, LF or tab: never inside a URL (the URL parser drops them silently) or a header value (header injection). */
const hasLineBreak = (s: string) => /[\r\n\t]/.test(s);

export const reminderGatewayInput = z.object({
  enabled: z.boolean({ error: 'Status aktif wajib dipilih' }),
  provider: z.enum(REMINDER_GATEWAY_PROVIDERS, { error: 'Jenis gateway tidak valid' }),
  url: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'URL gateway wajib diisi' })
      .min(1, 'URL gateway wajib diisi')
      .max(500, 'URL gateway paling panjang 500 karakter')
      .refine((s) => !hasForbiddenChars(s) && !hasLineBreak(s), 'URL gateway tidak valid')
      .refine(isGatewayUrl, 'URL gateway harus alamat https:// yang valid'),
  ),
  token_header: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Nama header token wajib diisi' })
      .min(1, 'Nama header token wajib diisi')
      .regex(HEADER_NAME, 'Nama header token hanya huruf, angka dan tanda - (paling panjang 60)')
      .refine((s) => !isReservedHeader(s), 'Nama header ini dipakai oleh permintaan itu sendiri, pilih yang lain'),
  ),
  /** A new token; blank keeps the stored one (the stored token is never sent back). */
  token: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v),
    plainString()
      .max(500, 'Token paling panjang 500 karakter')
      .refine((s) => !hasLineBreak(s), 'Token tidak boleh berisi baris baru')
      .optional(),
  ),
});
export type ReminderGatewayInput = z.infer<typeof reminderGatewayInput>;

export interface ReminderGatewayDto {
  enabled: boolean;
  provider: ReminderGatewayProvider;
  url: string;
  token_header: string;
  /** Whether a token is stored, and its masked form (the token itself never leaves the server). */
  token_set: boolean;
  token_masked: string | null;
  updated_at: string;
}

export interface ReminderDeliveryDto {
  id: number;
  kind: 'reservation' | 'followup';
  reminder: number;
  target: string;
  status: ReminderDeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
}

export const reminderSendAllInput = z.object({ date: z.preprocess(emptyToUndefined, dateString.optional()) });
export type ReminderSendAllInput = z.infer<typeof reminderSendAllInput>;

/** The prefilled WhatsApp message of a reminder (spec 7: clinic, doctor, date and time). */
export function reminderMessage(r: {
  kind: 'reservation' | 'followup';
  customer_name: string;
  clinic: string;
  doctor_name: string;
  date: string;
  time: string | null;
}): string {
  const [y, m, d] = r.date.split('-');
  const when = `${d}-${m}-${y}${r.time ? ` pukul ${r.time}` : ''}`;
  const what = r.kind === 'reservation' ? 'reservasi' : 'jadwal kontrol';
  return (
    `Halo ${r.customer_name}, kami dari ${r.clinic} mengingatkan ${what} Anda dengan ${r.doctor_name} ` +
    `pada ${when}. Mohon datang 15 menit lebih awal. Terima kasih.`
  );
}
