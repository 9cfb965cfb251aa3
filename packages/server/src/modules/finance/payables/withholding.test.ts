import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { asSen, toSen } from '@klinik/shared';
import { akun, paymentMethod, vendor } from '../../../db/schema/index.js';
import { queryRows } from '../../../db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { postJournal, type PostingLine } from '../posting.js';

/**
 * Issue 28 item 2 (branch w28): a payment withholds what the party's tax treatment says. A vendor's service (an
 * expense owed to it) without `withholding` in the request: PPh 23 2% of what is paid, 4% without NPWP; goods (a
 * purchase receipt) withhold nothing and a withholding on them is refused; a withholding of another tax than the
 * party's is refused; an empty list withholds nothing (e.g. an exemption certificate). Refusals write nothing.
 */
let t: TestApp;
let fin: TestUser;
let cash: number;
let withNpwp: number;
let noNpwp: number;
let seq = 0;

const dr = (akun: string, rp: number): PostingLine => ({ akun, debit: toSen(rp), credit: asSen(0) });

/** An open item of the vendor from a document of `source` (the payables sub-ledger makes it from the credit line). */
async function owe(party: number, source: string, debitAkun: string, rp: number): Promise<number> {
  seq++;
  const j = await postJournal(t.ctx(fin), {
    transaction_at: '2026-03-02',
    memo: `uji ${source} ${seq}`,
    source_type: source,
    source_id: `w${seq}`,
    lines: [
      dr(debitAkun, rp),
      { akun: '2101', debit: asSen(0), credit: toSen(rp), party: { type: 'vendor', id: party } },
    ],
  });
  const [row] = await queryRows<{ id: number }>(t.db, sql`select id from hutang_item where jurnal_id = ${j.id}`);
  return Number(row.id);
}

const pay = (party: number, item: number, amount: number, extra: object = {}) =>
  t.api(fin).post('/api/finance/hutang/payments', {
    party_type: 'vendor',
    party,
    method: cash,
    date: '2026-03-03',
    allocations: [{ item, amount }],
    ...extra,
  });

async function taxItems(paymentId: number) {
  return queryRows<{ tax: string; amount: string; recipient_name: string }>(
    t.db,
    sql`select tax, amount::text, recipient_name from hutang_item
        where party_type = 'pajak' and source_type = 'hutang_payment' and source_id = ${String(paymentId)}`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-20T03:00:00Z');
  const branch = await t.makeBranch();
  fin = await t.makeUser('finance', { branchId: branch });
  const p = await t.api(fin).post('/api/finance/periode', {
    start_date: '2026-01-01',
    saldo_awal: [
      { akun: '1101', debit: 50_000_000, credit: 0 },
      { akun: '3101', debit: 0, credit: 50_000_000 },
    ],
  });
  expect(p.status).toBe(201);
  const [a] = await t.db.select().from(akun).where(eq(akun.code, '1101'));
  [{ id: cash }] = await t.db
    .insert(paymentMethod)
    .values({ name: 'Tunai PPh', type: 'tunai', akun_id: a.id })
    .returning({ id: paymentMethod.id });
  [{ id: withNpwp }, { id: noNpwp }] = await t.db
    .insert(vendor)
    .values([
      { profile_id: branch, code: 'V-NPWP', name: 'CV Servis Ber-NPWP', npwp: '012345678901000' },
      { profile_id: branch, code: 'V-TANPA', name: 'CV Servis Tanpa NPWP' },
    ])
    .returning({ id: vendor.id });
});
afterAll(() => t.close());

describe("the party's tax treatment in a payment", () => {
  it('a service of a vendor with NPWP: PPh 23 2% of what is paid, when the request gives none', async () => {
    const item = await owe(withNpwp, 'expense', '6108', 1_000_000);
    const r = await pay(withNpwp, item, 600_000);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ total: 600_000, withheld: 12_000 });
    expect(await taxItems(r.body.data.id)).toEqual([
      { tax: 'pph23', amount: '1200000', recipient_name: 'CV Servis Ber-NPWP' },
    ]);
  });

  it('without NPWP the rate is 100% higher (4%), rounded down to whole rupiah', async () => {
    const item = await owe(noNpwp, 'expense', '6108', 333_333);
    const r = await pay(noNpwp, item, 333_333);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // 4% of 333.333 = 13.333,32 -> 13.333.
    expect(r.body.data).toMatchObject({ total: 333_333, withheld: 13_333 });
  });

  it('goods (a purchase receipt) withhold nothing; a withholding on them is refused, nothing written', async () => {
    const item = await owe(withNpwp, 'stock_receipt', '1140', 500_000);
    const before = await countRows(t.db, 'hutang_payment');
    const bad = await pay(withNpwp, item, 500_000, { withholding: [{ tax: 'pph23', amount: 10_000 }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([
      {
        message:
          'Hutang yang dibayar tidak dipotong pajak (pembelian barang, atau pajaknya sudah dipotong saat hutang dicatat)',
        field: 'withholding',
      },
    ]);
    expect(await countRows(t.db, 'hutang_payment')).toEqual(before);
    const ok = await pay(withNpwp, item, 500_000);
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ total: 500_000, withheld: 0 });
  });

  it("another tax than the party's is refused; an empty list withholds nothing", async () => {
    const item = await owe(withNpwp, 'expense', '6108', 200_000);
    const bad = await pay(withNpwp, item, 200_000, { withholding: [{ tax: 'pph_doctor', amount: 1_000 }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([
      { message: 'Potongan pajak pembayaran ke vendor adalah PPh 23', field: 'withholding.0.tax' },
    ]);
    const none = await pay(withNpwp, item, 200_000, { withholding: [] });
    expect(none.status).toBe(201);
    expect(none.body.data).toMatchObject({ total: 200_000, withheld: 0 });
    expect(await taxItems(none.body.data.id)).toEqual([]);
  });

  it('a typed amount of the right tax is taken as typed (the proposal is not forced)', async () => {
    const item = await owe(withNpwp, 'expense', '6108', 100_000);
    const r = await pay(withNpwp, item, 100_000, { withholding: [{ tax: 'pph23', amount: 2_500 }] });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ withheld: 2_500 });
  });
});
