import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { journalOf as journalIn } from '../../../test/ledger-helpers.js';

/**
 * Issue 28 item 6: a lab form examined outside the clinic (form_lab.partner_type/name/cost) is owed to its
 * laboratory or hospital when its bill is paid: Dr 5103 Beban Laboratorium / Cr 2105 Hutang Lab/Rumah Sakit, one
 * open item per partner (a party known by name) in the payables sub-ledger; covered by a package slot it is owed
 * all the same; the till payment's void (stored-line reversal) cancels the item. The master refuses a partner
 * without its name or cost, or a name without a type, with the message on the field and nothing written.
 */
let t: TestApp;
let branch: number;
let admin: TestUser;
let manager: TestUser;
let finance: TestUser;
let dokter: TestUser;
let patient: number;
let prodia: number;
let rsud: number;
let inHouse: number;
let cash: number;
let labParty: number;

const journalOf = (sourceType: string, id: number) => journalIn(t.db, sourceType, id);

async function labVisit(labs: { form_lab: number; qty: number }[]) {
  const v = await t
    .api(manager)
    .post('/api/service/visit', { customer: patient, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visit = v.body.data.id as number;
  for (const l of labs) expect((await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, l)).status).toBe(201);
  expect((await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {})).status).toBe(200);
  return visit;
}

