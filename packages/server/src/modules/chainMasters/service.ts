import {
  CHAIN_MASTER_LABEL,
  chainMasterInputs,
  asSen,
  fromSen,
  toSen,
  type ChainMasterDto,
  type ChainMasterInputs,
  type ChainMasterKind,
  type ChainMasterListQuery,
  type Paged,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, badRequestMany, conflict, notFound, zodIssues } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import type { Db } from '../../db/client.js';
import { copyChainCategory, copyChainItem, copyChainVendor } from '../inventory/index.js';
import { copyChainTreatment } from '../masters/index.js';
import { copyChainLabel } from '../multimedia/index.js';
import { copyChainPaket, copyChainPaketType } from '../paket/index.js';
import { seasonForReport } from '../season/index.js';
import * as q from './queries.js';
import { checkPackage, paketVersionOf } from './packages.js';

/**
 * The masters the chain owns (issue 30 item 2; docs/decisions.md "Masters owned by the chain"). The head office
 * writes the chain record and, in the same transaction, every branch's row of the thing through the owning module's
 * front door (masters for treatments, inventory for items, categories and suppliers).
 */

/** Fields held in sen in the chain record and answered in rupiah. */
const MONEY = ['price', 'doctor_share', 'selling_price', 'dp_amount', 'cicilan_amount'];

/** What a kind's copy step gets: the chain's values for the branches named (null: every branch). */
interface ApplyArgs {
  chainId: number;
  key: string;
  values: Record<string, unknown>;
  insertOnly?: Record<string, unknown>;
  branches: readonly number[] | null;
  by: number | null;
}

interface KindDef {
  /** The chain record's key and the field a duplicate is reported on. */
  key: (input: Record<string, unknown>) => string;
  keyField: 'code' | 'name';
  duplicate: (input: Record<string, unknown>) => string;
  /** Chain values (the branch's own fields excluded) and the branch's starting values. */
  copy: (
    fields: Record<string, unknown>,
    status: number,
  ) => { values: Record<string, unknown>; insertOnly?: Record<string, unknown> };
  apply: (db: Db, a: ApplyArgs) => Promise<void>;
  /** Checks of what the input names (an item's category, a type's season, a package's type and items). */
  check?: (db: Db, input: Record<string, unknown>) => Promise<void>;
}

const pick = (f: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, f[k] ?? null]));
const byCode: Pick<KindDef, 'key' | 'keyField' | 'duplicate'> = {
  key: (i) => String(i.code).trim().toUpperCase(),
  keyField: 'code',
  duplicate: (i) => `Kode ${String(i.code).trim().toUpperCase()} sudah dipakai`,
};
const byName = (what: string): Pick<KindDef, 'key' | 'keyField' | 'duplicate'> => ({
  key: (i) => String(i.name).trim().toLowerCase(),
  keyField: 'name',
  duplicate: (i) => `${what} ${String(i.name).trim()} sudah ada`,
});

const KINDS: Record<ChainMasterKind, KindDef> = {
  treatment: {
    ...byCode,
    copy: (f, status) => ({ values: { ...pick(f, ['code', 'name', 'price', 'doctor_share']), status } }),
    apply: copyChainTreatment,
  },
  item: {
    ...byCode,
    check: async (db, input) => {
      if (input.category_id != null && !(await q.find(db, 'item_category', Number(input.category_id))))
        throw badRequest('Kategori tidak valid', 'category_id');
    },
    copy: (f, status) => ({
      values: {
        ...pick(f, [
          'code',
          'name',
          'unit',
          'purchase_unit',
          'conversion',
          'track_batch',
          'kfa_code',
          'generic_name',
          'selling_price',
        ]),
        category_chain_id: f.category_id ?? null,
        status,
      },
      insertOnly: { min_stock: f.min_stock ?? 0 },
    }),
    apply: copyChainItem,
  },
  item_category: {
    ...byName('Kategori'),
    copy: (f, status) => ({ values: { ...pick(f, ['name', 'description']), status } }),
    apply: copyChainCategory,
  },
  item_supplier: {
    ...byCode,
    copy: (f, status) => ({
      values: { ...pick(f, ['code', 'name', 'contact', 'phone', 'address', 'npwp']), status },
      insertOnly: { payment_terms: f.payment_terms ?? 0 },
    }),
    apply: copyChainVendor,
  },
  promo: {
    ...byName('Jenis paket'),
    check: async (db, input) => {
      if (input.season_id != null && !(await seasonForReport(db, Number(input.season_id))))
        throw badRequest('Musim promo tidak ditemukan', 'season_id');
    },
    copy: (f, status) => ({
      values: { ...pick(f, ['name', 'type', 'start_at', 'end_at', 'season_id']), status },
    }),
    apply: copyChainPaketType,
  },
  promosi: {
    ...byCode,
    check: checkPackage,
    copy: (f, status) => ({ values: { ...f, status } }),
    apply: (db, a) =>
      copyChainPaket(db, {
        chainId: a.chainId,
        key: a.key,
        version: paketVersionOf(a.values),
        branches: a.branches,
        by: a.by,
      }),
  },
  'foto-label': {
    ...byName('Label'),
    copy: (f, status) => ({ values: { ...pick(f, ['name']), status } }),
    apply: copyChainLabel,
  },
};

