import { sql } from 'drizzle-orm';
import {
  pgTable,
  bigserial,
  integer,
  smallint,
  text,
  varchar,
  boolean,
  bigint,
  doublePrecision,
  primaryKey,
  index,
  uniqueIndex,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { profile, users } from './core.js';
import * as col from './columns.js';

/** Attendance and payroll (issue 15): departments, employment data, shifts, rosters, offices, punches, settings. */

/** /attendance/master/department: per branch. */
export const department = pgTable(
  'department',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 80 }).notNull(),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [uniqueIndex('department_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`)],
);

/**
 * Employment data of a staff user (one row per user, in the user's branch). Salary in sen. `end_date` is the last
 * day worked (the month of it is the employee's last tax period of the year).
 */
export const employee = pgTable(
  'employee',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    profile_id: col.branch(),
    department_id: integer('department_id').references(() => department.id),
    position: varchar('position', { length: 80 }),
    join_date: col.day('join_date'),
    end_date: col.day('end_date'),
    employment: varchar('employment', { length: 20 }).notNull().default('tetap'),
    ptkp: varchar('ptkp', { length: 5 }).notNull().default('TK/0'),
    npwp: varchar('npwp', { length: 22 }),
    nik: varchar('nik', { length: 16 }),
    bpjs_kesehatan: varchar('bpjs_kesehatan', { length: 20 }),
    bpjs_ketenagakerjaan: varchar('bpjs_ketenagakerjaan', { length: 20 }),
    bank_name: varchar('bank_name', { length: 60 }),
    bank_account: varchar('bank_account', { length: 40 }),
    bank_holder: varchar('bank_holder', { length: 150 }),
    base_salary: col.sen('base_salary'),
    ...col.timestamps,
  },
  (t) => [
    index('employee_profile_idx').on(t.profile_id),
    check('employee_employment_chk', sql`${t.employment} in ('tetap','tidak_tetap','bukan_pegawai')`),
    check('employee_ptkp_chk', sql`${t.ptkp} in ('TK/0','TK/1','TK/2','TK/3','K/0','K/1','K/2','K/3')`),
    check('employee_salary_chk', sql`${t.base_salary} >= 0`),
  ],
);

/** /attendance/master/schedule ('Shift'): local times of the branch; `crosses_midnight` when it ends the next day. */
export const shift = pgTable(
  'shift',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 60 }).notNull(),
    start_time: varchar('start_time', { length: 5 }).notNull(),
    end_time: varchar('end_time', { length: 5 }).notNull(),
    break_minutes: integer('break_minutes').notNull().default(0),
    crosses_midnight: col.flag('crosses_midnight'),
    late_tolerance: integer('late_tolerance').notNull().default(0),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('shift_profile_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    check('shift_minutes_chk', sql`${t.break_minutes} >= 0 and ${t.late_tolerance} >= 0`),
  ],
);

/** The roster: which shift an employee works on a day (no row = day off). */
export const roster = pgTable(
  'roster',
  {
    user_id: col.ref('user_id', () => users.id),
    date: col.day('date').notNull(),
    profile_id: col.branch(),
    shift_id: col.ref('shift_id', () => shift.id),
    updated_by: col.userRef('updated_by'),
    updated_at: col.updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.date] }), index('roster_profile_date_idx').on(t.profile_id, t.date)],
);

/**
 * Leave, sick and permitted absence (cuti, sakit, izin) of an employee on a day, entered by a manager with the reason.
 * Never deleted: a mistaken entry is cancelled (status 0, who and when kept); one active entry per employee and day.
 */
export const attendanceLeave = pgTable(
  'attendance_leave',
  {
    ...col.branchKeys(),
    user_id: col.ref('user_id', () => users.id),
    date: col.day('date').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    reason: text('reason').notNull(),
    status: col.activeStatus(),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    cancelled_by: col.userRef('cancelled_by'),
    cancelled_at: col.ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('attendance_leave_active_idx')
      .on(t.user_id, t.date)
      .where(sql`${t.status} = 1`),
    index('attendance_leave_profile_date_idx').on(t.profile_id, t.date),
    check('attendance_leave_kind_chk', sql`${t.kind} in ('cuti','sakit','izin')`),
  ],
);

/**
 * A manager's correction of an employee's day, written when its approval request is approved (issue 15). The punches
 * stay as they were; the daily view shows the latest correction of the day with its reason. Never changed or deleted.
 */
