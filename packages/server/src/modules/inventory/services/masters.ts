import {
  type CategoryDto,
  type CategoryInput,
  type InventoryListQuery,
  type Paged,
  type VendorDto,
  type VendorInput,
  type WarehouseDto,
  type WarehouseInput,
  type WarehouseKind,
} from '@klinik/shared';
import { branchScope, requireAccess, type EntityDef } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { conflict, isUniqueViolation, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { keepChainOwned } from '../../../lib/chain-copies.js';
import { ITEM_CATEGORY, VENDOR, WAREHOUSE } from '../entities.js';
import * as q from '../queries.js';

/**
 * The inventory masters: item categories, vendors and warehouses, each branch its own. "Delete" deactivates
 * (status 0): orders and the ledger keep pointing at the row.
 */
export interface Dtos {
  item_category: CategoryDto;
  vendor: VendorDto;
  warehouse: WarehouseDto;
}
export interface Inputs {
  item_category: CategoryInput;
  vendor: VendorInput;
  warehouse: WarehouseInput;
}
const ENTITY: Record<q.MasterTable, EntityDef> = { item_category: ITEM_CATEGORY, vendor: VENDOR, warehouse: WAREHOUSE };
/** What a branch still sets on a row the chain owns (docs/decisions.md, "Masters owned by the chain"). */
const BRANCH_FIELDS: Record<q.MasterTable, string[]> = { item_category: [], vendor: ['payment_terms'], warehouse: [] };
const LABEL: Record<q.MasterTable, string> = { item_category: 'Kategori', vendor: 'Vendor', warehouse: 'Gudang' };

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function dto<T extends q.MasterTable>(table: T, r: q.Row): Dtos[T] {
  const base = {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    status: Number(r.status),
    chain_id: r.chain_id == null ? null : Number(r.chain_id),
  };
  switch (table) {
    case 'item_category':
      return {
        ...base,
        name: String(r.name),
        description: str(r.description),
        items: Number(r.items ?? 0),
      } as Dtos[T];
    case 'vendor':
      return {
        ...base,
        code: String(r.code),
        name: String(r.name),
        contact: str(r.contact),
        phone: str(r.phone),
        address: str(r.address),
        npwp: str(r.npwp),
        payment_terms: Number(r.payment_terms),
      } as Dtos[T];
    default:
      return {
        id: base.id,
        profile_id: base.profile_id,
        status: base.status,
        code: String(r.code),
        name: String(r.name),
        kind: String(r.kind) as WarehouseKind,
      } as Dtos[T];
  }
}

function valuesOf<T extends q.MasterTable>(table: T, input: Inputs[T]): Record<string, unknown> {
  if (table === 'item_category') {
    const i = input as CategoryInput;
    return { name: i.name, description: i.description ?? null, status: i.status };
  }
  if (table === 'vendor') {
    const i = input as VendorInput;
    return {
      code: i.code,
      name: i.name,
      contact: i.contact ?? null,
      phone: i.phone ?? null,
      address: i.address ?? null,
      npwp: i.npwp ?? null,
      payment_terms: i.payment_terms,
      status: i.status,
    };
  }
  const i = input as WarehouseInput;
  return { code: i.code, name: i.name, kind: i.kind, status: i.status };
}

function keyOf(table: q.MasterTable, input: Record<string, unknown>): { key: string; field: string } {
  return table === 'item_category'
    ? { key: String(input.name), field: 'name' }
    : { key: String(input.code), field: 'code' };
}

function duplicate(table: q.MasterTable, key: string, field: string) {
  return table === 'item_category'
    ? conflict(`Kategori ${key} sudah ada`, field)
    : conflict(`Kode ${key} sudah dipakai`, field);
}

/** One active apotek and one active ruang tindakan per branch (partial unique index warehouse_profile_kind_idx). */
function translate(table: q.MasterTable, err: unknown, values: Record<string, unknown>): never {
  if (table === 'warehouse' && isUniqueViolation(err, 'warehouse_profile_kind_idx'))
    throw conflict(
      values.kind === 'apotek'
        ? 'Cabang ini sudah punya gudang Apotek yang aktif'
        : 'Cabang ini sudah punya gudang Ruang Tindakan yang aktif',
      'kind',
    );
  throw err;
}

export async function list<T extends q.MasterTable>(
  ctx: Ctx,
  table: T,
  query: InventoryListQuery,
): Promise<Paged<Dtos[T]>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listMaster(c.db, table, {
    scope: branchScope(c),
    keyword: query.keyword,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map((r) => dto(table, r)), count };
}

async function own(ctx: Ctx, table: q.MasterTable, id: number, action: 'read' | 'write'): Promise<q.Row> {
  await requireAccess(ctx, ENTITY[table], [id], action);
  const row = await q.findMaster(ctx.db, table, id);
  if (!row) throw notFound(ENTITY[table].notFound);
  return row;
}

export async function get<T extends q.MasterTable>(ctx: Ctx, table: T, id: number): Promise<Dtos[T]> {
  const c = requireUser(ctx);
  return dto(table, await own(c, table, id, 'read'));
}

export async function create<T extends q.MasterTable>(ctx: Ctx, table: T, input: Inputs[T]): Promise<Dtos[T]> {
  const c = requireUser(ctx);
  const values = valuesOf(table, input);
  return inTransaction(c, async (tx) => {
    const { key, field } = keyOf(table, values);
    if (await q.findSameKey(tx.db, table, tx.branchId, key)) throw duplicate(table, key, field);
    const row = await q
      .insertMaster(tx.db, table, { profile_id: tx.branchId, ...values })
      .catch((e: unknown) => translate(table, e, values));
    await audit(tx, { action: 'create', entity: table, entityId: row.id, after: row });
    return dto(table, (await q.findMaster(tx.db, table, Number(row.id))) ?? row);
  });
}

export async function update<T extends q.MasterTable>(
  ctx: Ctx,
  table: T,
  id: number,
  input: Inputs[T],
): Promise<Dtos[T]> {
  const c = requireUser(ctx);
  const values = valuesOf(table, input);
  return inTransaction(c, async (tx) => {
    const before = await own(tx, table, id, 'write');
    // A row the head office keeps (issue 30 item 2): the branch sets only its own fields.
    const allowed = keepChainOwned(before, values, BRANCH_FIELDS[table]);
    const { key, field } = keyOf(table, values);
    const same = await q.findSameKey(tx.db, table, Number(before.profile_id), key);
    if (same && Number(same.id) !== id) throw duplicate(table, key, field);
    const row = await q.updateMaster(tx.db, table, id, allowed).catch((e: unknown) => translate(table, e, values));
    return changed(tx, table, id, 'update', before, row);
  });
}

/** After an update: 404 when the row is gone, else the change on the trail and the row as read back. */
async function changed<T extends q.MasterTable>(
  tx: Ctx,
  table: T,
  id: number,
  action: 'update' | 'deactivate',
  before: q.Row,
  row: q.Row | undefined,
): Promise<Dtos[T]> {
  if (!row) throw notFound(ENTITY[table].notFound);
  await audit(tx, { action, entity: table, entityId: id, before, after: row, profileId: Number(row.profile_id) });
  return dto(table, (await q.findMaster(tx.db, table, id)) ?? row);
}

export async function deactivate<T extends q.MasterTable>(ctx: Ctx, table: T, id: number): Promise<Dtos[T]> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await own(tx, table, id, 'write');
    keepChainOwned(before, { status: 0 }, []);
    const row = await q.updateMaster(tx.db, table, id, { status: 0 });
    return changed(tx, table, id, 'deactivate', before, row);
  });
}

export { LABEL };
