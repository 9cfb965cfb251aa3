import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { asSen, toSen } from '@klinik/shared';
import { akun, paymentMethod } from '../../../db/schema/index.js';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { postJournal, type PostingLine } from '../posting.js';
import * as q from '../queries/payables.js';

/**
 * Issue 28 items 1-3: items from journal lines, payments in parts from two methods, over-payment refused, a void
 * through the approval engine (items open again), ageing buckets, branch isolation, and the invariant: per branch
 * and control account, open items = the account's balance.
 */
let t: TestApp;
let fin: TestUser;
let manager: TestUser;
let other: TestUser;
let nurse: TestUser;
let branch: number;
let cash: number;
let bank: number;

const dr = (akun: string, rp: number): PostingLine => ({ akun, debit: toSen(rp), credit: asSen(0) });
const cr = (akun: string, rp: number, extra: Partial<PostingLine> = {}): PostingLine => ({
  akun,
  debit: asSen(0),
  credit: toSen(rp),
  ...extra,
});

async function post(user: TestUser, date: string, id: string, lines: PostingLine[]) {
  return postJournal(t.ctx(user), {
    transaction_at: date,
    memo: `uji ${id}`,
    source_type: 'uji',
    source_id: id,
    lines,
  });
}

async function invariant() {
  const rows = await q.controlBalances(t.db, null);
  expect(rows.filter((r) => r.balance !== r.items)).toEqual([]);
  return rows;
}

async function items(user: TestUser, query = '') {
  const r = await t.api(user).get(`/api/finance/hutang/items?${query}`);
  expect(r.status).toBe(200);
  return r.body.data as {
    id: number;
    amount: number;
    paid: number;
    outstanding: number;
    status: string;
    party: number | null;
    akun: string;
    due_date: string | null;
  }[];
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-20T03:00:00Z');
  branch = await t.makeBranch();
  const branch2 = await t.makeBranch();
  fin = await t.makeUser('finance', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  other = await t.makeUser('finance', { branchId: branch2 });
  nurse = await t.makeUser('perawat', { branchId: branch });
  for (const u of [fin, other]) {
    const p = await t.api(u).post('/api/finance/periode', {
      start_date: '2026-01-01',
      saldo_awal: [
        { akun: '1101', debit: 50_000_000, credit: 0 },
        { akun: '1102', debit: 100_000_000, credit: 0 },
        { akun: '2101', debit: 0, credit: 5_000_000 },
        { akun: '3101', debit: 0, credit: 145_000_000 },
      ],
    });
    expect(p.status).toBe(201);
  }
  const ids = async (code: string) => (await t.db.select().from(akun).where(eq(akun.code, code)))[0].id;
  [{ id: cash }] = await t.db
    .insert(paymentMethod)
    .values({ name: 'Tunai Uji', type: 'tunai', akun_id: await ids('1101') })
    .returning({ id: paymentMethod.id });
  [{ id: bank }] = await t.db
    .insert(paymentMethod)
    .values({ name: 'Transfer Uji', type: 'transfer', akun_id: await ids('1102') })
    .returning({ id: paymentMethod.id });
});
afterAll(async () => {
  await t.close();
});

