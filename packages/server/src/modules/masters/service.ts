import { branchScope, requireAccess, requireReference, type Action } from '../../http/access-scope.js';
import { FORMLAB, ITEM, ITEM_CATEGORY, TINDAKAN } from './entities.js';
import {
  toSen,
  type FormLabDto,
  type FormLabInput,
  type ItemDto,
  type ItemInput,
  type LabPartnerOption,
  type MasterListQuery,
  type Paged,
  type TindakanDto,
  type TindakanInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { keepChainOwned } from '../../lib/chain-copies.js';
import { labPartnerOf, labPartnerOptions } from '../investors/index.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries.js';

/**
 * Masters of procedures (tindakan medis), items and lab forms. Each branch keeps its own list (its own
 * prices); rows of another branch are reported missing. "Delete" deactivates: packages sold earlier keep
 * pointing at the row.
 */
export interface MasterDtos {
  tindakan: TindakanDto;
  item: ItemDto;
  formlab: FormLabDto;
}
export interface MasterInputs {
  tindakan: TindakanInput;
  item: ItemInput;
  formlab: FormLabInput;
}

function valuesOf(
  kind: q.MasterKind,
  input: Partial<TindakanInput & ItemInput & FormLabInput>,
): Record<string, unknown> {
  const def = q.MASTER_DEFS[kind];
  const out: Record<string, unknown> = { code: input.code, name: input.name, status: input.status };
  for (const c of def.text) out[c] = (input as Record<string, unknown>)[c] ?? null;
  for (const c of def.money) {
    const v = (input as Record<string, unknown>)[c];
    out[c] = typeof v === 'number' ? toSen(v) : undefined;
  }
  for (const c of def.ints ?? []) out[c] = (input as Record<string, unknown>)[c] ?? null;
  for (const c of def.bools ?? []) out[c] = (input as Record<string, unknown>)[c] === true;
  return out;
}

/** An item's category must be one of the branch's categories. */
async function checkReferences(ctx: Ctx, kind: q.MasterKind, input: Partial<ItemInput>): Promise<void> {
  if (kind === 'item' && typeof input.category_id === 'number')
    await requireReference(ctx, ITEM_CATEGORY, [input.category_id], 'category_id');
}

/**
 * A lab form sent outside names its laboratory or hospital from the outside-party master (issue 28, branch w28):
 * an active investor row of kind 'laboratorium' or 'rumahsakit' of this branch. Its kind and name are copied on the
 * form (the bill's payable names the row; the copy keeps the list readable).
 */
async function partnerValues(
  ctx: Ctx,
  kind: q.MasterKind,
  input: Partial<FormLabInput>,
): Promise<Record<string, unknown>> {
  if (kind !== 'formlab') return {};
  if (!input.partner_id) return { partner_id: null, partner_type: null, partner_name: null };
  const p = await labPartnerOf(ctx.db, ctx.branchId, input.partner_id);
  if (!p) throw badRequest('Laboratorium/rumah sakit tidak ditemukan di cabang ini', 'partner_id');
  if (p.status !== 1) throw badRequest('Laboratorium/rumah sakit tidak aktif', 'partner_id');
  return { partner_id: p.id, partner_type: p.kind, partner_name: p.name };
}

function notFoundOf(kind: q.MasterKind) {
  return notFound(`${q.MASTER_DEFS[kind].label} tidak ditemukan`);
}

export async function list<K extends q.MasterKind>(
  ctx: Ctx,
  kind: K,
  query: MasterListQuery,
): Promise<Paged<MasterDtos[K]>> {
  const c = requireUser(ctx);
  const def = q.MASTER_DEFS[kind];
  const { rows, count } = await q.listMasters(c.db, def, {
    scope: branchScope(c),
    keyword: query.keyword,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map((r) => q.toDto<MasterDtos[K]>(def, r)), count };
}

const ENTITY = { tindakan: TINDAKAN, item: ITEM, formlab: FORMLAB } as const;

/** What a branch still sets on a row the chain owns (docs/decisions.md, "Masters owned by the chain"). */
const BRANCH_FIELDS: Record<q.MasterKind, string[]> = {
  tindakan: [],
  item: ['min_stock', 'last_purchase_price'],
  formlab: [],
};

async function ownRow(ctx: Ctx & { user: NonNullable<Ctx['user']> }, kind: q.MasterKind, id: number, action: Action) {
  await requireAccess(ctx, ENTITY[kind], [id], action);
  const row = await q.findMaster(ctx.db, q.MASTER_DEFS[kind], id);
  if (!row) throw notFoundOf(kind);
  return row;
}

/** Stores a change of an own row (the caller's transaction) and audits it, before and after; the stored row's DTO. */
async function storeChange<K extends q.MasterKind>(
  tx: Ctx,
  kind: K,
  id: number,
  before: q.MasterRow,
  values: Record<string, unknown>,
  action: 'update' | 'deactivate',
): Promise<MasterDtos[K]> {
  const def = q.MASTER_DEFS[kind];
  const row = await q.updateMaster(tx.db, def, id, values);
  if (!row) throw notFoundOf(kind);
  await audit(tx, { action, entity: def.table, entityId: id, before, after: row, profileId: Number(row.profile_id) });
  return q.toDto<MasterDtos[K]>(def, row);
}

export async function get<K extends q.MasterKind>(ctx: Ctx, kind: K, id: number): Promise<MasterDtos[K]> {
  const c = requireUser(ctx);
  return q.toDto<MasterDtos[K]>(q.MASTER_DEFS[kind], await ownRow(c, kind, id, 'read'));
}

export async function create<K extends q.MasterKind>(
  ctx: Ctx,
  kind: K,
  input: MasterInputs[K],
): Promise<MasterDtos[K]> {
  const c = requireUser(ctx);
  const def = q.MASTER_DEFS[kind];
  return inTransaction(c, async (tx) => {
    await checkReferences(tx, kind, input);
    if (await q.findMasterByCode(tx.db, def, tx.branchId, input.code))
      throw conflict(`Kode ${input.code} sudah dipakai`, 'code');
    const values = { ...valuesOf(kind, input), ...(await partnerValues(tx, kind, input)) };
    const row = await q.insertMaster(tx.db, def, tx.branchId, values);
    await audit(tx, { action: 'create', entity: def.table, entityId: row.id, after: row });
    return q.toDto<MasterDtos[K]>(def, row);
  });
}

export async function update<K extends q.MasterKind>(
  ctx: Ctx,
  kind: K,
  id: number,
  input: MasterInputs[K],
): Promise<MasterDtos[K]> {
  const c = requireUser(ctx);
  const def = q.MASTER_DEFS[kind];
  return inTransaction(c, async (tx) => {
    const before = await ownRow(tx as typeof c, kind, id, 'write');
    // A row the head office keeps (issue 30 item 2): the branch sets only its own fields.
    const values = keepChainOwned(
      before,
      { ...valuesOf(kind, input), ...(await partnerValues(tx, kind, input)) },
      BRANCH_FIELDS[kind],
    );
    await checkReferences(tx, kind, input);
    const same = await q.findMasterByCode(tx.db, def, Number(before.profile_id), input.code);
    if (same && Number(same.id) !== id) throw conflict(`Kode ${input.code} sudah dipakai`, 'code');
    return storeChange<K>(tx, kind, id, before, values, 'update');
  });
}

/** Deactivate (status 0): the row stays for packages and registrations that name it. */
export async function deactivate<K extends q.MasterKind>(ctx: Ctx, kind: K, id: number): Promise<MasterDtos[K]> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await ownRow(tx as typeof c, kind, id, 'write');
    keepChainOwned(before, { status: 0 }, []);
    return storeChange<K>(tx, kind, id, before, { status: 0 }, 'deactivate');
  });
}

/** The outside laboratories and hospitals of the branch a lab form can be sent to (the lab master's picker). */
export async function labPartners(ctx: Ctx): Promise<LabPartnerOption[]> {
  const c = requireUser(ctx);
  return labPartnerOptions(c.db, c.branchId);
}
