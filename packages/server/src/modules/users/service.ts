import { accessibleIds, branchScope, inScope, requireAccess } from '../../http/access-scope.js';
import { USER } from './entities.js';
import {
  canFeature,
  defaultPrivileges,
  isTopLevel,
  PROFILE_FIELD_KEYS,
  privilegesInput,
  RESOURCES,
  roleNameOf,
  todayIn,
  userPutInput,
  type ActionOutcome,
  type ApprovalAction,
  type ChangePasswordInput,
  type CustomerDto,
  type CustomerSearchQuery,
  type EmployeeCreateInput,
  type NewPatientInput,
  type Paged,
  type Privilege,
  type PrivilegeInput,
  type UserAccessInput,
  type UserAdminListQuery,
  type UserDto,
  type UserListQuery,
  type UserPutInput,
  type UserUpdateInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx, type SessionUser } from '../../http/context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { hashPassword, isCommonPassword } from '../../auth/password.js';
import { invalidateUserSessions } from '../../auth/session.js';
import { removeUpload, storeImage, type CheckedImage } from '../../lib/uploads.js';
import { loadPrivileges } from '../auth/index.js';
import { findBranch } from '../branches/index.js';
import { approvalRuleFor, logActivity, requestOrRun, storeRequest, type ApprovalExecutor } from '../applog/index.js';
import { audit, auditRead } from '../../lib/audit.js';
import { nextNumber } from '../../lib/numbering.js';
import { assertNoNikDuplicate, executeMerge } from './patients.js';
import * as q from './queries.js';

/** The branch a list reads: the current one; top-level users may name another. */

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
    scope: branchScope(c, { profile_id: query.profile_id }),
    role: query.role,
    staffOnly: query.role === undefined && !canFeature(c.user, 'PASIEN', 'read'),
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  await auditPatients(
    c,
    'read_list',
    rows.map((r) => r.user),
  );
  const today = todayIn('Asia/Jakarta');
  return { data: rows.map((r) => q.toUserDto(r.user, r.level, today)), count };
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
  if (row.user.role === 1 && !canFeature(c.user, 'PASIEN', 'read') && row.user.id !== c.user.id) throw forbidden();
  if (row.user.id !== c.user.id) await auditPatients(c, 'read', [row.user]);
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

// ---------------------------------------------------------------------------------------------------------------
// Issue 3: profile card, passwords, status, access, avatars, user accounts, people search.
// ---------------------------------------------------------------------------------------------------------------

/** Whether an update changes a field (role, top-level role, branch): given and different from the stored value. */
function changed<T>(next: T | undefined, current: T): next is T {
  return next !== undefined && next !== current;
}

const MSG_TOPLEVEL_ONLY = 'Hanya Owner atau Developer yang dapat mengubah akun top level';

/** A user the caller may see: own account, the current branch, or any for owner/developer. Else 404. */
async function loadTarget(c: AuthedCtx, id: number) {
  await requireAccess(c, USER, [id], 'write');
  const row = await q.findUser(c.db, id);
  if (!row) throw notFound(USER.notFound);
  return row;
}

