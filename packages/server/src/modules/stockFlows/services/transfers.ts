/**
 * Transfers in two steps (mutasi stok; docs/decisions.md "Inventory flows"). Sending takes the goods out of the
 * source warehouse (ledger transfer_out, first-expired-first-out) and posts Dr 1141 Persediaan Dalam Perjalanan /
 * Cr 1140 Persediaan in the sending branch. Receiving, by the receiving branch only, puts what arrived into the
 * destination warehouse (transfer_in, at the sending value) and settles the in-transit account:
 * - same branch: Dr 1140 / Cr 1141 for what arrived, Dr 5104 Selisih Persediaan / Cr 1141 for what did not;
 * - another branch: the receiver posts Dr 1140 / Cr 2106 Hutang Antar Cabang, the sender Dr 1170 Piutang Antar
 *   Cabang (what arrived) + Dr 5104 (the difference, a loss of the sender) / Cr 1141.
 * Items are per branch: the receiving branch's item of the same code, created (copied) when missing.
 */
import {
  asSen,
  sumSen,
  TRANSFER_STATUS_LABELS,
  type Paged,
  type TransferDto,
  type TransferInput,
  type TransferListQuery,
  type TransferReceiveInput,
  type TransferTargetDto,
} from '@klinik/shared';
import { branchScope, inScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, conflict, forbidden } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { auto, postJournal } from '../../finance/index.js';
import { issueStock, receiveStock, WAREHOUSE } from '../../inventory/index.js';
import { TRANSFER } from '../entities.js';
import * as q from '../queries.js';
import { docNumber, resolveBatch, rp } from './common.js';

function toDto(ctx: Ctx, t: q.TransferRow, lines?: q.TransferLineRow[]): TransferDto {
  return {
    id: t.id,
    code: t.code,
    profile_id: t.profile_id,
    from_branch: t.from_branch,
    to_profile_id: t.to_profile_id,
    to_branch: t.to_branch,
    inter_branch: t.profile_id !== t.to_profile_id,
    from_warehouse: t.from_warehouse_id,
    from_warehouse_name: t.from_warehouse_name,
    to_warehouse: t.to_warehouse_id,
    to_warehouse_name: t.to_warehouse_name,
    sent_at: t.sent_at,
    received_at: t.received_at,
    status: Number(t.status),
    status_label: TRANSFER_STATUS_LABELS[Number(t.status)] ?? String(t.status),
    note: t.note,
    receive_note: t.receive_note,
    value: rp(t.value),
    received_value: t.received_value === null ? null : rp(t.received_value),
    difference_value: t.difference_value === null ? null : rp(t.difference_value),
    created_by_name: t.created_by_name,
    received_by_name: t.received_by_name,
    can_receive: Number(t.status) === 1 && inScope(branchScope(ctx, {}, 'write'), t.to_profile_id),
    items: lines?.map((l) => ({
      id: l.id,
      item: l.item_id,
      code: l.code,
      name: l.name,
      unit: l.unit,
      batch: l.batch,
      batch_id: l.batch_id,
      expired_at: l.expired_at,
      qty: l.quantity,
      received: l.received,
      difference: l.received === null ? null : l.quantity - l.received,
      value: rp(l.value),
    })),
  };
}

export async function list(ctx: Ctx, query: TransferListQuery): Promise<Paged<TransferDto>> {
  requireUser(ctx);
  const scope = branchScope(ctx, { isallbranch: query.isallbranch, profile_id: query.profile_id });
  const { rows, count } = await q.listTransfers(ctx.db, scope, query, ctx.branchId, query.page, query.limit);
  return { data: rows.map((r) => toDto(ctx, r)), count };
}

export async function get(ctx: Ctx, id: number): Promise<TransferDto> {
  await requireAccess(ctx, TRANSFER, [id], 'read');
  const t = await q.transfer(ctx.db, id);
  return toDto(ctx, t!, await q.transferLines(ctx.db, id));
}

/** Destinations: every active warehouse of the organisation except the caller's source choice. */
export async function targets(ctx: Ctx): Promise<TransferTargetDto[]> {
  requireUser(ctx);
  return (await q.transferTargets(ctx.db)).map((w) => ({
    id: w.id,
    code: w.code,
    name: w.name,
    kind: w.kind,
    profile_id: w.profile_id,
    branch_name: w.branch_name,
  }));
}

