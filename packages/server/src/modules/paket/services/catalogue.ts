import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { PAKET, PAKET_HISTORY, PAKET_TYPE } from '../entities.js';
import {
  CHAIN_OWNED_MESSAGE,
  PAKET_ITEM_TYPES,
  toSen,
  type Paged,
  type PaketHistoryDto,
  type PaketHistoryQuery,
  type PaketInput,
  type PaketItemDto,
  type PaketListQuery,
  type PaketSeasonOption,
  type PaketTypeDto,
  type PaketTypeInput,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../../http/context.js';
import { badRequest, badRequestMany, conflict, forbidden, notFound } from '../../../http/errors.js';
import { keepChainOwned } from '../../../lib/chain-copies.js';
import { audit } from '../../../lib/audit.js';
import { activeMastersByIds, MASTER_DEFS, type MasterKind } from '../../masters/index.js';
import { seasonRunsIn, seasonsOfBranch } from '../../season/index.js';
import * as q from '../queries.js';
import { PAKET_NOT_FOUND, TYPE_NOT_FOUND } from './common.js';

// ---------------------------------------------------------------------------------------------------------
// Package types
// ---------------------------------------------------------------------------------------------------------

/** A type's promo season (issue 30): one that runs in the current branch, or none. */
async function seasonOf(c: Ctx, season: number | null | undefined): Promise<number | null> {
  if (season == null) return null;
  if (!(await seasonRunsIn(c.db, season, requireUser(c).branchId)))
    throw badRequest('Musim promo tidak ditemukan di cabang ini', 'season_id');
  return season;
}

/** The seasons a type of this branch may belong to, and its package sales be filtered by. */
export async function seasons(ctx: Ctx): Promise<PaketSeasonOption[]> {
  const c = requireUser(ctx);
  return seasonsOfBranch(c.db, c.branchId);
}

export async function listTypes(ctx: Ctx, status?: number): Promise<PaketTypeDto[]> {
  const c = requireUser(ctx);
  return (await q.listTypes(c.db, branchScope(c), status)).map(q.toTypeDto);
}

export async function createType(ctx: Ctx, input: PaketTypeInput): Promise<PaketTypeDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const row = await q.insertType(tx.db, {
      profile_id: tx.branchId,
      name: input.name,
      type: input.type,
      start_at: input.start_at,
      end_at: input.end_at ?? null,
      status: input.status,
      season_id: await seasonOf(tx, input.season_id),
    });
    await audit(tx, { action: 'create', entity: 'paket_type', entityId: row.id, after: row });
    return q.toTypeDto(row);
  });
}

export async function updateType(ctx: Ctx, id: number, input: PaketTypeInput): Promise<PaketTypeDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, PAKET_TYPE, [id], 'write');
    const before = await q.findType(tx.db, id);
    if (!before) throw notFound(TYPE_NOT_FOUND);
    const values = {
      name: input.name,
      type: input.type,
      start_at: input.start_at,
      end_at: input.end_at ?? null,
      status: input.status,
      season_id: input.season_id === undefined ? before.season_id : input.season_id,
    };
    // A type the head office keeps (issue 30 item 2): a branch sets nothing of it.
    keepChainOwned(before, values, []);
    const row = await q.updateType(tx.db, id, {
      ...values,
      season_id: input.season_id === undefined ? before.season_id : await seasonOf(tx, input.season_id),
    });
    await audit(tx, { action: 'update', entity: 'paket_type', entityId: id, before, after: row });
    return q.toTypeDto(row!);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Packages (every change is a new version)
// ---------------------------------------------------------------------------------------------------------

async function itemsByHistory(c: Ctx, historyIds: number[], onlyType?: number): Promise<Map<number, PaketItemDto[]>> {
  const rows = await q.itemsOfHistories(c.db, historyIds, onlyType);
  const out = new Map<number, PaketItemDto[]>();
  for (const r of rows) {
    const list = out.get(r.i.paket_history_id) ?? [];
    list.push(q.toItemDto(r));
    out.set(r.i.paket_history_id, list);
  }
  return out;
}

