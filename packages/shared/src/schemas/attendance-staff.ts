import { z, rupiah } from './common.js';
import { PTKP_STATUSES } from '../payroll/rules.js';
import { EMPLOYMENT_TYPES } from '../payroll/year.js';

/**
 * Attendance and payroll (issue 15). Field names follow the issue's REST contract; amounts are rupiah in the API.
 */

export const ptkpStatus = z.enum(PTKP_STATUSES, {
  error: 'Status PTKP harus salah satu dari TK/0 sampai TK/3 atau K/0 sampai K/3',
});

export const employmentType = z.enum(EMPLOYMENT_TYPES, {
  error: 'Jenis pegawai harus tetap, tidak_tetap atau bukan_pegawai',
});

const monthNumber = z
  .number({ error: 'Bulan harus berupa angka 1 sampai 12' })
  .int('Bulan harus berupa angka 1 sampai 12')
  .min(1, 'Bulan harus berupa angka 1 sampai 12')
  .max(12, 'Bulan harus berupa angka 1 sampai 12');

/** POST /api/attendance/payroll/pph21: the PPh 21 simulator (same engine as the payroll run). */
export const pph21SimInput = z
  .object({
    ptkp: ptkpStatus,
    employment: employmentType,
    start_month: monthNumber.optional(),
    /** Tax year whose rules apply (default: this year). */
    year: z
      .number({ error: 'Tahun harus berupa angka' })
      .int('Tahun harus berupa angka')
      .min(2024, 'Tahun minimal 2024 (tarif efektif PP 58/2023)')
      .max(2100, 'Tahun tidak valid')
      .optional(),
    months: z
      .array(
        z.object({
          month: monthNumber,
          bruto: rupiah,
          /** Employee-paid JHT + JP of the month (reduces neto in the annual recomputation). */
          iuran_pensiun: rupiah.optional(),
        }),
        { error: 'Daftar bulan wajib diisi' },
      )
      .min(1, 'Isi penghasilan minimal satu bulan')
      .max(12, 'Maksimal 12 bulan'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.months.forEach((m, i) => {
      if (seen.has(m.month)) {
        ctx.addIssue({
          code: 'custom',
          message: `Bulan ${m.month} diisi lebih dari sekali`,
          path: ['months', i, 'month'],
        });
      }
      seen.add(m.month);
    });
    if (v.start_month !== undefined && v.months.some((m) => m.month < v.start_month!)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Bulan mulai bekerja tidak boleh setelah bulan penghasilan pertama',
        path: ['start_month'],
      });
    }
  });
export type Pph21SimInput = z.infer<typeof pph21SimInput>;

export interface Pph21SimMonth {
  month: number;
  bruto: number;
  /** TER category (A/B/C); null for bukan pegawai. */
  category: 'A' | 'B' | 'C' | null;
  /** Percent: the TER rate of the month's gross; for bukan pegawai the top Pasal 17 rate reached. */
  rate: number;
  pph21: number;
}

export interface Pph21SimLast {
  month: number;
  bulan_kerja: number;
  bruto_setahun: number;
  biaya_jabatan: number;
  iuran_pensiun: number;
  neto: number;
  ptkp: number;
  pkp: number;
  pph_setahun: number;
  dipotong: number;
  pph21: number;
}

export interface Pph21SimResult {
  year: number;
  months: Pph21SimMonth[];
  last: Pph21SimLast | null;
  total_pph21: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Masters, employees, roster, punches, daily attendance
// ---------------------------------------------------------------------------------------------------------------

export const status01 = z.coerce
  .number({ error: 'Status harus 0 atau 1' })
  .int()
  .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
  .default(1);

const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z
      .string({ error: `${label} tidak valid` })
      .max(max, `${label} maksimal ${max} karakter`)
      .nullable()
      .optional(),
  );

export const name = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Nama wajib diisi' }).min(1, 'Nama wajib diisi').max(max, `Nama maksimal ${max} karakter`),
  );

export const departmentInput = z.object({ name: name(80), status: status01 });
export type DepartmentInput = z.infer<typeof departmentInput>;

