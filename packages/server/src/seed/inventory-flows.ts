import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { branchClock } from '../http/clock.js';
import { branchTimezone } from '../modules/branches/index.js';
import { adjustStock, dispense, receiveTransfer, sendTransfer } from '../modules/stockFlows/index.js';
import { seedCtx } from './finance.js';

/**
 * Demo stock flows (issue 13), after seedInventory: in Jakarta a transfer Gudang Utama -> Apotek received in full,
 * a stock count with a small shortage (posted with its journal), a transfer to Bandung still in transit (Bandung
 * receives it; the e2e opens Bandung's period first), and, on two of today's finished visits, a prescription
 * dispensed and one waiting at /inventory/sales/resep (written into the medical record tables the way the record
 * module writes them, reusing a visit's record when there is one). Deterministic for the date.
 */
export interface InventoryFlowsSeedResult {
  transfers: number;
  counts: number;
  prescriptions: number;
}

async function one<T>(tx: Db, q: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(tx, q))[0];
}

export async function seedInventoryFlows(
  tx: Db,
  branchIds: number[],
  now: Date = new Date(),
): Promise<InventoryFlowsSeedResult> {
  const [jakarta, bandung] = branchIds;
  const ctx = {
    ...(await seedCtx(tx, jakarta, now)),
    ...branchClock(branchTimezone(tx), jakarta, () => new Date(now)),
  };
  const wh = async (branch: number, kind: string) =>
    (await one<{ id: number }>(
      tx,
      sql`select id from warehouse where profile_id = ${branch} and kind = ${kind} and status = 1 order by id limit 1`,
    ))!.id;
  const itemId = async (code: string) =>
    (await one<{ id: number }>(tx, sql`select id from item where profile_id = ${jakarta} and code = ${code}`))!.id;
  const result = { transfers: 0, counts: 0, prescriptions: 0 };

  // Jakarta, inside the branch: skincare from the main store to the pharmacy, received in full.
  const inside = await sendTransfer(ctx, {
    from_warehouse: await wh(jakarta, 'gudang'),
    to_warehouse: await wh(jakarta, 'apotek'),
    note: 'Isi ulang etalase apotek',
    items: [{ item: await itemId('IT-SUN50'), qty: 2 }],
  });
  await receiveTransfer(ctx, inside.data.id, { items: [{ item: await itemId('IT-SUN50'), qty: 2 }] });
  result.transfers++;

  // A stock count of the pharmacy: two tablets of paracetamol broken.
  const pct = await itemId('OB-PCT500');
  const apotek = await wh(jakarta, 'apotek');
  const batch = await one<{ batch_id: number; quantity: number }>(
    tx,
    sql`select b.batch_id, b.quantity from stock_balance b join stock_batch s on s.id = b.batch_id
        where b.warehouse_id = ${apotek} and b.item_id = ${pct} and b.quantity > 2 order by s.expired_at limit 1`,
  );
  if (batch) {
    await adjustStock(ctx, {
      warehouse: apotek,
      reason: 'Stok opname bulanan: 2 tablet pecah',
      items: [{ item: pct, batch: batch.batch_id, counted: Number(batch.quantity) - 2 }],
    });
    result.counts++;
  }

  // Prescriptions on two of today's finished visits in Jakarta: one dispensed, one waiting.
  const visits = await queryRows<{ id: number; customer_id: number; doctor_id: number; visit_date: string }>(
    tx,
    sql`select id, customer_id, doctor_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date from visit
        where profile_id = ${jakarta} and status = 'selesai' order by visit_date desc, id limit 2`,
  );
  const amx = await itemId('OB-AMX500');
  const ctz = await itemId('OB-CTZ10');
  const plans = [
    [
      { item: amx, qty: 15, signa: '3x1 tablet sesudah makan, habiskan', price: 150_000 },
      { item: pct, qty: 10, signa: '3x1 tablet bila demam', price: 50_000 },
    ],
    [{ item: ctz, qty: 10, signa: '1x1 tablet malam hari', price: 100_000 }],
  ];
  for (const [i, v] of visits.entries()) {
    const record =
      (await one<{ id: number }>(tx, sql`select id from rm_record where visit_id = ${v.id}`)) ??
      (await one<{ id: number }>(
        tx,
        sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
            values (${jakarta}, ${v.id}, ${v.customer_id}, ${v.doctor_id}, ${v.visit_date}, ${v.doctor_id}) returning id`,
      ))!;
    const p = (await one<{ id: number }>(
      tx,
      sql`insert into rm_prescription (profile_id, record_id, visit_id, customer_id, doctor_id, code, created_by)
          values (${jakarta}, ${record.id}, ${v.id}, ${v.customer_id}, ${v.doctor_id},
            ${`RSP/DEMO/${v.visit_date.replaceAll('-', '')}/${i + 1}`}, ${v.doctor_id}) returning id`,
    ))!;
    for (const l of plans[i]) {
      const e = (await one<{ id: number }>(
        tx,
        sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, prescription_id, created_by)
            values (${jakarta}, ${record.id}, ${v.id}, ${v.customer_id}, 'resep', ${p.id}, ${v.doctor_id}) returning id`,
      ))!;
      await tx.execute(
        sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, item_id, qty, signa, price, created_by)
            values (${jakarta}, ${e.id}, 'resep', 1, 'create', ${l.item}, ${l.qty}, ${l.signa}, ${l.price}, ${v.doctor_id})`,
      );
    }
    result.prescriptions++;
    if (i === 0) await dispense(ctx, { resep: p.id, warehouse: apotek });
  }

  // Jakarta -> Bandung, still in transit: Bandung's inventory sees it waiting to be received.
  if (bandung) {
    await sendTransfer(ctx, {
      from_warehouse: apotek,
      to_warehouse: await wh(bandung, 'apotek'),
      note: 'Bantuan stok obat untuk cabang Bandung',
      items: [
        { item: pct, qty: 50 },
        { item: amx, qty: 30 },
      ],
    });
    result.transfers++;
  }
  return result;
}