/** GET /api/paket/history: the current version of each package of the branch (status=1: on sale). */
export async function listHistory(
  ctx: Ctx,
  query: PaketHistoryQuery & Partial<PaketListQuery>,
): Promise<Paged<PaketHistoryDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listCurrentHistories(c.db, {
    scope: branchScope(c, query),
    status: query.status,
    keyword: query.keyword,
    paketTypeId: query.paket_type_id,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const items = await itemsByHistory(
    c,
    rows.map((r) => r.h.id),
  );
  const chains = await q.chainIdsOf(
    c.db,
    rows.map((r) => r.h.paket_id),
  );
  return {
    data: rows.map((r) => ({
      ...q.toHistoryDto(r.h, r.t, items.get(r.h.id) ?? []),
      chain_id: chains.get(r.h.paket_id) ?? null,
    })),
    count,
  };
}

async function ownHistory(c: AuthedCtx, id: number) {
  await requireAccess(c, PAKET_HISTORY, [id], 'read');
  const row = await q.findHistory(c.db, id);
  if (!row) throw notFound(PAKET_NOT_FOUND);
  return row;
}

/** One version with its items. */
export async function getHistory(ctx: Ctx, id: number): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const { h, t } = await ownHistory(c, id);
  const items = await itemsByHistory(c, [h.id]);
  return q.toHistoryDto(h, t, items.get(h.id) ?? []);
}

/** GET /api/paket/historyperawatan: the treatments (type 1 items) of a version. */
export async function historyPerawatan(ctx: Ctx, paketHistoryId: number): Promise<PaketItemDto[]> {
  const c = requireUser(ctx);
  const { h } = await ownHistory(c, paketHistoryId);
  return (await itemsByHistory(c, [h.id], 1)).get(h.id) ?? [];
}

/** A package: its current version with items, and every version (newest first). */
export async function getPaket(
  ctx: Ctx,
  paketId: number,
): Promise<{ current: PaketHistoryDto; versions: PaketHistoryDto[] }> {
  const c = requireUser(ctx);
  await requireAccess(c, PAKET, [paketId], 'read');
  const p = await q.findPaket(c.db, paketId);
  if (!p) throw notFound(PAKET_NOT_FOUND);
  const versions = await q.versionsOf(c.db, paketId);
  const items = await itemsByHistory(
    c,
    versions.map((v) => v.h.id),
  );
  const dtos = versions.map((v) => q.toHistoryDto(v.h, v.t, items.get(v.h.id) ?? []));
  const current = dtos.find((v) => v.is_current) ?? dtos[0];
  return { current, versions: dtos };
}

const REF_KIND: Record<number, MasterKind> = { 1: 'tindakan', 2: 'item', 3: 'formlab' };

/** Checks the type and the items of a version against the branch's masters; answers the item rows to store. */
async function checkVersion(tx: Ctx, input: PaketInput) {
  await requireReference(tx, PAKET_TYPE, [input.paket_type_id], 'paket_type_id');
  const t = await q.findType(tx.db, input.paket_type_id);
  if (!t) throw badRequest(TYPE_NOT_FOUND, 'paket_type_id');
  if (t.status !== 1) throw badRequest('Jenis paket tidak aktif', 'paket_type_id');
  const issues: { message: string; field: string }[] = [];
  const seen = new Set<string>();
  for (const kind of [1, 2, 3]) {
    const wanted = input.items.map((it, i) => ({ it, i })).filter((x) => x.it.type === kind);
    if (!wanted.length) continue;
    const found = await activeMastersByIds(tx.db, MASTER_DEFS[REF_KIND[kind]], tx.branchId, [
      ...new Set(wanted.map((w) => w.it.ref_id)),
    ]);
    const ids = new Set(found.map((f) => Number(f.id)));
    for (const w of wanted) {
      if (!ids.has(w.it.ref_id)) {
        issues.push({
          message: `${PAKET_ITEM_TYPES[kind as 1 | 2 | 3]} tidak ditemukan atau tidak aktif di cabang ini`,
          field: `items.${w.i}.ref_id`,
        });
      }
      const key = `${kind}:${w.it.ref_id}`;
      if (seen.has(key)) issues.push({ message: 'Item yang sama tercantum dua kali', field: `items.${w.i}.ref_id` });
      seen.add(key);
    }
  }
  if (issues.length) throw badRequestMany(issues);
  return input.items.map((it) => ({
    type: it.type,
    perawatan_id: it.type === 1 ? it.ref_id : null,
    item_id: it.type === 2 ? it.ref_id : null,
    form_lab_id: it.type === 3 ? it.ref_id : null,
    free_slot: it.free_slot,
    expired_duration: it.expired_duration,
  }));
}

