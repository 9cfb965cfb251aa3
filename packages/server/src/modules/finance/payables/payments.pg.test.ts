/**
 * Concurrency of payables payments, on PostgreSQL only (the server-pg project): PGlite has one connection and runs
 * "parallel" requests one after another, so these races can only be lost on a real server (issue 28 item 2: two
 * people paying the same item at once, a double click or a retried request pay it once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { asSen, toSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { queryRows } from '../../../db/client.js';
import { akun, paymentMethod } from '../../../db/schema/index.js';
import { postJournal, type PostingLine } from '../posting.js';
import * as q from '../queries/payables.js';

let t: TestApp;
let fin: TestUser;
let fin2: TestUser;
let branch: number;
let cash: number;

const dr = (code: string, rp: number): PostingLine => ({ akun: code, debit: toSen(rp), credit: asSen(0) });
const cr = (code: string, rp: number, party: string): PostingLine => ({
  akun: code,
  debit: asSen(0),
  credit: toSen(rp),
  party: { type: 'vendor', name: party },
});

async function receipt(id: string, party: string, rp: number) {
  await postJournal(t.ctx(fin), {
    transaction_at: '2026-02-10',
    memo: `uji ${id}`,
    source_type: 'uji',
    source_id: id,
    lines: [dr('1140', rp), cr('2101', rp, party)],
  });
}

async function itemsOf(party: string) {
  return queryRows<{ id: number; amount: string; paid: string; status: string }>(
    t.db,
    sql`select id, amount::text, paid::text, status from hutang_item
        where profile_id = ${branch} and party_name = ${party} order by id`,
  );
}

async function allocated(itemIds: number[]) {
  return queryRows<{ item_id: number; n: number; total: string }>(
    t.db,
    sql`select a.item_id, count(*)::int as n, sum(a.amount)::text as total
        from hutang_allocation a join hutang_payment p on p.id = a.payment_id
        where p.status = 'posted' and a.item_id in ${itemIds} group by a.item_id order by a.item_id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-20T03:00:00Z');
  branch = await t.makeBranch({ name: 'Cabang Hutang Serentak' });
  fin = await t.makeUser('finance', { branchId: branch });
  fin2 = await t.makeUser('finance', { branchId: branch });
  const p = await t.api(fin).post('/api/finance/periode', {
    start_date: '2026-01-01',
    saldo_awal: [
      { akun: '1101', debit: 50_000_000, credit: 0 },
      { akun: '3101', debit: 0, credit: 50_000_000 },
    ],
  });
  expect(p.status).toBe(201);
  const [{ id: akun1101 }] = await t.db.select().from(akun).where(eq(akun.code, '1101'));
  [{ id: cash }] = await t.db
    .insert(paymentMethod)
    .values({ name: 'Tunai Serentak', type: 'tunai', akun_id: akun1101 })
    .returning({ id: paymentMethod.id });
});
afterAll(() => t.close());

describe('concurrent payments of the same items (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('16 payments of the same items with different keys: exactly one wins, nothing is paid twice', async () => {
    await receipt('c1', 'PT Serentak', 3_000_000);
    await receipt('c2', 'PT Serentak', 1_500_000);
    const items = await itemsOf('PT Serentak');
    expect(items).toHaveLength(2);
    const body = {
      party_type: 'vendor',
      party_name: 'PT Serentak',
      method: cash,
      date: '2026-03-01',
      allocations: [
        { item: items[0].id, amount: 3_000_000 },
        { item: items[1].id, amount: 1_500_000 },
      ],
    };
    const res = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.api(i % 2 ? fin : fin2).post('/api/finance/hutang/payments', body, {
          'idempotency-key': `serentak-beda-${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The others are refused with a message on the item (already paid), never a 500.
    for (const r of res.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.body[0].message).toBe('Hutang ini sudah lunas');
    }
    const after = await itemsOf('PT Serentak');
    expect(after.map((i) => [i.amount, i.paid, i.status])).toEqual([
      ['300000000', '300000000', 'paid'],
      ['150000000', '150000000', 'paid'],
    ]);
    expect(await allocated(items.map((i) => i.id))).toEqual([
      { item_id: items[0].id, n: 1, total: '300000000' },
      { item_id: items[1].id, n: 1, total: '150000000' },
    ]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from hutang_payment where profile_id = ${branch} and party_name = 'PT Serentak'`,
    );
    expect(n).toBe(1);
    const bad = (await q.controlBalances(t.db, [branch])).filter((r) => r.balance !== r.items);
    expect(bad).toEqual([]);
  });

  it('16 partial payments racing for one item: the outstanding never goes negative', async () => {
    await receipt('c3', 'PT Sebagian', 1_000_000);
    const [item] = await itemsOf('PT Sebagian');
    const res = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.api(fin).post(
          '/api/finance/hutang/payments',
          {
            party_type: 'vendor',
            party_name: 'PT Sebagian',
            method: cash,
            date: '2026-03-02',
            allocations: [{ item: item.id, amount: 300_000 }],
          },
          { 'idempotency-key': `serentak-sebagian-${String(i).padStart(4, '0')}` },
        ),
      ),
    );
    // 3 x 300.000 fit in 1.000.000; the fourth would exceed what is outstanding.
    expect(res.filter((r) => r.status === 201)).toHaveLength(3);
    expect(res.filter((r) => r.status !== 201).every((r) => r.status === 400)).toBe(true);
    const [after] = await itemsOf('PT Sebagian');
    expect([after.paid, after.status]).toEqual(['90000000', 'open']);
    expect(await allocated([item.id])).toEqual([{ item_id: item.id, n: 3, total: '90000000' }]);
  });

  it('16 requests with the same key: one payment, the same answer for all', async () => {
    await receipt('c4', 'PT Kunci', 2_000_000);
    const [item] = await itemsOf('PT Kunci');
    const body = {
      party_type: 'vendor',
      party_name: 'PT Kunci',
      method: cash,
      date: '2026-03-03',
      allocations: [{ item: item.id, amount: 2_000_000 }],
    };
    const res = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.api(fin).post('/api/finance/hutang/payments', body, { 'idempotency-key': 'serentak-sama-0001' }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([...Array(15).fill(200), 201]);
    const ids = new Set(res.map((r) => r.body.data.id));
    const codes = new Set(res.map((r) => r.body.data.code));
    expect(ids.size).toBe(1);
    expect(codes.size).toBe(1);
    const [after] = await itemsOf('PT Kunci');
    expect([after.paid, after.status]).toEqual(['200000000', 'paid']);
    expect(await allocated([item.id])).toEqual([{ item_id: item.id, n: 1, total: '200000000' }]);
  });
});
