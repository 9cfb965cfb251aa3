/**
 * Where the record, the store room, the pharmacy and the till meet (issues 12, 13, 14): a finished record's
 * consumables (BHP) leave the treatment room in the finishing transaction, or, when the room is short, the record is
 * finished anyway with a warning and the stock stays right; a prescription is billed as the pharmacy handed it over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeItem, onHand, stockBranch, stockIn, type StockBranch } from '../../../test/stock-fixtures.js';

let t: TestApp;
let wh: StockBranch;
let manager: TestUser;
let dokter: TestUser;
let apoteker: TestUser;
let kasa: number;
let med: number;
let customer: number;

async function visit(): Promise<number> {
  const v = await t.api(manager).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  return v.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Rekam ke Kasir' });
  manager = await t.makeUser('manager', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch, name: 'dr. Rina' });
  apoteker = await t.makeUser('apoteker', { branchId: branch });
  customer = await t.makePatient(branch, { name: 'Pasien Alur' });
  wh = await stockBranch(t, branch);
  kasa = await makeItem(t, branch, 'BHP-KASA', { name: 'Kasa steril', unit: 'lembar' });
  med = await makeItem(t, branch, 'OB-AMX', { name: 'Amoksisilin 500 mg', selling_price: 200_000 });
  await stockIn(t, manager, wh.tindakan, kasa, 5, 5 * 100_000);
  await stockIn(t, manager, wh.apotek, med, 10, 10 * 50_000);
});
afterAll(() => t?.close());

describe('from the record to the bill', () => {
  it("takes a finished record's BHP from the treatment room; bills the prescription as dispensed", async () => {
    const v = await visit();
    expect((await t.api(dokter).post(`/api/rekammedis/visit/${v}/bhp`, { item: kasa, qty: 2 })).status).toBe(201);
    const resep = await t.api(dokter).post(`/api/rekammedis/visit/${v}/resep`, {
      items: [{ item: med, qty: 6, signa: '3 x 1 kapsul sesudah makan' }],
    });
    expect(resep.status).toBe(201);
    const done = await t.api(dokter).post(`/api/rekammedis/visit/${v}/finish`, {});
    expect(done.status).toBe(200);
    expect(done.body.data.warnings).toEqual([]);
    expect(await onHand(t, wh.tindakan, kasa)).toBe(3);
    // Its journal names the visit by code and patient, not the record's internal id (issue 26 item 7).
    const [bhp] = await queryRows<{ memo: string }>(
      t.db,
      sql`select j.memo from jurnal j where j.source_type = 'stock_consumable' and j.source_id in
          (select 'rm_bhp:' || e.id from rm_entry e where e.visit_id = ${v})`,
    );
    const code = (await t.api(manager).get(`/api/service/visit/${v}`)).body.data.code as string;
    expect(bhp?.memo).toMatch(new RegExp(`^BHP kunjungan ${code} - Pasien Alur \\(`));

    // Nothing handed over yet: nothing of the prescription is billed.
    const before = await t.api(manager).get(`/api/kasir/bill/${v}`);
    expect(before.status).toBe(200);
    expect(before.body.data.lines.filter((l: { kind: string }) => l.kind === 'resep')).toEqual([]);

    // The pharmacy gives 4 of the 6 (what it has decided to give now): the bill has those 4.
    const given = await t.api(apoteker).post('/api/inventory/dispense', {
      resep: resep.body.data.id,
      warehouse: wh.apotek,
      items: [{ item: med, qty: 4 }],
    });
    expect(given.status).toBe(201);
    const bill = await t.api(manager).get(`/api/kasir/bill/${v}`);
    const rx = bill.body.data.lines.filter((l: { kind: string }) => l.kind === 'resep');
    expect(rx).toHaveLength(1);
    expect(rx[0]).toMatchObject({ name: 'Amoksisilin 500 mg', qty: 4 });
    expect(await onHand(t, wh.apotek, med)).toBe(6);
  });

  it('finishes the record with a warning when the treatment room is short, taking nothing', async () => {
    const v = await visit();
    expect((await t.api(dokter).post(`/api/rekammedis/visit/${v}/bhp`, { item: kasa, qty: 50 })).status).toBe(201);
    const done = await t.api(dokter).post(`/api/rekammedis/visit/${v}/finish`, {});
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('finished');
    expect(done.body.data.warnings).toHaveLength(1);
    expect(done.body.data.warnings[0]).toContain('BHP belum keluar dari gudang');
    expect(await onHand(t, wh.tindakan, kasa)).toBe(3);
  });
});
