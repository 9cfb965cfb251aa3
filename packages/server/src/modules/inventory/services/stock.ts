/**
 * The stock front door (exported from ../index.ts): every movement of stock goes through receiveStock or
 * issueStock, which write the ledger (stock_movement) and post the journal of the movement's value in the caller's
 * transaction. PostgreSQL keeps balances and the moving average (drizzle/0025_inventory_rules.sql) and refuses any
 * movement below zero; these functions pick batches first-expired-first-out, lock what they plan from and turn a
 * shortage into a clear 409. docs/decisions.md "Inventory and pharmacy (issue 13)".
 */
import { asSen, formatDate, sumSen, type Sen } from '@klinik/shared';
import { requireAccess, requireReference } from '../../../http/access-scope.js';
import { inTransaction, type Ctx } from '../../../http/context.js';
import { AppError, badRequest, conflict, constraintOf } from '../../../http/errors.js';
import { auto, postJournal, type PayableParty } from '../../finance/index.js';
import { ITEM } from '../../masters/index.js';
import { WAREHOUSE } from '../entities.js';
import * as q from '../queries.js';

export type IssueKind = 'sale' | 'dispense' | 'consumable' | 'transfer_out' | 'adjustment' | 'return';
export type ReceiveKind = 'receipt' | 'transfer_in' | 'adjustment' | 'return';

/** The document a movement belongs to (e.g. { kind: 'purchase_receipt', id: 12 }). */
export interface SourceRef {
  kind: string;
  id: number;
}

/**
 * Journal of a movement. 'auto' (default): by kind (see DEFAULT_DEBIT / DEFAULT_CREDIT); false: none (the caller
 * posts with the returned value, or no journal is due, e.g. a transfer inside a branch); or the other side's account.
 */
export type IssueJournal = 'auto' | false | { debit: string; memo?: string; party?: PayableParty };
/** `party` / `due_date`: who the credit is owed to when it is a payables control account (a receipt: the vendor). */
export type ReceiveJournal =
  'auto' | false | { credit: string; memo?: string; party?: PayableParty; due_date?: string | null };

/** Issues post Dr <this> / Cr 1140 Persediaan by default. transfer_out posts nothing unless told. */
export const DEFAULT_DEBIT: Record<IssueKind, string | null> = {
  sale: auto('hpp'),
  dispense: auto('hpp'),
  consumable: auto('bebanBhp'),
  adjustment: auto('selisihPersediaan'),
  return: auto('hutangUsaha'),
  transfer_out: null,
};
/** Receipts post Dr 1140 Persediaan / Cr <this> by default. transfer_in posts nothing unless told. */
export const DEFAULT_CREDIT: Record<ReceiveKind, string | null> = {
  receipt: auto('hutangUsaha'),
  adjustment: auto('selisihPersediaan'),
  return: auto('hpp'),
  transfer_in: null,
};

export interface IssueLineInput {
  item: number;
  /** Selling units, > 0. */
  qty: number;
  /** Take only this batch (stock_batch id); default: first-expired-first-out over the unexpired batches. */
  batch?: number | null;
}

interface Common {
  /** A warehouse of ctx.branchId. */
  warehouse: number;
  source: SourceRef;
  /** Business date (default ctx.today()); must be inside the active period when a journal is posted. */
  date?: string;
  note?: string | null;
  /** Field prefix of the line errors (default 'items': items.0.qty). */
  field?: string;
}

export type IssueArgs = Common & { kind: IssueKind; journal?: IssueJournal; memo?: string } & (
    { items: IssueLineInput[] } | IssueLineInput
  );

/** One ledger row written: which batch, how many and at what cost (value signed like the quantity). */
export interface StockLineTaken {
  movement: number;
  warehouse: number;
  item: number;
  code: string;
  name: string;
  unit: string;
  batch: number | null;
  batch_no: string | null;
  expired_at: string | null;
  /** Signed: < 0 out, > 0 in. */
  qty: number;
  /** Signed sen. */
  value: Sen;
  unit_cost: Sen;
}