describe('payables sub-ledger', () => {
  it('makes one open item per credit line to a control account and refuses a line without its party', async () => {
    await post(fin, '2026-01-10', 'r1', [
      dr('1140', 10_000_000),
      cr('2101', 10_000_000, { party: { type: 'vendor', name: 'PT Satu' }, due_date: '2026-02-09' }),
    ]);
    await post(fin, '2026-02-15', 'r2', [
      dr('1140', 4_000_000),
      cr('2101', 4_000_000, { party: { type: 'vendor', name: 'PT Satu' } }),
    ]);
    const before = await countRows(t.db, 'jurnal', 'hutang_item');
    await expect(post(fin, '2026-02-15', 'r3', [dr('1140', 1_000), cr('2101', 1_000)])).rejects.toMatchObject({
      status: 400,
      issues: [
        expect.objectContaining({ message: expect.stringContaining('akun kontrol hutang'), field: 'lines.1.party' }),
      ],
    });
    await expect(
      post(fin, '2026-02-15', 'r4', [
        dr('1140', 1_000),
        cr('2101', 1_000, { party: { type: 'doctor', name: 'dr X' } }),
      ]),
    ).rejects.toMatchObject({ status: 400 });
    expect(await countRows(t.db, 'jurnal', 'hutang_item')).toEqual(before);
    const list = await items(fin, 'party_type=vendor&party_name=PT%20Satu');
    expect(list.map((i) => [i.amount, i.outstanding, i.status, i.akun, i.due_date])).toEqual([
      [10_000_000, 10_000_000, 'open', '2101', '2026-02-09'],
      [4_000_000, 4_000_000, 'open', '2101', null],
    ]);
    // The opening balance of 2101 became an item 'Saldo awal'.
    expect((await items(fin, 'party_type=vendor&party_name=Saldo%20awal')).map((i) => i.amount)).toEqual([5_000_000]);
    await invariant();
  });

  it('refuses a control account in the general journal', async () => {
    const r = await t.api(fin).post('/api/finance/jurnal', {
      transaction_at: '2026-02-15',
      memo: 'manual',
      details: [
        { akun: '6103', debit: 1000, credit: 0 },
        { akun: '2101', debit: 0, credit: 1000 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body[0].message).toContain('akun kontrol hutang');
  });

  it('pays in parts from two methods, refuses over-payment and bad input writing nothing', async () => {
    const [a, b] = await items(fin, 'party_type=vendor&party_name=PT%20Satu');
    const body = (alloc: { item: number; amount: number }[], method = cash) => ({
      party_type: 'vendor',
      party_name: 'PT Satu',
      method,
      date: '2026-03-01',
      allocations: alloc,
    });
    const before = await countRows(t.db, 'hutang_payment', 'hutang_allocation', 'jurnal');
    const over = await t.api(fin).post('/api/finance/hutang/payments', body([{ item: a.id, amount: 10_000_001 }]));
    expect(over.status).toBe(400);
    expect(over.body[0]).toMatchObject({
      field: 'allocations.0.amount',
      message: expect.stringContaining('melebihi sisa'),
    });
    const bad = await t.api(fin).post('/api/finance/hutang/payments', { ...body([]), date: '2026-13-01' });
    expect(bad.status).toBe(400);
    const noRole = await t.api(nurse).post('/api/finance/hutang/payments', body([{ item: a.id, amount: 1 }]));
    expect(noRole.status).toBe(403);
    const otherBranch = await t.api(other).post('/api/finance/hutang/payments', body([{ item: a.id, amount: 1 }]));
    expect(otherBranch.status).toBe(400);
    expect(otherBranch.body[0].message).toBe('Hutang tidak ditemukan');
    expect(await countRows(t.db, 'hutang_payment', 'hutang_allocation', 'jurnal')).toEqual(before);

    const p1 = await t.api(fin).post('/api/finance/hutang/payments', body([{ item: a.id, amount: 6_000_000 }]), {
      'idempotency-key': 'pay-one-0001',
    });
    expect(p1.status).toBe(201);
    expect(p1.body.data).toMatchObject({ total: 6_000_000, withheld: 0, code: expect.stringMatching(/^BYH\//) });
    const again = await t.api(fin).post('/api/finance/hutang/payments', body([{ item: a.id, amount: 6_000_000 }]), {
      'idempotency-key': 'pay-one-0001',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(p1.body.data.id);
    const p2 = await t.api(fin).post(
      '/api/finance/hutang/payments',
      body(
        [
          { item: a.id, amount: 4_000_000 },
          { item: b.id, amount: 1_500_000 },
        ],
        bank,
      ),
    );
    expect(p2.status).toBe(201);
    const after = await items(fin, 'party_type=vendor&party_name=PT%20Satu');
    expect(after.map((i) => [i.paid, i.outstanding, i.status])).toEqual([
      [10_000_000, 0, 'paid'],
      [1_500_000, 2_500_000, 'open'],
    ]);
    expect((await items(fin, 'party_type=vendor&status=open')).map((i) => i.id)).not.toContain(a.id);
    // Another branch sees none of it.
    expect(await items(other, 'party_type=vendor&party_name=PT%20Satu')).toEqual([]);
    await invariant();
  });

  it('voids a payment through the approval engine: the items open again', async () => {
    const pays = (await t.api(fin).get('/api/finance/hutang/payments?party_type=vendor')).body.data as {
      id: number;
      total: number;
      status: string;
    }[];
    const p2 = pays.find((p) => p.total === 5_500_000)!;
    const bad = await t.api(fin).post(`/api/finance/hutang/payments/${p2.id}/void`, { reason: '' });
    expect(bad.status).toBe(400);
    const hidden = await t.api(other).post(`/api/finance/hutang/payments/${p2.id}/void`, { reason: 'salah' });
    expect(hidden.status).toBe(404);
    const req = await t.api(fin).post(`/api/finance/hutang/payments/${p2.id}/void`, { reason: 'salah transfer' });
    expect(req.status).toBe(202);
    expect((await items(fin, 'party_type=vendor&party_name=PT%20Satu')).map((i) => i.paid)).toEqual([
      10_000_000, 1_500_000,
    ]);
    const ok = await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect((await items(fin, 'party_type=vendor&party_name=PT%20Satu')).map((i) => [i.paid, i.status])).toEqual([
      [6_000_000, 'open'],
      [0, 'open'],
    ]);
    const list = (await t.api(fin).get('/api/finance/hutang/payments?party_type=vendor')).body.data as {
      id: number;
      status: string;
    }[];
    expect(list.find((p) => p.id === p2.id)!.status).toBe('voided');
    await invariant();
  });

  it('puts open items in ageing buckets on the due date, else the document date', async () => {
    const age = async (asOf: string) => {
      const r = await t.api(fin).get(`/api/finance/hutang/ageing?party_type=vendor&as_of=${asOf}`);
      expect(r.status).toBe(200);
      return (r.body.data as { party_name: string; buckets: Record<string, number>; total: number }[]).find(
        (p) => p.party_name === 'PT Satu',
      )!;
    };
    // On 2026-02-01: item 1 (due 02-09) not due; item 2 not yet dated.
    expect((await age('2026-02-01')).buckets).toEqual({
      not_due: 10_000_000,
      d1_30: 0,
      d31_60: 0,
      d61_90: 0,
      over_90: 0,
    });
    // On 2026-03-20: item 1 (4.000.000 left) 39 days past due; item 2 (dated 02-15, no due date) 33 days.
    expect((await age('2026-03-20')).buckets).toEqual({
      not_due: 0,
      d1_30: 0,
      d31_60: 8_000_000,
      d61_90: 0,
      over_90: 0,
    });
    // On 2026-05-20: 100 and 94 days.
    expect((await age('2026-05-20')).buckets.over_90).toBe(8_000_000);
    const bad = await t.api(fin).get('/api/finance/hutang/ageing?as_of=2026-02-30');
    expect(bad.status).toBe(400);
  });

  it('withholds PPh 23 as a new tax item, and a reversal of a paid document is refused', async () => {
    await post(fin, '2026-03-02', 'lab1', [
      dr('5103', 2_000_000),
      cr('2105', 2_000_000, { party: { type: 'laboratorium', name: 'Lab Prodia' } }),
    ]);
    const [lab] = await items(fin, 'party_type=laboratorium');
    const r = await t.api(fin).post('/api/finance/hutang/payments', {
      party_type: 'laboratorium',
      party_name: 'Lab Prodia',
      method: bank,
      date: '2026-03-03',
      allocations: [{ item: lab.id, amount: 2_000_000 }],
      withholding: [{ tax: 'pph23', amount: 40_000 }],
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ total: 2_000_000, withheld: 40_000 });
    const tax = await items(fin, 'party_type=pajak');
    expect(tax.filter((i) => i.akun === '2202').map((i) => i.amount)).toEqual([40_000]);
    await invariant();
  });
});
