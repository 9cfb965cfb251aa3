import type { Paged, SatusehatDto, SatusehatInput, SatusehatListQuery } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess } from '../../http/access-scope.js';
import { SATUSEHAT } from './entities.js';
import * as q from './queries.js';

function dto(r: q.SatusehatRow): SatusehatDto {
  return { id: r.id, profile_id: r.profile_id, name: r.name, status: r.status, created_at: r.created_at };
}

/**
 * Business rules: functions of (ctx, input). Lists take the branch scope (branchScope: the current branch, or every
 * branch for a top-level reader who asks); one row by id goes through requireAccess (404 for another branch's row).
 */
export async function list(ctx: Ctx, query: SatusehatListQuery): Promise<Paged<SatusehatDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listSatusehat(c.db, {
    scope: branchScope(c, query),
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(dto), count };
}

export async function get(ctx: Ctx, id: number): Promise<SatusehatDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SATUSEHAT, [id], 'read');
  const row = await q.findSatusehat(c.db, id);
  if (!row) throw notFound(SATUSEHAT.notFound);
  return dto(row);
}

export async function create(ctx: Ctx, input: SatusehatInput): Promise<SatusehatDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const row = await q.insertSatusehat(tx.db, { profile_id: c.branchId, name: input.name, status: input.status });
    await audit(tx, { action: 'create', entity: 'satusehat', entityId: row.id, after: row });
    return dto(row);
  });
}

export async function update(ctx: Ctx, id: number, input: SatusehatInput): Promise<SatusehatDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, SATUSEHAT, [id], 'write');
    const before = await q.findSatusehat(tx.db, id);
    if (!before) throw notFound(SATUSEHAT.notFound);
    const row = await q.updateSatusehat(tx.db, id, { name: input.name, status: input.status });
    await audit(tx, { action: 'update', entity: 'satusehat', entityId: id, before, after: row });
    return dto(row!);
  });
}
