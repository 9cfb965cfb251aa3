import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { queryRows } from '../src/db/client.js';
import { financePeriode } from '../src/db/schema/index.js';
import { auto } from '../src/modules/finance/index.js';
import { receiveStock, type ReceiveJournal } from '../src/modules/inventory/index.js';
import type { TestApp, TestUser } from './helpers.js';

/**
 * Stock fixtures for the inventory flows tests and factories: a branch's active period and warehouses, items,
 * stock received through the inventory front door, and a prescription written the way the medical record writes it
 * (rm_record, rm_prescription, 'resep' entries with their version 1).
 */
async function id(t: TestApp, q: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.db, q);
  return Number(row.id);
}

export interface StockBranch {
  branch: number;
  gudang: number;
  apotek: number;
  tindakan: number;
}

/** An active period from 2020 and the three warehouses (gudang, apotek, tindakan). */
export async function stockBranch(t: TestApp, branch: number): Promise<StockBranch> {
  const periods = await queryRows(t.db, sql`select 1 from finance_periode where profile_id = ${branch} and status = 0`);
  if (!periods.length)
    await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  const wh = (code: string, name: string, kind: string) =>
    id(
      t,
      sql`insert into warehouse (profile_id, code, name, kind) values (${branch}, ${code}, ${name}, ${kind})
          on conflict (profile_id, code) do update set name = excluded.name returning id`,
    );
  return {
    branch,
    gudang: await wh('GU', 'Gudang Utama', 'gudang'),
    apotek: await wh('AP', 'Apotek', 'apotek'),
    tindakan: await wh('RT', 'Ruang Tindakan', 'tindakan'),
  };
}

export async function makeItem(
  t: TestApp,
  branch: number,
  code: string,
  opts: { name?: string; unit?: string; track_batch?: boolean; selling_price?: number } = {},
): Promise<number> {
  return id(
    t,
    sql`insert into item (profile_id, code, name, unit, track_batch, selling_price)
        values (${branch}, ${code}, ${opts.name ?? `Item ${code}`}, ${opts.unit ?? 'tablet'}, ${opts.track_batch ?? false},
          ${opts.selling_price ?? 0}) returning id`,
  );
}

/** A receipt's journal in tests: Cr Hutang Usaha owed to a test vendor (a control account needs its party). */
export const TEST_RECEIPT_JOURNAL = {
  credit: auto('hutangUsaha'),
  party: { type: 'vendor', name: 'Vendor Uji' },
} as const satisfies ReceiveJournal;

/** Stock in through receiveStock (valueSen for the whole line). */
export async function stockIn(
  t: TestApp,
  user: TestUser,
  warehouse: number,
  item: number,
  qty: number,
  valueSen: number,
  batch?: { batch: string; expired_at: string },
): Promise<void> {
  await receiveStock(t.ctx(user), {
    kind: 'receipt',
    warehouse,
    source: { kind: 'test', id: 1 },
    items: [{ item, qty, value: asSen(valueSen), batch: batch ?? null }],
    journal: TEST_RECEIPT_JOURNAL,
  });
}

export async function onHand(t: TestApp, warehouse: number, item: number): Promise<number> {
  const [row] = await queryRows<{ q: number }>(
    t.db,
    sql`select coalesce(sum(quantity), 0)::int as q from stock_balance where warehouse_id = ${warehouse} and item_id = ${item}`,
  );
  return Number(row.q);
}

export async function accountBalance(t: TestApp, branch: number, code: string): Promise<number> {
  const [row] = await queryRows<{ b: number }>(
    t.db,
    sql`select coalesce(sum(d.debit - d.credit), 0)::bigint as b from jurnal_detail d join akun a on a.id = d.akun_id
        where d.profile_id = ${branch} and a.code = ${code}`,
  );
  return Number(row.b);
}

let seq = 0;
/** A visit with its record (made once per branch and reused) and a prescription of the given lines. */
export async function makeResep(
  t: TestApp,
  branch: number,
  manager: TestUser,
  lines: { item: number; qty: number; price?: number }[],
): Promise<{ id: number; visit: number; entries: number[] }> {
  const [rec] = await queryRows<{ id: number; visit_id: number; customer_id: number; doctor_id: number }>(
    t.db,
    sql`select id, visit_id, customer_id, doctor_id from rm_record where profile_id = ${branch} order by id limit 1`,
  );
  let record = rec;
  if (!record) {
    const dokter = await t.makeUser('dokter', { branchId: branch, password: null });
    const customer = await t.makePatient(branch, { name: 'Pasien Resep' });
    const v = await t.api(manager).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
    if (v.status !== 201) throw new Error(`visit: ${v.status} ${JSON.stringify(v.body)}`);
    const visitId = v.body.data.id as number;
    const rid = await id(
      t,
      sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
          values (${branch}, ${visitId}, ${customer}, ${dokter.id}, '2026-11-20', ${dokter.id}) returning id`,
    );
    record = { id: rid, visit_id: visitId, customer_id: customer, doctor_id: dokter.id };
  }
  const pid = await id(
    t,
    sql`insert into rm_prescription (profile_id, record_id, visit_id, customer_id, doctor_id, code, created_by)
        values (${branch}, ${record.id}, ${record.visit_id}, ${record.customer_id}, ${record.doctor_id},
          ${`RSP-T-${branch}-${++seq}`}, ${record.doctor_id}) returning id`,
  );
  const entries: number[] = [];
  for (const l of lines) {
    const e = await id(
      t,
      sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, prescription_id, created_by)
          values (${branch}, ${record.id}, ${record.visit_id}, ${record.customer_id}, 'resep', ${pid}, ${record.doctor_id})
          returning id`,
    );
    await t.db.execute(
      sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, item_id, qty, signa, price, created_by)
          values (${branch}, ${e}, 'resep', 1, 'create', ${l.item}, ${l.qty}, '3x1 sesudah makan', ${l.price ?? 500000},
            ${record.doctor_id})`,
    );
    entries.push(e);
  }
  return { id: pid, visit: record.visit_id, entries };
}