export const attendanceCorrection = pgTable(
  'attendance_correction',
  {
    ...col.branchKeys(),
    user_id: col.ref('user_id', () => users.id),
    date: col.day('date').notNull(),
    check_in: col.ts('check_in'),
    check_out: col.ts('check_out'),
    status: varchar('status', { length: 20 }),
    reason: text('reason').notNull(),
    requested_by: col.userRef('requested_by'),
    applog_id: integer('applog_id'),
    created_at: col.createdAt(),
  },
  (t) => [index('attendance_correction_day_idx').on(t.profile_id, t.date, t.user_id)],
);

/** /backoffice/attendance/office: office locations; a branch with an active office requires web check-in inside one. */
export const office = pgTable('office', {
  ...col.branchKeys(),
  name: varchar('name', { length: 80 }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  radius: integer('radius').notNull().default(100),
  status: col.activeStatus(),
  ...col.timestamps,
});

/**
 * Raw punches (/backoffice/attendance/checklog): from the fingerprint device's log or the web. Never changed or
 * deleted. A device punch whose code matches no employee keeps `user_id` null and is matched by code later.
 * `state`: 0 check-in, 1 check-out, 2 break-out, 3 break-in, 4 overtime-in, 5 overtime-out (device convention).
 */
export const checklog = pgTable(
  'checklog',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    profile_id: col.branch(),
    user_id: col.userRef('user_id'),
    attendance_code: varchar('attendance_code', { length: 50 }),
    punch_at: col.ts('punch_at').notNull(),
    state: smallint('state').notNull().default(0),
    source: varchar('source', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    created_by: col.userRef('created_by'),
    created_at: col.createdAt(),
    /** The import a device punch came in with (null for web punches and punches imported before 0055). */
    import_id: integer('import_id').references((): AnyPgColumn => checklogImport.id),
  },
  (t) => [
    uniqueIndex('checklog_device_punch_idx')
      .on(t.profile_id, t.attendance_code, t.punch_at)
      .where(sql`${t.source} = 'device'`),
    index('checklog_profile_time_idx').on(t.profile_id, t.punch_at),
    index('checklog_user_time_idx').on(t.user_id, t.punch_at),
    check('checklog_source_chk', sql`${t.source} in ('device','web')`),
  ],
);

/**
 * One device-log import (issue 25 finding 7): who imported, when, from what (kind 'file' with the uploaded file's
 * name, or 'text' pasted or sent as the request body), how many lines the file held and how many punches went in
 * (the rest were already stored). Each punch it stored names it (checklog.import_id). Never changed nor deleted.
 */
export const checklogImport = pgTable(
  'checklog_import',
  {
    ...col.branchKeys(),
    kind: varchar('kind', { length: 10 }).notNull(),
    file_name: varchar('file_name', { length: 200 }),
    line_count: integer('line_count').notNull(),
    imported: integer('imported').notNull().default(0),
    created_by: col.ref('created_by', () => users.id),
    created_at: col.createdAt(),
  },
  (t) => [
    index('checklog_import_profile_idx').on(t.profile_id, t.created_at),
    check('checklog_import_kind_chk', sql`${t.kind} in ('file','text')`),
    check(
      'checklog_import_count_chk',
      sql`${t.line_count} >= 0 and ${t.imported} >= 0 and ${t.imported} <= ${t.line_count}`,
    ),
  ],
);

/** Dated payroll settings (BPJS rates in basis points, wage caps in sen): the row with the latest `berlaku_mulai`. */
export const payrollSetting = pgTable(
  'payroll_setting',
  {
    id: col.serialId(),
    key: varchar('key', { length: 40 }).notNull(),
    berlaku_mulai: col.day('berlaku_mulai').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    note: text('note'),
    created_at: col.createdAt(),
  },
  (t) => [uniqueIndex('payroll_setting_key_day_idx').on(t.key, t.berlaku_mulai)],
);

/**
 * /attendance/master/payrollcomponent: earnings and deductions of a branch. `method`: fixed (amount a month),
 * per_day (amount per day present), per_late_minute (amount per minute late), percent_base (rate_bp of the base
 * salary). `taxable`: part of PPh 21 gross; `bpjs_base`: part of the BPJS wage.
 */
export const payrollComponent = pgTable(
  'payroll_component',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 80 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    amount: col.sen('amount'),
    rate_bp: integer('rate_bp').notNull().default(0),
    taxable: boolean('taxable').notNull().default(true),
    bpjs_base: col.flag('bpjs_base'),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('payroll_component_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    check('payroll_component_kind_chk', sql`${t.kind} in ('earning','deduction')`),
    check(
      'payroll_component_method_chk',
      sql`${t.method} in ('fixed','per_day','per_late_minute','percent_base','thr')`,
    ),
    check('payroll_component_amount_chk', sql`${t.amount} >= 0 and ${t.rate_bp} >= 0`),
  ],
);

/** /attendance/master/payrollperiode ('Group Slip Gaji'): employees paid together with their components. */
export const payrollGroup = pgTable(
  'payroll_group',
  {
    ...col.branchKeys(),
    name: varchar('name', { length: 80 }).notNull(),
    /** Attendance counts from the day after `cutoff_day` of the previous month to `cutoff_day`; 0 = calendar month. */
    cutoff_day: smallint('cutoff_day').notNull().default(0),
    status: col.activeStatus(),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('payroll_group_name_idx').on(t.profile_id, sql`lower(${t.name})`),
    check('payroll_group_cutoff_chk', sql`${t.cutoff_day} between 0 and 28`),
  ],
);

export const payrollGroupComponent = pgTable(
  'payroll_group_component',
  {
    group_id: col.ref('group_id', () => payrollGroup.id),
    component_id: col.ref('component_id', () => payrollComponent.id),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.component_id] })],
);

