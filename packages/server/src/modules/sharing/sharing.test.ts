/**
 * Doctor fee sharing through REST (issue 29 items 1 and 2): rules of every specificity resolved on chosen dates
 * (and a gap), an overlapping rule refused with nothing written, a used rule continued as a new version, bad input
 * 400, roles and branches; a till payment making fee lines whose shares are the journal's Hutang Dokter; a void
 * before the payout (cancelled) and after it (clawed back, never refused); a package-covered treatment payable pro
 * rata to the package's instalments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { journalOf } from '../../../test/ledger-helpers.js';
import {
  clinic,
  created,
  doctorPayable,
  finishedVisit,
  linesOwed,
  voidPayment,
  type Clinic,
} from '../../../test/sharing-helpers.js';
import { queryRows } from '../../db/client.js';
import { markSharingLinesPaid } from './index.js';

let t: TestApp;
let A: Clinic;
let B: Clinic;
let fin: TestUser;
let finB: TestUser;
let owner: TestUser;
let doc1: TestUser;
let doc2: TestUser;
let patient: number;
let facial: number;
let peel: number;
let laser: number;
let facialB: number;
const rule: Record<string, number> = {};
const RULES = ['sharing_rule', 'sharing_line', 'audit_log'];

const post = (u: TestUser, body: object) => t.api(u).post('/api/finance/sharing/rules', body);
const resolve = (u: TestUser, doctor: number, perawatan: number, date: string) =>
  t.api(u).get(`/api/finance/sharing/rules/resolve?doctor=${doctor}&perawatan=${perawatan}&date=${date}`);

async function linesOf(paymentId: number) {
  return queryRows<{ id: number; status: string; share: string; payable: string; clawback_of: number | null }>(
    t.db,
    sql`select id, status, share::text, payable::text, clawback_of from sharing_line where payment_id = ${paymentId} order by id`,
  );
}

async function pay(visit: number, amount: number, extra: object = {}) {
  const r = await t
    .api(A.admin)
    .post('/api/kasir/payment', { visit, payments: [{ method: A.cash, amount }], ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-15T03:00:00Z');
  A = await clinic(t, 'Klinik Sharing A');
  B = await clinic(t, 'Klinik Sharing B');
  fin = await t.makeUser('finance', { branchId: A.branch, name: 'Fina Keuangan' });
  finB = await t.makeUser('finance', { branchId: B.branch });
  owner = await t.makeUser('manager', { branchId: A.branch, toplevel: 'owner', name: 'Pemilik' });
  doc1 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Satu' });
  doc2 = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Dua' });
  patient = await t.makePatient(A.branch, { name: 'Sari Pasien', username: 'RM02900001' });
  const tm = (c: Clinic, code: string, price: number) =>
    created(t, c.admin, '/api/master/tindakanmedis', { code, name: code, price, doctor_share: 0 });
  facial = await tm(A, 'Facial', 500000);
  peel = await tm(A, 'Peeling', 300000);
  laser = await tm(A, 'Laser', 1000000);
  facialB = await tm(B, 'FacialB', 500000);
});
afterAll(() => t.close());

describe('sharing rules', () => {
  it('creates rules of every specificity; only the owner makes an every-branch rule', async () => {
    const general = { kind: 'percent', value: 10, effective_from: '2020-01-01' };
    const refused = await post(fin, general);
    expect(refused.status).toBe(400);
    expect(refused.body[0]).toMatchObject({ field: 'branch' });
    const mk = async (u: TestUser, body: object) => {
      const r = await post(u, body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data;
    };
    rule.general = (await mk(owner, general)).id;
    rule.branch = (await mk(fin, { ...general, value: 15, branch: A.branch, effective_to: '2026-03-31' })).id;
    const tr = await mk(fin, { perawatan: facial, kind: 'amount', value: 80000, effective_from: '2026-01-01' });
    expect(tr).toMatchObject({ branch: { id: A.branch }, perawatan: { id: facial }, value: 80000, specificity: 3 });
    rule.treatment = tr.id;
    rule.doctor = (
      await mk(fin, { doctor: doc1.id, branch: A.branch, kind: 'percent', value: 40, effective_from: '2026-02-01' })
    ).id;
    const both = await mk(fin, {
      doctor: doc1.id,
      perawatan: facial,
      kind: 'percent',
      value: 50,
      basis: 'after_discount',
      min_fee: 150000,
      effective_from: '2026-03-01',
      effective_to: '2026-03-31',
    });
    expect(both).toMatchObject({ value: 50, min_fee: 150000, basis: 'after_discount', specificity: 7 });
    rule.both = both.id;
  });

  it('resolves the most specific rule in force on each date, and says why', async () => {
    const cases: [TestUser, number, string, string | null][] = [
      [doc1, facial, '2026-03-15', 'both'],
      [doc1, facial, '2026-04-15', 'doctor'],
      [doc1, facial, '2026-01-15', 'treatment'],
      [doc2, facial, '2026-03-15', 'treatment'],
      [doc2, peel, '2026-02-15', 'branch'],
      [doc2, peel, '2026-05-01', 'general'],
      [doc2, peel, '2019-06-01', null],
    ];
    for (const [doc, tr, date, want] of cases) {
      const r = await resolve(fin, doc.id, tr, date);
      expect(r.status).toBe(200);
      expect(r.body.data.rule?.id ?? null, `${doc.username} ${tr} ${date}`).toBe(want ? rule[want] : null);
      if (want) {
        expect(r.body.data.reason).toContain(`#${rule[want]}`);
        expect(r.body.data.candidates.filter((c: { chosen: boolean }) => c.chosen)).toHaveLength(1);
      } else expect(r.body.data.candidates).toEqual([]);
    }
    const all = await resolve(fin, doc1.id, facial, '2026-03-15');
    expect(all.body.data.candidates.map((c: { rule: { id: number } }) => c.rule.id)).toEqual([
      rule.both,
      rule.doctor,
      rule.treatment,
      rule.branch,
      rule.general,
    ]);
  });

  it('refuses an overlapping rule of the same doctor, treatment and branch (409, nothing written)', async () => {
    const before = await countRows(t.db, ...RULES);
    const r = await post(fin, {
      doctor: doc1.id,
      perawatan: facial,
      kind: 'amount',
      value: 1,
      effective_from: '2026-03-31',
    });
    expect(r.status).toBe(409);
    expect(r.body[0].message).toContain('Sudah ada aturan');
    expect(await countRows(t.db, ...RULES)).toEqual(before);
    // The day after it ends is free.
    const next = await post(fin, {
      doctor: doc1.id,
      perawatan: facial,
      kind: 'amount',
      value: 1,
      effective_from: '2026-04-01',
      effective_to: '2026-04-01',
    });
    expect(next.status).toBe(201);
  });

  it('answers 400 on bad input, 403 to other roles and 404 for another branch, nothing written', async () => {
    const before = await countRows(t.db, ...RULES);
    const bad: [object, string][] = [
      [{ kind: 'percent', value: 120, branch: A.branch, effective_from: '2026-01-01' }, 'value'],
      [{ kind: 'amount', value: -5, branch: A.branch, effective_from: '2026-01-01' }, 'value'],
      [{ kind: 'bagi', value: 5, branch: A.branch, effective_from: '2026-01-01' }, 'kind'],
      [{ kind: 'amount', value: 5, branch: A.branch, effective_from: '2026-02-30' }, 'effective_from'],
      [
        { kind: 'amount', value: 5, branch: A.branch, effective_from: '2026-02-01', effective_to: '2026-01-01' },
        'effective_to',
      ],
      [{ kind: 'amount', value: 5, perawatan: facialB, effective_from: '2026-01-01' }, 'perawatan'],
      [{ kind: 'amount', value: 5, doctor: A.admin.id, branch: A.branch, effective_from: '2026-01-01' }, 'doctor'],
    ];
    for (const [body, field] of bad) {
      const r = await post(fin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(
        r.body.some((e: { field: string }) => e.field === field),
        JSON.stringify(r.body),
      ).toBe(true);
    }
    const ok = { kind: 'amount', value: 5, branch: A.branch, effective_from: '2027-01-01' };
    expect((await post(A.admin, ok)).status).toBe(403);
    expect((await post(doc1, ok)).status).toBe(403);
    expect((await t.api(doc1).get('/api/finance/sharing/rules')).status).toBe(403);
    expect((await t.api(finB).put(`/api/finance/sharing/rules/${rule.treatment}`, ok)).status).toBe(404);
    expect((await resolve(finB, doc1.id, facial, '2026-03-15')).status).toBe(400);
    // An every-branch rule is read by all, changed only by the owner.
    expect((await t.api(fin).put(`/api/finance/sharing/rules/${rule.general}`, ok)).status).toBe(403);
    expect(await countRows(t.db, ...RULES)).toEqual(before);
    const listB = await t.api(finB).get('/api/finance/sharing/rules');
    expect(listB.body.data.map((r: { id: number }) => r.id)).toEqual([rule.general]);
  });
});

describe('fee lines at the till', () => {
  let payment: number;

  it('makes a fee line per treatment at the rule of the visit date; the journal books exactly the lines', async () => {
    const v = await finishedVisit(t, A, patient, doc1, { perawatan: facial, price: 50000000 });
    const entry = await queryRows<{ id: number }>(t.db, sql`select id from rm_entry where visit_id = ${v}`);
    payment = await pay(v, 480000, {
      line_discounts: [{ kind: 'treatment', ref: Number(entry[0].id), amount: 20000 }],
    });
    // Rule 'both': 50% of the price after discount (480.000) = 240.000, above the minimum 150.000.
    const [line] = await linesOf(payment);
    expect(line).toMatchObject({ status: 'payable', share: '24000000', payable: '24000000' });
    expect(await journalOf(t.db, 'kasir_payment', payment)).toMatchObject({
      '6102': [24000000, 0],
      '2102': [0, 24000000],
    });
    expect(await doctorPayable(t, A.branch, doc1.id)).toBe(await linesOwed(t, A.branch, doc1.id));
    const r = await t.api(fin).get(`/api/finance/sharing/lines?doctor=${doc1.id}&from=2026-03-01&to=2026-03-31`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      expect.objectContaining({
        visit: v,
        payment,
        perawatan: facial,
        doctor: doc1.id,
        rule: rule.both,
        basis: 'after_discount',
        basis_amount: 480000,
        share: 240000,
        tax_base: 240000,
        status: 'payable',
        run: null,
      }),
    ]);
  });

  it('lets a doctor read only their own lines; another branch sees none', async () => {
    const own = await t.api(doc1).get('/api/finance/sharing/lines');
    expect(own.status).toBe(200);
    expect(own.body.data.map((l: { payment: number }) => l.payment)).toContain(payment);
    expect((await t.api(doc2).get(`/api/finance/sharing/lines?doctor=${doc1.id}`)).status).toBe(403);
    expect((await t.api(doc2).get('/api/finance/sharing/lines')).body.data).toEqual([]);
    expect((await t.api(finB).get('/api/finance/sharing/lines')).body.data).toEqual([]);
    expect((await t.api(A.admin).get('/api/finance/sharing/lines')).status).toBe(403);
    expect((await t.api(fin).get('/api/finance/sharing/lines?status=lunas')).status).toBe(400);
  });

  it('a used rule is never rewritten: a change of terms closes it and continues it as a new version', async () => {
    const body = {
      doctor: doc1.id,
      perawatan: facial,
      kind: 'percent',
      value: 60,
      basis: 'after_discount',
      effective_from: '2026-03-01',
      effective_to: '2026-03-31',
    };
    const same = await t.api(fin).put(`/api/finance/sharing/rules/${rule.both}`, body);
    expect(same.status).toBe(400);
    expect(same.body[0].field).toBe('effective_from');
    const r = await t
      .api(fin)
      .put(`/api/finance/sharing/rules/${rule.both}`, { ...body, effective_from: '2026-03-20' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ replaces_id: rule.both, value: 60, effective_from: '2026-03-20' });
    const old = await t
      .api(fin)
      .get(`/api/finance/sharing/rules?doctor=${doc1.id}&perawatan=${facial}&date=2026-03-19`);
    expect(old.body.data.find((x: { id: number }) => x.id === rule.both)).toMatchObject({
      value: 50,
      effective_to: '2026-03-19',
      used: 1,
    });
    // The line keeps its copy.
    expect((await linesOf(payment))[0]).toMatchObject({ share: '24000000' });
  });

  it('a void before the payout cancels the line and its payable', async () => {
    await voidPayment(t, A, payment);
    expect((await linesOf(payment))[0]).toMatchObject({ status: 'cancelled' });
    expect(await doctorPayable(t, A.branch, doc1.id)).toBe(0);
    expect(await linesOwed(t, A.branch, doc1.id)).toBe(0);
  });

  it('a void after the payout is not refused: the line is clawed back by a negative line', async () => {
    const v = await finishedVisit(t, A, patient, doc2, { perawatan: laser, price: 100000000 });
    const id = await pay(v, 1000000);
    // doc2, laser, 2026-03-15: the branch rule, 15% of the list price.
    const [line] = await linesOf(id);
    expect(line).toMatchObject({ status: 'payable', share: '15000000' });
    // The doctor is paid through the payables (the run of a later issue does the same), and the line marked paid.
    const [item] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from hutang_item where party_type = 'doctor' and party_id = ${doc2.id} and status = 'open'`,
    );
    const bank = await queryRows<{ id: number }>(t.db, sql`select id from payment_method where type = 'tunai' limit 1`);
    const paid = await t.api(fin).post('/api/finance/hutang/payments', {
      party_type: 'doctor',
      party: doc2.id,
      method: Number(bank[0].id),
      date: '2026-03-15',
      allocations: [{ item: Number(item.id), amount: 150000 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await markSharingLinesPaid(t.db, [line.id], null);
    expect(await doctorPayable(t, A.branch, doc2.id)).toBe(0);
    await voidPayment(t, A, id, 'Pasien minta refund');
    const after = await linesOf(id);
    expect(after).toEqual([
      expect.objectContaining({ id: line.id, status: 'clawed_back' }),
      expect.objectContaining({ status: 'payable', share: '-15000000', clawback_of: line.id }),
    ]);
    // The doctor owes the fee back: a debit note in the payables, the negative line for the next run.
    expect(await doctorPayable(t, A.branch, doc2.id)).toBe(-15000000);
    expect(await linesOwed(t, A.branch, doc2.id)).toBe(-15000000);
  });

  it('applies the minimum fee per line and copies the patient-paid tax base', async () => {
    // doc1's facial on 2026-03-15: 50% after discount of 200.000 = 100.000, below the rule's minimum 150.000.
    const v = await finishedVisit(t, A, patient, doc1, { perawatan: facial, price: 20000000 });
    const id = await pay(v, 200000);
    expect((await linesOf(id))[0]).toMatchObject({ status: 'payable', share: '15000000' });
    // doc2's own peeling rule: 80% of the list price, taxed on the fee the patient paid (the basis).
    const p = await t.api(fin).post('/api/finance/sharing/rules', {
      doctor: doc2.id,
      perawatan: peel,
      kind: 'percent',
      value: 80,
      tax_base: 'patient_fee',
      effective_from: '2026-03-01',
    });
    expect(p.status).toBe(201);
    const v2 = await finishedVisit(t, A, patient, doc2, { perawatan: peel, price: 30000000 });
    const id2 = await pay(v2, 300000);
    const r = await t.api(fin).get(`/api/finance/sharing/lines?doctor=${doc2.id}&status=payable`);
    expect(r.body.data.find((l: { payment: number }) => l.payment === id2)).toMatchObject({
      basis: 'list_price',
      basis_amount: 300000,
      share: 240000,
      tax_base: 300000,
    });
    for (const d of [doc1, doc2])
      expect(await doctorPayable(t, A.branch, d.id)).toBe(await linesOwed(t, A.branch, d.id));
  });

  it('a bill paid in part makes its fee payable pro rata; a settlement releases the rest, its void takes it back', async () => {
    // doc1's laser on 2026-03-15: doc1's own rule, 40% of the list price 1.000.000 = 400.000.
    const v = await finishedVisit(t, A, patient, doc1, { perawatan: laser, price: 100000000 });
    const r = await t
      .api(A.admin)
      .post('/api/kasir/payment', { visit: v, payments: [{ method: A.cash, amount: 250000 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = r.body.data.id as number;
    expect((await linesOf(id))[0]).toMatchObject({ status: 'waiting', share: '40000000', payable: '10000000' });
    expect(await journalOf(t.db, 'kasir_payment', id)).toMatchObject({ '2102': [0, 10000000] });
    const s = await t
      .api(A.admin)
      .post(`/api/kasir/payment/${id}/settle`, { payments: [{ method: A.cash, amount: 750000 }] });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const settlement = s.body.data.id as number;
    expect((await linesOf(id))[0]).toMatchObject({ status: 'payable', payable: '40000000' });
    expect(await journalOf(t.db, 'sharing_release', settlement)).toEqual({
      '6102': [30000000, 0],
      '2102': [0, 30000000],
    });
    expect(await doctorPayable(t, A.branch, doc1.id)).toBe(await linesOwed(t, A.branch, doc1.id));
    await voidPayment(t, A, settlement, 'Pelunasan salah');
    expect((await linesOf(id))[0]).toMatchObject({ status: 'waiting', payable: '10000000' });
    expect(await doctorPayable(t, A.branch, doc1.id)).toBe(await linesOwed(t, A.branch, doc1.id));
  });
});