const hhmm = z
  .string({ error: 'Jam wajib diisi (JJ:MM)' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Jam tidak valid (format JJ:MM, 00:00 sampai 23:59)');

const minutes = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} harus berupa angka menit` })
    .int(`${label} harus bilangan bulat menit`)
    .min(0, `${label} tidak boleh negatif`)
    .max(max, `${label} maksimal ${max} menit`);

export const shiftInput = z
  .object({
    name: name(60),
    start_time: hhmm,
    end_time: hhmm,
    break_minutes: minutes('Istirahat', 240).default(0),
    crosses_midnight: z.boolean({ error: 'Lewat tengah malam harus ya atau tidak' }).default(false),
    late_tolerance: minutes('Toleransi terlambat', 240).default(0),
    status: status01,
  })
  .superRefine((v, ctx) => {
    if (!v.crosses_midnight && v.end_time <= v.start_time) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: 'Jam selesai harus setelah jam mulai, atau tandai shift lewat tengah malam',
      });
    }
    if (v.crosses_midnight && v.end_time >= v.start_time) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: 'Shift lewat tengah malam harus selesai lebih awal dari jam mulainya (keesokan hari)',
      });
    }
  });
export type ShiftInput = z.infer<typeof shiftInput>;

const digits = (len: number[], label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.replace(/[\s.-]/g, '') === '' ? null : v.replace(/[\s.-]/g, '')) : v),
    z
      .string({ error: `${label} tidak valid` })
      .refine((s) => /^\d+$/.test(s) && len.includes(s.length), `${label} harus ${len.join(' atau ')} digit angka`)
      .nullable()
      .optional(),
  );

const optionalId = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce.number({ error: 'Pilihan tidak valid' }).int().positive('Pilihan tidak valid').nullable().optional(),
);

const optionalDay = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: 'Tanggal tidak valid (format YYYY-MM-DD)' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal tidak valid (format YYYY-MM-DD)')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'Tanggal tidak valid')
    .nullable()
    .optional(),
);

/**
 * Employment data of a staff user (PUT /api/attendance/employees/:id). Salary in rupiah. The pay fields (salary
 * and bank) absent = unchanged; changing them needs payroll access and waits for a second person's approval.
 */
export const employeeInput = z
  .object({
    department_id: optionalId,
    position: text(80, 'Jabatan'),
    join_date: optionalDay,
    end_date: optionalDay,
    employment: employmentType,
    ptkp: ptkpStatus,
    npwp: digits([15, 16], 'NPWP'),
    nik: digits([16], 'NIK'),
    bpjs_kesehatan: digits([13], 'Nomor BPJS Kesehatan'),
    bpjs_ketenagakerjaan: digits([11], 'Nomor BPJS Ketenagakerjaan'),
    bank_name: text(60, 'Nama bank'),
    bank_account: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
      z
        .string({ error: 'Nomor rekening tidak valid' })
        .regex(/^[0-9 -]{5,40}$/, 'Nomor rekening hanya angka (5 sampai 40 karakter)')
        .nullable()
        .optional(),
    ),
    bank_holder: text(150, 'Nama pemilik rekening'),
    /** Absent = unchanged. A change of salary or bank goes through approval (employee.change_pay, issue 25). */
    base_salary: rupiah.optional(),
    attendance_code: text(50, 'Kode absensi'),
  })
  .superRefine((v, ctx) => {
    if (v.join_date && v.end_date && v.end_date < v.join_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Tanggal keluar tidak boleh sebelum tanggal masuk' });
    }
  });
export type EmployeeInput = z.infer<typeof employeeInput>;

export const employeeListQuery = z.object({
  keyword: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
  department: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  isallbranch: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

const day = z
  .string({ error: 'Tanggal wajib diisi (format YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Tanggal tidak valid (format YYYY-MM-DD)')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Tanggal tidak valid');

export const rosterQuery = z
  .object({ from: day, to: day })
  .refine((v) => v.to >= v.from, { path: ['to'], message: 'Tanggal akhir tidak boleh sebelum tanggal awal' })
  .refine((v) => (new Date(v.to).getTime() - new Date(v.from).getTime()) / 86_400_000 <= 62, {
    path: ['to'],
    message: 'Rentang roster maksimal 62 hari',
  });

export const rosterInput = z.object({
  items: z
    .array(
      z.object({
        employee: z.coerce.number({ error: 'Pegawai tidak valid' }).int().positive('Pegawai tidak valid'),
        date: day,
        /** null = day off (removes the day's shift). */
        shift: z.coerce.number({ error: 'Shift tidak valid' }).int().positive('Shift tidak valid').nullable(),
      }),
      { error: 'Daftar roster wajib diisi' },
    )
    .min(1, 'Isi roster minimal satu hari')
    .max(1000, 'Maksimal 1000 baris roster sekali simpan'),
});
export type RosterInput = z.infer<typeof rosterInput>;

/** Copies the roster of the 7 days from `from` onto the 7 days from `to`. */
export const rosterCopyInput = z
  .object({ from: day, to: day })
  .refine((v) => v.from !== v.to, { path: ['to'], message: 'Minggu tujuan harus berbeda dari minggu asal' });

export const officeInput = z.object({
  name: name(80),
  latitude: z.coerce
    .number({ error: 'Lintang harus berupa angka' })
    .min(-90, 'Lintang -90 sampai 90')
    .max(90, 'Lintang -90 sampai 90'),
  longitude: z.coerce
    .number({ error: 'Bujur harus berupa angka' })
    .min(-180, 'Bujur -180 sampai 180')
    .max(180, 'Bujur -180 sampai 180'),
  radius: z.coerce
    .number({ error: 'Radius harus berupa angka meter' })
    .int('Radius harus bilangan bulat meter')
    .min(10, 'Radius minimal 10 meter')
    .max(5000, 'Radius maksimal 5000 meter')
    .default(100),
  status: status01,
});
export type OfficeInput = z.infer<typeof officeInput>;

/** POST /api/attendance/checkin and /checkout. */
export const checkinInput = z
  .object({
    latitude: z.number({ error: 'Lintang harus berupa angka' }).min(-90).max(90).optional().nullable(),
    longitude: z.number({ error: 'Bujur harus berupa angka' }).min(-180).max(180).optional().nullable(),
  })
  .refine((v) => (v.latitude == null) === (v.longitude == null), {
    path: ['longitude'],
    message: 'Lintang dan bujur harus diisi bersama',
  });
export type CheckinInput = z.infer<typeof checkinInput>;

export const dailyQuery = z.object({
  date: day,
  isallbranch: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
});
export type DailyQuery = z.infer<typeof dailyQuery>;

/** A device log import (the machine's text export); the checklog page reads the chosen file into `text`. */
export const checklogImportInput = z.object({
  text: z.string({ error: 'File log absensi wajib diunggah' }).max(10_000_000),
  /** The uploaded file's name, recorded with the import (checklog_import); absent for pasted text. */
  file_name: z.string().trim().max(200, 'Nama file paling panjang 200 karakter').optional(),
});
export type ChecklogImportInput = z.infer<typeof checklogImportInput>;

/**
 * How many days back an imported device log may reach (issue 25 finding 7): a device is read out at least weekly;
 * an older day is changed through a correction, which waits for approval. The owner may set 1 to 62 days per branch.
 */
export const DEFAULT_PUNCH_IMPORT_MAX_DAYS = 7;
export const PUNCH_IMPORT_MAX_DAYS_LIMIT = 62;
export const checklogSettingInput = z.object({
  punch_import_max_days: z.coerce
    .number({ error: 'Batas umur log wajib diisi' })
    .int('Batas umur log harus bilangan bulat')
    .min(1, 'Batas umur log paling sedikit 1 hari')
    .max(PUNCH_IMPORT_MAX_DAYS_LIMIT, `Batas umur log paling lama ${PUNCH_IMPORT_MAX_DAYS_LIMIT} hari`),
});
export type ChecklogSettingInput = z.infer<typeof checklogSettingInput>;
export interface ChecklogSettingDto {
  punch_import_max_days: number;
}

export const checklogListQuery = z
  .object({
    from: day,
    to: day,
    keyword: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100).optional()),
    isallbranch: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional()),
    page: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(1)),
    limit: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(500).default(50)),
  })
  .refine((v) => v.to >= v.from, { path: ['to'], message: 'Tanggal akhir tidak boleh sebelum tanggal awal' });
export type ChecklogListQuery = z.infer<typeof checklogListQuery>;

export const LEAVE_KINDS = ['cuti', 'sakit', 'izin'] as const;
export type LeaveKind = (typeof LEAVE_KINDS)[number];
export const LEAVE_KIND_LABELS: Record<LeaveKind, string> = { cuti: 'Cuti', sakit: 'Sakit', izin: 'Izin' };

/** POST /api/attendance/leave: a manager records leave, sick or permitted absence of a day, with the reason. */
export const leaveInput = z.object({
  employee: z.coerce.number({ error: 'Pegawai wajib dipilih' }).int().positive('Pegawai wajib dipilih'),
  date: day,
  kind: z.enum(LEAVE_KINDS, { error: 'Jenis harus cuti, sakit atau izin' }),
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Alasan wajib diisi' })
      .min(3, 'Alasan wajib diisi (minimal 3 karakter)')
      .max(500, 'Alasan maksimal 500 karakter'),
  ),
});
export type LeaveInput = z.infer<typeof leaveInput>;

export const DAILY_STATUSES = [
  'hadir',
  'terlambat',
  'tidak_hadir',
  'belum_hadir',
  'libur',
  'belum_pulang',
  'cuti',
  'sakit',
  'izin',
] as const;
export type DailyStatus = (typeof DAILY_STATUSES)[number];
export const DAILY_STATUS_LABELS: Record<DailyStatus, string> = {
  hadir: 'Hadir',
  terlambat: 'Terlambat',
  tidak_hadir: 'Tidak hadir',
  belum_hadir: 'Belum hadir',
  libur: 'Libur',
  belum_pulang: 'Belum absen pulang',
  cuti: 'Cuti',
  sakit: 'Sakit',
  izin: 'Izin',
};

/** The statuses a manager may set on a day by correction (the others are computed). */
export const CORRECTION_STATUSES = ['hadir', 'terlambat', 'tidak_hadir', 'libur', 'cuti', 'sakit', 'izin'] as const;
const correctionTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Jam harus berformat JJ:MM')
    .optional(),
);

/**
 * A manager's correction of an employee's day (issue 15), carried out only when approved (approval engine): the
 * corrected check-in / check-out (local times of the branch; a check-out at or before the check-in is the next
 * day) and/or status, with a required reason. The original punches are never changed.
 */
const attendanceCorrectionObject = z.object({
  employee: z.coerce.number({ error: 'Pegawai wajib dipilih' }).int().positive('Pegawai wajib dipilih'),
  date: day,
  check_in: correctionTime,
  check_out: correctionTime,
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(CORRECTION_STATUSES, { error: 'Status tidak valid' }).optional(),
  ),
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Alasan koreksi wajib diisi' })
      .min(3, 'Alasan koreksi wajib diisi (minimal 3 karakter)')
      .max(500, 'Alasan maksimal 500 karakter'),
  ),
});
const hasChange = (v: { check_in?: string; check_out?: string; status?: string }) =>
  v.check_in !== undefined || v.check_out !== undefined || v.status !== undefined;
const NO_CHANGE = { path: ['check_in'], message: 'Isi jam masuk, jam pulang atau status yang dikoreksi' };
export const attendanceCorrectionInput = attendanceCorrectionObject.refine(hasChange, NO_CHANGE);
/** The daily page's dialog: the same rules without the employee and day (the row and the page give them). */
export const attendanceCorrectionForm = attendanceCorrectionObject
  .omit({ employee: true, date: true })
  .refine(hasChange, NO_CHANGE);
export type AttendanceCorrectionInput = z.infer<typeof attendanceCorrectionInput>;
