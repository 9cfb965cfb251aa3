import type { Paged, __Name__Dto, __Name__Input, __Name__ListQuery } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess } from '../../http/access-scope.js';
import { __NAME__ } from './entities.js';
import * as q from './queries.js';

function dto(r: q.__Name__Row): __Name__Dto {
  return { id: r.id, profile_id: r.profile_id, name: r.name, status: r.status, created_at: r.created_at };
}

/**
 * Business rules: functions of (ctx, input). Lists take the branch scope (branchScope: the current branch, or every
 * branch for a top-level reader who asks); one row by id goes through requireAccess (404 for another branch's row).
 */
export async function list(ctx: Ctx, query: __Name__ListQuery): Promise<Paged<__Name__Dto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.list__Name__(c.db, {
    scope: branchScope(c, query),
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(dto), count };
}

export async function get(ctx: Ctx, id: number): Promise<__Name__Dto> {
  const c = requireUser(ctx);
  await requireAccess(c, __NAME__, [id], 'read');
  const row = await q.find__Name__(c.db, id);
  if (!row) throw notFound(__NAME__.notFound);
  return dto(row);
}

export async function create(ctx: Ctx, input: __Name__Input): Promise<__Name__Dto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const row = await q.insert__Name__(tx.db, { profile_id: c.branchId, name: input.name, status: input.status });
    await audit(tx, { action: 'create', entity: '__name__', entityId: row.id, after: row });
    return dto(row);
  });
}

export async function update(ctx: Ctx, id: number, input: __Name__Input): Promise<__Name__Dto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, __NAME__, [id], 'write');
    const before = await q.find__Name__(tx.db, id);
    if (!before) throw notFound(__NAME__.notFound);
    const row = await q.update__Name__(tx.db, id, { name: input.name, status: input.status });
    await audit(tx, { action: 'update', entity: '__name__', entityId: id, before, after: row });
    return dto(row!);
  });
}
