import {
  z,
  optionalText,
  requiredText,
  emptyToUndefined,
  optionalDate,
  pageQuery,
  idParam,
  idOf,
  branchIdsParam,
} from './common.js';
import { RESOURCES } from '../access.js';
import { PHONE_PATTERN } from '../phone.js';
import { NIK_PATTERN } from '../nik.js';

/** Spec 3 "User/patient", as the API answers it. */
export interface UserDto {
  id: number;
  role: number;
  rolename: string;
  username: string;
  name: string;
  medisname: string | null;
  initial: string;
  avatar: string | null;
  avatarurl: string | null;
  status: number;
  gender: number | null;
  gendername: string | null;
  marital: number | null;
  maritalname: string | null;
  birth_place: string | null;
  birth_date: string | null;
  old: number | null;
  join_at: string | null;
  idcard: string | null;
  ihs_number: string | null;
  attendance_code: string | null;
  phone: string | null;
  email: string | null;
  instagram: string | null;
  address: string | null;
  desa: string | null;
  kecamatan: string | null;
  city: string | null;
  provincy: string | null;
  postalcode: string | null;
  note: string | null;
  membershipleveldata: { name: string } | null;
  wali_name: string | null;
  wali_idcard: string | null;
  wali_gender: number | null;
  wali_phone: string | null;
  wali_email: string | null;
  wali_address: string | null;
  profile_id: number;
  roletoplevel: number;
  roletoplevelname: string;
  /** Issue 26: a duplicate patient merged into this patient id (kept as history; lists show the survivor). */
  merged_into?: number | null;
}

export const GENDER_LABELS = ['Laki-laki', 'Perempuan'] as const;
export const MARITAL_LABELS = ['Belum Menikah', 'Menikah'] as const;

/** '0'/'1' or 0/1, as the spec's payloads send them; '' and null mean "not chosen". */
const toCode = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v;
const code01Number = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `${label} wajib dipilih` : `${label} tidak valid`) })
    .int(`${label} tidak valid`)
    .refine((v) => v === 0 || v === 1, `${label} tidak valid`);
const code01 = (label: string) => z.preprocess(toCode, code01Number(label));
const optionalCode01 = (label: string) => z.preprocess(toCode, code01Number(label).optional());

const phone = z.preprocess(
  emptyToUndefined,
  z.string().trim().regex(PHONE_PATTERN, 'Nomor telepon tidak valid (contoh: 081234567890)').optional().nullable(),
);
const email = z.preprocess(emptyToUndefined, z.email('Alamat email tidak valid').optional().nullable());
const nik = z.preprocess(
  emptyToUndefined,
  z.string().trim().regex(NIK_PATTERN, 'NIK harus 16 digit angka').optional().nullable(),
);
const instagram = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9._]{1,30}$/, 'Username Instagram tidak valid')
    .optional()
    .nullable(),
);
const birthDate = optionalDate.refine(
  (v) => !v || v <= new Date().toISOString().slice(0, 10),
  'Tanggal lahir tidak boleh di masa depan',
);

/** Fields a person edits on a profile card (spec 2.11). */
export const profileFields = {
  name: requiredText(150),
  medisname: optionalText(150),
  gender: optionalCode01('Jenis kelamin'),
  marital: optionalCode01('Status pernikahan'),
  birth_place: optionalText(100),
  birth_date: birthDate,
  join_at: optionalDate,
  idcard: nik,
  ihs_number: optionalText(50),
  attendance_code: optionalText(50),
  phone,
  email,
  instagram,
  address: optionalText(500),
  desa: optionalText(100),
  kecamatan: optionalText(100),
  city: optionalText(100),
  provincy: optionalText(100),
  postalcode: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Kode pos harus 5 digit')
      .optional()
      .nullable(),
  ),
  note: optionalText(2000),
  wali_name: optionalText(150),
  wali_idcard: nik,
  wali_gender: optionalCode01('Jenis kelamin wali'),
  wali_phone: phone,
  wali_email: email,
  wali_address: optionalText(500),
};

/** The profile card's editable fields, in form order (server and edit dialog both walk this list). */
export const PROFILE_FIELD_KEYS = Object.keys(profileFields) as (keyof typeof profileFields)[];

export const userUpdateInput = z.object(profileFields).partial();
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