/** An employee belongs to at most one group. */
export const payrollGroupMember = pgTable('payroll_group_member', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  group_id: col.ref('group_id', () => payrollGroup.id),
});

/** A monthly run per branch and group: status 0 draft, 1 approved (locked, journal posted). */
export const payrollRun = pgTable(
  'payroll_run',
  {
    ...col.branchKeys(),
    group_id: col.ref('group_id', () => payrollGroup.id),
    period: varchar('period', { length: 7 }).notNull(),
    status: smallint('status').notNull().default(0),
    date_from: col.day('date_from').notNull(),
    date_to: col.day('date_to').notNull(),
    jurnal_id: integer('jurnal_id'),
    created_by: col.userRef('created_by'),
    approved_by: col.userRef('approved_by'),
    approved_at: col.ts('approved_at'),
    /** A correction run names the approved run it corrects; approving it marks that run superseded (status 2). */
    corrects_run_id: integer('corrects_run_id').references((): AnyPgColumn => payrollRun.id),
    ...col.timestamps,
  },
  (t) => [
    uniqueIndex('payroll_run_one_open_correction_idx')
      .on(t.corrects_run_id)
      .where(sql`${t.status} = 0 and ${t.corrects_run_id} is not null`),
    check('payroll_run_status_chk', sql`${t.status} in (0, 1, 2)`),
    uniqueIndex('payroll_run_one_approved_idx')
      .on(t.profile_id, t.group_id, t.period)
      .where(sql`${t.status} = 1`),
    uniqueIndex('payroll_run_one_draft_idx')
      .on(t.profile_id, t.group_id, t.period)
      .where(sql`${t.status} = 0`),
    check('payroll_run_period_chk', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** One employee's computed pay in a run (sen). `detail` keeps every component and the attendance counts. */
export const payrollRunLine = pgTable(
  'payroll_run_line',
  {
    run_id: col.ref('run_id', () => payrollRun.id),
    user_id: col.ref('user_id', () => users.id),
    employment: varchar('employment', { length: 20 }).notNull(),
    ptkp: varchar('ptkp', { length: 5 }).notNull(),
    base_salary: col.money('base_salary').notNull(),
    earnings: col.money('earnings').notNull(),
    deductions: col.money('deductions').notNull(),
    bruto: col.money('bruto').notNull(),
    jkn_employer: col.money('jkn_employer').notNull(),
    jkn_employee: col.money('jkn_employee').notNull(),
    jht_employer: col.money('jht_employer').notNull(),
    jht_employee: col.money('jht_employee').notNull(),
    jp_employer: col.money('jp_employer').notNull(),
    jp_employee: col.money('jp_employee').notNull(),
    jkk: col.money('jkk').notNull(),
    jkm: col.money('jkm').notNull(),
    pph21: col.money('pph21').notNull(),
    pph21_method: varchar('pph21_method', { length: 20 }).notNull(),
    pph21_rate_bp: integer('pph21_rate_bp').notNull(),
    net: col.money('net').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.run_id, t.user_id] }), index('payroll_run_line_user_idx').on(t.user_id)],
);

/**
 * Attendance settings of a branch, set by the owner (issue 25 finding 7): how many days back a device log may reach
 * when imported (default 7, see DEFAULT_PUNCH_IMPORT_MAX_DAYS in @klinik/shared; 1 to 62).
 */
export const attendanceSetting = pgTable(
  'attendance_setting',
  {
    profile_id: integer('profile_id')
      .primaryKey()
      .references(() => profile.id),
    punch_import_max_days: integer('punch_import_max_days').notNull(),
    updated_by: col.userRef('updated_by'),
    updated_at: col.updatedAt(),
  },
  (t) => [check('attendance_setting_days_check', sql`${t.punch_import_max_days} between 1 and 62`)],
);
