import {
  asSen,
  fromSen,
  PRICE_STATUS,
  toSen,
  type Paged,
  type PriceInForceDto,
  type PriceKind,
  type PriceListEntryDto,
  type PriceListEntryQuery,
  type PriceListInput,
  type PriceListUpdateInput,
  type PriceQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http/errors.js';
import { audit, auditAuthors } from '../../lib/audit.js';
import { requireSecondPerson } from '../applog/index.js';
import { PRICE_LIST } from './entities.js';
import * as q from './queries.js';

const SLOT_TAKEN = 'Sudah ada harga untuk barang, cabang dan tanggal berlaku ini';
const NOT_FOUND: Record<PriceKind, string> = {
  treatment: 'Perawatan tidak ditemukan',
  item: 'Item tidak ditemukan',
};

function entryDto(r: q.EntryRow, shadows: q.ShadowRow[] = []): PriceListEntryDto {
  return {
    id: Number(r.id),
    kind: r.kind,
    code: r.code,
    name: r.name,
    profile_id: r.profile_id === null ? null : Number(r.profile_id),
    profile_name: r.profile_name,
    effective_at: r.effective_at,
    price: fromSen(asSen(Number(r.price))),
    status: Number(r.status),
    statusname: PRICE_STATUS[Number(r.status) as keyof typeof PRICE_STATUS] ?? String(r.status),
    note: r.note,
    created_by: r.created_by === null ? null : Number(r.created_by),
    created_by_name: r.created_by_name,
    created_at: r.created_at,
    decided_by: r.decided_by === null ? null : Number(r.decided_by),
    decided_by_name: r.decided_by_name,
    shadowed_by: shadows
      .filter((s) => Number(s.base_id) === Number(r.id))
      .map((s) => ({
        profile_id: Number(s.profile_id),
        profile_name: s.profile_name,
        effective_at: s.effective_at,
        price: fromSen(asSen(Number(s.price))),
      })),
  };
}

async function withShadows(c: AuthedCtx, rows: q.EntryRow[]): Promise<PriceListEntryDto[]> {
  const shadows = await q.shadows(
    c.db,
    rows.filter((r) => r.profile_id === null).map((r) => Number(r.id)),
  );
  return rows.map((r) => entryDto(r, shadows));
}

/** GET /api/backoffice/pricelist: base prices and overrides of every branch (top-level), newest date first. */
export async function list(ctx: Ctx, query: PriceListEntryQuery): Promise<Paged<PriceListEntryDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listEntries(c.db, {
    kind: query.kind,
    branch: query.profile_id,
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: await withShadows(c, rows), count };
}

/** A branch's view (`/service/pricelist`): the base prices and its own overrides, nothing of other branches. */
export async function branchEntries(ctx: Ctx, query: PriceListEntryQuery): Promise<Paged<PriceListEntryDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listEntries(c.db, {
    kind: query.kind,
    branch: query.profile_id === 'base' ? 'base' : undefined,
    branches: [c.branchId],
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  // Which other branches shadow a base price is the head office's business: a branch sees only its own.
  const data = (await withShadows(c, rows)).map((r) => ({
    ...r,
    shadowed_by: r.shadowed_by.filter((s) => s.profile_id === c.branchId),
  }));
  return { data, count };
}

export async function get(ctx: Ctx, id: number): Promise<PriceListEntryDto> {
  const c = requireUser(ctx);
  const row = await q.findEntry(c.db, id);
  if (!row) throw notFound(PRICE_LIST.notFound);
  return (await withShadows(c, [row]))[0];
}

/** POST /api/backoffice/pricelist: a new price waiting for a second person; never dated before today. */
export async function create(ctx: Ctx, input: PriceListInput): Promise<PriceListEntryDto> {
  const c = requireUser(ctx);
  const branch = input.profile_id ?? null;
  if (branch !== null && !(await q.branchExists(c.db, branch)))
    throw badRequest('Cabang tidak ditemukan', 'profile_id');
  if (!(await q.codeExists(c.db, input.kind, input.code, branch)))
    throw badRequest(
      branch === null ? `${NOT_FOUND[input.kind]} di cabang mana pun` : `${NOT_FOUND[input.kind]} di cabang ini`,
      'code',
    );
  if (input.effective_at < (await c.today()))
    throw badRequest('Tanggal berlaku tidak boleh sebelum hari ini', 'effective_at');
  try {
    return await inTransaction(c, async (tx) => {
      const row = await q.insertEntry(tx.db, {
        kind: input.kind,
        code: input.code,
        profile_id: branch,
        effective_at: input.effective_at,
        price: toSen(input.price),
        status: 0,
        note: input.note || null,
        created_by: tx.user!.id,
      });
      await audit(tx, { action: 'create', entity: 'price_list', entityId: row.id, after: row });
      return get(tx, row.id);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'price_list_live_slot_idx')) throw conflict(SLOT_TAKEN);
    throw err;
  }
}

/** 403 to anyone but its maker who tries to change a waiting price (issue 30: the numbers stay the maker's). */
export const NOT_THE_MAKER =
  'Harga yang menunggu persetujuan hanya dapat diubah oleh pembuatnya; tolak harga ini lalu buat harga baru';

/** 403 to an approver who once wrote the price's numbers (a price edited before the maker-only rule). */
export const OWN_NUMBERS = 'Anda tidak dapat menyetujui harga yang pernah Anda buat atau ubah sendiri';

/**
 * PUT /api/backoffice/pricelist/{id}: its maker changes a waiting price (anyone else: 403), another top-level person
 * approves it (status 1: never its maker nor anyone who wrote its numbers, by the audit trail), it is rejected
 * (status 2) or an approved price that is not in force yet is withdrawn (status 2).
 */
export async function update(ctx: Ctx, id: number, input: PriceListUpdateInput): Promise<PriceListEntryDto> {
  const c = requireUser(ctx);
  const today = await c.today();
  try {
    return await inTransaction(c, async (tx) => {
      const before = await q.lockEntry(tx.db, id);
      if (!before) throw notFound(PRICE_LIST.notFound);
      const me = tx.user!.id;
      if (input.status === 1) {
        if (before.status !== 0) throw conflict('Harga ini tidak menunggu persetujuan');
        requireSecondPerson(me, before.created_by, []);
        // Nor anyone the audit trail shows writing this price (its creation, every edit: the last editor too).
        const authors = await auditAuthors(tx.db, {
          entity: 'price_list',
          entityId: id,
          actions: ['create', 'update'],
        });
        if (authors.includes(me)) throw forbidden(OWN_NUMBERS);
        if (before.effective_at < today)
          throw badRequest('Tanggal berlaku sudah lewat; ubah tanggalnya dulu', 'effective_at');
      } else if (input.status === 2) {
        if (before.status === 2) throw conflict('Harga ini sudah dibatalkan');
        if (before.status === 1 && before.effective_at <= today)
          throw conflict('Harga yang sudah berlaku tidak dapat dibatalkan; tambahkan harga baru');
      } else {
        if (before.status !== 0) throw conflict('Hanya harga yang menunggu persetujuan yang dapat diubah');
        if (before.created_by !== me) throw forbidden(NOT_THE_MAKER);
        const on = input.effective_at ?? before.effective_at;
        if (on < today) throw badRequest('Tanggal berlaku tidak boleh sebelum hari ini', 'effective_at');
      }
      const decided = input.status !== undefined;
      const row = await q.updateEntry(
        tx.db,
        id,
        decided
          ? { status: input.status, decided_by: me, decided_at: tx.now().toISOString() }
          : {
              price: input.price === undefined ? before.price : toSen(input.price),
              effective_at: input.effective_at ?? before.effective_at,
              note: input.note === undefined ? before.note : input.note || null,
            },
      );
      const action = input.status === 1 ? 'approve' : input.status === 2 ? 'cancel' : 'update';
      await audit(tx, { action, entity: 'price_list', entityId: id, before, after: row });
      return get(tx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'price_list_live_slot_idx')) throw conflict(SLOT_TAKEN);
    throw err;
  }
}

/** GET /api/pricelist/price: the price in force of a treatment or item of a branch on a date (default today). */
export async function price(ctx: Ctx, input: PriceQuery): Promise<PriceInForceDto> {
  const c = requireUser(ctx);
  const thing = await q.masterThing(c.db, input.kind, input.id);
  const branch = input.profile_id ?? c.branchId;
  // The thing must be of the branch asked about; the endpoint's authorize step checked the branch is readable.
  if (!thing || thing.profile_id !== branch) throw notFound(NOT_FOUND[input.kind]);
  const on = input.date ?? (await c.today());
  const p = await q.priceInForce(c.db, { kind: input.kind, code: thing.code, branch, on, fallback: thing.price });
  return {
    kind: input.kind,
    id: thing.id,
    code: thing.code,
    profile_id: branch,
    date: on,
    price: fromSen(asSen(p.price)),
    source: p.source,
    price_list_id: p.id,
    effective_at: p.effective_at,
  };
}

/** For other modules: the price (sen) in force of a thing of `branch` on `on`, the master's price when unlisted. */
export async function priceOn(
  ctx: Ctx,
  f: { kind: PriceKind; code: string; branch: number; on: string; fallback: number },
): Promise<number> {
  return (await q.priceInForce(ctx.db, { ...f, code: f.code.toUpperCase() })).price;
}