/** An optional yes/no of a payload: true/false, 1/0 or their strings; absent, '' and null are "no". */
const optionalFlag = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? undefined
      : v === 1 || v === '1' || v === 'true'
        ? true
        : v === 0 || v === '0' || v === 'false'
          ? false
          : v,
  z.boolean({ error: 'Harus ya atau tidak' }).optional(),
);

/** Below this age (years, on the day of registration) the form suggests a guardian (issue 26 item 3). */
export const GUARDIAN_SUGGESTED_BELOW_AGE = 17;

/**
 * Spec 3 "New patient payload". Guardian fields are optional; name is required. Issue 26 item 3: `with_wali`
 * (the form's 'Dengan Wali' / 'Data Wali' switch) makes the guardian's name required, on the server and in the form
 * alike; `confirm_duplicate` saves a patient although another patient of the branch has the same NIK (else 409).
 */
export const newPatientInput = z
  .object({
    name: requiredText(150),
    gender: code01('Jenis kelamin'),
    idcard: nik,
    birth_place: optionalText(100),
    birth_date: birthDate,
    address: optionalText(500),
    phone,
    email,
    instagram,
    desa: optionalText(100),
    kecamatan: optionalText(100),
    city: optionalText(100),
    provincy: optionalText(100),
    wali_name: optionalText(150),
    wali_idcard: nik,
    wali_gender: optionalCode01('Jenis kelamin wali'),
    wali_email: email,
    wali_phone: phone,
    wali_address: optionalText(500),
    with_wali: optionalFlag,
    confirm_duplicate: optionalFlag,
  })
  // Checked even when other fields fail, so the form shows every missing field at once.
  .refine((v) => !v.with_wali || !!v.wali_name, {
    path: ['wali_name'],
    message: 'Nama wali wajib diisi',
    when: (p) => typeof p.value === 'object' && p.value !== null,
  });
export type NewPatientInput = z.infer<typeof newPatientInput>;

/** Spec 5: at least 5 characters, no spaces; the repeat must equal it. */
export const passwordRule = z
  .string({ error: 'Password wajib diisi' })
  .min(5, 'Password minimal 5 karakter')
  .max(128, 'Password maksimal 128 karakter')
  .refine((v) => !/\s/.test(v), 'Password tidak boleh mengandung spasi');

export const changePasswordInput = z
  .object({
    password: passwordRule,
    repeatpassword: z.string({ error: 'Ulangi password wajib diisi' }),
  })
  .refine((v) => v.password === v.repeatpassword, {
    message: 'Ulangi password harus sama dengan password',
    path: ['repeatpassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const userStatusInput = z.object({
  status: z.coerce
    .number({ error: 'Status wajib dipilih' })
    .int()
    .refine((v) => v === 0 || v === 1, 'Status wajib dipilih'),
});

export const userListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  role: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type UserListQuery = z.infer<typeof userListQuery>;
/**
 * The Backoffice lists of people (issue 30): /backoffice/pasien (patients) and /backoffice/account/user (staff
 * accounts; `role` narrows) over the branches named by profile_id (none: every branch).
 */
export const backofficeUserQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  role: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: branchIdsParam,
});
export type BackofficeUserQuery = z.input<typeof backofficeUserQuery>;

export const customerSearchQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(['patient', 'employee']).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(20)),
});

// ---------------------------------------------------------------------------------------------------------------
// Issue 3: profile card, user accounts (/master/users), privileges, approvals of user changes.
// ---------------------------------------------------------------------------------------------------------------

const roleId = (label: string) =>
  z.coerce
    .number({ error: `${label} tidak valid` })
    .int(`${label} tidak valid`)
    .min(2, `${label} tidak valid`)
    .max(11, `${label} tidak valid`);
const topLevelId = z.coerce
  .number({ error: 'Role top level tidak valid' })
  .int('Role top level tidak valid')
  .min(0, 'Role top level tidak valid')
  .max(4, 'Role top level tidak valid');
const branchId = idOf('Cabang wajib dipilih');
const statusCode = z.coerce
  .number({ error: 'Status wajib dipilih' })
  .int('Status wajib dipilih')
  .refine((v) => v === 0 || v === 1, 'Status wajib dipilih');

/** Access fields of a staff account (SETTING_USER manage; roletoplevel only by owner/developer). */
export const userAccessInput = z.object({
  role: roleId('Role').optional(),
  roletoplevel: topLevelId.optional(),
  profile_id: branchId.optional(),
});
export type UserAccessInput = z.infer<typeof userAccessInput>;

