import {
  canFeature,
  isTopLevel,
  PROFILE_FIELD_KEYS,
  STAFF_ACCESS,
  type AccessSubject,
  type CustomerSearchQuery,
  type Privilege,
  type UserAccessInput,
  type UserAdminListQuery,
  type UserListQuery,
  type UserPutInput,
} from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import type { AuthedCtx, SessionUser } from '../../http/context.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { findBranch } from '../branches/index.js';
import { USER } from './entities.js';
import * as q from './queries.js';

/**
 * The users module's access rules, in one place (issue 27 item 3). The endpoint declares who may call it
 * (`access`); what depends on the target account or the input is an `authorize` step declared on the endpoint and
 * named here; the services call only these rules (the approval executor checks the grant again against the approver).
 */

/** Any staff member (not patients): who may look people up; the rules below narrow further. */
export const staffAccess = STAFF_ACCESS;

/** Patients (role 1) are read with PASIEN read. */
export const readsPatients = (u: AccessSubject) => canFeature(u, 'PASIEN', 'read');

const MSG_TOPLEVEL_ONLY = 'Hanya Owner atau Developer yang dapat mengubah akun top level';

/** Whether an update changes a field (role, top-level role, branch): given and different from the stored value. */
export function changed<T>(next: T | undefined, current: T): next is T {
  return next !== undefined && next !== current;
}

/** GET /api/users: a list of patients (role 1) needs PASIEN read; without it the list holds staff only. */
export function authorizeList(c: AuthedCtx, query: Pick<UserListQuery, 'role'>): void {
  if (query.role === 1 && !readsPatients(c.user)) throw forbidden();
}

/** /master/users list and export: patients need PASIEN read. */
export function authorizeAdminList(c: AuthedCtx, query: Pick<UserAdminListQuery, 'type' | 'role'>): void {
  const type = query.type ?? (query.role === 1 ? 'patient' : 'staff');
  if (type === 'patient' && !readsPatients(c.user)) throw forbidden();
}

/** GET /api/customer: patients need PASIEN read. */
export function authorizeSearch(c: AuthedCtx, query: Pick<CustomerSearchQuery, 'type'>): void {
  if (query.type === 'patient' && !readsPatients(c.user)) throw forbidden();
}

/** The account named (own, the current branch's, or any for owner/developer; else 404). */
async function target(c: AuthedCtx, id: number, action: 'read' | 'write'): Promise<q.UserRow> {
  await requireAccess(c, USER, [id], action);
  const row = await q.findUser(c.db, id);
  if (!row) throw notFound(USER.notFound);
  return row.user;
}

/** GET /api/users/{id}: a patient needs PASIEN read (one's own account is always readable). */
export async function authorizeGet(c: AuthedCtx, id: number): Promise<void> {
  const t = await target(c, id, 'read');
  if (t.role === 1 && !readsPatients(c.user) && t.id !== c.user.id) throw forbidden();
}

/** Spec 6 profile rules: own profile always; a patient needs PASIEN manage; another staff user SETTING_USER manage. */
export function assertMayEditProfile(c: AuthedCtx, t: q.UserRow): void {
  if (t.id === c.user.id) return;
  if (t.role === 1) {
    if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
    return;
  }
  if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
  if (t.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
}

/** The status of an account: never one's own; a patient's with PASIEN manage, a staff user's with SETTING_USER. */
function assertMayChangeStatus(c: AuthedCtx, t: q.UserRow, status: number): void {
  if (t.id === c.user.id) {
    if (status !== t.status) throw badRequest('Anda tidak dapat mengubah status akun Anda sendiri', 'status');
  } else if (t.role === 1) {
    if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
  } else {
    if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
    if (t.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
  }
}

/** Role, top-level role, branch and privileges of a staff account: the user manager, never on oneself. */
async function assertMayChangeAccess(c: AuthedCtx, t: q.UserRow, a: UserAccessInput): Promise<void> {
  if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
  if (t.role === 1) throw badRequest('Role, cabang dan hak akses pasien tidak dapat diubah');
  const top = isTopLevel(c.user);
  if (t.id === c.user.id && !top) throw forbidden('Anda tidak dapat mengubah role atau hak akses Anda sendiri');
  if (t.roletoplevel > 0 && !top) throw forbidden(MSG_TOPLEVEL_ONLY);
  if (a.roletoplevel !== undefined && a.roletoplevel !== t.roletoplevel && !top) {
    throw forbidden('Hanya Owner atau Developer yang dapat mengatur role top level');
  }
  if (a.role === 11 && t.role !== 11 && !top && c.user.rolename !== 'superadmin') {
    throw forbidden('Hanya Owner, Developer atau Superadmin yang dapat memberi role Superadmin');
  }
  if (changed(a.profile_id, t.profile_id)) {
    if (!top) throw forbidden('Hanya Owner atau Developer yang dapat memindahkan pengguna ke cabang lain');
    if (!(await findBranch(c.db, a.profile_id))) throw badRequest('Cabang tidak ditemukan', 'profile_id');
  }
}

/**
 * PUT /api/users/{id} (and the status, access and privilege dialogs): each part of the change with its own rule
 * (profile fields, status, role/branch/privileges). What the change grants is checked in the service against what
 * the account holds (assertMayGrant), by the caller and again by the approver.
 */
export async function authorizePut(c: AuthedCtx, id: number, input: UserPutInput) {
  const t = await target(c, id, 'write');
  if (PROFILE_FIELD_KEYS.some((k) => input[k] !== undefined)) assertMayEditProfile(c, t);
  if (input.status !== undefined) assertMayChangeStatus(c, t, input.status);
  const wantsAccess =
    input.role !== undefined ||
    input.roletoplevel !== undefined ||
    input.profile_id !== undefined ||
    input.previleges !== undefined;
  if (wantsAccess) await assertMayChangeAccess(c, t, input);
}

/** Profile card and avatar: the profile rule. */
export async function authorizeProfile(c: AuthedCtx, id: number): Promise<void> {
  assertMayEditProfile(c, await target(c, id, 'write'));
}

/** Password dialog: own password, or another staff user's with SETTING_USER manage (patients have no sign-in). */
export async function authorizePassword(c: AuthedCtx, id: number): Promise<void> {
  const t = await target(c, id, 'write');
  if (t.id === c.user.id) return;
  if (t.role === 1) {
    if (!canFeature(c.user, 'PASIEN', 'manage')) throw forbidden();
    throw badRequest('Pasien tidak memiliki akun masuk, password tidak dapat diubah', 'password');
  }
  if (!canFeature(c.user, 'SETTING_USER', 'manage')) throw forbidden();
  if (t.roletoplevel > 0 && !isTopLevel(c.user)) throw forbidden(MSG_TOPLEVEL_ONLY);
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

/**
 * A user's sessions (issue 30 item 6): owner and developer see and end anyone's, everyone else only their own.
 * Another branch's account is 404 for a branch user (as every id), a colleague's in the branch 403.
 */
export async function authorizeSessions(ctx: AuthedCtx, userId: number, action: 'read' | 'write'): Promise<void> {
  await requireAccess(ctx, USER, [userId], action);
  if (userId !== ctx.user.id && !isTopLevel(ctx.user)) throw forbidden();
}
