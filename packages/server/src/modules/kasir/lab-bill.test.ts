import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { journalOf as journalIn } from '../../../test/ledger-helpers.js';

// Lab forms on the bill of a visit: ordered in the record (the 'Form Lab' section), billed at the price of the
// visit as kind 'lab', covered by an unexpired package slot of type 3 for that form (Rp 0) unless use_paket is
// false; paying uses the slot, a void gives it back; revenue on 4104 Pendapatan Laboratorium, no PPN (a medical
// service) even when the clinic is a PKP; the journal balances.
let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let manager: TestUser;
let adminB: TestUser;
let dokter: TestUser;
let patient: number;
let member: number;
let darah: number;
let urin: number;
let cash: number;

async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(t.db, q))[0];
}

const journalOf = (sourceType: string, id: number) => journalIn(t.db, sourceType, id);

/** A visit whose record orders these lab forms (through the record's API) and is finished by the doctor. */
async function labVisit(customer: number, labs: { form_lab: number; qty: number }[]) {
  const v = await t.api(manager).post('/api/service/visit', { customer, doctor: dokter.id, kind: 'konsultasi' });
  expect(v.status).toBe(201);
  const visit = v.body.data.id as number;
  const entries: number[] = [];
  for (const l of labs) {
    const r = await t.api(dokter).post(`/api/rekammedis/visit/${visit}/lab`, l);
    expect(r.status).toBe(201);
    entries.push(r.body.data.id as number);
  }
  expect((await t.api(dokter).post(`/api/rekammedis/visit/${visit}/finish`, {})).status).toBe(200);
  return { visit, entries };
}