/** true/false, 1/0 or '1'/'0'/'true'/'false' (forms and JSON clients send all of these). */
const flag = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? false
      : v === 1 || v === '1' || v === 'true'
        ? true
        : v === 0 || v === '0' || v === 'false'
          ? false
          : v,
  z.boolean({ error: 'Harus ya atau tidak' }),
);

/** One privilege row of the privilege editor: resource x read/manage (manage implies read). */
export const privilegeInput = z.object({
  fiturcode: z.enum(RESOURCES, { error: 'Kode fitur tidak dikenal' }),
  iscanread: flag,
  iscanmanage: flag,
});
export const privilegesInput = z.array(privilegeInput).max(RESOURCES.length * 2, 'Terlalu banyak hak akses');
export type PrivilegeInput = z.infer<typeof privilegeInput>;

/**
 * PUT /api/users/{id}: every field of the profile card plus, for the user manager, status, role, top-level role,
 * branch and previleges. A change of status to inactive or of role may need approval (answer 202, see ActionOutcome).
 */
export const userPutInput = z.object({
  ...userUpdateInput.shape,
  status: statusCode.optional(),
  ...userAccessInput.shape,
  previleges: privilegesInput.optional(),
});
export type UserPutInput = z.infer<typeof userPutInput>;

/** tRPC users.update: profile fields only (never needs approval). */
export const userProfileUpdate = z.object({ id: idParam, data: userUpdateInput });
/** tRPC users.setStatus. */
export const userSetStatusInput = z.object({ id: idParam, status: statusCode });
/** tRPC users.setAccess. */
export const userSetAccessInput = z.object({ id: idParam, data: userAccessInput });
/** tRPC users.changePassword (REST: POST /api/users/changepassword/{id} with password, repeatpassword). */
export const userChangePasswordInput = z.object({ id: idParam, data: changePasswordInput });
/** tRPC users.setPrivileges (REST: PUT /api/users/{id}/privileges with { previleges }). */
export const userSetPrivilegesInput = z.object({ id: idParam, previleges: privilegesInput });

/** Username of a staff account: letters, digits, dot, dash, underscore; unique case-insensitively. */
export const usernameRule = z
  .string({ error: 'Username wajib diisi' })
  .trim()
  .min(3, 'Username minimal 3 karakter')
  .max(50, 'Username maksimal 50 karakter')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username hanya boleh huruf, angka, titik, strip dan garis bawah');

/** /master/users: new employee account with role and branch (REST: POST /api/users/employee). */
export const employeeCreateInput = z
  .object({
    ...userUpdateInput.shape,
    name: requiredText(150),
    username: usernameRule,
    role: roleId('Role'),
    roletoplevel: topLevelId.optional(),
    profile_id: branchId.optional(),
    password: passwordRule,
    repeatpassword: z.string({ error: 'Ulangi password wajib diisi' }),
    previleges: privilegesInput.optional(),
  })
  .refine((v) => v.password === v.repeatpassword, {
    message: 'Ulangi password harus sama dengan password',
    path: ['repeatpassword'],
  });
export type EmployeeCreateInput = z.infer<typeof employeeCreateInput>;

/**
 * What a change that may need approval answers. `pending: true` means the change was stored as a request in the
 * activity log (status 0) and nothing changed yet; REST answers it with HTTP 202.
 */
export type ActionOutcome<T> = { pending: false; data: T } | { pending: true; applog_id: number; message: string };

export const APPROVAL_PENDING_MESSAGE = 'Permintaan menunggu persetujuan';

/** Lookup for /master/users and the Excel export (GET /api/users/export takes the same filters). */
export const userAdminListQuery = userListQuery.extend({
  /** 'staff' = every role except patients. */
  type: z.preprocess(emptyToUndefined, z.enum(['staff', 'patient']).optional()),
});
export type UserAdminListQuery = z.infer<typeof userAdminListQuery>;

/** GET /api/customer item: patient or employee search result. */
export interface CustomerDto {
  id: number;
  role: number;
  rolename: string;
  username: string;
  name: string;
  initial: string;
  phone: string | null;
  avatarurl: string | null;
  status: number;
  profile_id: number;
  type: 'patient' | 'employee';
}
export type CustomerSearchQuery = z.infer<typeof customerSearchQuery>;
