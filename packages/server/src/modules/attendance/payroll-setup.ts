import { percentToBp, toSen, type ComponentInput, type GroupInput } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequestMany, conflict } from '../../http/errors.js';
import { requireAccess } from '../../http/access-scope.js';
import { PAYROLL_COMPONENT, PAYROLL_GROUP } from './entities.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries/index.js';
import { componentDto } from './payroll-dto.js';

/** Payroll components and groups ('Group Slip Gaji'), issue 15; the runs are in payroll.ts. */

export async function listComponents(ctx: Ctx) {
  requireUser(ctx);
  const rows = await q.listComponents(ctx.db, ctx.branchId);
  return rows.map(componentDto);
}

export async function saveComponent(ctx: Ctx, id: number | null, input: ComponentInput) {
  return inTransaction(ctx, async (tx) => {
    if (id !== null) await requireAccess(tx, PAYROLL_COMPONENT, [id], 'write');
    const before = id === null ? null : await q.findComponent(tx.db, id);
    if (await q.componentNameTaken(tx.db, ctx.branchId, input.name, id))
      throw conflict(`Komponen ${input.name} sudah ada`, 'name');
    const values = {
      profile_id: ctx.branchId,
      name: input.name,
      kind: input.kind,
      method: input.method,
      amount: toSen(input.amount),
      rate_bp: percentToBp(input.rate),
      taxable: input.taxable,
      bpjs_base: input.bpjs_base,
      status: input.status,
    };
    const row = id === null ? await q.insertComponent(tx.db, values) : await q.updateComponent(tx.db, id, values);
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'payroll_component',
      entityId: row.id,
      before,
      after: row,
    });
    return componentDto(row);
  });
}

export async function listGroups(ctx: Ctx) {
  requireUser(ctx);
  const groups = await q.listGroups(ctx.db, ctx.branchId);
  const ids = groups.map((g) => g.id);
  const comps = await q.componentsOfGroups(ctx.db, ids);
  const members = await q.membersOfGroups(ctx.db, ids);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    cutoff_day: g.cutoff_day,
    status: g.status,
    components: comps.filter((c) => c.group_id === g.id).map((c) => c.component_id),
    members: members.filter((m) => m.group_id === g.id).map((m) => ({ id: m.user_id, name: m.name })),
  }));
}

export async function saveGroup(ctx: Ctx, id: number | null, input: GroupInput) {
  return inTransaction(ctx, async (tx) => {
    if (id !== null) await requireAccess(tx, PAYROLL_GROUP, [id], 'write');
    const before = id === null ? null : await q.findGroup(tx.db, id);
    if (await q.groupNameTaken(tx.db, ctx.branchId, input.name, id))
      throw conflict(`Group ${input.name} sudah ada`, 'name');
    const comps = [...new Set(input.components)];
    const members = [...new Set(input.members)];
    const okComps = await q.componentsOfBranch(tx.db, ctx.branchId, comps);
    const okMembers = await q.staffOfBranch(tx.db, ctx.branchId, members);
    const issues = [
      ...comps
        .filter((c) => !okComps.some((o) => o.id === c))
        .map((c) => ({ message: `Komponen ${c} tidak ditemukan`, field: 'components' })),
      ...members
        .filter((m) => !okMembers.some((o) => o.id === m))
        .map((m) => ({ message: `Pegawai ${m} tidak ditemukan`, field: 'members' })),
    ];
    if (issues.length) throw badRequestMany(issues);
    const values = { profile_id: ctx.branchId, name: input.name, cutoff_day: input.cutoff_day, status: input.status };
    const row = id === null ? await q.insertGroup(tx.db, values) : await q.updateGroup(tx.db, id, values);
    // An employee belongs to one group: joining this one leaves any other.
    await q.replaceGroupContents(tx.db, row.id, comps, members);
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'payroll_group',
      entityId: row.id,
      before,
      after: { ...row, components: comps, members },
    });
    return (await listGroups(tx)).find((g) => g.id === row.id)!;
  });
}