export interface StockResult {
  lines: StockLineTaken[];
  /** Total value moved, sen, positive. */
  value: Sen;
  jurnal: { id: number; code: string } | null;
}

const STOCK_CHECKS = new Set(['stock_balance_quantity_check', 'stock_valuation_quantity_check']);

function shortage(item: q.ItemRow, available: number, wanted: number, field?: string): AppError {
  return conflict(
    `Stok ${item.name} tidak cukup: tersedia ${available} ${item.unit}, diminta ${wanted} ${item.unit}`,
    field,
  );
}

async function checkWarehouse(ctx: Ctx, warehouse: number): Promise<q.Row> {
  await requireReference(ctx, WAREHOUSE, [warehouse], 'warehouse', 'Gudang tidak ditemukan');
  const [w] = await q.warehousesByIds(ctx.db, [warehouse]);
  if (!w || Number(w.status) !== 1) throw badRequest('Gudang tidak aktif', 'warehouse');
  return w;
}

/** The warehouse and the items a document of lines names must be the branch's (refused on 'warehouse' / 'items'). */
export async function requireWarehouseItems(ctx: Ctx, doc: { warehouse: number; items: { item: number }[] }) {
  await requireReference(ctx, WAREHOUSE, [doc.warehouse], 'warehouse', 'Gudang tidak ditemukan');
  await requireReference(
    ctx,
    ITEM,
    doc.items.map((l) => l.item),
    'items',
    'Item tidak ditemukan',
  );
}

async function itemsOf(ctx: Ctx, ids: number[], field: string): Promise<Map<number, q.ItemRow>> {
  await requireReference(ctx, ITEM, ids, field, 'Item tidak ditemukan');
  return new Map((await q.itemsByIds(ctx.db, ids)).map((i) => [Number(i.id), i]));
}

/** What every movement starts from: today, its business date, its (active) warehouse checked and its items. */
async function movementOf(tx: Ctx, args: Common, ids: number[], field: string) {
  const today = await tx.today();
  await checkWarehouse(tx, args.warehouse);
  return { today, date: args.date ?? today, items: await itemsOf(tx, ids, field) };
}

/** Whether a batch may leave on `today`: a batch expires on its expiry date (not after it). */
export function isExpired(expiredAt: string | null, today: string): boolean {
  return expiredAt !== null && expiredAt <= today;
}

/** One ledger row to write: the batch it names (id null: none), the signed quantity and value (null: at cost). */
interface LineToWrite {
  item: q.ItemRow;
  itemId: number;
  batch: { id: number | null; no: string | null; expired_at: string | null };
  qty: number;
  value: number | null;
}

/** Writes one ledger row of a movement of `args.kind` on `date` and answers it as the line taken. */
async function writeLine(
  tx: Ctx,
  args: Common & { kind: IssueKind | ReceiveKind },
  date: string,
  l: LineToWrite,
): Promise<StockLineTaken> {
  const m = await q.insertMovement(tx.db, {
    profile_id: tx.branchId,
    warehouse_id: args.warehouse,
    item_id: l.itemId,
    batch_id: l.batch.id,
    quantity: l.qty,
    value: l.value,
    kind: args.kind,
    moved_at: date,
    source_kind: args.source.kind,
    source_id: args.source.id,
    note: args.note ?? null,
    created_by: tx.user?.id ?? null,
  });
  return {
    movement: m.id,
    warehouse: args.warehouse,
    item: l.itemId,
    code: l.item.code,
    name: l.item.name,
    unit: l.item.unit,
    batch: l.batch.id,
    batch_no: l.batch.no,
    expired_at: l.batch.expired_at,
    qty: l.qty,
    value: asSen(m.value),
    unit_cost: asSen(m.unit_cost),
  };
}