async function labItems() {
  const rows = await queryRows<{
    id: number;
    party_type: string;
    party_name: string;
    party_id: number | null;
    amount: string;
    status: string;
    source_type: string;
    code: string;
  }>(
    t.db,
    sql`select i.id, i.party_type, i.party_name, i.party_id, i.amount::text, i.status, i.source_type, a.code
        from hutang_item i join akun a on a.id = i.akun_id
        where i.profile_id = ${branch} and a.code = '2105' order by i.id`,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Lab Mitra' });
  admin = await t.makeUser('admin', { branchId: branch, name: 'Rani Kasir' });
  manager = await t.makeUser('manager', { branchId: branch });
  finance = await t.makeUser('finance', { branchId: branch });
  dokter = await t.makeUser('dokter', { branchId: branch, name: 'dr. Hana' });
  patient = await t.makePatient(branch, { name: 'Tono Mitra' });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2020-01-01', status: 0 });
  const methods = await queryRows<{ id: number; type: string }>(t.db, sql`select id, type from payment_method`);
  cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  expect((await t.api(admin).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
});
afterAll(() => t?.close());

describe('lab forms sent to an outside laboratory or hospital', () => {
  it('the master names its partner from the outside-party master; a partner without cost, a cost without partner, another kind, branch or an inactive one is 400', async () => {
    const party = async (body: object) => {
      const r = await t.api(manager).post('/api/finance/investor', {
        party_type: 'company',
        npwp: '012345678901000',
        tax_treatment: 'partnership',
        ...body,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.id as number;
    };
    const labUji = await party({ kind: 'laboratorium', name: 'Lab Prodia Uji' });
    const rsUji = await party({ kind: 'rumahsakit', name: 'RSUD Uji' });
    const anInvestor = await party({ kind: 'investor', name: 'PT Modal Uji' });
    const closed = await party({ kind: 'laboratorium', name: 'Lab Tutup', status: 0 });
    const other = await t.makeBranch({ name: 'Cabang Lain Lab' });
    const otherManager = await t.makeUser('manager', { branchId: other });
    const elsewhere = (
      await t.api(otherManager).post('/api/finance/investor', {
        kind: 'laboratorium',
        party_type: 'company',
        name: 'Lab Cabang Lain',
        tax_treatment: 'partnership',
      })
    ).body.data.id as number;
    // The picker lists the active laboratories and hospitals of this branch only.
    const options = await t.api(admin).get('/api/master/mitralab');
    expect(options.status).toBe(200);
    expect(options.body.data).toEqual([
      { id: labUji, kind: 'laboratorium', name: 'Lab Prodia Uji' },
      { id: rsUji, kind: 'rumahsakit', name: 'RSUD Uji' },
    ]);

    const before = await countRows(t.db, 'form_lab');
    const bad = [
      [{ partner_id: labUji }, 'partner_cost', 'Biaya mitra wajib diisi'],
      [{ partner_cost: 50000 }, 'partner_id', 'Pilih laboratorium/rumah sakit tujuan form ini'],
      [{ partner_id: 'abc', partner_cost: 1 }, 'partner_id', 'Laboratorium/rumah sakit tidak dikenal'],
      [{ partner_id: labUji, partner_cost: -1 }, 'partner_cost', 'Tidak boleh negatif'],
      [
        { partner_id: anInvestor, partner_cost: 1 },
        'partner_id',
        'Laboratorium/rumah sakit tidak ditemukan di cabang ini',
      ],
      [
        { partner_id: elsewhere, partner_cost: 1 },
        'partner_id',
        'Laboratorium/rumah sakit tidak ditemukan di cabang ini',
      ],
      [{ partner_id: closed, partner_cost: 1 }, 'partner_id', 'Laboratorium/rumah sakit tidak aktif'],
    ] as const;
    for (const [extra, field, message] of bad) {
      const r = await t
        .api(admin)
        .post('/api/master/laboratorium', { code: 'LAB-X', name: 'Uji', price: 100000, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
    }
    expect(await countRows(t.db, 'form_lab')).toEqual(before);

    const mk = async (body: object) => {
      const r = await t.api(admin).post('/api/master/laboratorium', body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as {
        id: number;
        partner_id: number | null;
        partner_type: string | null;
        partner_name: string | null;
        partner_cost: number;
      };
    };
    // The type and name sent by the client are not taken: they are the master row's.
    const p = await mk({
      code: 'LAB-HBA1C',
      name: 'HbA1c',
      price: 150000,
      partner_id: labUji,
      partner_type: 'rumahsakit',
      partner_name: 'Nama Palsu',
      partner_cost: 90000,
    });
    expect(p).toMatchObject({
      partner_id: labUji,
      partner_type: 'laboratorium',
      partner_name: 'Lab Prodia Uji',
      partner_cost: 90000,
    });
    prodia = p.id;
    const pa = { code: 'LAB-PA', name: 'Patologi Anatomi', price: 400000 };
    rsud = (await mk({ ...pa, partner_id: rsUji, partner_cost: 250000 })).id;
    const own = await mk({ code: 'LAB-GDS', name: 'Gula Darah Sewaktu', price: 30000 });
    expect(own).toMatchObject({ partner_id: null, partner_type: null, partner_name: null, partner_cost: 0 });
    inHouse = own.id;
    // Clearing the partner (a PUT without it) makes the form in-house again.
    const r = await t.api(admin).put(`/api/master/laboratorium/${rsud}`, pa);
    expect(r.body.data).toMatchObject({ partner_id: null, partner_type: null, partner_name: null, partner_cost: 0 });
    const back = await t
      .api(admin)
      .put(`/api/master/laboratorium/${rsud}`, { ...pa, partner_id: rsUji, partner_cost: 250000 });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ partner_id: rsUji, partner_type: 'rumahsakit', partner_name: 'RSUD Uji' });
    labParty = labUji;
  });

  it('a paid bill owes each partner its cost on 2105 (Dr 5103); an in-house form owes nothing', async () => {
    const visit = await labVisit([
      { form_lab: prodia, qty: 2 },
      { form_lab: rsud, qty: 1 },
      { form_lab: inHouse, qty: 1 },
    ]);
    const pay = await t
      .api(admin)
      .post(
        '/api/kasir/payment',
        { visit, payments: [{ method: cash, amount: 730000 }] },
        { 'idempotency-key': 'lab-mitra-0001' },
      );
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect(await journalOf('kasir_payment', pay.body.data.id)).toEqual({
      '1101': [73000000, 0],
      '4104': [0, 73000000],
      '5103': [43000000, 0],
      '2105': [0, 43000000],
    });
    const items = await labItems();
    // Each item names its party of the master (the investor row), not a name only.
    expect(items.map((i) => [i.party_type, i.party_name, i.amount, i.status, i.source_type])).toEqual([
      ['laboratorium', 'Lab Prodia Uji', 18000000, 'open', 'kasir_payment'],
      ['rumahsakit', 'RSUD Uji', 25000000, 'open', 'kasir_payment'],
    ]);
    expect(Number(items[0].party_id)).toBe(labParty);
    // Finance sees them on the party pages' endpoints, by the party's id.
    const r = await t.api(finance).get(`/api/finance/hutang/items?party_type=laboratorium&party=${labParty}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([expect.objectContaining({ amount: 180000, outstanding: 180000, akun: '2105' })]);
    const ageing = await t.api(finance).get('/api/finance/hutang/ageing?party_type=rumahsakit');
    expect(ageing.body.data).toEqual([expect.objectContaining({ party_name: 'RSUD Uji', total: 250000 })]);
  });

  it('the till payment void cancels the items (stored-line reversal); the sub-ledger equals 2105', async () => {
    const visit = await labVisit([{ form_lab: prodia, qty: 1 }]);
    const pay = await t.api(admin).post('/api/kasir/payment', { visit, payments: [{ method: cash, amount: 150000 }] });
    expect(pay.status).toBe(201);
    const mine = (await labItems()).filter((i) => i.status === 'open' && i.amount === 9000000);
    expect(mine).toHaveLength(1);
    const req = await t.api(admin).post(`/api/kasir/payment/${pay.body.data.id}/void`, { reason: 'Salah pasien' });
    expect(req.status).toBe(202);
    const ok = await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect(await journalOf('kasir_void', pay.body.data.id)).toEqual({
      '1101': [0, 15000000],
      '4104': [15000000, 0],
      '5103': [0, 9000000],
      '2105': [9000000, 0],
    });
    expect((await labItems()).find((i) => i.id === mine[0].id)?.status).toBe('cancelled');
    const [row] = await queryRows<{ balance: string; items: string }>(
      t.db,
      sql`select
            (select coalesce(sum(d.credit - d.debit), 0) from jurnal_detail d join akun a on a.id = d.akun_id
              where a.code = '2105' and d.profile_id = ${branch})::text as balance,
            (select coalesce(sum(i.amount - i.paid), 0) from hutang_item i join akun a on a.id = i.akun_id
              where a.code = '2105' and i.profile_id = ${branch} and i.status <> 'cancelled')::text as items`,
    );
    expect(row.balance).toBe(row.items);
    expect(row.balance).toBe('43000000');
  });
});
