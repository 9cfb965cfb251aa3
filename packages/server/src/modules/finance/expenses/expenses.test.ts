/**
 * Registered expenses through REST (issue 28 item 5): categories mapped to accounts, the journal of a cash expense,
 * the proof limit, the approval limit (a second person; the creator cannot approve), idempotency, branch isolation,
 * bad input written nowhere, a correction by reversal through the approval engine, and the limits' own approval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../../test/helpers.js';
import { multipartBody, PNG_1X1 } from '../../../../test/upload-helpers.js';
import { queryRows } from '../../../db/client.js';
import { vendor } from '../../../db/schema/index.js';
import { createPeriode } from '../index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
let fin2: TestUser;
let mgr: TestUser;
let admin: TestUser;
let finB: TestUser;
let cash: number;
let sewa: number;

const TABLES = ['expense', 'expense_proof', 'jurnal', 'jurnal_detail', 'applog', 'idempotency_request'];

async function linesOf(jurnalId: number) {
  return queryRows<{ code: string; debit: number; credit: number }>(
    t.db,
    sql`select a.code, d.debit::float8 as debit, d.credit::float8 as credit from jurnal_detail d
        join akun a on a.id = d.akun_id where d.jurnal_id = ${jurnalId} order by d.line_no`,
  );
}

async function uploadProof(user: TestUser, content: Buffer = PNG_1X1, type = 'image/png', name = 'nota.png') {
  const body = multipartBody('proof', name, content, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/finance/expenses/proof',
    headers: { ...body.headers, cookie: user.cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const expense = (over: Record<string, unknown> = {}) => ({
  category: sewa,
  date: '2026-03-10',
  amount: 250_000,
  method: cash,
  memo: 'Sewa parkir Maret',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-15T03:00:00Z');
  branchA = await t.makeBranch({ name: 'Cabang Pengeluaran A' });
  branchB = await t.makeBranch({ name: 'Cabang Pengeluaran B' });
  fin = await t.makeUser('finance', { branchId: branchA, name: 'Fina' });
  fin2 = await t.makeUser('finance', { branchId: branchA, name: 'Fani' });
  mgr = await t.makeUser('manager', { branchId: branchA, name: 'Mira Manajer' });
  admin = await t.makeUser('admin', { branchId: branchA });
  finB = await t.makeUser('finance', { branchId: branchB });
  await createPeriode(t.ctx(fin), { start_date: '2026-01-01' });
  await createPeriode(t.ctx(finB), { start_date: '2026-01-01' });
  const [m] = await queryRows<{ id: number }>(
    t.db,
    sql`select p.id from payment_method p join akun a on a.id = p.akun_id where a.code = '1101' and p.status = 1 order by p.id limit 1`,
  );
  cash = Number(m.id);
  const cats = await t.api(fin).get('/api/finance/expenses/categories');
  expect(cats.status).toBe(200);
  const s = cats.body.data.find((c: { code: string }) => c.code === 'sewa');
  expect(s).toMatchObject({ akun_code: '6103' });
  sewa = s.id;
});
afterAll(() => t.close());

describe('registering an expense', () => {
  it('posts a cash expense at once: Dr the category account, Cr the method account', async () => {
    const res = await t.api(fin).post('/api/finance/expenses', expense(), { 'Idempotency-Key': 'key-exp-cash-1-0001' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'posted', amount: 250_000, pending: false });
    expect(await linesOf(res.body.data.journal.id)).toEqual([
      { code: '6103', debit: 25_000_000, credit: 0 },
      { code: '1101', debit: 0, credit: 25_000_000 },
    ]);
  });

  it('the same Idempotency-Key twice registers once', async () => {
    const before = await countRows(t.db, 'expense', 'jurnal');
    const a = await t
      .api(fin)
      .post('/api/finance/expenses', expense({ memo: 'Air galon' }), { 'Idempotency-Key': 'key-k-2-0001' });
    const b = await t
      .api(fin)
      .post('/api/finance/expenses', expense({ memo: 'Air galon' }), { 'Idempotency-Key': 'key-k-2-0001' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    const after = await countRows(t.db, 'expense', 'jurnal');
    expect(after.expense - before.expense).toBe(1);
    expect(after.jurnal - before.jurnal).toBe(1);
  });

  it('bad input is 400 in Indonesian on its field, nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [expense({ memo: '' }), 'memo', /Wajib diisi/],
      [expense({ amount: 0 }), 'amount', /lebih dari 0/],
      [expense({ amount: -5 }), 'amount', /negatif/],
      [expense({ amount: 10.555 }), 'amount', /desimal/],
      [expense({ date: '2026-02-30' }), 'date', /Tanggal tidak valid/],
      [expense({ date: '2025-12-31' }), 'date', /periode/],
      [expense({ method: null }), 'method', /Metode pembayaran wajib/],
      [expense({ party_type: 'vendor', party: 1 }), 'method', /salah satu/],
      [expense({ category: 999999 }), 'category', /Kategori/],
      [expense({ method: 999999 }), 'method', /Metode pembayaran/],
      [expense({ method: null, party_type: 'tetangga', party: 1 }), 'party_type', /pihak/],
      [expense({ amount: 750_000 }), 'proof', /Bukti pengeluaran wajib diunggah/],
      [expense({ amount: 100_000, proof: 999999 }), 'proof', /Bukti tidak ditemukan/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t
        .api(fin)
        .post('/api/finance/expenses', body, { 'Idempotency-Key': `bad-${field}-${String(Math.random()).slice(2)}` });
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      const issue = res.body.find((i: { field?: string }) => i.field === field) ?? res.body[0];
      expect(issue.field).toBe(field);
      expect(issue.message).toMatch(message);
    }
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('refuses roles without FINANCE_HUTANG manage (403), nothing written', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(admin).post('/api/finance/expenses', expense(), { 'Idempotency-Key': 'key-adm-1-0001' });
    expect(res.status).toBe(403);
    expect((await t.api(admin).get('/api/finance/expenses')).status).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('above the proof limit it posts with an uploaded proof, readable back; a proof is used once', async () => {
    const up = await uploadProof(fin);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const res = await t.api(fin).post('/api/finance/expenses', expense({ amount: 750_000, proof: up.body.data.id }), {
      'Idempotency-Key': 'key-proof-1-0001',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.proof).toMatchObject({ id: up.body.data.id, mime: 'image/png' });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.proof.url, headers: { cookie: fin.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    const again = await t.api(fin).post('/api/finance/expenses', expense({ amount: 750_000, proof: up.body.data.id }), {
      'Idempotency-Key': 'key-proof-2-0001',
    });
    expect(again.status).toBe(400);
    expect(again.body[0]).toMatchObject({ field: 'proof', message: expect.stringMatching(/sudah dipakai/) });
    // A PDF is a proof too; anything else is refused.
    const pdf = await uploadProof(fin, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', 'faktur.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body.data.mime).toBe('application/pdf');
    const txt = await uploadProof(fin, Buffer.from('bukan gambar'), 'text/plain', 'x.txt');
    expect(txt.status).toBe(400);
    expect(txt.body[0].message).toMatch(/gambar|PDF/);
    // Another branch neither reads the file nor uses the proof.
    expect(
      (await t.app.inject({ method: 'GET', url: res.body.data.proof.url, headers: { cookie: finB.cookie } }))
        .statusCode,
    ).toBe(404);
    const other = await t
      .api(finB)
      .post('/api/finance/expenses', expense({ amount: 100_000, proof: pdf.body.data.id }), {
        'Idempotency-Key': 'key-proof-b-0001',
      });
    expect(other.status).toBe(400);
  });
});

describe("owed to a party (the form's party picker)", () => {
  it('lists the active parties of a type of this branch only, and registers the expense as their payable', async () => {
    const [v] = await t.db
      .insert(vendor)
      .values([
        { profile_id: branchA, code: 'V-SRV', name: 'CV Servis AC Sejuk' },
        { profile_id: branchA, code: 'V-OLD', name: 'CV Tutup', status: 0 },
        { profile_id: branchB, code: 'V-B', name: 'CV Cabang B' },
      ])
      .returning({ id: vendor.id });
    const list = await t.api(fin).get('/api/finance/expenses/parties?party_type=vendor');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: v.id, name: 'CV Servis AC Sejuk' }]);
    const docs = await t.api(fin).get('/api/finance/expenses/parties?party_type=doctor');
    expect(docs.body.data).toEqual([]);
    const bad = await t.api(fin).get('/api/finance/expenses/parties?party_type=tetangga');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Jenis pihak tidak dikenal', field: 'party_type' }]);
    expect((await t.api(admin).get('/api/finance/expenses/parties?party_type=vendor')).status).toBe(403);

    const r = await t
      .api(fin)
      .post('/api/finance/expenses', expense({ method: null, party_type: 'vendor', party: v.id, memo: 'Servis AC' }), {
        'Idempotency-Key': 'key-party-0001',
      });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await linesOf(r.body.data.journal.id)).toEqual([
      { code: '6103', debit: 25_000_000, credit: 0 },
      { code: '2101', debit: 0, credit: 25_000_000 },
    ]);
    const items = await t.api(fin).get(`/api/finance/hutang/items?party_type=vendor&party=${v.id}`);
    expect(items.body.data).toEqual([expect.objectContaining({ amount: 250_000, outstanding: 250_000, akun: '2101' })]);
  });
});

describe('above the approval limit', () => {
  let pendingId: number;
  let applogId: number;

  it('waits for a second person: stored pending, no journal', async () => {
    const up = await uploadProof(fin);
    const before = await countRows(t.db, 'jurnal');
    const res = await t
      .api(fin)
      .post(
        '/api/finance/expenses',
        expense({ amount: 6_000_000, proof: up.body.data.id, memo: 'Perbaikan AC ruang tindakan' }),
        { 'Idempotency-Key': 'key-big-1-0001' },
      );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({ status: 'pending', pending: true, journal: null });
    expect(res.body.data.applog_id).toEqual(expect.any(Number));
    pendingId = res.body.data.id;
    applogId = res.body.data.applog_id;
    expect(await countRows(t.db, 'jurnal')).toEqual(before);
    const list = await t.api(fin).get('/api/finance/expenses?status=pending');
    expect(list.body.data.map((e: { id: number }) => e.id)).toContain(pendingId);
  });

  it('the creator cannot approve it; a second person can, and then it posts', async () => {
    const own = await t.api(fin).post(`/api/applog/doconfirm/${applogId}`, { status: 1 });
    expect(own.status).toBe(403);
    expect((await t.api(fin).get(`/api/finance/expenses/${pendingId}`)).body.data.status).toBe('pending');
    const ok = await t.api(mgr).post(`/api/applog/doconfirm/${applogId}`, { status: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await t.api(fin).get(`/api/finance/expenses/${pendingId}`);
    expect(after.body.data).toMatchObject({ status: 'posted', approved_by: { id: mgr.id } });
    expect(await linesOf(after.body.data.journal.id)).toEqual([
      { code: '6103', debit: 600_000_000, credit: 0 },
      { code: '1101', debit: 0, credit: 600_000_000 },
    ]);
  });

  it('a rejected request never posts and shows as rejected', async () => {
    const up = await uploadProof(fin);
    const res = await t.api(fin).post('/api/finance/expenses', expense({ amount: 7_000_000, proof: up.body.data.id }), {
      'Idempotency-Key': 'key-big-2-0001',
    });
    expect(res.status).toBe(202);
    const no = await t
      .api(mgr)
      .post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: -1, reason: 'Tidak perlu' });
    expect(no.status).toBe(200);
    const after = await t.api(fin).get(`/api/finance/expenses/${res.body.data.id}`);
    expect(after.body.data).toMatchObject({ status: 'rejected', journal: null });
    const rejected = await t.api(fin).get('/api/finance/expenses?status=rejected');
    expect(rejected.body.data.map((e: { id: number }) => e.id)).toEqual([res.body.data.id]);
  });
});

describe('branches, corrections and limits', () => {
  it("another branch's expenses are invisible", async () => {
    const mine = await t.api(fin).get('/api/finance/expenses');
    expect(mine.body.count).toBeGreaterThan(0);
    const id = mine.body.data[0].id;
    expect((await t.api(finB).get(`/api/finance/expenses/${id}`)).status).toBe(404);
    expect((await t.api(finB).get('/api/finance/expenses')).body.count).toBe(0);
    const rev = await t
      .api(finB)
      .post(`/api/finance/expenses/${id}/reverse`, { reason: 'coba' }, { 'Idempotency-Key': 'key-xb-0001' });
    expect(rev.status).toBe(404);
  });

  it('a correction reverses the stored lines after a second person approves', async () => {
    const made = await t.api(fin).post('/api/finance/expenses', expense({ memo: 'Salah input', amount: 120_000 }), {
      'Idempotency-Key': 'key-rev-src-0001',
    });
    const id = made.body.data.id;
    const req = await t.api(fin).post(
      `/api/finance/expenses/${id}/reverse`,
      { reason: 'Salah kategori' },
      {
        'Idempotency-Key': 'key-rev-1-0001',
      },
    );
    expect(req.status, JSON.stringify(req.body)).toBe(202);
    expect((await t.api(fin).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(403);
    expect((await t.api(fin2).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 })).status).toBe(
      403,
    );
    const ok = await t.api(mgr).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const after = await t.api(fin).get(`/api/finance/expenses/${id}`);
    expect(after.body.data).toMatchObject({ status: 'reversed', reverse_reason: 'Salah kategori' });
    expect(await linesOf(after.body.data.reversal_journal.id)).toEqual([
      { code: '6103', debit: 0, credit: 12_000_000 },
      { code: '1101', debit: 12_000_000, credit: 0 },
    ]);
    const twice = await t
      .api(fin)
      .post(`/api/finance/expenses/${id}/reverse`, { reason: 'lagi' }, { 'Idempotency-Key': 'key-rev-2-0001' });
    expect(twice.status).toBe(409);
  });

  it('changing the limits waits for a second person, then applies', async () => {
    const res = await t
      .api(fin)
      .put('/api/finance/expenses/setting', { proof_limit: 100_000, approval_limit: 1_000_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const bad = await t
      .api(fin)
      .put('/api/finance/expenses/setting', { proof_limit: 200_000, approval_limit: 100_000 });
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('approval_limit');
    let s = await t.api(fin).get('/api/finance/expenses/setting');
    expect(s.body.data).toMatchObject({ proof_limit: 500_000, approval_limit: 5_000_000 });
    expect(s.body.data.pending).toMatchObject({ proof_limit: 100_000, approval_limit: 1_000_000 });
    expect((await t.api(fin).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 })).status).toBe(403);
    expect((await t.api(mgr).post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1 })).status).toBe(200);
    s = await t.api(fin).get('/api/finance/expenses/setting');
    expect(s.body.data).toMatchObject({ proof_limit: 100_000, approval_limit: 1_000_000, pending: null });
    const noProof = await t
      .api(fin)
      .post('/api/finance/expenses', expense({ amount: 150_000 }), { 'Idempotency-Key': 'key-lim-1-0001' });
    expect(noProof.status).toBe(400);
    expect(noProof.body[0].field).toBe('proof');
  });
});
