/**
 * Purchasing (belanja): orders to a vendor and receipts against them. A receipt moves the goods into the order's
 * warehouse through receiveStock (batches and expiry for tracked items) and posts Dr 1140 Persediaan / Cr 2101 Hutang
 * Usaha for exactly the received value in the same transaction. Orders and receipts count purchase units; the stock
 * moves qty x conversion selling units.
 */
import {
  addDays,
  asSen,
  formatDate,
  formatRupiah,
  fromSen,
  PURCHASE_STATUS_LABELS,
  sumSen,
  toSen,
  type Paged,
  type PurchaseDto,
  type PurchaseInput,
  type PurchaseListQuery,
  type ReceiveInput,
} from '@klinik/shared';
import { escapeHtml } from '@klinik/shared';
import { branchScope, requireAccess, requireReference } from '../../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest, badRequestMany, conflict, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { formatDocNumber, nextNumber } from '../../../lib/numbering.js';
import { auto } from '../../finance/index.js';
import { PURCHASE, VENDOR } from '../entities.js';
import * as q from '../queries.js';
import { receiveStock, requireWarehouseItems } from './stock.js';

const periodOf = (date: string) => date.slice(0, 7).replace('-', '');

function lineDto(l: q.PurchaseLineRow) {
  const qty = Number(l.quantity);
  const received = Number(l.received);
  return {
    id: Number(l.id),
    item: Number(l.item_id),
    code: l.code,
    name: l.name,
    unit: l.unit,
    purchase_unit: l.purchase_unit ?? l.unit,
    conversion: Number(l.conversion),
    track_batch: l.track_batch,
    qty,
    price: fromSen(Number(l.price)),
    subtotal: fromSen(qty * Number(l.price)),
    received,
    remaining: qty - received,
  };
}

function dto(r: q.PurchaseRow): PurchaseDto {
  return {
    id: Number(r.id),
    profile_id: Number(r.profile_id),
    branch_name: r.branch_name,
    code: r.code,
    vendor: Number(r.vendor_id),
    vendor_name: r.vendor_name,
    warehouse: Number(r.warehouse_id),
    warehouse_name: r.warehouse_name,
    ordered_at: r.ordered_at,
    note: r.note,
    total: fromSen(Number(r.total)),
    received_total: fromSen(Number(r.received_total ?? 0)),
    status: Number(r.status),
    status_label: PURCHASE_STATUS_LABELS[Number(r.status)] ?? String(r.status),
    created_by_name: r.created_by_name,
  };
}

export async function list(ctx: Ctx, query: PurchaseListQuery): Promise<Paged<PurchaseDto>> {
  const c = requireUser(ctx);
  const scope = branchScope(
    c,
    query.profile_id === 'all' ? { isallbranch: 1 } : { profile_id: query.profile_id ?? null },
  );
  const { rows, count } = await q.listPurchases(c.db, {
    scope,
    keyword: query.keyword,
    status: query.status,
    vendor: query.vendor,
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    open: query.open,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(dto), count };
}

export async function get(ctx: Ctx, id: number): Promise<PurchaseDto> {
  const c = requireUser(ctx);
  await requireAccess(c, PURCHASE, [id], 'read');
  return detail(c, id);
}

async function detail(ctx: Ctx, id: number): Promise<PurchaseDto> {
  const row = await q.findPurchase(ctx.db, id);
  if (!row) throw notFound(PURCHASE.notFound);
  const [lines, receipts] = await Promise.all([q.purchaseLines(ctx.db, id), q.purchaseReceipts(ctx.db, id)]);
  return {
    ...dto(row),
    items: lines.map(lineDto),
    receipts: receipts.map((r) => ({
      id: Number(r.id),
      code: r.code,
      received_at: r.received_at,
      total: fromSen(Number(r.total)),
      jurnal_code: r.jurnal_code,
      created_by_name: r.created_by_name,
      items: (r.items ?? []).map((i) => ({
        item: Number(i.item),
        name: i.name,
        qty: Number(i.qty),
        price: fromSen(Number(i.price)),
        stock_qty: Number(i.stock_qty),
        batch: i.batch,
        expired_at: i.expired_at,
      })),
    })),
  };
}

/** A new purchase order of the current branch: `{ id, code }` (code PO/<branch>/<yyyymm>/<n>). */
export async function create(
  ctx: Ctx,
  input: PurchaseInput & { idempotency_key?: string },
): Promise<{ id: number; code: string }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const today = await tx.today();
    const orderedAt = input.ordered_at ?? today;
    if (orderedAt > today) throw badRequest('Tanggal pesanan tidak boleh di masa depan', 'ordered_at');
    await requireReference(tx, VENDOR, [input.vendor], 'vendor', 'Vendor tidak ditemukan');
    await requireWarehouseItems(tx, input);
    const [vendor] = await q.vendorsByIds(tx.db, [input.vendor]);
    if (Number(vendor.status) !== 1) throw badRequest('Vendor tidak aktif', 'vendor');
    const [wh] = await q.warehousesByIds(tx.db, [input.warehouse]);
    if (Number(wh.status) !== 1) throw badRequest('Gudang tidak aktif', 'warehouse');
    const items = new Map(
      (
        await q.itemsByIds(
          tx.db,
          input.items.map((l) => l.item),
        )
      ).map((i) => [Number(i.id), i]),
    );
    const inactive = input.items
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => Number(items.get(l.item)?.status) !== 1)
      .map(({ i }) => ({ message: 'Item tidak aktif', field: `items.${i}.item` }));
    if (inactive.length) throw badRequestMany(inactive);
    const total = sumSen(input.items.map((l) => asSen(l.qty * toSen(l.price))));
    const n = await nextNumber(tx.db, tx.branchId, 'PO', periodOf(orderedAt));
    const code = formatDocNumber('PO', tx.branchId, periodOf(orderedAt), n);
    const order = await q.insertPurchase(tx.db, {
      profile_id: tx.branchId,
      code,
      vendor_id: input.vendor,
      warehouse_id: input.warehouse,
      ordered_at: orderedAt,
      note: input.note ?? null,
      total,
      idempotency_key: input.idempotency_key ?? null,
      created_by: tx.user?.id ?? null,
      lines: input.items.map((l) => ({ item_id: l.item, quantity: l.qty, price: toSen(l.price) })),
    });
    await audit(tx, {
      action: 'create',
      entity: 'purchase_order',
      entityId: order.id,
      after: { ...input, code, total },
    });
    return { id: order.id, code };
  });
}

