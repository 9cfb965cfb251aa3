/**
 * Stock counts (stok opname; docs/decisions.md "Inventory flows"). A count sheet lists what the ledger says is in a
 * warehouse; the counted quantities are stored with the system quantity at that moment, and every difference is
 * posted as an adjustment movement: a shortage Dr 5104 Selisih Persediaan / Cr 1140 Persediaan, a surplus
 * Dr 1140 / Cr 5104, at the moving average. When the differences are worth more than the branch's threshold
 * (inventory_setting, default Rp1.000.000) and the approval rule 'inventory.adjustment' asks for it, the count
 * waits in the approval engine (applog) and is posted when approved (the stored differences, at the approver's day).
 */
import {
  asSen,
  COUNT_STATUS_LABELS,
  formatRupiah,
  fromSen,
  type AdjustmentDto,
  type AdjustmentInput,
  type AdjustmentListQuery,
  type AdjustmentResultDto,
  type AdjustmentSettingDto,
  type AdjustmentSettingInput,
  type CountSheetDto,
  type Paged,
  toSen,
  APPROVAL_PENDING_MESSAGE,
} from '@klinik/shared';
import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { approvalRuleFor, storeRequest } from '../../applog/index.js';
import { issueStock, receiveStock, requireWarehouseItems, WAREHOUSE } from '../../inventory/index.js';
import { STOCK_COUNT } from '../entities.js';
import * as q from '../queries.js';
import { docNumber, resolveBatch, rp } from './common.js';

/** Rp1.000.000 in sen: counts worth more wait for approval unless the branch sets another threshold. */
export const DEFAULT_APPROVAL_THRESHOLD = 100_000_000;

function toDto(c: q.CountRow, lines?: q.CountLineRow[]): AdjustmentDto {
  return {
    id: c.id,
    code: c.code,
    warehouse: c.warehouse_id,
    warehouse_name: c.warehouse_name,
    counted_at: c.counted_at,
    reason: c.reason,
    status: Number(c.status),
    status_label: COUNT_STATUS_LABELS[Number(c.status)] ?? String(c.status),
    loss: rp(c.loss),
    gain: rp(c.gain),
    jurnal_code: c.jurnal_code,
    applog_id: c.applog_id,
    created_by_name: c.created_by_name,
    items: lines?.map((l) => ({
      item: l.item_id,
      code: l.code,
      name: l.name,
      unit: l.unit,
      batch: l.batch,
      system: l.system,
      counted: l.counted,
      difference: l.counted - l.system,
      value: rp(l.value),
    })),
  };
}

export async function sheet(ctx: Ctx, warehouse: number): Promise<CountSheetDto> {
  requireUser(ctx);
  await requireReference(ctx, WAREHOUSE, [warehouse], 'warehouse', 'Gudang tidak ditemukan');
  const [w] = await q.warehouses(ctx.db, [warehouse]);
  const rows = await q.countSheet(ctx.db, warehouse);
  return {
    warehouse: { id: w.id, code: w.code, name: w.name },
    date: await ctx.today(),
    lines: rows.map((r) => ({
      item: r.item_id,
      code: r.code,
      name: r.name,
      unit: r.unit,
      category: r.category,
      batch_id: r.batch_id,
      batch: r.batch,
      expired_at: r.expired_at,
      system: Number(r.quantity),
      unit_cost: rp(r.unit_cost),
    })),
  };
}

export async function list(ctx: Ctx, query: AdjustmentListQuery): Promise<Paged<AdjustmentDto>> {
  requireUser(ctx);
  const { rows, count } = await q.listCounts(ctx.db, branchScope(ctx), query, query.page, query.limit);
  return { data: rows.map((r) => toDto(r)), count };
}

export async function get(ctx: Ctx, id: number): Promise<AdjustmentDto> {
  await requireAccess(ctx, STOCK_COUNT, [id], 'read');
  return toDto((await q.count(ctx.db, id))!, await q.countLines(ctx.db, id));
}

export async function setting(ctx: Ctx): Promise<AdjustmentSettingDto> {
  const c = requireUser(ctx);
  return {
    approval_threshold: rp((await q.threshold(c.db, c.branchId)) ?? DEFAULT_APPROVAL_THRESHOLD),
    needs_approval: (await approvalRuleFor(c, 'inventory.adjustment')) !== null,
  };
}

export async function updateSetting(ctx: Ctx, input: AdjustmentSettingInput): Promise<AdjustmentSettingDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    const before = await q.threshold(tx.db, tx.branchId);
    const value = toSen(input.approval_threshold);
    await q.setThreshold(tx.db, tx.branchId, value);
    await audit(tx, {
      action: 'update',
      entity: 'inventory_setting',
      entityId: tx.branchId,
      before: { adjustment_approval_threshold: before ?? null },
      after: { adjustment_approval_threshold: value },
    });
  });
  return setting(c);
}