/**
 * Takes stock out of a warehouse of ctx.branchId: picks batches first-expired-first-out (never an expired one; a
 * given batch only), writes one ledger row per batch taken, valued by the database at the moving average, and posts
 * Dr <debit> / Cr 1140 Persediaan for the total in the same transaction (see IssueJournal). 409 "Stok ... tidak
 * cukup" when the unexpired stock is short (also when a concurrent movement took it first).
 */
export async function issueStock(ctx: Ctx, args: IssueArgs): Promise<StockResult> {
  const lines: IssueLineInput[] =
    'items' in args ? args.items : [{ item: args.item, qty: args.qty, batch: args.batch ?? null }];
  const field = args.field ?? 'items';
  if (!lines.length) throw badRequest('Minimal satu item', field);
  lines.forEach((l, i) => {
    if (!Number.isSafeInteger(l.qty) || l.qty <= 0)
      throw badRequest('Jumlah harus bilangan bulat lebih dari 0', `${field}.${i}.qty`);
  });
  return inTransaction(ctx, async (tx) => {
    const { today, date, items } = await movementOf(
      tx,
      args,
      lines.map((l) => l.item),
      field,
    );
    await q.lockItems(
      tx.db,
      lines.map((l) => l.item),
    );
    const taken: StockLineTaken[] = [];
    // Plan every line against locked balances (a second line of the same item sees what the first took).
    const used = new Map<number, number>();
    for (const [i, l] of lines.entries()) {
      const item = items.get(l.item)!;
      const balances = await q.lockBalances(tx.db, args.warehouse, l.item);
      let candidates = balances.filter((b) => !isExpired(b.expired_at, today));
      if (l.batch) {
        const chosen = balances.find((b) => Number(b.batch_id) === l.batch);
        // An expired batch never leaves for a patient, a sale or a transfer; a count may write it off (the
        // adjustment takes exactly that batch, valued like any other movement).
        if (chosen && isExpired(chosen.expired_at, today) && args.kind !== 'adjustment')
          throw conflict(
            `Batch ${chosen.batch} ${item.name} sudah kedaluwarsa (${formatDate(chosen.expired_at)})`,
            `${field}.${i}.batch`,
          );
        candidates = chosen ? [chosen] : [];
      }
      const left = (b: q.BalanceRow) => Number(b.quantity) - (used.get(Number(b.id)) ?? 0);
      const available = candidates.reduce((s, b) => s + Math.max(0, left(b)), 0);
      if (available < l.qty) throw shortage(item, available, l.qty, `${field}.${i}.qty`);
      let need = l.qty;
      for (const b of candidates) {
        if (need === 0) break;
        const take = Math.min(need, left(b));
        if (take <= 0) continue;
        need -= take;
        used.set(Number(b.id), (used.get(Number(b.id)) ?? 0) + take);
        const batch = { id: b.batch_id === null ? null : Number(b.batch_id), no: b.batch, expired_at: b.expired_at };
        try {
          taken.push(await writeLine(tx, args, date, { item, itemId: l.item, batch, qty: -take, value: null }));
        } catch (err) {
          const c = constraintOf(err);
          if (c && STOCK_CHECKS.has(c)) throw shortage(item, available, l.qty, `${field}.${i}.qty`);
          throw err;
        }
      }
    }
    const value = sumSen(taken.map((t) => Math.abs(t.value)));
    const journal = args.journal ?? 'auto';
    const debit = journal === false ? null : journal === 'auto' ? DEFAULT_DEBIT[args.kind] : journal.debit;
    const jurnal = await postMovementJournal(tx, 'out', { ...args, journal }, debit, date, taken, value);
    return { lines: taken, value, jurnal };
  });
}

/**
 * The journal of a movement, posted in its transaction: the other side (`akun`: the journal's account or the kind's
 * default) against one Persediaan line per item (its name in the description), Dr <akun> / Cr Persediaan on the
 * way out, Dr Persediaan / Cr <akun> on the way in. None when no account is due or nothing of value moved.
 */
