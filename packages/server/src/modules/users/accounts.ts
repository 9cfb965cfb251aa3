import { branchScope, inScope, requireAccess } from '../../http/access-scope.js';
import { USER } from './entities.js';
import {
  defaultPrivileges,
  isTopLevel,
  PROFILE_FIELD_KEYS,
  privilegesInput,
  RESOURCES,
  roleNameOf,
  userPutInput,
  type ActionOutcome,
  type ApprovalAction,
  type ChangePasswordInput,
  type EmployeeCreateInput,
  type Privilege,
  type PrivilegeInput,
  type UserAccessInput,
  type UserDto,
  type UserPutInput,
  type UserUpdateInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { hashPassword, isCommonPassword } from '../../auth/password.js';
import { invalidateUserSessions } from '../../auth/session.js';
import { removeUpload, storeImage, type CheckedImage } from '../../lib/uploads.js';
import { loadPrivileges } from '../auth/index.js';
import { findBranch } from '../branches/index.js';
import {
  approvalRuleFor,
  logActivity,
  requestOrRun,
  storeRequest,
  type ApprovalExecutor,
  type ApprovalRequest,
} from '../applog/index.js';
import { audit } from '../../lib/audit.js';
import { executeMerge } from './patients.js';
import * as q from './queries.js';

import { assertMayGrant, changed } from './access.js';

/** Accounts: profile card, passwords, status, access and privileges, avatars, employee accounts (issue 3). */
// ---------------------------------------------------------------------------------------------------------------
// Issue 3: profile card, passwords, status, access, avatars, user accounts, people search.
// ---------------------------------------------------------------------------------------------------------------

/** A user the caller may see: own account, the current branch, or any for owner/developer. Else 404. */
async function loadTarget(c: AuthedCtx, id: number) {
  await requireAccess(c, USER, [id], 'write');
  const row = await q.findUser(c.db, id);
  if (!row) throw notFound(USER.notFound);
  return row;
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

  const statusChange = input.status !== undefined && input.status !== target.status;
  // The rules of each part were checked by the endpoint's authorize step (access.ts authorizePut).
  if (input.note && target.role !== 1) throw badRequest('Catatan hanya untuk pasien', 'note');
  const wantsAccess =
    input.role !== undefined ||
    input.roletoplevel !== undefined ||
    input.profile_id !== undefined ||
    input.previleges !== undefined;
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
  const viaApproval = (action: ApprovalRequest['action'], message: string, note?: string) =>
    requestOrRun(
      c,
      { action, message, note, entity: 'users', entityId: id, subjectUserId: id, payload, url: `/user/${id}` },
      (tx) => applyPut(tx, id, payload),
    );
  if (deactivate) return viaApproval('user.deactivate', `Menonaktifkan pengguna ${target.name}`);
  if (accessChange && !self) {
    return viaApproval(
      'user.change_role',
      `Mengubah role / cabang pengguna ${target.name}`,
      describeAccessChange(target, input),
    );
  }
  if (privilegeChange && !self) {
    return viaApproval(
      'user.change_privileges',
      `Mengubah hak akses pengguna ${target.name}`,
      describePrivilegeChange(privilegesBefore, privilegesAfter ?? []),
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
