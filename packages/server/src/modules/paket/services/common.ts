import { branchScope, requireReference } from '../../../http/access-scope.js';
import { USER } from '../../users/index.js';
import { type MembershipDto } from '@klinik/shared';
import { type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import * as q from '../queries.js';

/**
 * Paket promosi and membership (issue 5). Everything is per branch (profile_id): package types, packages and
 * their versions, registrations with their slots and instalments. A package change never edits a version:
 * it adds a new one, so a registration keeps pointing at the terms it was sold at.
 */

export const TYPE_NOT_FOUND = 'Jenis paket tidak ditemukan';
export const PAKET_NOT_FOUND = 'Paket tidak ditemukan';

export async function branchToday(c: Ctx): Promise<string> {
  return c.today();
}

export async function requirePatient(c: Ctx, id: number) {
  await requireReference(c, USER, [id], 'customer', 'Pasien tidak ditemukan di cabang ini');
  const u = await q.findPerson(c.db, id);
  if (!u || u.role !== 1) throw badRequest('Pasien tidak ditemukan di cabang ini', 'customer');
  if (u.status !== 1) throw badRequest('Pasien tidak aktif', 'customer');
  return u;
}

export async function requireDoctor(c: Ctx, id: number) {
  await requireReference(c, USER, [id], 'doctor', 'Dokter tidak ditemukan di cabang ini');
  const u = await q.findPerson(c.db, id);
  if (!u || u.role !== 2) throw badRequest('Dokter tidak ditemukan di cabang ini', 'doctor');
  if (u.status !== 1) throw badRequest('Dokter tidak aktif', 'doctor');
  return u;
}

/** One registration; the caller has checked access to it (requireAccess), so the read spans every branch it may read. */
export async function membershipDto(c: Ctx, id: number, detail = false): Promise<MembershipDto | undefined> {
  const scope = branchScope(c, { isallbranch: 1 });
  const { rows } = await q.listMemberships(c.db, { scope, id, limit: 1, offset: 0 });
  if (!rows[0]) return undefined;
  const dto = q.toMembershipDto(rows[0]);
  if (detail) {
    dto.slots = await q.slotsOf(c.db, id);
    dto.cicilan = await q.cicilanOf(c.db, id);
  }
  return dto;
}
