/**
 * Issue 28 item 7: a tax deposit settles the masa's items through the payables front door (payItems, kind
 * 'tax_deposit': items of its tax and masa only) and is voided like every payables payment, through the approval
 * engine ('hutang.void_payment'): the maker does not approve it, a second person does; the stored journal lines are
 * reversed and the items open again; another branch cannot void it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen, toSen } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { queryRows } from '../../../db/client.js';
import { ACCOUNT, createPeriode, postJournal, payItems } from '../index.js';
import * as pq from '../queries/payables.js';

let t: TestApp;
let fin: TestUser;
let manager: TestUser;
let finB: TestUser;
let emp: TestUser;
let bank: number;

async function linesOf(sourceType: string, id: number) {
  return queryRows<{ code: string; debit: number; credit: number; kind: string }>(
    t.db,
    sql`select a.code, d.debit::float8 as debit, d.credit::float8 as credit, j.kind from jurnal j
        join jurnal_detail d on d.jurnal_id = j.id join akun a on a.id = d.akun_id
        where j.source_type = ${sourceType} and j.source_id = ${String(id)} order by j.id, d.line_no`,
  );
}

async function withhold(masa: string, pph: number, tax: 'pph_pegawai' | 'pph23' = 'pph_pegawai') {
  await postJournal(t.ctx(fin), {
    transaction_at: `${masa}-28`,
    memo: `Gaji ${masa} ${tax}`,
    source_type: 'uji_payroll',
    source_id: `${masa}-${tax}`,
    lines: [
      { akun: ACCOUNT.bebanGaji, debit: toSen(pph), credit: asSen(0) },
      {
        akun: tax === 'pph23' ? ACCOUNT.hutangPph23 : ACCOUNT.hutangPph21,
        debit: asSen(0),
        credit: toSen(pph),
        party: {
          type: 'pajak',
          name: 'KPP Pratama Uji',
          tax,
          masa,
          recipient: { id: emp.id, tax_id: '3171010101900001' },
        },
      },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-15T03:00:00Z');
  const branch = await t.makeBranch({ name: 'Cabang Setoran' });
  const branchB = await t.makeBranch({ name: 'Cabang Setoran B' });
  fin = await t.makeUser('finance', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  finB = await t.makeUser('finance', { branchId: branchB });
  emp = await t.makeUser('perawat', { branchId: branch, name: 'Perawat Setoran' });
  await createPeriode(t.ctx(fin), { start_date: '2026-01-01' });
  const [m] = await queryRows<{ id: number }>(
    t.db,
    sql`select p.id from payment_method p join akun a on a.id = p.akun_id where a.code = '1102' and p.status = 1 order by p.id limit 1`,
  );
  bank = Number(m.id);
  await withhold('2026-01', 50_000);
  await withhold('2026-02', 200_000);
  await withhold('2026-02', 30_000, 'pph23');
});
afterAll(() => t.close());

const masa = async (tax = 'pph_pegawai', m = '2026-02') =>
  (await t.api(fin).get(`/api/finance/hutang/pajak/${tax}?masa=${m}`)).body.data as {
    outstanding: number;
    deposited: number;
    items: { id: number; paid: number; status: string }[];
    deposits: { id: number; code: string; status: string; amount: number; void_applog_id: number | null }[];
  };

describe('tax deposits through payItems, voided through the approval engine', () => {
  it('a deposit pays only its tax and masa through payItems (a payment of kind tax_deposit)', async () => {
    const r = await t.api(fin).post(
      '/api/finance/hutang/pajak/pph_pegawai/deposit',
      {
        masa: '2026-02',
        amount: 200_000,
        billing_code: '123456789012345',
        ntpn: 'AB12CD34EF56GH78',
        date: '2026-03-10',
        method: bank,
      },
      { 'Idempotency-Key': 'setoran-void-0001' },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const m = await masa();
    expect(m).toMatchObject({ outstanding: 0, deposited: 200_000 });
    expect(m.deposits[0]).toMatchObject({ status: 'posted', amount: 200_000, code: expect.stringMatching(/^SPJ\//) });
    // The other masa and the other tax are untouched.
    expect((await masa('pph_pegawai', '2026-01')).outstanding).toBe(50_000);
    const pph23 = await queryRows<{ paid: string }>(t.db, sql`select paid::text from hutang_item where tax = 'pph23'`);
    expect(pph23).toEqual([{ paid: '0' }]);
    expect(await linesOf('hutang_payment', m.deposits[0].id)).toEqual([
      { code: '2201', debit: 20_000_000, credit: 0, kind: 'umum' },
      { code: '1102', debit: 0, credit: 20_000_000, kind: 'umum' },
    ]);
  });

  it('payItems with kind tax_deposit refuses an item of another tax or masa, writing nothing', async () => {
    const [other] = await queryRows<{ id: number }>(t.db, sql`select id from hutang_item where tax = 'pph23'`);
    const before = await countRows(t.db, 'hutang_payment', 'hutang_allocation', 'jurnal');
    await expect(
      payItems(t.ctx(fin), {
        kind: 'tax_deposit',
        party_type: 'pajak',
        party_name: 'Kantor Pajak',
        method: bank,
        date: '2026-03-10',
        allocations: [{ item: Number(other.id), amount: toSen(30_000) }],
        idempotency_key: 'auto:uji-lain',
        tax: 'pph_pegawai',
        masa: '2026-02',
        billing_code: '123456789012399',
        ntpn: 'ZZ12CD34EF56GH00',
      }),
    ).rejects.toMatchObject({ status: 400, issues: [expect.objectContaining({ field: 'allocations.0.item' })] });
    expect(await countRows(t.db, 'hutang_payment', 'hutang_allocation', 'jurnal')).toEqual(before);
  });

  it('the void waits for a second person, reverses the stored lines and opens the items again', async () => {
    const dep = (await masa()).deposits[0];
    // Another branch does not see it.
    const cross = await t.api(finB).post(`/api/finance/hutang/payments/${dep.id}/void`, { reason: 'Salah setor' });
    expect(cross.status).toBe(404);
    const bad = await t.api(fin).post(`/api/finance/hutang/payments/${dep.id}/void`, { reason: '' });
    expect(bad.status).toBe(400);
    const req = await t.api(fin).post(`/api/finance/hutang/payments/${dep.id}/void`, { reason: 'NTPN salah ketik' });
    expect(req.status, JSON.stringify(req.body)).toBe(202);
    expect((await masa()).deposits[0].status).toBe('posted');
    // The maker of the deposit does not approve its void.
    const own = await t.api(fin).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(own.status).toBe(403);
    const ok = await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const m = await masa();
    expect(m.deposits[0]).toMatchObject({ status: 'voided', void_applog_id: req.body.data.applog_id });
    expect(m).toMatchObject({ outstanding: 200_000, deposited: 0 });
    expect(m.items.map((i) => [i.paid, i.status])).toEqual([[0, 'open']]);
    // The stored lines, debit and credit swapped, filed under the void.
    expect(
      (await linesOf('hutang_payment_void', dep.id)).map(({ code, debit, credit }) => ({ code, debit, credit })),
    ).toEqual([
      { code: '2201', debit: 0, credit: 20_000_000 },
      { code: '1102', debit: 20_000_000, credit: 0 },
    ]);
    const bal = (await pq.controlBalances(t.db, null)).filter((r) => r.balance !== r.items);
    expect(bal).toEqual([]);
    // Deposited again after the void, with a new NTPN.
    const again = await t.api(fin).post(
      '/api/finance/hutang/pajak/pph_pegawai/deposit',
      {
        masa: '2026-02',
        amount: 200_000,
        billing_code: '123456789012345',
        ntpn: 'AB12CD34EF56GH79',
        date: '2026-03-11',
        method: bank,
      },
      { 'Idempotency-Key': 'setoran-void-0002' },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data).toMatchObject({ outstanding: 0, deposited: 200_000 });
  });
});