export async function send(
  ctx: Ctx,
  input: TransferInput,
  idempotencyKey?: string,
): Promise<{ created: boolean; data: TransferDto }> {
  const c = requireUser(ctx);
  const result = await inTransaction(c, async (tx) => {
    await requireReference(tx, WAREHOUSE, [input.from_warehouse], 'from_warehouse', 'Gudang asal tidak ditemukan');
    const [to] = await q.warehouses(tx.db, [input.to_warehouse]);
    if (!to || Number(to.status) !== 1) throw badRequest('Gudang tujuan tidak ditemukan', 'to_warehouse');
    const lines = [];
    for (const [i, l] of input.items.entries()) {
      const b = await resolveBatch(tx, l.item, l.batch, `items.${i}.batch`);
      lines.push({ item: l.item, qty: l.qty, batch: b ? b.id : null });
    }
    const today = await tx.today();
    const code = await docNumber(tx, 'MUT', today);
    const { id } = await q.insertTransfer(tx.db, {
      profile_id: tx.branchId,
      to_profile_id: to.profile_id,
      code,
      from_warehouse_id: input.from_warehouse,
      to_warehouse_id: to.id,
      sent_at: today,
      note: input.note ?? null,
      idempotency_key: idempotencyKey ?? null,
      created_by: c.user.id,
    });
    const memo = `Mutasi ${code} ke ${to.name} (${to.branch_name})`;
    const out = await issueStock(tx, {
      kind: 'transfer_out',
      warehouse: input.from_warehouse,
      source: { kind: 'stock_transfer', id },
      date: today,
      items: lines,
      note: memo,
      journal: { debit: auto('persediaanPerjalanan'), memo },
    });
    for (const t of out.lines) {
      await q.insertTransferItem(tx.db, {
        profile_id: tx.branchId,
        transfer_id: id,
        item_id: t.item,
        batch_id: t.batch,
        quantity: -t.qty,
        value: Math.abs(t.value),
      });
    }
    await q.setTransferSent(tx.db, id, out.value, out.jurnal?.code ?? null);
    await audit(tx, {
      action: 'create',
      entity: 'stock_transfer',
      entityId: id,
      after: { code, from: input.from_warehouse, to: to.id, value: out.value, items: input.items },
    });
    return { created: true, id };
  });
  return { created: result.created, data: await get(c, result.id) };
}

