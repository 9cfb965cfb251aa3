import { branchScope } from '../../http/access-scope.js';
import type { Paged, PengumumanDto, PengumumanInput, PengumumanListQuery } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries.js';

/** Announcements of the current branch, newest first (the footer asks for the 10 latest). */
export async function list(ctx: Ctx, query: PengumumanListQuery): Promise<Paged<PengumumanDto>> {
  const c = requireUser(ctx);
  return q.listPengumuman(c.db, {
    scope: branchScope(c),
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
}

export async function create(ctx: Ctx, input: PengumumanInput): Promise<PengumumanDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const row = await q.insertPengumuman(tx.db, { profile_id: c.branchId, user_id: c.user.id, message: input.message });
    await audit(tx, { action: 'create', entity: 'pengumuman', entityId: row.id, after: row });
    return {
      id: row.id,
      message: row.message,
      userdata: { id: c.user.id, name: c.user.name },
      posttime: row.posttime,
      profile_id: row.profile_id,
    };
  });
}