/**
 * Receives goods against an order (all or part). Lines name the order's items (several lines of one item for
 * several batches); more than remains is refused; a tracked item needs its batch and expiry. Stock and the journal
 * move in this transaction.
 */
export async function receive(
  ctx: Ctx,
  id: number,
  input: ReceiveInput & { idempotency_key?: string },
): Promise<PurchaseDto & { receipt: { id: number; code: string; jurnal_code: string | null; total: number } }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, PURCHASE, [id], 'write');
    const order = await q.lockPurchase(tx.db, id);
    if (!order) throw notFound(PURCHASE.notFound);
    if (Number(order.status) === 3) throw conflict('Pesanan sudah diterima seluruhnya');
    if (Number(order.status) === 0) throw conflict('Pesanan sudah dibatalkan');
    const today = await tx.today();
    const receivedAt = input.received_at ?? today;
    if (receivedAt > today) throw badRequest('Tanggal terima tidak boleh di masa depan', 'received_at');
    if (receivedAt < order.ordered_at)
      throw badRequest('Tanggal terima tidak boleh sebelum tanggal pesanan', 'received_at');
    const lines = await q.purchaseLines(tx.db, id);
    const byItem = new Map(lines.map((l) => [Number(l.item_id), l]));
    const issues: { message: string; field: string }[] = [];
    const wanted = new Map<number, number>();
    input.items.forEach((l, i) => {
      const line = byItem.get(l.item);
      if (!line) {
        issues.push({ message: 'Item tidak ada di pesanan ini', field: `items.${i}.item` });
        return;
      }
      wanted.set(l.item, (wanted.get(l.item) ?? 0) + l.qty);
      const remaining = Number(line.quantity) - Number(line.received);
      if ((wanted.get(l.item) ?? 0) > remaining)
        issues.push({
          message: `Jumlah melebihi sisa pesanan (sisa ${remaining} ${line.purchase_unit ?? line.unit})`,
          field: `items.${i}.qty`,
        });
      if (line.track_batch) {
        if (!l.batch) issues.push({ message: 'Nomor batch wajib diisi', field: `items.${i}.batch` });
        if (!l.expired_at) issues.push({ message: 'Tanggal kedaluwarsa wajib diisi', field: `items.${i}.expired_at` });
        else if (l.expired_at <= receivedAt)
          issues.push({ message: 'Barang sudah kedaluwarsa saat diterima', field: `items.${i}.expired_at` });
      }
    });
    if (issues.length) throw badRequestMany(issues);
    const n = await nextNumber(tx.db, Number(order.profile_id), 'RCV', periodOf(receivedAt));
    const code = formatDocNumber('RCV', Number(order.profile_id), periodOf(receivedAt), n);
    const receipt = await q.insertReceipt(tx.db, {
      profile_id: Number(order.profile_id),
      code,
      purchase_id: id,
      warehouse_id: Number(order.warehouse_id),
      received_at: receivedAt,
      note: input.note ?? null,
      idempotency_key: input.idempotency_key ?? null,
      created_by: tx.user?.id ?? null,
    });
    const memo = `Penerimaan ${code} pesanan ${order.code} dari ${order.vendor_name}`;
    const terms = Number((await q.vendorsByIds(tx.db, [Number(order.vendor_id)]))[0]?.payment_terms ?? 0);
    const moved = await receiveStock(tx, {
      warehouse: Number(order.warehouse_id),
      kind: 'receipt',
      source: { kind: 'purchase_receipt', id: receipt.id },
      date: receivedAt,
      note: memo,
      // The payable is the vendor's open item, due after the vendor's terms (none without terms: ageing on the date).
      journal: {
        credit: auto('hutangUsaha'),
        memo,
        party: { type: 'vendor', id: Number(order.vendor_id), name: order.vendor_name },
        due_date: terms > 0 ? addDays(receivedAt, terms) : null,
      },
      items: input.items.map((l) => {
        const line = byItem.get(l.item)!;
        return {
          item: l.item,
          qty: l.qty * Number(line.conversion),
          value: asSen(l.qty * toSen(l.price)),
          batch: line.track_batch ? { batch: l.batch!, expired_at: l.expired_at! } : null,
        };
      }),
    });
    await q.insertReceiptItems(
      tx.db,
      input.items.map((l, i) => ({
        profile_id: Number(order.profile_id),
        receipt_id: receipt.id,
        purchase_item_id: Number(byItem.get(l.item)!.id),
        item_id: l.item,
        batch_id: moved.lines[i].batch,
        quantity: l.qty,
        price: toSen(l.price),
        stock_quantity: moved.lines[i].qty,
      })),
    );
    for (const [item, qty] of wanted) await q.addReceived(tx.db, Number(byItem.get(item)!.id), qty);
    for (const l of input.items) await q.setLastPurchasePrice(tx.db, l.item, toSen(l.price));
    const status = await q.refreshStatus(tx.db, id);
    await q.setReceiptTotal(tx.db, receipt.id, moved.value, moved.jurnal);
    await audit(tx, {
      action: 'receive',
      entity: 'purchase_order',
      entityId: id,
      profileId: Number(order.profile_id),
      after: { receipt: code, total: moved.value, jurnal: moved.jurnal?.code ?? null, status, items: input.items },
    });
    return {
      ...(await detail(tx, id)),
      receipt: { id: receipt.id, code, jurnal_code: moved.jurnal?.code ?? null, total: fromSen(moved.value) },
    };
  });
}