function versionValues(input: PaketInput) {
  const instal = input.installment_schema === 1;
  return {
    code: input.code,
    name: input.name,
    paket_type_id: input.paket_type_id,
    active_at: input.active_at,
    price: toSen(input.price),
    description: input.description ?? null,
    status: input.status,
    installment_schema: input.installment_schema,
    dp_amount: instal ? toSen(input.dp_amount) : 0,
    cicilan_amount: instal ? toSen(input.cicilan_amount) : 0,
    cicilan_attempt: instal ? input.cicilan_attempt : 0,
  };
}

export async function createPaket(ctx: Ctx, input: PaketInput): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const id = await inTransaction(c, async (tx) => {
    if (await q.findPaketByCode(tx.db, tx.branchId, input.code))
      throw conflict(`Kode paket ${input.code} sudah dipakai`, 'code');
    const items = await checkVersion(tx, input);
    const p = await q.insertPaket(tx.db, tx.branchId, input.code);
    const h = await q.insertHistory(tx.db, {
      ...versionValues(input),
      profile_id: tx.branchId,
      paket_id: p.id,
      version: 1,
      is_current: true,
      created_by: c.user.id,
    });
    await q.insertHistoryItems(
      tx.db,
      items.map((i) => ({ ...i, paket_history_id: h.id })),
    );
    await audit(tx, { action: 'create', entity: 'paket_history', entityId: h.id, after: { ...h, items } });
    return h.id;
  });
  return getHistory(c, id);
}

/** A change to a package: the current version retires and a new one (version + 1) becomes current. */
export async function updatePaket(ctx: Ctx, paketId: number, input: PaketInput): Promise<PaketHistoryDto> {
  const c = requireUser(ctx);
  const id = await inTransaction(c, async (tx) => {
    await requireAccess(tx, PAKET, [paketId], 'write');
    const p = await q.findPaket(tx.db, paketId);
    if (!p) throw notFound(PAKET_NOT_FOUND);
    // A package the head office keeps (issue 30 item 2): its versions come from the head office only.
    if (p.chain_id !== null) throw forbidden(CHAIN_OWNED_MESSAGE);
    const same = await q.findPaketByCode(tx.db, tx.branchId, input.code);
    if (same && same.id !== paketId) throw conflict(`Kode paket ${input.code} sudah dipakai`, 'code');
    const items = await checkVersion(tx, input);
    const before = await q.currentHistoryOf(tx.db, paketId);
    if (!before) throw notFound(PAKET_NOT_FOUND);
    await q.retireHistory(tx.db, before.id);
    if (p.code !== input.code) await q.setPaketCode(tx.db, paketId, input.code);
    const h = await q.insertHistory(tx.db, {
      ...versionValues(input),
      profile_id: tx.branchId,
      paket_id: paketId,
      version: before.version + 1,
      is_current: true,
      created_by: c.user.id,
    });
    await q.insertHistoryItems(
      tx.db,
      items.map((i) => ({ ...i, paket_history_id: h.id })),
    );
    await audit(tx, { action: 'new_version', entity: 'paket_history', entityId: h.id, before, after: { ...h, items } });
    return h.id;
  });
  return getHistory(c, id);
}
