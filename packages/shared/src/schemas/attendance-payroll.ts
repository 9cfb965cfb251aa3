/** Attendance and payroll (issue 15): the payroll's components, groups and runs. */
import { z, percent, rupiah } from './common.js';
import { status01, name } from './attendance-staff.js';

// ---------------------------------------------------------------------------------------------------------------
// Payroll: components, groups, runs
// ---------------------------------------------------------------------------------------------------------------

export const COMPONENT_KINDS = ['earning', 'deduction'] as const;
export const COMPONENT_METHODS = ['fixed', 'per_day', 'per_late_minute', 'percent_base', 'thr'] as const;
export const COMPONENT_KIND_LABELS: Record<(typeof COMPONENT_KINDS)[number], string> = {
  earning: 'Pendapatan',
  deduction: 'Potongan',
};
export const COMPONENT_METHOD_LABELS: Record<(typeof COMPONENT_METHODS)[number], string> = {
  fixed: 'Tetap per bulan',
  per_day: 'Per hari hadir',
  per_late_minute: 'Per menit terlambat',
  percent_base: 'Persen gaji pokok',
  thr: 'THR (1 bulan gaji pokok, prorata masa kerja)',
};

export const componentInput = z
  .object({
    name: name(80),
    kind: z.enum(COMPONENT_KINDS, { error: 'Jenis harus pendapatan (earning) atau potongan (deduction)' }),
    method: z.enum(COMPONENT_METHODS, {
      error: 'Cara hitung harus fixed, per_day, per_late_minute, percent_base atau thr',
    }),
    amount: rupiah.default(0),
    /** Percent of the base salary for percent_base (e.g. 5 = 5%). */
    rate: percent().default(0),
    taxable: z.boolean({ error: 'Kena pajak harus ya atau tidak' }).default(true),
    bpjs_base: z.boolean({ error: 'Dasar BPJS harus ya atau tidak' }).default(false),
    status: status01,
  })
  .superRefine((v, ctx) => {
    if (v.method === 'percent_base' && v.rate <= 0) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Isi persen gaji pokok' });
    }
    if (v.method !== 'percent_base' && v.method !== 'thr' && v.amount <= 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Isi nominal komponen' });
    }
  });
export type ComponentInput = z.infer<typeof componentInput>;

export const groupInput = z.object({
  name: name(80),
  cutoff_day: z.coerce
    .number({ error: 'Tanggal tutup buku harus berupa angka' })
    .int('Tanggal tutup buku harus bilangan bulat')
    .min(0, 'Tanggal tutup buku 0 (akhir bulan) sampai 28')
    .max(28, 'Tanggal tutup buku 0 (akhir bulan) sampai 28')
    .default(0),
  components: z.array(z.coerce.number().int().positive('Komponen tidak valid')).max(50).default([]),
  members: z.array(z.coerce.number().int().positive('Pegawai tidak valid')).max(1000).default([]),
  status: status01,
});
export type GroupInput = z.infer<typeof groupInput>;

export const payrollRunInput = z.object({
  period: z
    .string({ error: 'Periode wajib diisi (format YYYY-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periode tidak valid (format YYYY-MM)'),
  group: z.coerce.number({ error: 'Group slip gaji wajib dipilih' }).int().positive('Group slip gaji wajib dipilih'),
});
export type PayrollRunInput = z.infer<typeof payrollRunInput>;

/** 2 = superseded: an approved run whose correction was approved (still locked, its journal kept). */
export const PAYROLL_RUN_STATUS_LABELS: Record<number, string> = { 0: 'Draft', 1: 'Disetujui', 2: 'Dikoreksi' };
