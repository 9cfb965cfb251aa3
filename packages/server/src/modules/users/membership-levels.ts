import type { MembershipLevelDto, MembershipLevelInput, MembershipLevelUpdateInput } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries.js';

/**
 * The chain's membership levels (issue 30 item 2): one list, no branch column. Every staff member reads it; the
 * endpoints let only top-level users write it (docs/decisions.md "Payment methods and membership levels").
 */

const dto = (r: q.MembershipLevelRow): MembershipLevelDto => ({ id: r.id, name: r.name, status: r.status });

export async function listMembershipLevels(ctx: Ctx, status?: number): Promise<MembershipLevelDto[]> {
  return (await q.listMembershipLevels(ctx.db, status)).map(dto);
}

export async function createMembershipLevel(ctx: Ctx, input: MembershipLevelInput): Promise<MembershipLevelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    if (await q.membershipLevelNamed(tx.db, input.name)) throw badRequest(`Level ${input.name} sudah ada`, 'name');
    const row = await q.insertMembershipLevel(tx.db, input);
    await audit(tx, { action: 'create', entity: 'membership_level', entityId: row.id, after: row });
    return dto(row);
  });
}

export async function updateMembershipLevel(
  ctx: Ctx,
  id: number,
  input: MembershipLevelUpdateInput,
): Promise<MembershipLevelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await q.lockMembershipLevel(tx.db, id);
    if (!before) throw notFound('Level membership tidak ditemukan');
    if (input.name !== undefined && (await q.membershipLevelNamed(tx.db, input.name, id)))
      throw badRequest(`Level ${input.name} sudah ada`, 'name');
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const row = Object.keys(values).length ? await q.updateMembershipLevel(tx.db, id, values) : before;
    await audit(tx, { action: 'update', entity: 'membership_level', entityId: id, before, after: row });
    return dto(row);
  });
}
