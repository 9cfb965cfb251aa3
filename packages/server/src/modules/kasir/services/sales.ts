/**
 * POST /api/kasir/sales: the general cashier (issue 14, item 3). Items sold without a visit (walk-in or a known
 * patient) from a warehouse of the branch (the pharmacy), with the same payment, receipt and ledger rules: the
 * stock leaves through the inventory front door (issueStock, FEFO, Dr HPP / Cr Persediaan in the same
 * transaction, 409 when short), the sale posts Dr Kas/Bank / Cr Pendapatan Produk (and PPN when PKP). A sale is
 * paid in full.
 */
import { requireReference } from '../../../http/access-scope.js';
import { asSen, mulDivSen, fromSen, sumSen, type SalesInput } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { badRequest } from '../../../http/errors.js';
import { requireActivePeriod } from '../../finance/index.js';
import { issueStock } from '../../inventory/index.js';
import { USER } from '../../users/index.js';
import * as q from '../queries.js';
import {
  requireOpenSession,
  resultOf,
  revenueAccount,
  settle,
  storePayment,
  type NewLine,
  type PaymentOut,
} from './core.js';

const DEDUPE_WINDOW_MS = 2 * 60 * 1000;

/** A sale sent without an Idempotency-Key is the same as one of the same items by the same cashier within 2 minutes. */
export function salesKeylessKey(ctx: Ctx, input: SalesInput): string {
  const sig = input.items.map((i) => `${i.item}x${i.qty}`).join(',');
  const window = Math.floor(ctx.now().getTime() / DEDUPE_WINDOW_MS);
  return `sales:${ctx.user?.id ?? 0}:${input.customer ?? 0}:${input.warehouse}:${sig}:${window}`;
}

export async function sell(ctx: Ctx, input: SalesInput, idempotencyKey?: string): Promise<PaymentOut> {
  const c = requireUser(ctx);
  const key = (idempotencyKey ? `key:${idempotencyKey}` : `auto:${salesKeylessKey(c, input)}`).slice(0, 120);
  const row = await inTransaction(c, async (tx) => {
    if (input.customer) {
      await requireReference(tx, USER, [input.customer], 'customer', 'Pasien tidak ditemukan di cabang ini');
      const p = await q.findPatient(tx.db, input.customer);
      if (!p || Number(p.role) !== 1) throw badRequest('Pasien tidak ditemukan di cabang ini', 'customer');
    }
    await requireActivePeriod(tx);
    const session = await requireOpenSession(tx);
    const items = await q.itemsForSale(
      tx.db,
      tx.branchId,
      await tx.today(),
      input.items.map((i) => i.item),
    );
    const [setting, ppn] = await Promise.all([q.settingOf(tx.db, tx.branchId), q.ppnTax(tx.db)]);
    const lines: NewLine[] = input.items.map((l, i) => {
      const it = items.find((x) => x.id === l.item);
      if (!it) throw badRequest('Item tidak ditemukan', `items.${i}.item`);
      if (it.status !== 1) throw badRequest(`Item ${it.name} tidak aktif`, `items.${i}.item`);
      const gross = it.price * l.qty;
      const tax = setting.is_pkp && ppn ? mulDivSen(gross, 11 * ppn.rate_bp, 12 * 10_000) : asSen(0);
      return {
        kind: 'item',
        ref_id: it.id,
        name: it.name,
        qty: l.qty,
        price: asSen(it.price),
        discount: asSen(0),
        covered_by_paket: null,
        tax,
        total: asSen(gross + tax),
        revenue: revenueAccount('item'),
      };
    });
    const subtotal = sumSen(lines.map((l) => l.price * l.qty));
    const tax = sumSen(lines.map((l) => l.tax));
    const total = asSen(subtotal + tax);
    const settlement = await settle(tx, total, input.payments);
    const payment = await storePayment(tx, session, {
      kind: 'sales',
      key,
      customer_id: input.customer ?? null,
      warehouse_id: input.warehouse,
      subtotal,
      discount: asSen(0),
      tax,
      total,
      lines,
      settlement,
      memo: 'Penjualan kasir umum',
      taxAccount: ppn?.akun,
    });
    // The stock leaves the warehouse (FEFO) with its cost of goods, in this transaction.
    await issueStock(tx, {
      kind: 'sale',
      warehouse: input.warehouse,
      items: input.items.map((i) => ({ item: i.item, qty: i.qty })),
      source: { kind: 'kasir_payment', id: payment.id },
      memo: `HPP penjualan ${payment.code}`,
    });
    return payment;
  });
  return { data: resultOf(row), created: true };
}

/** Warehouses of this branch and the items with their stock, for the general cashier's page. */
export async function warehouses(ctx: Ctx) {
  const c = requireUser(ctx);
  return q.warehouses(c.db, c.branchId);
}

export async function saleItems(ctx: Ctx, warehouse: number, keyword?: string) {
  const c = requireUser(ctx);
  const own = (await q.warehouses(c.db, c.branchId)).some((w) => w.id === warehouse);
  if (!own) throw badRequest('Gudang tidak ditemukan', 'warehouse');
  return (await q.saleItems(c.db, c.branchId, await c.today(), warehouse, keyword)).map((r) => ({
    ...r,
    price: fromSen(r.price),
  }));
}