/** Printable order (PDF through the warm browser). */
export async function purchasePdf(ctx: Ctx, id: number): Promise<{ filename: string; pdf: Buffer }> {
  const c = requireUser(ctx);
  await requireAccess(c, PURCHASE, [id], 'read');
  const d = await detail(c, id);
  const branch = await q.branchOf(c.db, d.profile_id);
  const vendor = (await q.vendorsByIds(c.db, [d.vendor]))[0];
  const esc = (s: string | number | null | undefined) => escapeHtml(s, '');
  const rows = (d.items ?? [])
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${esc(l.code)}</td><td>${esc(l.name)}</td><td class="n">${l.qty} ${esc(l.purchase_unit)}</td><td class="n">${esc(formatRupiah(l.price))}</td><td class="n">${esc(formatRupiah(l.subtotal))}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="id"><head><meta charset="utf-8"><style>
    body{font-family:Arial,sans-serif;font-size:11px;margin:24px;color:#111}h1{font-size:16px;margin:0 0 4px}
    table{width:100%;border-collapse:collapse;margin-top:12px}th,td{border:1px solid #999;padding:4px 6px;text-align:left}
    .n{text-align:right;white-space:nowrap}.meta td{border:none;padding:2px 6px}.sign{margin-top:48px;display:flex;justify-content:space-between}
  </style></head><body>
    <h1>${esc(branch?.name ?? '')}</h1><div>${esc(branch?.address ?? '')}</div>
    <h2 style="font-size:14px;margin-top:16px">PESANAN PEMBELIAN ${esc(d.code)}</h2>
    <table class="meta"><tr><td>Tanggal</td><td>${esc(formatDate(d.ordered_at))}</td><td>Vendor</td><td>${esc(d.vendor_name)}</td></tr>
    <tr><td>Gudang</td><td>${esc(d.warehouse_name)}</td><td>Termin</td><td>${esc(Number(vendor?.payment_terms ?? 0))} hari</td></tr>
    <tr><td>Status</td><td>${esc(d.status_label)}</td><td>NPWP Vendor</td><td>${esc(typeof vendor?.npwp === 'string' ? vendor.npwp : '-')}</td></tr></table>
    <table><thead><tr><th>No</th><th>Kode</th><th>Item</th><th class="n">Jumlah</th><th class="n">Harga</th><th class="n">Subtotal</th></tr></thead>
    <tbody>${rows}</tbody><tfoot><tr><th colspan="5" class="n">Total</th><th class="n">${esc(formatRupiah(d.total))}</th></tr></tfoot></table>
    ${d.note ? `<p>Catatan: ${esc(d.note)}</p>` : ''}
    <div class="sign"><div>Dibuat oleh,<br><br><br>${esc(d.created_by_name ?? '')}</div><div>Disetujui,<br><br><br>(................)</div></div>
  </body></html>`;
  const pdf = await c.services.pdf.render(html);
  return { filename: `${d.code.replace(/\//g, '-')}.pdf`, pdf };
}
