import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { asSen, toSen } from '@klinik/shared';
import { akun, paymentMethod } from '../../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { postJournal } from '../posting.js';

/**
 * The payment transactions list of /finance/hutang/transaction on the server: filters by status (voided ones
 * included on request) and by a party known by name only, and its Excel export of the same filters
 * (GET /api/finance/hutang/payments/export); another role 403, bad input 400 in Indonesian. The statement of a
 * name-only party lists only that party's payments.
 */
let t: TestApp;
let fin: TestUser;
let manager: TestUser;
let nurse: TestUser;
let cash: number;
const ids: Record<string, number> = {};

async function owe(id: string, name: string, rp: number) {
  await postJournal(t.ctx(fin), {
    transaction_at: '2026-02-10',
    memo: `uji ${id}`,
    source_type: 'uji',
    source_id: id,
    lines: [
      { akun: '1140', debit: toSen(rp), credit: asSen(0) },
      { akun: '2105', debit: asSen(0), credit: toSen(rp), party: { type: 'laboratorium', name } },
    ],
  });
  const r = await t
    .api(fin)
    .get(`/api/finance/hutang/items?party_type=laboratorium&party_name=${encodeURIComponent(name)}`);
  return r.body.data[0].id as number;
}

async function pay(name: string, item: number, rp: number) {
  const r = await t.api(fin).post('/api/finance/hutang/payments', {
    party_type: 'laboratorium',
    party_name: name,
    method: cash,
    date: '2026-03-01',
    allocations: [{ item, amount: rp }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as { id: number; code: string };
}

async function xlsx(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/finance/hutang/payments/export?${query}`,
    headers: { cookie: fin.cookie },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-20T03:00:00Z');
  const branch = await t.makeBranch();
  fin = await t.makeUser('finance', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  nurse = await t.makeUser('perawat', { branchId: branch });
  expect((await t.api(fin).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(201);
  const [{ id: a }] = await t.db.select().from(akun).where(eq(akun.code, '1101'));
  [{ id: cash }] = await t.db
    .insert(paymentMethod)
    .values({ name: 'Tunai Ekspor', type: 'tunai', akun_id: a })
    .returning({ id: paymentMethod.id });
  ids.prodia = await owe('e1', 'Lab Prodia Ekspor', 300_000);
  ids.kimia = await owe('e2', 'Lab Kimia Ekspor', 200_000);
  ids.p1 = (await pay('Lab Prodia Ekspor', ids.prodia, 100_000)).id;
  ids.p2 = (await pay('Lab Prodia Ekspor', ids.prodia, 50_000)).id;
  ids.k1 = (await pay('Lab Kimia Ekspor', ids.kimia, 200_000)).id;
  const req = await t.api(fin).post(`/api/finance/hutang/payments/${ids.p2}/void`, { reason: 'Dobel' });
  expect(req.status).toBe(202);
  expect((await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

describe('payment transactions: filters and Excel export', () => {
  it('filters by status and by a party known by name only', async () => {
    const get = async (q: string) =>
      ((await t.api(fin).get(`/api/finance/hutang/payments?${q}`)).body.data as { id: number }[]).map((p) => p.id);
    expect((await get('kind=payment')).sort()).toEqual([ids.p1, ids.p2, ids.k1].sort());
    expect(await get('status=voided')).toEqual([ids.p2]);
    expect((await get('status=posted')).sort()).toEqual([ids.p1, ids.k1].sort());
    expect((await get('party_type=laboratorium&party_name=Lab%20Kimia%20Ekspor')).sort()).toEqual([ids.k1]);
    const bad = await t.api(fin).get('/api/finance/hutang/payments?status=batal');
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'status', message: 'Status tidak dikenal' });
  });

  it('exports the same filters as Excel; another role is refused', async () => {
    const all = await xlsx('kind=payment&party_type=laboratorium&party_name=Lab%20Prodia%20Ekspor');
    expect(all[0]).toEqual([
      'Tanggal',
      'Nomor',
      'Jenis Pihak',
      'Pihak',
      'Metode',
      'Jumlah',
      'Potongan Pajak',
      'Dibayar Kas/Bank',
      'Jurnal',
      'Status',
      'Alasan Batal',
    ]);
    expect(all.slice(1).map((r) => [r[3], r[5], r[9], r[10] ?? null])).toEqual([
      ['Lab Prodia Ekspor', 50_000, 'Dibatalkan', 'Dobel'],
      ['Lab Prodia Ekspor', 100_000, 'Diposting', null],
    ]);
    const posted = await xlsx('status=posted');
    expect(
      posted
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['Lab Kimia Ekspor', 'Lab Prodia Ekspor']);
    expect((await t.api(nurse).get('/api/finance/hutang/payments/export')).status).toBe(403);
  });

  it("a name-only party's statement lists only its own payments", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/finance/hutang/statement?party_type=laboratorium&party_name=Lab%20Kimia%20Ekspor&format=xlsx',
      headers: { cookie: fin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { statement } = await import('./reads.js');
    const s = await statement(t.ctx(fin), {
      party_type: 'laboratorium',
      party_name: 'Lab Kimia Ekspor',
      format: 'pdf',
    });
    expect(s.payments.map((p) => p.id)).toEqual([ids.k1]);
  });
});