async function postMovementJournal(
  tx: Ctx,
  way: 'in' | 'out',
  args: { kind: string; source: SourceRef; memo?: string; journal: IssueJournal | ReceiveJournal },
  akun: string | null,
  date: string,
  taken: StockLineTaken[],
  value: Sen,
): Promise<{ id: number; code: string } | null> {
  if (!akun || value <= 0) return null;
  const journal = typeof args.journal === 'object' ? args.journal : undefined;
  const memo =
    journal?.memo ??
    args.memo ??
    `Persediaan ${way === 'in' ? 'masuk' : 'keluar'} (${args.kind}) ${args.source.kind} #${args.source.id}`;
  const byItem = new Map<number, { name: string; value: number }>();
  for (const t of taken) {
    const cur = byItem.get(t.item) ?? { name: t.name, value: 0 };
    cur.value += Math.abs(t.value);
    byItem.set(t.item, cur);
  }
  const side = (amount: Sen, debit: boolean) =>
    debit ? { debit: amount, credit: asSen(0) } : { debit: asSen(0), credit: amount };
  const persediaan = [...byItem.values()]
    .filter((v) => v.value > 0)
    .map((v) => ({ akun: auto('persediaan'), description: v.name, ...side(asSen(v.value), way === 'in') }));
  const dueDate = journal && 'due_date' in journal ? journal.due_date : undefined;
  const other = { akun, description: memo, ...side(value, way === 'out'), party: journal?.party, due_date: dueDate };
  return postJournal(tx, {
    transaction_at: date,
    memo,
    source_type: `stock_${args.kind}`,
    source_id: `${args.source.kind}:${args.source.id}`,
    lines: way === 'in' ? [...persediaan, other] : [other, ...persediaan],
  });
}

export interface ReceiveLineInput {
  item: number;
  /** Selling units, > 0. */
  qty: number;
  /** Total value in sen of the line (e.g. qty x price); null/undefined: the current moving average. */
  value?: Sen | null;
  /** A batch number with its expiry date (created when new), or a stock_batch id; required for tracked items. */
  batch?: { batch: string; expired_at: string } | number | null;
}

export type ReceiveArgs = Common & {
  kind: ReceiveKind;
  items: ReceiveLineInput[];
  journal?: ReceiveJournal;
  memo?: string;
};

/**
 * Puts stock into a warehouse of ctx.branchId: one ledger row per line (the batch created when new; for a tracked
 * item a batch with its expiry date is required), and Dr 1140 Persediaan / Cr <credit> for the total value in the
 * same transaction (see ReceiveJournal).
 */