const slotUsed = async () =>
  Number(
    (
      await one<{ used_slot: number }>(
        sql`select s.used_slot from paket_membership_slot s join paket_membership m on m.id = s.membership_id
            where m.customer_id = ${member} and s.type = 3`,
      )
    ).used_slot,
  );

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Klinik Lab Kasir' });
  branchB = await t.makeBranch({ name: 'Cabang Lab B' });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Rani Kasir' });
  manager = await t.makeUser('manager', { branchId: branchA });
  adminB = await t.makeUser('admin', { branchId: branchB });
  dokter = await t.makeUser('dokter', { branchId: branchA, name: 'dr. Hana' });
  patient = await t.makePatient(branchA, { name: 'Tono Lab' });
  member = await t.makePatient(branchA, { name: 'Maya Member Lab' });
  for (const b of [branchA, branchB])
    await t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const mk = async (url: string, body: object) => {
    const r = await t.api(admin).post(url, body);
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };
  darah = await mk('/api/master/laboratorium', { code: 'LAB-DL', name: 'Darah Lengkap', price: 125000 });
  urin = await mk('/api/master/laboratorium', { code: 'LAB-UR', name: 'Urinalisis', price: 80000 });
  const type = await mk('/api/paket/type', {
    name: 'Promo Lab',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  const history = await mk('/api/paket', {
    code: 'PKT-LAB',
    name: 'Paket Cek Darah',
    paket_type_id: type,
    active_at: '2024-01-01',
    price: 100000,
    description: '',
    installment_schema: 0,
    items: [{ type: 3, ref_id: darah, free_slot: 1, expired_duration: 180 }],
  });
  const reg = await t
    .api(admin)
    .post('/api/paket/membership', { customer: member, doctor: dokter.id, paket_history_id: history });
  expect(reg.status).toBe(201);
  const methods = await queryRows<{ id: number; type: string }>(t.db, sql`select id, type from payment_method`);
  cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  // The clinic is a PKP with PPN 12% in the tax settings: lab forms stay exempt all the same.
  const ppn = await one<{ rate_bp: number; status: number }>(sql`select rate_bp, status from pajak where code = 'PPN'`);
  expect([Number(ppn.rate_bp), Number(ppn.status)]).toEqual([1200, 1]);
  const pkp = await t.api(manager).put('/api/kasir/setting', { is_pkp: true, discount_limit_percent: 10 });
  expect(pkp.status).toBe(200);
  expect((await t.api(admin).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
});
afterAll(() => t?.close());

describe('lab forms on the bill', () => {
  it('bills the lab forms of the record at the price of the visit, without PPN; another branch gets 404', async () => {
    const { visit, entries } = await labVisit(patient, [
      { form_lab: darah, qty: 1 },
      { form_lab: urin, qty: 2 },
    ]);
    // The master's price changes after the visit: the bill keeps the visit's.
    expect(
      (await t.api(admin).put(`/api/master/laboratorium/${urin}`, { code: 'LAB-UR', name: 'Urinalisis', price: 90000 }))
        .status,
    ).toBe(200);
    const r = await t.api(admin).get(`/api/kasir/bill/${visit}`);
    expect(r.status).toBe(200);
    expect(r.body.data.lines).toEqual([
      expect.objectContaining({
        kind: 'lab',
        ref: entries[0],
        name: 'Darah Lengkap',
        qty: 1,
        price: 125000,
        tax: 0,
        total: 125000,
        covered_by_paket: null,
      }),
      expect.objectContaining({ kind: 'lab', ref: entries[1], name: 'Urinalisis', qty: 2, price: 80000, tax: 0 }),
    ]);
    expect(r.body.data).toMatchObject({ subtotal: 285000, tax: 0, total: 285000 });
    expect((await t.api(adminB).get(`/api/kasir/bill/${visit}`)).status).toBe(404);
    expect(
      (await t.api(admin).put(`/api/master/laboratorium/${urin}`, { code: 'LAB-UR', name: 'Urinalisis', price: 80000 }))
        .status,
    ).toBe(200);
  });

  it('covers a lab form with the patient package slot of type 3 (Rp 0), or not when use_paket is false', async () => {
    const { visit } = await labVisit(member, [
      { form_lab: darah, qty: 1 },
      { form_lab: urin, qty: 1 },
    ]);
    const r = await t.api(admin).get(`/api/kasir/bill/${visit}`);
    const [d, u] = r.body.data.lines;
    expect(d).toMatchObject({ kind: 'lab', name: 'Darah Lengkap', price: 125000, total: 0 });
    expect(d.covered_by_paket).toBeGreaterThan(0);
    expect(d.covered_label).toContain('Paket');
    // No slot of the package for this form.
    expect(u).toMatchObject({ kind: 'lab', name: 'Urinalisis', total: 80000, covered_by_paket: null });
    expect(r.body.data.total).toBe(80000);
    const off = await t.api(admin).get(`/api/kasir/bill/${visit}?use_paket=false`);
    expect(off.body.data.lines.map((l: { covered_by_paket: number | null }) => l.covered_by_paket)).toEqual([
      null,
      null,
    ]);
    expect(off.body.data.total).toBe(205000);
  });

  it('paying uses the slot and posts lab revenue (4104) without PPN; a void gives the slot back', async () => {
    const { visit } = await labVisit(member, [{ form_lab: darah, qty: 1 }]);
    const bill = await t.api(admin).get(`/api/kasir/bill/${visit}`);
    expect(bill.body.data.total).toBe(0);
    // A second visit orders the same form (and one more); paid first, it takes the only slot.
    const other = await labVisit(member, [
      { form_lab: darah, qty: 1 },
      { form_lab: urin, qty: 1 },
    ]);
    expect(await slotUsed()).toBe(0);
    const pay = await t
      .api(admin)
      .post(
        '/api/kasir/payment',
        { visit: other.visit, payments: [{ method: cash, amount: 100000 }] },
        { 'idempotency-key': 'lab-pay-0001' },
      );
    expect(pay.status).toBe(201);
    expect(pay.body.data).toMatchObject({ total: 80000, paid: 80000, change: 20000 });
    expect(await slotUsed()).toBe(1);
    // The covered line posts no revenue (the package's revenue was deferred at its sale); no PPN on a lab form.
    expect(await journalOf('kasir_payment', pay.body.data.id)).toEqual({
      '1101': [8000000, 0],
      '4104': [0, 8000000],
    });
    const lines = await queryRows<{ kind: string; covered_by_paket: number | null; tax: string }>(
      t.db,
      sql`select kind, covered_by_paket, tax::text from kasir_payment_line where payment_id = ${pay.body.data.id} order by id`,
    );
    expect(lines.map((l) => [l.kind, l.covered_by_paket !== null, Number(l.tax)])).toEqual([
      ['lab', true, 0],
      ['lab', false, 0],
    ]);
    // The slot is used up: the first visit's lab form is billed now.
    const now = await t.api(admin).get(`/api/kasir/bill/${visit}`);
    expect(now.body.data.lines[0]).toMatchObject({ covered_by_paket: null, total: 125000 });
    // The void (through approval) reverses the journal and returns the slot.
    const req = await t.api(admin).post(`/api/kasir/payment/${pay.body.data.id}/void`, { reason: 'Salah pasien' });
    expect(req.status).toBe(202);
    expect(await slotUsed()).toBe(1);
    const ok = await t.api(manager).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect(await slotUsed()).toBe(0);
    expect(await journalOf('kasir_void', pay.body.data.id)).toEqual({
      '1101': [0, 8000000],
      '4104': [8000000, 0],
    });
    expect((await t.api(admin).get(`/api/kasir/bill/${visit}`)).body.data.total).toBe(0);
  });

  it('with use_paket false the lab form is paid in full and the slot stays free', async () => {
    const { visit } = await labVisit(member, [{ form_lab: darah, qty: 1 }]);
    const pay = await t
      .api(admin)
      .post('/api/kasir/payment', { visit, use_paket: false, payments: [{ method: cash, amount: 125000 }] });
    expect(pay.status).toBe(201);
    expect(pay.body.data).toMatchObject({ total: 125000, paid: 125000, change: 0 });
    expect(await slotUsed()).toBe(0);
    expect(await journalOf('kasir_payment', pay.body.data.id)).toEqual({
      '1101': [12500000, 0],
      '4104': [0, 12500000],
    });
  });

  it('keeps the ledger balanced', async () => {
    const rows = await queryRows<{ d: string; c: string }>(
      t.db,
      sql`select sum(debit)::text as d, sum(credit)::text as c from jurnal_detail`,
    );
    expect(rows[0].d).toBe(rows[0].c);
  });
});
