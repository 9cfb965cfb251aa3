import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { auto, postJournal } from '../finance/index.js';
import { asSen, toSen } from '@klinik/shared';

// Issue 29 part B through REST: investors and partners, deviden settings (overlap refused by the database), a month's
// distribution run from the branch's P&L and the procedures paid at the till, approved by a second person into a
// balanced journal and payables items (paid by the payables payment endpoint), an investor reading only their own.
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let fin: TestUser;
let mgr: TestUser;
let dokter: TestUser;
let finB: TestUser;
let sariUser: TestUser;
let otherInvestorUser: TestUser;
let laser: number;
let cash: number;
let partner: number;
let sari: number;
let foreign: number;
let runId: number;

const TABLES = ['investor', 'deviden_setting', 'deviden_run', 'deviden_run_line', 'jurnal', 'hutang_item', 'applog'];

async function paidLaserVisit(n: number) {
  const customer = await t.makePatient(branchA, { name: `Pasien Laser ${n}` });
  const v = await t.api(admin).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  const visit = v.body.data.id as number;
  const r = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/treatment`, {
    perawatan: laser,
    qty: 1,
    doctor: dokter.id,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {})).status).toBe(200);
  const p = await t
    .api(admin)
    .post(
      '/api/kasir/payment',
      { visit, payments: [{ method: cash, amount: 1_000_000 }] },
      { 'idempotency-key': `laser-bayar-${n}` },
    );
  expect(p.status, JSON.stringify(p.body)).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Investor A' });
  branchB = await t.makeBranch({ name: 'Klinik Investor B' });
  admin = await t.makeUser('admin', { branchId: branchA });
  fin = await t.makeUser('finance', { branchId: branchA });
  mgr = await t.makeUser('manager', { branchId: branchA });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Laser' });
  finB = await t.makeUser('finance', { branchId: branchB });
  sariUser = await t.makeUser('investor', { branchId: branchA, name: 'Ibu Sari' });
  otherInvestorUser = await t.makeUser('investor', { branchId: branchA, name: 'Pak Lain' });
  for (const b of [branchA, branchB])
    await t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const tm = await t.api(admin).post('/api/master/tindakanmedis', {
    code: 'TM-LSR',
    name: 'Laser CO2',
    price: 1_000_000,
    doctor_share: 0,
  });
  expect(tm.status, JSON.stringify(tm.body)).toBe(201);
  laser = tm.body.data.id as number;
  const methods = await queryRows<{ id: number; type: string }>(t.db, sql`select id, type from payment_method`);
  cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  // Two laser sessions paid at the till in March 2026.
  t.setNow('2026-03-10T03:00:00.000Z');
  expect((await t.api(admin).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
  await paidLaserVisit(1);
  await paidLaserVisit(2);
  t.setNow('2026-04-02T03:00:00.000Z');
});
afterAll(() => t.close());

describe('/api/finance/investor', () => {
  it('creates investors, partners and foreign parties; lists and searches; updates', async () => {
    const p = await t.api(fin).post('/api/finance/investor', {
      kind: 'partner',
      party_type: 'company',
      name: 'PT Laser Mitra',
      npwp: '01.234.567.8-901.000',
      bank_name: 'BCA',
      bank_account: '123-456-7890',
      bank_holder: 'PT Laser Mitra',
      tax_treatment: 'equipment_rent',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body.data).toMatchObject({ npwp: '012345678901000', bank_account: '1234567890', profile_id: branchA });
    partner = p.body.data.id;
    const s = await t.api(fin).post('/api/finance/investor', {
      kind: 'investor',
      party_type: 'individual',
      name: 'Ibu Sari',
      nik: '3171014507800002',
      tax_treatment: 'dividend',
      user: sariUser.id,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    sari = s.body.data.id;
    const f = await t.api(fin).post('/api/finance/investor', {
      kind: 'investor',
      party_type: 'foreign',
      name: 'Lasertech GmbH',
      country: 'Jerman',
      nik: '3171014507800002',
      tax_treatment: 'interest',
    });
    expect(f.status).toBe(201);
    expect(f.body.data).toMatchObject({ nik: null, country: 'Jerman' });
    foreign = f.body.data.id;

    const list = await t.api(fin).get('/api/finance/investor?keyword=laser');
    expect(list.body.count).toBe(2);
    expect(
      (await t.api(fin).get('/api/finance/investor?kind=partner')).body.data.map((x: { id: number }) => x.id),
    ).toEqual([partner]);
    const up = await t
      .api(fin)
      .put(`/api/finance/investor/${partner}`, { ...p.body.data, phone: '0211234567', user: null });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.phone).toBe('0211234567');
  });

  it('refuses bad input (400 on the field), other roles (403) and other branches (404), writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t.api(fin).post('/api/finance/investor', {
      kind: 'investor',
      party_type: 'individual',
      name: 'X Salah',
      nik: '12345',
      tax_treatment: 'dividend',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'NIK harus 16 digit angka', field: 'nik' }]);
    const noCountry = await t.api(fin).post('/api/finance/investor', {
      kind: 'investor',
      party_type: 'foreign',
      name: 'Tanpa Negara',
      tax_treatment: 'dividend',
    });
    expect(noCountry.body).toEqual([{ message: 'Negara wajib diisi untuk pihak luar negeri', field: 'country' }]);
    const wrongAccount = await t.api(fin).post('/api/finance/investor', {
      kind: 'investor',
      party_type: 'individual',
      name: 'Akun Salah',
      tax_treatment: 'dividend',
      user: dokter.id,
    });
    expect(wrongAccount.body).toEqual([{ message: 'Akun investor tidak ditemukan di cabang ini', field: 'user' }]);
    expect(
      (
        await t.api(dokter).post('/api/finance/investor', {
          kind: 'investor',
          party_type: 'individual',
          name: 'Dok',
          tax_treatment: 'dividend',
        })
      ).status,
    ).toBe(403);
    expect((await t.api(finB).get(`/api/finance/investor/${partner}`)).status).toBe(404);
    expect(
      (
        await t.api(finB).put(`/api/finance/investor/${partner}`, {
          kind: 'partner',
          party_type: 'company',
          name: 'Diambil B',
          tax_treatment: 'equipment_rent',
        })
      ).status,
    ).toBe(404);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });
});

describe('/api/finance/deviden/settings', () => {
  it('stores shares of profit, revenue and per procedure; an overlapping one is refused by the database', async () => {
    const mk = (body: object) => t.api(fin).post('/api/finance/deviden/settings', body);
    const a = await mk({
      investor: partner,
      basis: 'procedure',
      perawatan: laser,
      amount: 150_000,
      effective_from: '2026-01-01',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.data).toMatchObject({
      basis: 'procedure',
      amount: 150_000,
      percent: null,
      perawatan_name: 'Laser CO2',
    });
    expect((await mk({ investor: sari, basis: 'profit', percent: 10, effective_from: '2026-01-01' })).status).toBe(201);
    expect((await mk({ investor: foreign, basis: 'revenue', percent: 1, effective_from: '2026-02-01' })).status).toBe(
      201,
    );

    const before = await countRows(t.db, ...TABLES);
    const overlap = await mk({
      investor: sari,
      basis: 'revenue',
      percent: 5,
      effective_from: '2026-06-01',
      effective_to: '2026-12-31',
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body[0]).toMatchObject({ field: 'effective_from' });
    expect(overlap.body[0].message).toContain('bertumpang tindih');
    const shape = await mk({ investor: sari, basis: 'procedure', effective_from: '2027-01-01' });
    expect(shape.status).toBe(400);
    expect(shape.body.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['perawatan', 'amount']));
    expect(
      (
        await t.api(finB).post('/api/finance/deviden/settings', {
          investor: sari,
          basis: 'profit',
          percent: 5,
          effective_from: '2027-01-01',
        })
      ).status,
    ).toBe(400);
    expect((await t.api(dokter).get('/api/finance/deviden/settings')).status).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const inForce = await t.api(fin).get('/api/finance/deviden/settings?date=2026-01-15');
    expect(inForce.body.data.map((s: { investor: number }) => s.investor).sort()).toEqual([partner, sari].sort());
  });
});

describe('/api/finance/deviden/runs', () => {
  it('computes each share from the P&L and the procedures paid, with the withholding of each treatment', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect(
      (await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-13', profile_id: branchA })).body,
    ).toEqual([{ message: 'Periode harus berformat YYYY-MM', field: 'period' }]);
    const open = await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-04', profile_id: branchA });
    expect(open.status).toBe(400);
    expect(open.body[0].field).toBe('period');
    expect(
      (await t.api(finB).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA })).status,
    ).toBe(404);
    expect(
      (await t.api(dokter).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA })).status,
    ).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const key = { 'idempotency-key': 'deviden-2026-03-a' };
    const res = await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = res.body.data;
    runId = run.id;
    const pl = await t.api(fin).get('/api/finance/laporan/labarugi?from=2026-03-01&to=2026-03-31');
    expect(run).toMatchObject({
      status: 'pending',
      period: '2026-03',
      revenue: 2_000_000,
      profit: pl.body.data.net_profit,
    });
    const by = (id: number) => run.lines.find((l: { investor: number }) => l.investor === id);
    expect(by(partner)).toMatchObject({
      qty: 2,
      unit_amount: 150_000,
      gross: 300_000,
      tax_kind: 'pph23',
      tax_rate: 2,
      tax: 6_000,
      net: 294_000,
    });
    expect(by(sari)).toMatchObject({ basis: 'profit', percent: 10, tax_kind: null, tax: 0 });
    expect(by(sari).gross).toBe(Math.floor(pl.body.data.net_profit * 0.1));
    expect(by(sari).notice).toContain('PPh final 10%');
    expect(by(foreign)).toMatchObject({
      basis_amount: 2_000_000,
      gross: 20_000,
      tax_kind: 'pph26',
      tax_rate: 20,
      tax: 4_000,
      net: 16_000,
    });

    // The same key answers the same run; nothing new is written. A second run of the month waits for the first.
    const again = await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA }, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(runId);
    const mid = await countRows(t.db, ...TABLES);
    const twice = await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA });
    expect(twice.status).toBe(409);
    expect(await countRows(t.db, ...TABLES)).toEqual(mid);
  });

  it('is approved by a second person only: the journal balances and the payables items are paid by Transaksi Hutang', async () => {
    const run = (await t.api(fin).get(`/api/finance/deviden/runs/${runId}`)).body.data;
    const own = await t.api(fin).post(`/api/applog/doconfirm/${run.applog_id}`, { status: 1 });
    expect(own.status).toBe(403);
    const ok = await t.api(mgr).post(`/api/applog/doconfirm/${run.applog_id}`, { status: 1 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const done = (await t.api(fin).get(`/api/finance/deviden/runs/${runId}`)).body.data;
    expect(done).toMatchObject({ status: 'approved', approved_by: mgr.id });
    const [bal] = await queryRows<{ d: string; c: string; n: number }>(
      t.db,
      sql`select sum(debit)::text as d, sum(credit)::text as c, count(*)::int as n from jurnal_detail where jurnal_id = ${done.jurnal_id}`,
    );
    expect(bal.d).toBe(bal.c);
    expect(Number(bal.d)).toBe(toSen(done.totals.gross));
    const items = await queryRows<{
      id: number;
      party_type: string;
      party_id: number | null;
      tax: string | null;
      amount: string;
      masa: string | null;
    }>(
      t.db,
      sql`select id, party_type, party_id, tax, amount::text, masa from hutang_item where source_type = 'deviden_run' and source_id = ${String(runId)} order by id`,
    );
    const partnerItem = items.find((i) => i.party_type === 'investor' && i.party_id === partner)!;
    expect(Number(partnerItem.amount)).toBe(29_400_000);
    expect(items.filter((i) => i.party_type === 'pajak').map((i) => [i.tax, Number(i.amount), i.masa])).toEqual(
      expect.arrayContaining([
        ['pph_investor', 600_000, '2026-03'],
        ['pph_investor', 400_000, '2026-03'],
      ]),
    );
    // Pays the partner through the payables payment endpoint.
    const pay = await t.api(fin).post(
      '/api/finance/hutang/payments',
      {
        party_type: 'investor',
        party: partner,
        method: cash,
        date: '2026-04-02',
        allocations: [{ item: partnerItem.id, amount: 294_000 }],
      },
      { 'idempotency-key': 'bayar-mitra-2026-03' },
    );
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    // An approved month is not computed again.
    expect(
      (await t.api(fin).post('/api/finance/deviden/runs', { period: '2026-03', profile_id: branchA })).status,
    ).toBe(409);
  });

  it('an investor reads only their own investor row, run lines, slip and income; another branch sees nothing', async () => {
    const mine = await t.api(sariUser).get('/api/finance/investor');
    expect(mine.body.data.map((x: { id: number }) => x.id)).toEqual([sari]);
    expect((await t.api(sariUser).get(`/api/finance/investor/${partner}`)).status).toBe(404);
    const run = await t.api(sariUser).get(`/api/finance/deviden/runs/${runId}`);
    expect(run.status).toBe(200);
    expect(run.body.data.lines.map((l: { investor: number }) => l.investor)).toEqual([sari]);
    expect((await t.api(otherInvestorUser).get(`/api/finance/deviden/runs/${runId}`)).status).toBe(404);
    expect((await t.api(otherInvestorUser).get('/api/finance/deviden/runs')).body.data).toEqual([]);
    expect((await t.api(sariUser).get(`/api/finance/deviden/runs/${runId}/slip?investor=${partner}`)).status).toBe(400);
    expect(
      (
        await t.api(sariUser).post('/api/finance/deviden/settings', {
          investor: sari,
          basis: 'profit',
          percent: 50,
          effective_from: '2027-01-01',
        })
      ).status,
    ).toBe(403);
    expect((await t.api(finB).get(`/api/finance/deviden/runs/${runId}`)).status).toBe(404);
    expect((await t.api(finB).get('/api/finance/deviden/runs')).body.data).toEqual([]);

    const income = await t.api(fin).get(`/api/finance/income/tindakanmedis/deviden?from=2026-03-01&to=2026-03-31`);
    expect(income.body.data).toEqual([
      expect.objectContaining({ perawatan: laser, investor: partner, qty: 2, gross: 300_000, status: 'approved' }),
    ]);
    expect(
      (await t.api(sariUser).get(`/api/finance/income/tindakanmedis/deviden?from=2026-03-01&to=2026-03-31`)).body.data,
    ).toEqual([]);
  });

  it('an expense owed to a partner or a hospital names the investor row as the payables party', async () => {
    const cats = await t.api(fin).get('/api/finance/expenses/categories');
    const category = cats.body.data[0].id as number;
    const rs = await t.api(fin).post('/api/finance/investor', {
      kind: 'rumahsakit',
      party_type: 'company',
      name: 'RS Rujukan Sehat',
      npwp: '012345678901001',
      tax_treatment: 'partnership',
    });
    const body = { category, date: '2026-04-02', amount: 50_000, memo: 'Sewa alat tambahan' };
    const e = await t
      .api(fin)
      .post(
        '/api/finance/expenses',
        { ...body, party_type: 'investor', party: partner },
        { 'idempotency-key': 'beban-mitra-1' },
      );
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    const [item] = await queryRows<{ party_name: string; amount: string }>(
      t.db,
      sql`select party_name, amount::text from hutang_item where source_type = 'expense' and party_type = 'investor' and party_id = ${partner}`,
    );
    expect(item).toEqual({ party_name: 'PT Laser Mitra', amount: '5000000' });
    // A hospital row is not an 'investor' party, and another branch's row does not exist.
    const wrong = await t
      .api(fin)
      .post(
        '/api/finance/expenses',
        { ...body, party_type: 'investor', party: rs.body.data.id },
        { 'idempotency-key': 'beban-mitra-2' },
      );
    expect(wrong.body).toEqual([{ message: 'Pihak tidak ditemukan di cabang ini', field: 'party' }]);
    const ok = await t
      .api(fin)
      .post(
        '/api/finance/expenses',
        { ...body, party_type: 'rumahsakit', party: rs.body.data.id },
        { 'idempotency-key': 'beban-rs-0001' },
      );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // Paid with PPh 23 withheld: the tax item's recipient is the hospital (its NPWP), not a user of the same id.
    const [rsItem] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from hutang_item where party_type = 'rumahsakit' and party_id = ${rs.body.data.id}`,
    );
    const pay = await t.api(fin).post(
      '/api/finance/hutang/payments',
      {
        party_type: 'rumahsakit',
        party: rs.body.data.id,
        method: cash,
        date: '2026-04-02',
        allocations: [{ item: rsItem.id, amount: 50_000 }],
        withholding: [{ tax: 'pph23', amount: 1_000 }],
      },
      { 'idempotency-key': 'bayar-rs-pph23' },
    );
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    const [tax] = await queryRows<{ recipient_id: number | null; recipient_name: string; recipient_tax_id: string }>(
      t.db,
      sql`select recipient_id, recipient_name, recipient_tax_id from hutang_item
          where party_type = 'pajak' and source_type = 'hutang_payment' and source_id = ${String(pay.body.data.id)}`,
    );
    expect(tax).toEqual({
      recipient_id: null,
      recipient_name: 'RS Rujukan Sehat',
      recipient_tax_id: '012345678901001',
    });
    // A posting that names the party by id only takes the row's name (not a user's with the same id).
    await postJournal(t.ctx(fin), {
      transaction_at: '2026-04-02',
      memo: 'Rujukan lab',
      source_type: 'test',
      source_id: 'rs-by-id',
      lines: [
        { akun: auto('bebanLab'), debit: asSen(10_000), credit: asSen(0) },
        {
          akun: auto('hutangLabRumahSakit'),
          debit: asSen(0),
          credit: asSen(10_000),
          party: { type: 'rumahsakit', id: rs.body.data.id },
        },
      ],
    });
    const [byId] = await queryRows<{ party_name: string }>(
      t.db,
      sql`select party_name from hutang_item where source_type = 'test' and source_id = 'rs-by-id'`,
    );
    expect(byId.party_name).toBe('RS Rujukan Sehat');
  });

  it('the slip PDF of one investor', async () => {
    const slip = await t.api(sariUser).get(`/api/finance/deviden/runs/${runId}/slip?investor=${sari}`);
    expect(slip.status).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
  });
});