export async function receiveStock(ctx: Ctx, args: ReceiveArgs): Promise<StockResult> {
  const field = args.field ?? 'items';
  if (!args.items.length) throw badRequest('Minimal satu item', field);
  return inTransaction(ctx, async (tx) => {
    const { date, items } = await movementOf(
      tx,
      args,
      args.items.map((l) => l.item),
      field,
    );
    // Resolve batches first (they refuse bad input before anything moves).
    const batches: (q.BatchRow | null)[] = [];
    for (const [i, l] of args.items.entries()) {
      const item = items.get(l.item)!;
      if (!Number.isSafeInteger(l.qty) || l.qty <= 0)
        throw badRequest('Jumlah harus bilangan bulat lebih dari 0', `${field}.${i}.qty`);
      if (l.value !== undefined && l.value !== null && (!Number.isSafeInteger(l.value) || l.value < 0))
        throw badRequest('Nilai tidak valid', `${field}.${i}.price`);
      if (!item.track_batch) {
        batches.push(null);
        continue;
      }
      if (typeof l.batch === 'number') {
        const [b] = await q.batchesByIds(tx.db, [l.batch]);
        if (!b || Number(b.item_id) !== l.item) throw badRequest('Batch tidak ditemukan', `${field}.${i}.batch`);
        batches.push(b);
        continue;
      }
      if (!l.batch?.batch) throw badRequest(`Nomor batch ${item.name} wajib diisi`, `${field}.${i}.batch`);
      if (!l.batch.expired_at)
        throw badRequest(`Tanggal kedaluwarsa ${item.name} wajib diisi`, `${field}.${i}.expired_at`);
      const b = await q.ensureBatch(tx.db, tx.branchId, l.item, l.batch.batch, l.batch.expired_at);
      if (b.expired_at !== l.batch.expired_at)
        throw badRequest(
          `Batch ${b.batch} sudah tercatat dengan tanggal kedaluwarsa ${formatDate(b.expired_at)}`,
          `${field}.${i}.expired_at`,
        );
      batches.push(b);
    }
    await q.lockItems(
      tx.db,
      args.items.map((l) => l.item),
    );
    const taken: StockLineTaken[] = [];
    for (const [i, l] of args.items.entries()) {
      const item = items.get(l.item)!;
      const b = batches[i];
      const batch = { id: b ? Number(b.id) : null, no: b?.batch ?? null, expired_at: b?.expired_at ?? null };
      taken.push(await writeLine(tx, args, date, { item, itemId: l.item, batch, qty: l.qty, value: l.value ?? null }));
    }
    const value = sumSen(taken.map((t) => t.value));
    const journal = args.journal ?? 'auto';
    const credit = journal === false ? null : journal === 'auto' ? DEFAULT_CREDIT[args.kind] : journal.credit;
    const jurnal = await postMovementJournal(tx, 'in', { ...args, journal }, credit, date, taken, value);
    return { lines: taken, value, jurnal };
  });
}

/** What can leave a warehouse now: the unexpired quantity of an item, and its batches first-expired first. */
export async function availableStock(
  ctx: Ctx,
  args: { warehouse: number; item: number },
): Promise<{
  quantity: number;
  batches: { batch: number | null; batch_no: string | null; expired_at: string | null; quantity: number }[];
}> {
  const today = await ctx.today();
  await requireReference(ctx, WAREHOUSE, [args.warehouse], 'warehouse', 'Gudang tidak ditemukan');
  await requireReference(ctx, ITEM, [args.item], 'item', 'Item tidak ditemukan');
  const rows = (await q.balancesOf(ctx.db, args.warehouse, args.item)).filter((b) => !isExpired(b.expired_at, today));
  return {
    quantity: rows.reduce((s, b) => s + Number(b.quantity), 0),
    batches: rows.map((b) => ({
      batch: b.batch_id === null ? null : Number(b.batch_id),
      batch_no: b.batch,
      expired_at: b.expired_at,
      quantity: Number(b.quantity),
    })),
  };
}

/** The branch's active warehouse of a kind ('apotek' for dispensing and sales, 'tindakan' for BHP), or null. */
export async function warehouseOfKind(
  ctx: Ctx,
  kind: 'gudang' | 'apotek' | 'tindakan',
): Promise<{ id: number; code: string; name: string; kind: string } | null> {
  const w = await q.warehouseOfKind(ctx.db, ctx.branchId, kind);
  return w ? { id: Number(w.id), code: String(w.code), name: String(w.name), kind: String(w.kind) } : null;
}

/**
 * A warehouse still holding stock cannot be deactivated (issue 25 finding 8): its stock would vanish from every list
 * while the books still count it. Move it out (mutasi) or count it to zero (stok opname) first.
 */
export async function requireEmptyWarehouse(ctx: Ctx, warehouseId: number): Promise<void> {
  await requireAccess(ctx, WAREHOUSE, [warehouseId], 'write'); // another branch's warehouse: 404 first
  if (await q.warehouseHoldsStock(ctx.db, warehouseId))
    throw conflict(
      'Gudang ini masih berisi stok: pindahkan (mutasi) atau sesuaikan (stok opname) dulu sebelum dinonaktifkan',
    );
}