export async function receive(ctx: Ctx, id: number, input: TransferReceiveInput): Promise<TransferDto> {
  const c = requireUser(ctx);
  await requireAccess(c, TRANSFER, [id], 'read');
  if (!(await q.isReceiver(c.db, id, c.branchId)))
    throw forbidden('Hanya cabang penerima yang dapat menerima mutasi ini');
  await inTransaction(c, async (tx) => {
    const t = (await q.transfer(tx.db, id, true))!;
    if (Number(t.status) !== 1) throw conflict('Mutasi ini sudah diterima');
    const lines = await q.transferLines(tx.db, id);
    const sameBranch = t.profile_id === t.to_profile_id;
    // Match what arrived to the lines sent (by the sent item, or the receiving branch's item of the same code).
    const received = new Map<number, number>();
    const own = sameBranch
      ? new Map<number, q.ItemRow>()
      : new Map(
          (
            await q.items(
              tx.db,
              input.items.map((l) => l.item),
            )
          ).map((i) => [i.id, i]),
        );
    for (const [i, l] of input.items.entries()) {
      const code = own.get(l.item)?.profile_id === tx.branchId ? own.get(l.item)!.code : undefined;
      const candidates = lines.filter(
        (x) => x.item_id === l.item || (code !== undefined && x.code.toUpperCase() === code.toUpperCase()),
      );
      if (!candidates.length) throw badRequest('Item tidak ada di mutasi ini', `items.${i}.item`);
      const line =
        l.batch === undefined || l.batch === null || l.batch === ''
          ? candidates.length === 1
            ? candidates[0]
            : undefined
          : candidates.find((x) =>
              typeof l.batch === 'number'
                ? x.batch_id === l.batch
                : x.batch?.toUpperCase() === String(l.batch).toUpperCase(),
            );
      if (!line)
        throw badRequest(
          candidates.length > 1 ? 'Pilih batch item ini' : 'Batch tidak ada di mutasi ini',
          `items.${i}.batch`,
        );
      if (received.has(line.id)) throw badRequest('Item sudah ada di daftar', `items.${i}.item`);
      if (l.qty > line.quantity)
        throw badRequest(`Jumlah diterima melebihi jumlah dikirim (${line.quantity} ${line.unit})`, `items.${i}.qty`);
      received.set(line.id, l.qty);
    }
    const hasDifference = lines.some((x) => (received.get(x.id) ?? 0) !== x.quantity);
    if (hasDifference && !input.note) throw badRequest('Alasan selisih wajib diisi', 'note');

    const today = await tx.today();
    const toItems = new Map<number, number>();
    const stockLines = [];
    const mapped: { line: q.TransferLineRow; toItem: number; qty: number; value: number }[] = [];
    for (const line of lines) {
      const qty = received.get(line.id) ?? 0;
      let toItem = line.item_id;
      if (!sameBranch) {
        toItem = toItems.get(line.item_id) ?? (await q.itemByCode(tx.db, tx.branchId, line.code))?.id ?? 0;
        if (!toItem) toItem = await q.copyItem(tx.db, line.item_id, tx.branchId);
        toItems.set(line.item_id, toItem);
      }
      const value = qty === line.quantity ? Number(line.value) : Math.round((Number(line.value) * qty) / line.quantity);
      mapped.push({ line, toItem, qty, value });
      if (qty > 0)
        stockLines.push({
          item: toItem,
          qty,
          value: asSen(value),
          batch: line.batch && line.expired_at ? { batch: line.batch, expired_at: line.expired_at } : null,
        });
    }
    const memo = `Terima mutasi ${t.code} dari ${t.from_warehouse_name} (${t.from_branch})`;
    const inResult = stockLines.length
      ? await receiveStock(tx, {
          kind: 'transfer_in',
          warehouse: t.to_warehouse_id,
          source: { kind: 'stock_transfer', id },
          date: today,
          items: stockLines,
          note: input.note ?? memo,
          journal: { credit: sameBranch ? auto('persediaanPerjalanan') : auto('hutangAntarCabang'), memo },
        })
      : null;
    const receivedValue = sumSen(mapped.map((m) => asSen(m.value)));
    const sent = asSen(Number(t.value));
    const difference = asSen(sent - receivedValue);
    let settle: { code: string } | null = null;
    const lossMemo = `Selisih mutasi ${t.code}: ${input.note ?? ''}`.trim();
    if (sameBranch) {
      if (difference > 0)
        settle = await postJournal(tx, {
          transaction_at: today,
          memo: lossMemo,
          source_type: 'stock_transfer_difference',
          source_id: String(id),
          lines: [
            { akun: auto('selisihPersediaan'), description: lossMemo, debit: difference, credit: asSen(0) },
            { akun: auto('persediaanPerjalanan'), description: lossMemo, debit: asSen(0), credit: difference },
          ],
        });
    } else if (sent > 0) {
      // The sending branch's books: clear its in-transit account against the receiving branch (and the loss).
      const senderCtx: Ctx = { ...tx, branchId: t.profile_id };
      const settleMemo = `Mutasi ${t.code} diterima ${t.to_branch}`;
      settle = await postJournal(senderCtx, {
        transaction_at: today,
        memo: settleMemo,
        source_type: 'stock_transfer_settle',
        source_id: String(id),
        lines: [
          ...(receivedValue > 0
            ? [{ akun: auto('piutangAntarCabang'), description: settleMemo, debit: receivedValue, credit: asSen(0) }]
            : []),
          ...(difference > 0
            ? [{ akun: auto('selisihPersediaan'), description: lossMemo, debit: difference, credit: asSen(0) }]
            : []),
          { akun: auto('persediaanPerjalanan'), description: settleMemo, debit: asSen(0), credit: sent },
        ],
      });
    }
    const batchByLine = new Map<number, number | null>();
    let k = 0;
    for (const m of mapped) {
      if (m.qty > 0) batchByLine.set(m.line.id, inResult!.lines[k++]?.batch ?? null);
      await q.setTransferLineReceived(tx.db, m.line.id, {
        to_item_id: m.toItem,
        to_batch_id: batchByLine.get(m.line.id) ?? null,
        received: m.qty,
      });
    }
    await q.setTransferReceived(tx.db, id, {
      status: hasDifference ? 3 : 2,
      received_at: today,
      received_by: c.user.id,
      receive_note: input.note ?? null,
      received_value: receivedValue,
      difference_value: difference,
      receive_jurnal_code: inResult?.jurnal?.code ?? null,
      settle_jurnal_code: settle?.code ?? null,
    });
    await audit(tx, {
      action: 'receive',
      entity: 'stock_transfer',
      entityId: id,
      before: { status: 1 },
      after: { status: hasDifference ? 3 : 2, items: input.items, note: input.note ?? null, difference },
    });
  });
  return get(c, id);
}