/** Spec 6 profile rules: own profile always; a patient needs PASIEN manage; another staff user SETTING_USER manage. */
function assertMayEditProfile(c: AuthedCtx, target: q.UserRow): void {
  if (target.id === c.user.id) return;
  if (target.role === 1) {
    if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
    return;
  }
  if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
  if (target.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
}

/** Role, top-level role, branch and privileges of a staff account: the user manager, never on oneself. */
async function assertMayChangeAccess(
  c: AuthedCtx,
  target: q.UserRow,
  a: UserAccessInput & { previleges?: unknown },
): Promise<void> {
  if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
  if (target.role === 1) throw badRequest('Role, cabang dan hak akses pasien tidak dapat diubah');
  const top = isTopLevel(c.user);
  if (target.id === c.user.id && !top) throw forbidden('Anda tidak dapat mengubah role atau hak akses Anda sendiri');
  if (target.roletoplevel > 0 && !top) throw forbidden(MSG_TOPLEVEL_ONLY);
  if (a.roletoplevel !== undefined && a.roletoplevel !== target.roletoplevel && !top) {
    throw forbidden('Hanya Owner atau Developer yang dapat mengatur role top level');
  }
  if (a.role === 11 && target.role !== 11 && !top && c.user.rolename !== 'superadmin') {
    throw forbidden('Hanya Owner, Developer atau Superadmin yang dapat memberi role Superadmin');
  }
  if (changed(a.profile_id, target.profile_id)) {
    if (!top) throw forbidden('Hanya Owner atau Developer yang dapat memindahkan pengguna ke cabang lain');
    if (!(await findBranch(c.db, a.profile_id))) throw badRequest('Cabang tidak ditemukan', 'profile_id');
  }
}

/** manage implies read; rows with neither are dropped; one row per feature (the last wins). */
export function normalizePrivileges(list: PrivilegeInput[]): Privilege[] {
  const by = new Map<string, Privilege>();
  for (const p of list)
    by.set(p.fiturcode, {
      fiturcode: p.fiturcode,
      iscanread: p.iscanread || p.iscanmanage,
      iscanmanage: p.iscanmanage,
    });
  return [...by.values()].filter((p) => p.iscanread);
}

/**
 * Issue 8, finding 2: nobody grants a privilege they do not hold themselves, at the level they give it (read or
 * manage). `before` is what the account has now, `after` what it would get (explicit privileges or a role's
 * defaults); only what is added counts. Owner and developer hold everything. Checked when a change is asked for and
 * again, against the approver, when an approved request is carried out.
 */
export function assertMayGrant(grantor: SessionUser, before: Privilege[], after: Privilege[]): void {
  const lacking: string[] = [];
  for (const p of after) {
    const had = before.find((b) => b.fiturcode === p.fiturcode);
    if (p.iscanmanage && !had?.iscanmanage && !canFeature(grantor, p.fiturcode, 'manage')) {
      lacking.push(`${p.fiturcode} (kelola)`);
    } else if (p.iscanread && !(had?.iscanread || had?.iscanmanage) && !canFeature(grantor, p.fiturcode, 'read')) {
      lacking.push(`${p.fiturcode} (lihat)`);
    }
  }
  if (lacking.length) {
    throw new AppError(403, [
      {
        message: `Anda tidak dapat memberi hak akses yang tidak Anda miliki: ${lacking.join(', ')}`,
        field: 'previleges',
      },
    ]);
  }
}

function samePrivileges(a: Privilege[], b: Privilege[]): boolean {
  const key = (l: Privilege[]) =>
    l
      .filter((p) => p.iscanread || p.iscanmanage)
      .map((p) => `${p.fiturcode}:${p.iscanmanage ? 'm' : 'r'}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/** The privileges a change would leave the account with, or null when it does not touch them. */
function nextPrivileges(target: q.UserRow, input: UserPutInput): Privilege[] | null {
  if (input.previleges) return normalizePrivileges(input.previleges);
  if (input.role !== undefined && input.role !== target.role)
    return defaultPrivileges(roleNameOf(input.role) ?? 'customer');
  return null;
}

function profileValues(input: UserUpdateInput): Partial<q.UserRow> {
  const values: Record<string, unknown> = {};
  for (const k of PROFILE_FIELD_KEYS) if (input[k] !== undefined) values[k] = input[k];
  if (input.name) values.initial = q.initialsOf(input.name);
  return values;
}

/**
 * Writes a checked change (also what an approved request runs). Ends the user's sessions when they are set
 * inactive or their role, top-level role or branch changes; a new role without explicit privileges gets its defaults.
 */
async function applyPut(tx: Ctx, id: number, input: UserPutInput): Promise<UserDto> {
  const c = requireUser(tx);
  await requireAccess(c, USER, [id], 'write');
  const before = await q.lockUserRow(c.db, id);
  if (!before) throw notFound(USER.notFound);
  const values: Partial<q.UserRow> = profileValues(input);
  if (input.status !== undefined) values.status = input.status;
  if (input.role !== undefined) values.role = input.role;
  if (input.roletoplevel !== undefined) values.roletoplevel = input.roletoplevel;
  if (input.profile_id !== undefined) values.profile_id = input.profile_id;
  const privilegesBefore = await loadPrivileges(c.db, id);
  const privilegesAfter = nextPrivileges(before, input);
  // The one who makes it happen (the caller, or the approver of a stored request) must hold what is granted.
  if (privilegesAfter) assertMayGrant(c.user, privilegesBefore, privilegesAfter);
  const row = Object.keys(values).length ? await q.updateUser(c.db, id, values) : before;
  if (!row) throw notFound('Pengguna tidak ditemukan');
  // This process forgets the user at once; the trigger's NOTIFY tells every process again at commit.
  c.services.authCache?.dropUser(id);

  const roleChanged = row.role !== before.role;
  if (privilegesAfter) await q.replacePrivileges(c.db, id, privilegesAfter);

  const deactivated = before.status === 1 && row.status === 0;
  const accessChanged =
    roleChanged || changed(row.roletoplevel, before.roletoplevel) || changed(row.profile_id, before.profile_id);
  // Privileges are read with the session on every request, so a change holds at once without ending sessions.
  if (deactivated || accessChanged) await invalidateUserSessions(c.db, id);

  await audit(c, {
    action: 'update',
    entity: before.role === 1 ? 'patient' : 'user',
    entityId: id,
    before: { ...before, previleges: privilegesBefore },
    after: { ...row, previleges: privilegesAfter ?? privilegesBefore },
    profileId: before.profile_id,
  });
  if (before.status !== row.status) {
    await logActivity(c, {
      message: `${row.status === 1 ? 'Mengaktifkan' : 'Menonaktifkan'} pengguna ${row.name}`,
      action: 'user.status',
      entity: 'users',
      entityId: id,
      url: `/user/${id}`,
    });
  }
  if (accessChanged || input.previleges) {
    await logActivity(c, {
      message: `Mengubah role / cabang / hak akses pengguna ${row.name}`,
      action: 'user.access',
      entity: 'users',
      entityId: id,
      url: `/user/${id}`,
    });
  }
  const fresh = await q.findUser(c.db, id);
  return q.toUserDto(fresh?.user ?? row, fresh?.level);
}

function describeAccessChange(target: q.UserRow, input: UserPutInput): string {
  const parts: string[] = [];
  if (changed(input.role, target.role))
    parts.push(`Role: ${roleNameOf(target.role) ?? target.role} -> ${roleNameOf(input.role) ?? input.role}`);
  if (changed(input.roletoplevel, target.roletoplevel))
    parts.push(`Top level: ${target.roletoplevel} -> ${input.roletoplevel}`);
  if (changed(input.profile_id, target.profile_id)) parts.push(`Cabang: ${target.profile_id} -> ${input.profile_id}`);
  return parts.join('; ');
}

/**
 * PUT /api/users/{id}: profile fields, status, role/branch and privileges in one call, each with its own rule.
 * Setting a user inactive and changing another user's role or branch go through the approval rules.
 */
export async function put(ctx: Ctx, id: number, input: UserPutInput): Promise<ActionOutcome<UserDto>> {
  const c = requireUser(ctx);
  const { user: target } = await loadTarget(c, id);
  const self = target.id === c.user.id;

  const profile = profileValues(input);
  if (Object.keys(profile).length) assertMayEditProfile(c, target);
  if (input.note && target.role !== 1) throw badRequest('Catatan hanya untuk pasien', 'note');

  const statusChange = input.status !== undefined && input.status !== target.status;
  if (input.status !== undefined) {
    if (self) {
      if (statusChange) throw badRequest('Anda tidak dapat mengubah status akun Anda sendiri', 'status');
    } else if (target.role === 1) {
      if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
    } else {
      if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
      if (target.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
    }
  }
  const wantsAccess =
    input.role !== undefined ||
    input.roletoplevel !== undefined ||
    input.profile_id !== undefined ||
    input.previleges !== undefined;
  if (wantsAccess) await assertMayChangeAccess(c, target, input);
  const accessChange =
    changed(input.role, target.role) ||
    changed(input.roletoplevel, target.roletoplevel) ||
    changed(input.profile_id, target.profile_id);

  const privilegesBefore = wantsAccess ? await loadPrivileges(c.db, id) : [];
  const privilegesAfter = nextPrivileges(target, input);
  if (privilegesAfter) assertMayGrant(c.user, privilegesBefore, privilegesAfter);
  const privilegeChange = !!input.previleges && !samePrivileges(privilegesBefore, privilegesAfter ?? []);

  const deactivate = statusChange && input.status === 0;
  if (deactivate && (accessChange || privilegeChange)) {
    throw badRequest('Ubah status dan role pengguna secara terpisah', 'status');
  }

  const payload: UserPutInput = JSON.parse(JSON.stringify(input));
  if (deactivate) {
    return requestOrRun(
      c,
      {
        action: 'user.deactivate',
        message: `Menonaktifkan pengguna ${target.name}`,
        entity: 'users',
        entityId: id,
        subjectUserId: id,
        payload,
        url: `/user/${id}`,
      },
      (tx) => applyPut(tx, id, payload),
    );
  }
  if (accessChange && !self) {
    return requestOrRun(
      c,
      {
        action: 'user.change_role',
        message: `Mengubah role / cabang pengguna ${target.name}`,
        note: describeAccessChange(target, input),
        entity: 'users',
        entityId: id,
        subjectUserId: id,
        payload,
        url: `/user/${id}`,
      },
      (tx) => applyPut(tx, id, payload),
    );
  }
  if (privilegeChange && !self) {
    return requestOrRun(
      c,
      {
        action: 'user.change_privileges',
        message: `Mengubah hak akses pengguna ${target.name}`,
        note: describePrivilegeChange(privilegesBefore, privilegesAfter ?? []),
        entity: 'users',
        entityId: id,
        subjectUserId: id,
        payload,
        url: `/user/${id}`,
      },
      (tx) => applyPut(tx, id, payload),
    );
  }
  const data = await inTransaction(c, (tx) => applyPut(tx, id, payload));
  return { pending: false, data };
}

/** "Ditambah: X (kelola); Dicabut: Y (lihat)" for the approver. */
function describePrivilegeChange(before: Privilege[], after: Privilege[]): string {
  const level = (l: Privilege[], code: string) => {
    const p = l.find((x) => x.fiturcode === code);
    return p?.iscanmanage ? 2 : p?.iscanread ? 1 : 0;
  };
  const name = ['tidak ada', 'lihat', 'kelola'];
  const changes: string[] = [];
  for (const r of RESOURCES) {
    const a = level(before, r);
    const b = level(after, r);
    if (a !== b) changes.push(`${r}: ${name[a]} -> ${name[b]}`);
  }
  return changes.join('; ').slice(0, 1000);
}

/** Approved requests carry the stored PUT payload out (in the deciding transaction). */
const runStoredPut = async (tx: Ctx, payload: unknown, req: { entity_id: number | null }) => {
  if (req.entity_id === null) throw notFound('Pengguna tidak ditemukan');
  return applyPut(tx, req.entity_id, userPutInput.parse(payload));
};

/** This module's approval executors; modules.ts registers them when the app starts (not on import). */
export const usersApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'user.deactivate': runStoredPut,
  'user.change_role': runStoredPut,
  'user.change_privileges': runStoredPut,
  'user.create_employee': activateRequestedEmployee,
  'patient.merge': executeMerge,
};

/** Profile card edit dialog (never needs approval). */
export async function updateProfile(ctx: Ctx, id: number, input: UserUpdateInput): Promise<UserDto> {
  const c = requireUser(ctx);
  const { user: target } = await loadTarget(c, id);
  assertMayEditProfile(c, target);
  if (input.note && target.role !== 1) throw badRequest('Catatan hanya untuk pasien', 'note');
  return inTransaction(c, (tx) => applyPut(tx, id, JSON.parse(JSON.stringify(input)) as UserPutInput));
}

export function setStatus(ctx: Ctx, id: number, status: 0 | 1): Promise<ActionOutcome<UserDto>> {
  return put(ctx, id, { status });
}

export function setAccess(ctx: Ctx, id: number, data: UserAccessInput): Promise<ActionOutcome<UserDto>> {
  return put(ctx, id, data);
}

/**
 * Password dialog: own password, or another staff user's with SETTING_USER manage. Patients have no sign-in.
 * Common passwords are refused. The user's other sessions end (all of them when someone else changed it).
 */
export async function changePassword(ctx: Ctx, id: number, input: ChangePasswordInput): Promise<UserDto> {
  const c = requireUser(ctx);
  const { user: target, level } = await loadTarget(c, id);
  const self = target.id === c.user.id;
  if (!self) {
    if (target.role === 1) {
      if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
      throw badRequest('Pasien tidak memiliki akun masuk, password tidak dapat diubah', 'password');
    }
    if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
    if (target.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
  }
  if (isCommonPassword(input.password))
    throw badRequest('Password terlalu mudah ditebak, gunakan password lain', 'password');
  if (input.password.toLowerCase() === target.username.toLowerCase())
    throw badRequest('Password tidak boleh sama dengan username', 'password');
  const hash = await hashPassword(input.password);
  const row = await inTransaction(c, async (tx) => {
    const updated = await q.updateUser(tx.db, id, {
      password_hash: hash,
      password_changed_at: new Date().toISOString(),
    });
    tx.services.authCache?.dropUser(id);
    await invalidateUserSessions(tx.db, id, self ? c.user.sessionId : undefined);
    await audit(tx, { action: 'change_password', entity: 'user', entityId: id, profileId: target.profile_id });
    await logActivity(tx, {
      message: self ? 'Mengubah password sendiri' : `Mengubah password pengguna ${target.name}`,
      action: 'user.change_password',
      entity: 'users',
      entityId: id,
    });
    return updated;
  });
  return q.toUserDto(row ?? target, level);
}

/** POST /api/users/uploadavatar/{id}: same rule as editing the profile; the old file is removed after the switch. */
export async function uploadAvatar(ctx: Ctx, id: number, image: CheckedImage): Promise<UserDto> {
  const c = requireUser(ctx);
  const { user: target } = await loadTarget(c, id);
  assertMayEditProfile(c, target);
  const rel = await storeImage(c.config.uploadDir, { kind: 'users', id }, image);
  let row: q.UserRow | undefined;
  try {
    row = await inTransaction(c, async (tx) => {
      const updated = await q.updateUser(tx.db, id, { avatar: rel });
      await audit(tx, {
        action: 'upload_avatar',
        entity: target.role === 1 ? 'patient' : 'user',
        entityId: id,
        before: { avatar: target.avatar },
        after: { avatar: rel },
        profileId: target.profile_id,
      });
      return updated;
    });
  } catch (err) {
    await removeUpload(c.config.uploadDir, rel, { kind: 'users', id });
    throw err;
  }
  await removeUpload(c.config.uploadDir, target.avatar, { kind: 'users', id });
  const fresh = await q.findUser(c.db, id);
  return q.toUserDto(fresh?.user ?? row ?? target, fresh?.level);
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
    if (row.user.role === 1 && !canFeature(c.user, 'PASIEN', 'read')) throw forbidden();
    // A patient's photo is part of the record: its views join the read trail (issue 8).
    await auditPatients(c, 'read', [{ id, role: row.user.role }], { what: 'photo' });
  }
  return row.user.avatar;
}

/** /master/users: a new employee account with role, branch and privileges (defaults of the role when none given). */
export async function createEmployee(ctx: Ctx, input: EmployeeCreateInput): Promise<ActionOutcome<UserDto>> {
  const c = requireUser(ctx);
  const top = isTopLevel(c.user);
  const roleName = roleNameOf(input.role);
  if (!roleName || roleName === 'customer') throw badRequest('Role tidak valid', 'role');
  if (input.roletoplevel && !top) throw forbidden('Hanya Owner atau Developer yang dapat mengatur role top level');
  if (input.role === 11 && !top && c.user.rolename !== 'superadmin') {
    throw forbidden('Hanya Owner, Developer atau Superadmin yang dapat memberi role Superadmin');
  }
  let profileId = c.branchId;
  if (input.profile_id !== undefined && !inScope(branchScope(c, {}, 'write'), input.profile_id)) {
    if (!top) throw forbidden('Hanya Owner atau Developer yang dapat membuat pengguna di cabang lain');
    if (!(await findBranch(c.db, input.profile_id))) throw badRequest('Cabang tidak ditemukan', 'profile_id');
    profileId = input.profile_id;
  }
  if (input.note) throw badRequest('Catatan hanya untuk pasien', 'note');
  const privileges = input.previleges ? normalizePrivileges(input.previleges) : defaultPrivileges(roleName);
  assertMayGrant(c.user, [], privileges);
  if (isCommonPassword(input.password))
    throw badRequest('Password terlalu mudah ditebak, gunakan password lain', 'password');
  if (input.password.toLowerCase() === input.username.toLowerCase())
    throw badRequest('Password tidak boleh sama dengan username', 'password');
  if (await q.usernameTaken(c.db, input.username)) throw conflict('Username sudah dipakai', 'username');
  const hash = await hashPassword(input.password);
  // A new account is a grant of its role and privileges: under approval it is stored inactive and without
  // privileges, and the request (holding only the privileges, never the password) activates it when approved.
  const rule = await approvalRuleFor(c, 'user.create_employee');
  return inTransaction(c, async (tx) => {
    const row = await q.insertUser(tx.db, {
      ...profileValues(input),
      name: input.name,
      initial: q.initialsOf(input.name),
      username: input.username,
      role: input.role,
      roletoplevel: input.roletoplevel ?? 0,
      profile_id: profileId,
      password_hash: hash,
      status: rule ? 0 : 1,
      join_at: input.join_at ?? (await c.today()),
    });
    if (!rule) await q.replacePrivileges(tx.db, row.id, privileges);
    await audit(tx, {
      action: 'create',
      entity: 'user',
      entityId: row.id,
      after: { ...row, previleges: rule ? [] : privileges },
      profileId,
    });
    if (rule) {
      return storeRequest({ ...tx, branchId: profileId }, rule, {
        action: 'user.create_employee',
        message: `Membuat akun pegawai ${row.name} (${roleName})`,
        note: describePrivilegeChange([], privileges),
        entity: 'users',
        entityId: row.id,
        subjectUserId: row.id,
        payload: { previleges: privileges },
        url: `/user/${row.id}`,
      });
    }
    await logActivity(tx, {
      message: `Membuat akun pengguna ${row.name} (${roleName})`,
      action: 'user.create',
      entity: 'users',
      entityId: row.id,
      url: `/user/${row.id}`,
    });
    return { pending: false as const, data: q.toUserDto(row, null) };
  });
}

/**
 * An approved 'user.create_employee' request: the approver must hold every privilege it gives; the account is
 * activated with them (in the deciding transaction).
 */
async function activateRequestedEmployee(tx: Ctx, payload: unknown, req: { entity_id: number | null }): Promise<void> {
  const c = requireUser(tx);
  const privileges = normalizePrivileges(privilegesInput.parse((payload as { previleges?: unknown }).previleges ?? []));
  const before = req.entity_id === null ? undefined : await q.lockUserRow(c.db, req.entity_id);
  if (!before) throw notFound('Pengguna tidak ditemukan');
  const privilegesBefore = await loadPrivileges(c.db, before.id);
  assertMayGrant(c.user, privilegesBefore, privileges);
  const row = await q.updateUser(c.db, before.id, { status: 1 });
  await q.replacePrivileges(c.db, before.id, privileges);
  await audit(c, {
    action: 'update',
    entity: 'user',
    entityId: before.id,
    before: { ...before, previleges: privilegesBefore },
    after: { ...row, previleges: privileges },
    profileId: before.profile_id,
  });
  await logActivity(c, {
    message: `Membuat akun pengguna ${before.name} (${roleNameOf(before.role) ?? before.role})`,
    action: 'user.create',
    entity: 'users',
    entityId: before.id,
    url: `/user/${before.id}`,
  });
}

/** The privilege editor: every feature with its read/manage flags. */
export async function getPrivileges(ctx: Ctx, id: number): Promise<Privilege[]> {
  const c = requireUser(ctx);
  const { user: target } = await loadTarget(c, id);
  if (target.role === 1) throw badRequest('Pasien tidak memiliki hak akses');
  const have = await loadPrivileges(c.db, id);
  return RESOURCES.map((r) => {
    const p = have.find((x) => x.fiturcode === r);
    return { fiturcode: r, iscanread: !!p && (p.iscanread || p.iscanmanage), iscanmanage: !!p?.iscanmanage };
  });
}

/** PUT /api/users/{id}/privileges: a privilege change, under the approval rules like a role change. */
export async function setPrivileges(ctx: Ctx, id: number, list: PrivilegeInput[]): Promise<ActionOutcome<Privilege[]>> {
  const out = await put(ctx, id, { previleges: list });
  if (out.pending) return out;
  return { pending: false, data: await getPrivileges(ctx, id) };
}

/** /master/users list: staff accounts by default; patients need PASIEN read. */
export async function adminList(ctx: Ctx, query: UserAdminListQuery): Promise<Paged<UserDto>> {
  const page = await adminPage(ctx, query);
  await auditPatients(ctx, 'read_list', page.data);
  return page;
}

async function adminPage(ctx: Ctx, query: UserAdminListQuery): Promise<Paged<UserDto>> {
  const c = requireUser(ctx);
  const type = query.type ?? (query.role === 1 ? 'patient' : 'staff');
  if (type === 'patient' && !canFeature(c.user, 'PASIEN', 'read')) throw forbidden();
  const { rows, count } = await q.listUsers(c.db, {
    scope: branchScope(c, { profile_id: query.profile_id }),
    role: type === 'patient' ? 1 : query.role,
    staffOnly: type === 'staff',
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const today = todayIn('Asia/Jakarta');
  return { data: rows.map((r) => q.toUserDto(r.user, r.level, today)), count };
}

/** Rows for the Excel export of the user list (at most 5000). */
export async function exportList(ctx: Ctx, query: UserAdminListQuery): Promise<UserDto[]> {
  const res = await adminPage(ctx, { ...query, page: 1, limit: 500 });
  const out = [...res.data];
  for (let page = 2; out.length < res.count && page <= 10; page++)
    out.push(...(await adminPage(ctx, { ...query, page, limit: 500 })).data);
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
  const canPatients = canFeature(c.user, 'PASIEN', 'read');
  if (query.type === 'patient' && !canPatients) throw forbidden();
  const rows = await q.searchPeople(c.db, {
    scope: branchScope(c),
    type: query.type ?? (canPatients ? undefined : 'employee'),
    keyword: query.keyword,
    limit: query.limit,
  });
  await auditPatients(c, 'read_list', rows);
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
