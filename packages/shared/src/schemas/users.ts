import { z, optionalText, requiredText, emptyToUndefined, optionalDate, pageQuery } from './common.js';
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
}

export const GENDER_LABELS = ['Laki-laki', 'Perempuan'] as const;
export const MARITAL_LABELS = ['Belum Menikah', 'Menikah'] as const;

/** '0'/'1' or 0/1, as the spec's payloads send them. */
const code01 = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: `${label} tidak valid` }).int().refine((v) => v === 0 || v === 1, `${label} tidak valid`),
  );

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
  gender: code01('Jenis kelamin').optional(),
  marital: code01('Status pernikahan').optional(),
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
  postalcode: z.preprocess(emptyToUndefined, z.string().trim().regex(/^\d{5}$/, 'Kode pos harus 5 digit').optional().nullable()),
  note: optionalText(2000),
  wali_name: optionalText(150),
  wali_idcard: nik,
  wali_gender: code01('Jenis kelamin wali').optional(),
  wali_phone: phone,
  wali_email: email,
  wali_address: optionalText(500),
};

export const userUpdateInput = z.object(profileFields).partial();
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

/** Spec 3 "New patient payload". Guardian fields are optional; name is required. */
export const newPatientInput = z.object({
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
  wali_gender: code01('Jenis kelamin wali').optional(),
  wali_email: email,
  wali_phone: phone,
  wali_address: optionalText(500),
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
  .refine((v) => v.password === v.repeatpassword, { message: 'Ulangi password harus sama dengan password', path: ['repeatpassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const userStatusInput = z.object({
  status: z.coerce.number({ error: 'Status wajib dipilih' }).int().refine((v) => v === 0 || v === 1, 'Status wajib dipilih'),
});

export const userListQuery = z.object({
  ...pageQuery,
  status: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  role: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  profile_id: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const customerSearchQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  type: z.preprocess(emptyToUndefined, z.enum(['patient', 'employee']).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(20)),
});
