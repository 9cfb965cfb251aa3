import { branchScope, requireAccess } from '../../http/access-scope.js';
import { BRANCH } from './entities.js';
import {
  isTopLevel,
  type BranchDto,
  type BranchInput,
  type BranchListQuery,
  type BranchUpdateInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { areaCodesProblem, type AreaCodes } from '../../lib/wilayah.js';
import { audit } from '../../lib/audit.js';
import { removeUpload, storeImage, type CheckedImage } from '../../lib/uploads.js';
import * as q from './queries.js';

/**
 * Branch list. Top-level users may ask for every branch (isallbranch=1, used by the header switcher);
 * everyone else sees only the branch they are working in.
 */
export async function list(ctx: Ctx, query: BranchListQuery): Promise<BranchDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listBranches(c.db, {
    scope: branchScope(c, { isallbranch: query.isallbranch }),
    status: query.status,
  });
  return Promise.all(rows.map(q.toBranchDto));
}

/** One branch: the current one, or any for top-level users. Others get 404, as if it did not exist. */
export async function get(ctx: Ctx, id: number): Promise<BranchDto> {
  const c = requireUser(ctx);
  await requireAccess(c, BRANCH, [id], 'read');
  const row = await q.findBranch(c.db, id);
  if (!row) throw notFound('Cabang tidak ditemukan');
  return q.toBranchDto(row);
}

/**
 * The area codes a write leaves on the branch (what it sends, else what is stored), refused with 400 on the field
 * unless they are real areas each inside the one above.
 */
async function checkedAreaCodes(input: Partial<AreaCodes>, before: AreaCodes | null): Promise<AreaCodes> {
  const pick = (k: keyof AreaCodes) => (input[k] === undefined ? (before?.[k] ?? null) : input[k]);
  const codes: AreaCodes = {
    provincy_code: pick('provincy_code'),
    city_code: pick('city_code'),
    kecamatan_code: pick('kecamatan_code'),
    desa_code: pick('desa_code'),
  };
  const problem = await areaCodesProblem(codes);
  if (problem) throw badRequest(problem.message, problem.field);
  return codes;
}

/** Opening a branch is for owner and developer. */
export async function create(ctx: Ctx, input: BranchInput): Promise<BranchDto> {
  const c = requireUser(ctx);
  if (!isTopLevel(c.user)) throw forbidden('Hanya Owner atau Developer yang dapat membuat cabang baru');
  const codes = await checkedAreaCodes(input, null);
  return inTransaction(c, async (tx) => {
    const row = await q.insertBranch(tx.db, {
      name: input.name,
      address: input.address ?? null,
      city: input.city ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      logo: null,
      status: input.status,
      timezone: input.timezone,
      ...codes,
    });
    await audit(tx, { action: 'create', entity: 'profile', entityId: row.id, after: row, profileId: row.id });
    // The chain's masters (issue 30 item 2): the new branch starts with its row of each.
    // Loaded when a branch opens, not with this module: chainMasters reaches inventory and finance, which reach
    // this module back (a cycle that left finance's `auto` undefined where finance was imported first).
    const { copyChainMastersToBranch } = await import('../chainMasters/index.js');
    await copyChainMastersToBranch(tx, row.id);
    return q.toBranchDto(row);
  });
}

/** Editing: top-level users any branch, a manager (SETTING_USER manage, checked by the route) only the current one. */
export async function update(ctx: Ctx, id: number, input: BranchUpdateInput): Promise<BranchDto> {
  const c = requireUser(ctx);
  await requireAccess(c, BRANCH, [id], 'write');
  return inTransaction(c, async (tx) => {
    const before = await q.findBranch(tx.db, id);
    if (!before) throw notFound('Cabang tidak ditemukan');
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await checkedAreaCodes(input, before);
    const row = await q.updateBranch(tx.db, id, values);
    if (!row) throw notFound('Cabang tidak ditemukan');
    tx.services.authCache?.dropBranch(id);
    await audit(tx, { action: 'update', entity: 'profile', entityId: id, before, after: row, profileId: id });
    return q.toBranchDto(row);
  });
}

/** POST /api/profile/uploadavatar/{id}: the branch logo; same rule as editing the branch. */
export async function uploadLogo(ctx: Ctx, id: number, image: CheckedImage): Promise<BranchDto> {
  const c = requireUser(ctx);
  await requireAccess(c, BRANCH, [id], 'write');
  const before = await q.findBranch(c.db, id);
  if (!before) throw notFound('Cabang tidak ditemukan');
  const rel = await storeImage(c.config.uploadDir, { kind: 'profile', id }, image);
  let row: Awaited<ReturnType<typeof q.updateBranch>>;
  try {
    row = await inTransaction(c, async (tx) => {
      const updated = await q.updateBranch(tx.db, id, { logo: rel });
      await audit(tx, {
        action: 'upload_logo',
        entity: 'profile',
        entityId: id,
        before: { logo: before.logo },
        after: { logo: rel },
        profileId: id,
      });
      return updated;
    });
  } catch (err) {
    await removeUpload(c.config.uploadDir, rel, { kind: 'profile', id });
    throw err;
  }
  if (!row) throw notFound('Cabang tidak ditemukan');
  await removeUpload(c.config.uploadDir, before.logo, { kind: 'profile', id });
  return q.toBranchDto(row);
}

/** Branch logos are readable by any signed-in user (the header shows every branch to top-level users). */
export async function logoPath(ctx: Ctx, id: number): Promise<string> {
  const c = requireUser(ctx);
  const row = await q.findBranch(c.db, id);
  if (!row?.logo) throw notFound('Logo tidak ditemukan');
  return row.logo;
}
