/**
 * Tax payables through REST (issue 28 item 4): a masa's withheld PPh 21 items by recipient, a deposit with billing
 * code and NTPN posting Dr 2201 / Cr the method's account and paying the items, the same key twice = once, bad input
 * 400 with nothing written, another branch's masa invisible, and PPh badan in both regimes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen, toSen } from '@klinik/shared';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { queryRows } from '../../../db/client.js';
import { ACCOUNT, createPeriode, postJournal } from '../index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
let admin: TestUser;
let finB: TestUser;
let emp1: TestUser;
let emp2: TestUser;
let bank: number;

const TABLES = ['hutang_payment', 'hutang_allocation', 'hutang_item', 'jurnal', 'jurnal_detail', 'pph_badan_masa'];

async function linesOf(jurnalId: number) {
  return queryRows<{ code: string; debit: number; credit: number }>(
    t.db,
    sql`select a.code, d.debit::float8 as debit, d.credit::float8 as credit from jurnal_detail d
        join akun a on a.id = d.akun_id where d.jurnal_id = ${jurnalId} order by d.line_no`,
  );
}

/** What a payroll run posts for PPh 21 (the payables helper wires payroll itself): one credit line per employee. */
async function withhold(user: TestUser, masa: string, rows: { emp: TestUser; nik: string; pph: number }[]) {
  const total = rows.reduce((s, r) => s + r.pph, 0);
  await postJournal(t.ctx(user), {
    transaction_at: `${masa}-28`,
    memo: `Gaji ${masa}`,
    source_type: 'uji_payroll',
    source_id: masa,
    lines: [
      { akun: ACCOUNT.bebanGaji, debit: toSen(total), credit: asSen(0) },
      ...rows.map((r) => ({
        akun: ACCOUNT.hutangPph21,
        debit: asSen(0),
        credit: toSen(r.pph),
        party: {
          type: 'pajak' as const,
          name: 'Kantor Pajak',
          tax: 'pph_pegawai' as const,
          masa,
          recipient: { id: r.emp.id, name: r.emp.username, tax_id: r.nik },
        },
      })),
    ],
  });
}