function parse<K extends ChainMasterKind>(kind: K, data: unknown): ChainMasterInputs[K] {
  const r = chainMasterInputs[kind].safeParse(data ?? {});
  if (!r.success) throw badRequestMany(zodIssues(r.error));
  return r.data as ChainMasterInputs[K];
}

/** The input as stored: money in sen, codes upper-cased, no status (a column of its own). */
function fieldsOf(kind: ChainMasterKind, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (k === 'status') continue;
    out[k] = MONEY.includes(k) && typeof v === 'number' ? toSen(v) : (v ?? null);
  }
  if (KINDS[kind].keyField === 'code') out.code = KINDS[kind].key(input);
  return out;
}

function toDto(row: q.ChainRow, branches: q.BranchRow[]): ChainMasterDto {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row.fields ?? {}))
    fields[k] = MONEY.includes(k) && typeof v === 'number' ? fromSen(asSen(v)) : v;
  return {
    id: Number(row.id),
    kind: row.kind,
    key: row.key,
    name: row.name,
    status: Number(row.status),
    fields,
    category: row.category ?? null,
    branches: branches
      .filter((b) => Number(b.chain_id) === Number(row.id))
      .map((b) => ({
        profile_id: Number(b.profile_id),
        profile_name: b.profile_name,
        id: Number(b.id),
        status: Number(b.status),
      })),
    updated_at: String(row.updated_at),
  };
}

export async function list(ctx: Ctx, query: ChainMasterListQuery): Promise<Paged<ChainMasterDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.list(c.db, {
    kind: query.kind,
    keyword: query.keyword,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const branches = await q.branchRows(
    c.db,
    query.kind,
    rows.map((r) => Number(r.id)),
  );
  return { data: rows.map((r) => toDto(r, branches)), count };
}

async function one(db: Db, kind: ChainMasterKind, id: number): Promise<ChainMasterDto> {
  const row = await q.find(db, kind, id);
  if (!row) throw notFound(`${CHAIN_MASTER_LABEL[kind]} tidak ditemukan`);
  return toDto(row, await q.branchRows(db, kind, [id]));
}

export async function get(ctx: Ctx, kind: ChainMasterKind, id: number): Promise<ChainMasterDto> {
  return one(requireUser(ctx).db, kind, id);
}

async function write(ctx: Ctx, kind: ChainMasterKind, id: number | null, data: unknown): Promise<ChainMasterDto> {
  const c = requireUser(ctx);
  const input = parse(kind, data) as Record<string, unknown>;
  const def = KINDS[kind];
  const key = def.key(input);
  const fields = fieldsOf(kind, input);
  const status = Number(input.status ?? 1);
  return inTransaction(c, async (tx) => {
    const before = id === null ? undefined : await q.find(tx.db, kind, id);
    if (id !== null && !before) throw notFound(`${CHAIN_MASTER_LABEL[kind]} tidak ditemukan`);
    const same = await q.findByKey(tx.db, kind, key);
    if (same && Number(same.id) !== id) throw conflict(def.duplicate(input), def.keyField);
    await def.check?.(tx.db, input);
    const name = String(input.name);
    const chainId =
      id === null
        ? await q.insert(tx.db, { kind, key, name, fields, status, by: c.user.id })
        : (await q.update(tx.db, id, { key, name, fields, status, by: c.user.id }), id);
    const { values, insertOnly } = def.copy(fields, status);
    await def.apply(tx.db, { chainId, key, values, insertOnly, branches: null, by: c.user.id });
    const after = await one(tx.db, kind, chainId);
    await audit(tx, {
      action: id === null ? 'create' : 'update',
      entity: 'chain_master',
      entityId: chainId,
      before,
      after,
      profileId: null,
    });
    return after;
  });
}

export const create = (ctx: Ctx, kind: ChainMasterKind, data: unknown) => write(ctx, kind, null, data);
export const update = (ctx: Ctx, kind: ChainMasterKind, id: number, data: unknown) => write(ctx, kind, id, data);

/** A new branch gets a row of every chain master (categories first), in the branch's opening transaction. */
export async function copyToBranch(ctx: Ctx, profileId: number): Promise<void> {
  for (const row of await q.all(ctx.db)) {
    const def = KINDS[row.kind];
    const { values, insertOnly } = def.copy(row.fields ?? {}, Number(row.status));
    await def.apply(ctx.db, {
      chainId: Number(row.id),
      key: row.key,
      values,
      insertOnly,
      branches: [profileId],
      by: ctx.user?.id ?? null,
    });
  }
}
