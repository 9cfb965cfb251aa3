import { asc, eq } from 'drizzle-orm';
import type { MembershipLevelDto, MembershipLevelInput, MembershipLevelUpdateInput } from '@klinik/shared';
import { membershipLevel } from '../../db/schema/index.js';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';

/**
 * The chain's membership levels (issue 30 item 2): one list, no branch column. Every staff member reads it; the
 * endpoints let only top-level users write it (docs/decisions.md "Payment methods and membership levels").
 */

const dto = (r: typeof membershipLevel.$inferSelect): MembershipLevelDto => ({
  id: r.id,
  name: r.name,
  status: r.status,
});

export async function listMembershipLevels(ctx: Ctx, status?: number): Promise<MembershipLevelDto[]> {
  const rows = await ctx.db
    .select()
    .from(membershipLevel)
    .where(status === undefined ? undefined : eq(membershipLevel.status, status))
    .orderBy(asc(membershipLevel.id));
  return rows.map(dto);
}

async function nameTaken(ctx: Ctx, name: string, except?: number): Promise<boolean> {
  const rows = await ctx.db.select({ id: membershipLevel.id, name: membershipLevel.name }).from(membershipLevel);
  return rows.some((r) => r.id !== except && r.name.trim().toLowerCase() === name.trim().toLowerCase());
}

export async function createMembershipLevel(ctx: Ctx, input: MembershipLevelInput): Promise<MembershipLevelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    if (await nameTaken(tx, input.name)) throw badRequest(`Level ${input.name} sudah ada`, 'name');
    const [row] = await tx.db.insert(membershipLevel).values(input).returning();
    await audit(tx, { action: 'create', entity: 'membership_level', entityId: row!.id, after: row });
    return dto(row!);
  });
}

export async function updateMembershipLevel(
  ctx: Ctx,
  id: number,
  input: MembershipLevelUpdateInput,
): Promise<MembershipLevelDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const [before] = await tx.db.select().from(membershipLevel).where(eq(membershipLevel.id, id)).for('update');
    if (!before) throw notFound('Level membership tidak ditemukan');
    if (input.name !== undefined && (await nameTaken(tx, input.name, id)))
      throw badRequest(`Level ${input.name} sudah ada`, 'name');
    const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(values).length
      ? await tx.db.update(membershipLevel).set(values).where(eq(membershipLevel.id, id)).returning()
      : [before];
    await audit(tx, { action: 'update', entity: 'membership_level', entityId: id, before, after: row });
    return dto(row!);
  });
}