const dep = (over: Record<string, unknown> = {}) => ({
  masa: '2026-02',
  amount: 150_000,
  billing_code: '123456789012345',
  ntpn: 'AB12CD34EF56GH78',
  date: '2026-03-10',
  method: bank,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-15T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Cabang Pajak A' });
  branchB = await t.makeBranch({ name: 'Cabang Pajak B' });
  fin = await t.makeUser('finance', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  finB = await t.makeUser('finance', { branchId: branchB });
  emp1 = await t.makeUser('perawat', { branchId: branchA, name: 'Perawat Satu' });
  emp2 = await t.makeUser('perawat', { branchId: branchA, name: 'Perawat Dua' });
  await createPeriode(t.ctx(fin), { start_date: '2026-01-01' });
  await createPeriode(t.ctx(finB), { start_date: '2026-01-01' });
  const [m] = await queryRows<{ id: number }>(
    t.db,
    sql`select p.id from payment_method p join akun a on a.id = p.akun_id where a.code = '1102' and p.status = 1 order by p.id limit 1`,
  );
  bank = Number(m.id);
  await withhold(fin, '2026-02', [
    { emp: emp1, nik: '3171010101900001', pph: 120_000 },
    { emp: emp2, nik: '3171010101900002', pph: 92_500 },
  ]);
});
afterAll(() => t.close());

describe('PPh 21 pegawai of a masa', () => {
  it('lists the withheld amounts by recipient with NIK and the totals', async () => {
    const res = await t.api(fin).get('/api/finance/hutang/pajak/pph_pegawai?masa=2026-02');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      tax: 'pph_pegawai',
      masa: '2026-02',
      withheld: 212_500,
      outstanding: 212_500,
    });
    expect(
      res.body.data.items.map((i: { recipient: { tax_id: string }; amount: number }) => [i.recipient.tax_id, i.amount]),
    ).toEqual([
      ['3171010101900001', 120_000],
      ['3171010101900002', 92_500],
    ]);
    const empty = await t.api(fin).get('/api/finance/hutang/pajak/pph_doctor?masa=2026-02');
    expect(empty.body.data).toMatchObject({ items: [], withheld: 0, deposits: [] });
  });

  it('bad input is 400 in Indonesian on its field, nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [dep({ billing_code: '12345678901234' }), 'billing_code', /15 digit/],
      [dep({ billing_code: '12345678901234X' }), 'billing_code', /15 digit/],
      [dep({ ntpn: 'AB12CD34EF56GH7' }), 'ntpn', /16 karakter/],
      [dep({ ntpn: 'AB12CD34EF56GH7*' }), 'ntpn', /16 karakter/],
      [dep({ masa: '2026-13' }), 'masa', /Masa pajak tidak valid/],
      [dep({ amount: 0 }), 'amount', /lebih dari 0/],
      [dep({ amount: 300_000 }), 'amount', /melebihi sisa/],
      [dep({ method: 999999 }), 'method', /Metode pembayaran/],
      [dep({ date: '2026-01-31' }), 'date', /sebelum masa/],
      [dep({ date: '2026-04-01' }), 'date', /setelah hari ini/],
      [dep({ masa: '2026-01' }), 'masa', /Tidak ada hutang pajak/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.api(fin).post('/api/finance/hutang/pajak/pph_pegawai/deposit', body, {
        'Idempotency-Key': `bad-${field}-${String(Math.random()).slice(2)}`,
      });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body[0].field).toBe(field);
      expect(res.body[0].message).toMatch(message);
    }
    const wrongTax = await t.api(fin).post('/api/finance/hutang/pajak/pph_ppn/deposit', dep(), {
      'Idempotency-Key': 'bad-tax-000001',
    });
    expect(wrongTax.status).toBe(400);
    expect(
      (
        await t
          .api(admin)
          .post('/api/finance/hutang/pajak/pph_pegawai/deposit', dep(), { 'Idempotency-Key': 'adm-00000001' })
      ).status,
    ).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('a deposit pays the items oldest first and posts Dr 2201 / Cr bank; the same key twice is one deposit', async () => {
    const before = await countRows(t.db, 'hutang_payment', 'jurnal');
    const a = await t
      .api(fin)
      .post('/api/finance/hutang/pajak/pph_pegawai/deposit', dep(), { 'Idempotency-Key': 'dep-masa-0001' });
    const b = await t
      .api(fin)
      .post('/api/finance/hutang/pajak/pph_pegawai/deposit', dep(), { 'Idempotency-Key': 'dep-masa-0001' });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status).toBe(200);
    const after = await countRows(t.db, 'hutang_payment', 'jurnal');
    expect(after.hutang_payment - before.hutang_payment).toBe(1);
    expect(after.jurnal - before.jurnal).toBe(1);
    const m = a.body.data;
    expect(m).toMatchObject({ withheld: 212_500, deposited: 150_000, outstanding: 62_500 });
    expect(m.items.map((i: { paid: number; status: string }) => [i.paid, i.status])).toEqual([
      [120_000, 'paid'],
      [30_000, 'open'],
    ]);
    expect(m.deposits[0]).toMatchObject({ billing_code: '123456789012345', ntpn: 'AB12CD34EF56GH78', amount: 150_000 });
    expect(await linesOf(m.deposits[0].journal.id)).toEqual([
      { code: '2201', debit: 15_000_000, credit: 0 },
      { code: '1102', debit: 0, credit: 15_000_000 },
    ]);
    // One NTPN is one deposit.
    const same = await t.api(fin).post('/api/finance/hutang/pajak/pph_pegawai/deposit', dep({ amount: 10_000 }), {
      'Idempotency-Key': 'dep-masa-0002',
    });
    expect(same.status).toBe(400);
    expect(same.body[0]).toMatchObject({ field: 'ntpn' });
    // The rest, with a lower-case NTPN typed with spaces.
    const rest = await t
      .api(fin)
      .post(
        '/api/finance/hutang/pajak/pph_pegawai/deposit',
        dep({ amount: 62_500, ntpn: 'zz12 cd34 ef56 gh99', billing_code: '123456789012346' }),
        { 'Idempotency-Key': 'dep-masa-0003' },
      );
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.data).toMatchObject({ outstanding: 0, deposited: 212_500 });
    expect(rest.body.data.deposits[1].ntpn).toBe('ZZ12CD34EF56GH99');
    const year = await t.api(fin).get('/api/finance/hutang/pajak/pph_pegawai/tahun?year=2026');
    expect(year.body.data).toEqual([
      { masa: '2026-02', items: 2, withheld: 212_500, deposited: 212_500, outstanding: 0 },
    ]);
  });

  it('another branch sees none of this masa and cannot deposit against it', async () => {
    const res = await t.api(finB).get('/api/finance/hutang/pajak/pph_pegawai?masa=2026-02');
    expect(res.body.data).toMatchObject({ items: [], deposits: [], withheld: 0 });
    const d = await t
      .api(finB)
      .post('/api/finance/hutang/pajak/pph_pegawai/deposit', dep({ ntpn: 'BB12CD34EF56GH78' }), {
        'Idempotency-Key': 'dep-b-000001',
      });
    expect(d.status).toBe(400);
  });
});

