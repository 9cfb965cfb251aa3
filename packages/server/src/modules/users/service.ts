import { canFeature, isTopLevel, type NewPatientInput, type Paged, type UserDto, type UserListQuery } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { nextNumber } from '../../lib/numbering.js';
import * as q from './queries.js';

/** The branch a list reads: the current one; top-level users may name another. */
function scopeBranch(ctx: ReturnType<typeof requireUser>, requested?: number): number {
  if (requested !== undefined && isTopLevel(ctx.user)) return requested;
  return ctx.branchId;
}

/**
 * Users of the current branch (spec 7 GET /api/users): patients (role 1) need PASIEN read; staff lists are
 * open to staff (colleague and doctor autocompletes).
 */
export async function list(ctx: Ctx, query: UserListQuery): Promise<Paged<UserDto>> {
  const c = requireUser(ctx);
  const wantsPatients = query.role === 1 || query.role === undefined;
  if (wantsPatients && !canFeature(c.user, 'PASIEN', 'read')) {
    if (query.role === 1) throw forbidden();
  }
  const { rows, count } = await q.listUsers(c.db, {
    profileId: scopeBranch(c, query.profile_id),
    role: query.role,
    staffOnly: query.role === undefined && !canFeature(c.user, 'PASIEN', 'read'),
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map((r) => q.toUserDto(r.user, r.level)), count };
}

/** One user of the current branch (top-level: any branch); others are reported missing. */
export async function get(ctx: Ctx, id: number): Promise<UserDto> {
  const c = requireUser(ctx);
  const row = await q.findUser(c.db, id);
  if (!row || (row.user.profile_id !== c.branchId && !isTopLevel(c.user) && row.user.id !== c.user.id)) {
    throw notFound('Pengguna tidak ditemukan');
  }
  if (row.user.role === 1 && !canFeature(c.user, 'PASIEN', 'read') && row.user.id !== c.user.id) throw forbidden();
  return q.toUserDto(row.user, row.level);
}

/** NO RM: RM + branch (2 digits) + 6-digit sequence per branch, from the numbering service. */
export async function nextMedicalRecordNumber(ctx: Ctx, profileId: number): Promise<string> {
  const n = await nextNumber(ctx.db, profileId, 'RM');
  return `RM${String(profileId).padStart(2, '0')}${String(n).padStart(6, '0')}`;
}

/** Spec 3 "New patient payload": registers a patient in the current branch; the answer's id is the customer. */
export async function createPatient(ctx: Ctx, input: NewPatientInput): Promise<UserDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const username = await nextMedicalRecordNumber(tx, tx.branchId);
    const row = await q.insertUser(tx.db, {
      role: 1,
      username,
      name: input.name,
      initial: q.initialsOf(input.name),
      gender: input.gender,
      idcard: input.idcard ?? null,
      birth_place: input.birth_place ?? null,
      birth_date: input.birth_date ?? null,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      instagram: input.instagram ?? null,
      desa: input.desa ?? null,
      kecamatan: input.kecamatan ?? null,
      city: input.city ?? null,
      provincy: input.provincy ?? null,
      wali_name: input.wali_name ?? null,
      wali_idcard: input.wali_idcard ?? null,
      wali_gender: input.wali_gender ?? null,
      wali_email: input.wali_email ?? null,
      wali_phone: input.wali_phone ?? null,
      wali_address: input.wali_address ?? null,
      profile_id: tx.branchId,
      join_at: new Date().toISOString().slice(0, 10),
    });
    await audit(tx, { action: 'create', entity: 'patient', entityId: row.id, after: row });
    return q.toUserDto(row, null);
  });
}
