import {
  accessibleIds,
  backofficeScope,
  branchScope,
  requireAccess,
  type BranchScope,
} from '../../http/access-scope.js';
import { USER } from './entities.js';
import {
  todayIn,
  type backofficeUserQuery,
  type z,
  type CustomerDto,
  type CustomerSearchQuery,
  type NewPatientInput,
  type Paged,
  type UserAdminListQuery,
  type UserDto,
  type UserListQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { forbidden, notFound } from '../../http/errors.js';
import { audit, auditRead } from '../../lib/audit.js';
import { nextNumber } from '../../lib/numbering.js';
import { assertNoNikDuplicate } from './patients.js';
import * as q from './queries.js';

import { readsPatients } from './access.js';
/** The branch a list reads: the current one; top-level users may name another. */

/**
 * Users of the current branch (spec 7 GET /api/users): patients (role 1) need PASIEN read; staff lists are
 * open to staff (colleague and doctor autocompletes).
 */
export async function list(ctx: Ctx, query: UserListQuery): Promise<Paged<UserDto>> {
  const c = requireUser(ctx);
  const scope = branchScope(c, { profile_id: query.profile_id });
  return usersPage(
    c,
    { scope, role: query.role, staffOnly: query.role === undefined && !readsPatients(c.user) },
    query,
  );
}

/** The read trail of patient records (issue 8): which patients a list, a detail or an export answered. */
function auditPatients(
  c: Ctx,
  action: 'read' | 'read_list' | 'export',
  rows: { id: number; role: number }[],
  detail?: Record<string, string | number>,
) {
  return auditRead(c, { action, entity: 'patient', ids: rows.filter((r) => r.role === 1).map((r) => r.id), detail });
}

/** One user of the current branch (top-level: any branch); others are reported missing. */
export async function get(ctx: Ctx, id: number): Promise<UserDto> {
  const c = requireUser(ctx);
  await requireAccess(c, USER, [id], 'read');
  const row = await q.findUser(c.db, id);
  if (!row) throw notFound(USER.notFound);
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
    await assertNoNikDuplicate(tx, input);
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
      join_at: await tx.today(),
    });
    await audit(tx, { action: 'create', entity: 'patient', entityId: row.id, after: row });
    return q.toUserDto(row, null);
  });
}

/** The stored avatar a caller may see: own, or a colleague's/patient's in the current branch (owner/developer: any). */
export async function avatarPath(ctx: Ctx, id: number): Promise<string> {
  const c = requireUser(ctx);
  const row = await q.findUser(c.db, id);
  const self = id === c.user.id;
  if (!row || !row.user.avatar) throw notFound('Foto tidak ditemukan');
  if (!self) {
    if (!(await accessibleIds(c, USER, [id], 'read')).size) throw notFound('Foto tidak ditemukan');
    if (c.user.role === 1) throw notFound('Foto tidak ditemukan');
    if (row.user.role === 1 && !readsPatients(c.user)) throw forbidden();
    // A patient's photo is part of the record: its views join the read trail (issue 8).
    await auditPatients(c, 'read', [{ id, role: row.user.role }], { what: 'photo' });
  }
  return row.user.avatar;
}

/** /master/users list: staff accounts by default; patients need PASIEN read. */
export async function adminList(ctx: Ctx, query: UserAdminListQuery): Promise<Paged<UserDto>> {
  return adminPage(ctx, query);
}

async function adminPage(ctx: Ctx, query: UserAdminListQuery): Promise<Paged<UserDto>> {
  const c = requireUser(ctx);
  const type = query.type ?? (query.role === 1 ? 'patient' : 'staff');
  return userPage(c, branchScope(c, { profile_id: query.profile_id }), type, query);
}

/** One page of patients or staff accounts in a scope, with the filters both lists share. */
async function userPage(
  c: AuthedCtx,
  scope: BranchScope,
  kind: 'patient' | 'staff',
  query: Pick<UserAdminListQuery, 'role' | 'status' | 'keyword' | 'limit' | 'page'>,
): Promise<Paged<UserDto>> {
  return usersPage(c, { scope, role: kind === 'patient' ? 1 : query.role, staffOnly: kind === 'staff' }, query);
}

/** One page of the users `who` names, filtered by status and keyword, as the API shows them. */
async function usersPage(
  c: AuthedCtx,
  who: Pick<q.UserFilter, 'scope' | 'role' | 'staffOnly'>,
  query: Pick<UserAdminListQuery, 'status' | 'keyword' | 'limit' | 'page'>,
): Promise<Paged<UserDto>> {
  const { rows, count } = await q.listUsers(c.db, {
    ...who,
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const today = todayIn('Asia/Jakarta');
  return { data: rows.map((r) => q.toUserDto(r.user, r.level, today)), count };
}

/**
 * The Backoffice lists of people (issue 30): the patients (/backoffice/pasien) or the staff accounts
 * (/backoffice/account/user) of the branches the filter names, every branch when it names none; top-level only.
 */
export async function backofficeList(
  ctx: Ctx,
  query: z.output<typeof backofficeUserQuery>,
  kind: 'patient' | 'staff',
): Promise<Paged<UserDto>> {
  const c = requireUser(ctx);
  return userPage(c, backofficeScope(c, query.profile_id), kind, query);
}

/** Rows for the Excel export of the user list (at most 5000). */
export async function exportList(ctx: Ctx, query: UserAdminListQuery): Promise<UserDto[]> {
  // Pages of 500 until a short one (the count is capped past the page, so it does not say where the list ends).
  const out: UserDto[] = [];
  for (let page = 1, got = 500; got === 500 && page <= 10; page++) {
    const { data } = await adminPage(ctx, { ...query, page, limit: 500 });
    out.push(...data);
    got = data.length;
  }
  // Every export is on the trail, with the patients it holds (staff rows: their count only).
  await auditRead(ctx, {
    action: 'export',
    entity: out.some((r) => r.role === 1) ? 'patient' : 'user',
    ids: out.filter((r) => r.role === 1).map((r) => r.id),
    detail: { file: 'pengguna.xlsx', rows: out.length },
    always: true,
  });
  return out;
}

/** GET /api/customer: patients or employees of the current branch by keyword (patients need PASIEN read). */
export async function searchCustomers(ctx: Ctx, query: CustomerSearchQuery): Promise<CustomerDto[]> {
  const c = requireUser(ctx);
  const canPatients = readsPatients(c.user);
  const rows = await q.searchPeople(c.db, {
    scope: branchScope(c),
    type: query.type ?? (canPatients ? undefined : 'employee'),
    keyword: query.keyword,
    limit: query.limit,
  });
  return rows.map((r) => {
    const dto = q.toUserDto(r);
    return {
      id: r.id,
      role: r.role,
      rolename: dto.rolename,
      username: r.username,
      name: r.name,
      initial: r.initial,
      phone: r.phone,
      avatarurl: dto.avatarurl,
      status: r.status,
      profile_id: r.profile_id,
      type: r.role === 1 ? 'patient' : 'employee',
    };
  });
}

export * from './accounts.js';