describe('PPh badan', () => {
  it('PP 55/2022: 0,5% of the masa turnover from the revenue accounts, once, then deposited', async () => {
    await postJournal(t.ctx(fin), {
      transaction_at: '2026-02-14',
      memo: 'Penjualan Februari',
      source_type: 'uji_penjualan',
      source_id: 1,
      lines: [
        { akun: ACCOUNT.kas, debit: toSen(12_345_678), credit: asSen(0) },
        { akun: ACCOUNT.pendapatanTindakan, debit: asSen(0), credit: toSen(12_345_678) },
      ],
    });
    const noSetting = await t.api(fin).post(
      '/api/finance/hutang/pajak-badan/calculate',
      { masa: '2026-02' },
      {
        'Idempotency-Key': 'calc-00000001',
      },
    );
    expect(noSetting.status).toBe(400);
    expect(noSetting.body[0].message).toMatch(/belum diatur/);
    const bad = await t.api(fin).put('/api/finance/hutang/pajak-badan/setting', { year: 2026, regime: 'pph25' });
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('instalment');
    const s = await t
      .api(fin)
      .put('/api/finance/hutang/pajak-badan/setting', { year: 2026, regime: 'pp55', rate: 0.5 });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const notEnded = await t.api(fin).post(
      '/api/finance/hutang/pajak-badan/calculate',
      { masa: '2026-03' },
      {
        'Idempotency-Key': 'calc-00000002',
      },
    );
    expect(notEnded.status).toBe(400);
    const calc = await t.api(fin).post(
      '/api/finance/hutang/pajak-badan/calculate',
      { masa: '2026-02' },
      {
        'Idempotency-Key': 'calc-00000003',
      },
    );
    expect(calc.status, JSON.stringify(calc.body)).toBe(201);
    // 0,5% x 12.345.678 = 61.728,39 -> Rp61.728 (whole rupiah, down).
    expect(calc.body.data.badan).toMatchObject({
      regime: 'pp55',
      turnover: 12_345_678,
      amount: 61_728,
      calculated: true,
    });
    expect(calc.body.data).toMatchObject({ withheld: 61_728, outstanding: 61_728 });
    expect(await linesOf(calc.body.data.badan.journal.id)).toEqual([
      { code: '8102', debit: 6_172_800, credit: 0 },
      { code: '2203', debit: 0, credit: 6_172_800 },
    ]);
    const twice = await t.api(fin).post(
      '/api/finance/hutang/pajak-badan/calculate',
      { masa: '2026-02' },
      {
        'Idempotency-Key': 'calc-00000004',
      },
    );
    expect(twice.status).toBe(409);
    const change = await t
      .api(fin)
      .put('/api/finance/hutang/pajak-badan/setting', { year: 2026, regime: 'pph25', instalment: 1_000_000 });
    expect(change.status).toBe(400);
    const d = await t
      .api(fin)
      .post('/api/finance/hutang/pajak/pph_badan/deposit', dep({ amount: 61_728, ntpn: 'PPHBADAN00000001' }), {
        'Idempotency-Key': 'dep-badan-0001',
      });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.data.outstanding).toBe(0);
  });

  it('PPh 25: the year’s instalment as the masa payable (Dr 1180 / Cr 2203)', async () => {
    const s = await t
      .api(finB)
      .put('/api/finance/hutang/pajak-badan/setting', { year: 2026, regime: 'pph25', instalment: 750_000 });
    expect(s.status).toBe(200);
    const calc = await t.api(finB).post(
      '/api/finance/hutang/pajak-badan/calculate',
      { masa: '2026-01' },
      {
        'Idempotency-Key': 'calc-b-000001',
      },
    );
    expect(calc.status, JSON.stringify(calc.body)).toBe(201);
    expect(calc.body.data.badan).toMatchObject({ regime: 'pph25', amount: 750_000 });
    expect(await linesOf(calc.body.data.badan.journal.id)).toEqual([
      { code: '1180', debit: 75_000_000, credit: 0 },
      { code: '2203', debit: 0, credit: 75_000_000 },
    ]);
    const list = await t.api(finB).get('/api/finance/hutang/pajak-badan/setting');
    expect(list.body.data).toEqual([{ year: 2026, regime: 'pph25', rate: 0.5, instalment: 750_000, note: null }]);
    expect((await t.api(fin).get('/api/finance/hutang/pajak/pph_badan?masa=2026-01')).body.data.badan.calculated).toBe(
      false,
    );
  });
});