export async function adjust(
  ctx: Ctx,
  input: AdjustmentInput,
  idempotencyKey?: string,
): Promise<{ created: boolean; data: AdjustmentResultDto }> {
  const c = requireUser(ctx);
  const rule = await approvalRuleFor(c, 'inventory.adjustment');
  const out = await inTransaction(c, async (tx) => {
    await requireWarehouseItems(tx, input);
    const itemRows = new Map(
      (
        await q.items(
          tx.db,
          input.items.map((l) => l.item),
        )
      ).map((i) => [i.id, i]),
    );
    const lines = [];
    for (const [i, l] of input.items.entries()) {
      const item = itemRows.get(l.item)!;
      const b = await resolveBatch(tx, l.item, l.batch, `items.${i}.batch`);
      if (item.track_batch && !b) throw badRequest(`Batch ${item.name} wajib dipilih`, `items.${i}.batch`);
      const system = await q.balanceOf(tx.db, input.warehouse, l.item, b ? b.id : null);
      const cost = await q.unitCost(tx.db, l.item);
      const difference = l.counted - system;
      lines.push({ item: l.item, batch: b ? b.id : null, system, counted: l.counted, value: difference * cost });
    }
    const loss = lines.filter((l) => l.value < 0).reduce((s, l) => s - l.value, 0);
    const gain = lines.filter((l) => l.value > 0).reduce((s, l) => s + l.value, 0);
    const limit = (await q.threshold(tx.db, tx.branchId)) ?? DEFAULT_APPROVAL_THRESHOLD;
    const today = await tx.today();
    const pending = rule !== null && (await overThreshold(tx, today, c.user.id, lines, limit));
    const code = await docNumber(tx, 'OPN', today);
    const { id } = await q.insertCount(tx.db, {
      profile_id: tx.branchId,
      code,
      warehouse_id: input.warehouse,
      counted_at: today,
      reason: input.reason,
      status: 1,
      loss,
      gain,
      idempotency_key: idempotencyKey ?? null,
      created_by: c.user.id,
    });
    for (const l of lines)
      await q.insertCountItem(tx.db, {
        profile_id: tx.branchId,
        count_id: id,
        item_id: l.item,
        batch_id: l.batch,
        system: l.system,
        counted: l.counted,
        value: l.value,
      });
    await audit(tx, {
      action: 'create',
      entity: 'stock_count',
      entityId: id,
      after: { code, warehouse: input.warehouse, items: input.items, reason: input.reason, loss, gain },
    });
    if (pending) {
      const req = await storeRequest(tx, rule, {
        action: 'inventory.adjustment',
        message: `Stok opname ${code}: selisih kurang ${formatRupiah(fromSen(loss))}, lebih ${formatRupiah(fromSen(gain))}`,
        note: input.reason,
        entity: 'stock_count',
        entityId: id,
        payload: { count: id },
        url: '/inventory/mutation',
      });
      await q.setCount(tx.db, id, { status: 1, applog_id: req.applog_id });
    } else {
      await postCount(tx, id);
    }
    return { created: true, id, pending };
  });
  const data = await get(c, out.id);
  return {
    created: out.created,
    data: {
      ...data,
      pending: data.status === 1,
      message: data.status === 1 ? APPROVAL_PENDING_MESSAGE : 'Stok opname diposting',
    },
  };
}

/**
 * Whether a count must wait for approval (issue 25 finding 7): its own differences, or together with the branch's
 * other counts of the day (posted or waiting), what the same item moved, or what the same user counted, pass the
 * threshold. Splitting one loss over several counts therefore asks for approval as one count would.
 */
async function overThreshold(
  tx: Ctx,
  day: string,
  userId: number,
  lines: { item: number; value: number }[],
  limit: number,
): Promise<boolean> {
  const own = new Map<number, number>();
  for (const l of lines) own.set(l.item, (own.get(l.item) ?? 0) + Math.abs(l.value));
  const total = [...own.values()].reduce((a, b) => a + b, 0);
  const before = await q.countedToday(tx.db, tx.branchId, day, userId, [...own.keys()]);
  if (total > limit || before.byUser + total > limit) return true;
  return [...own].some(([item, v]) => (before.byItem.get(item) ?? 0) + v > limit);
}

/**
 * Posts a count's stored differences (in the caller's transaction): shortages out, surpluses in, each with its
 * journal. Also the approval executor of 'inventory.adjustment'.
 */
export async function postCount(tx: Ctx, id: number): Promise<void> {
  const count = await q.count(tx.db, id, true);
  if (!count) throw badRequest('Stok opname tidak ditemukan');
  if (Number(count.status) !== 1) throw conflict('Stok opname ini sudah diposting');
  const lines = await q.countLines(tx.db, id);
  const out = lines.filter((l) => l.counted < l.system);
  const inn = lines.filter((l) => l.counted > l.system);
  const today = await tx.today();
  const memo = `Stok opname ${count.code}: ${count.reason}`;
  const source = { kind: 'stock_count', id };
  const movement = {
    kind: 'adjustment',
    warehouse: count.warehouse_id,
    source,
    date: today,
    note: memo,
    memo,
  } as const;
  const codes: string[] = [];
  let loss = 0;
  let gain = 0;
  if (out.length) {
    const r = await issueStock(tx, {
      ...movement,
      items: out.map((l) => ({ item: l.item_id, qty: l.system - l.counted, batch: l.batch_id })),
    });
    loss = r.value;
    if (r.jurnal) codes.push(r.jurnal.code);
  }
  if (inn.length) {
    const r = await receiveStock(tx, {
      ...movement,
      items: inn.map((l) => ({ item: l.item_id, qty: l.counted - l.system, batch: l.batch_id })),
    });
    gain = r.value;
    if (r.jurnal) codes.push(r.jurnal.code);
  }
  await q.setCount(tx.db, id, {
    status: 2,
    loss: asSen(loss),
    gain: asSen(gain),
    jurnal_code: codes.length ? codes.join(', ') : null,
  });
}

/** The approval executor: an approved count is posted in the deciding transaction. */
export async function approveCount(tx: Ctx, payload: unknown): Promise<void> {
  const id = Number((payload as { count?: number } | null)?.count);
  if (!Number.isSafeInteger(id)) throw badRequest('Permintaan stok opname tidak valid');
  await postCount(tx, id);
}
