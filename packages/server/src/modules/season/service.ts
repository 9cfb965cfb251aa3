import {
  asSen,
  fromSen,
  SEASON_STATUS,
  toSen,
  type Paged,
  type SeasonDto,
  type SeasonInput,
  type SeasonListQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, constraintOf, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { seesEveryBranch } from './access.js';
import { SEASON } from './entities.js';
import * as q from './queries.js';

const OVERLAP = 'Cabang ini sudah punya musim promo aktif pada tanggal yang bertumpuk';

function dto(r: q.SeasonListRow): SeasonDto {
  const status = Number(r.status);
  return {
    id: Number(r.id),
    name: r.name,
    start_at: r.start_at,
    end_at: r.end_at,
    branches: (r.branches ?? []).map((b) => ({ id: Number(b.id), name: b.name })),
    revenue_target: fromSen(asSen(Number(r.revenue_target))),
    status,
    statusname: SEASON_STATUS[status as keyof typeof SEASON_STATUS] ?? String(status),
    note: r.note,
    created_at: r.created_at,
  };
}

/** GET /api/season: every season for top-level users (or one branch's), the own branch's for a superadmin. */
export async function list(ctx: Ctx, query: SeasonListQuery): Promise<Paged<SeasonDto>> {
  const c = requireUser(ctx);
  const branch = seesEveryBranch(c) ? query.profile_id : c.branchId;
  const { rows, count } = await q.listSeasons(c.db, {
    branch,
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(dto), count };
}

export async function get(ctx: Ctx, id: number): Promise<SeasonDto> {
  const c = requireUser(ctx);
  const row = await q.findSeason(c.db, id);
  if (!row) throw notFound(SEASON.notFound);
  return dto(row);
}

/** The branches named must exist; a superadmin may name only their own branch. */
async function checkBranches(c: AuthedCtx, branches: number[]): Promise<number[]> {
  const unique = [...new Set(branches)];
  const found = await q.existingBranches(c.db, unique);
  const allowed = seesEveryBranch(c) ? found : found.filter((b) => b === c.branchId);
  if (allowed.length !== unique.length) throw badRequest('Cabang tidak ditemukan', 'branches');
  return unique;
}

/** The season's own columns as the form gives them (the target in sen). */
function valuesOf(input: SeasonInput) {
  return {
    name: input.name,
    start_at: input.start_at,
    end_at: input.end_at,
    revenue_target: toSen(input.revenue_target),
    status: input.status,
    note: input.note || null,
  };
}

function overlapOr(err: unknown): never {
  if (constraintOf(err) === 'season_one_active') throw conflict(OVERLAP);
  throw err;
}

/** POST /api/season. */
export async function create(ctx: Ctx, input: SeasonInput): Promise<SeasonDto> {
  const c = requireUser(ctx);
  const branches = await checkBranches(c, input.branches);
  try {
    return await inTransaction(c, async (tx) => {
      const row = await q.insertSeason(tx.db, {
        ...valuesOf(input),
        created_by: tx.user!.id,
      });
      await q.setBranches(tx.db, row.id, branches);
      await audit(tx, { action: 'create', entity: 'season', entityId: row.id, after: { ...row, branches } });
      return get(tx, row.id);
    });
  } catch (err) {
    overlapOr(err);
  }
}

/** PUT /api/season/{id}: a closed season stays closed (its figures are history). */
export async function update(ctx: Ctx, id: number, input: SeasonInput): Promise<SeasonDto> {
  const c = requireUser(ctx);
  const branches = await checkBranches(c, input.branches);
  try {
    return await inTransaction(c, async (tx) => {
      const before = await q.lockSeason(tx.db, id);
      if (!before) throw notFound(SEASON.notFound);
      if (before.status === 2 && input.status !== 2)
        throw conflict('Musim promo yang sudah selesai tidak dapat dibuka lagi');
      // Branches first: the season's own write then checks its final branches and dates (trigger season_one_active).
      await q.setBranches(tx.db, id, branches);
      await q.updateSeason(tx.db, id, {
        ...valuesOf(input),
        updated_at: tx.now().toISOString(),
      });
      await audit(tx, { action: 'update', entity: 'season', entityId: id, before, after: { ...input, branches } });
      return get(tx, id);
    });
  } catch (err) {
    overlapOr(err);
  }
}
