/**
 * A package-covered treatment's doctor fee (issue 29 item 2): payable pro rata to what the registration has received
 * of its price when the visit is paid, the rest released as instalments come in (each booked to Hutang Dokter with
 * its own journal), taken back when an instalment is voided, and all of it taken back when the visit payment is
 * voided. At every step the payables sub-ledger of the doctor equals what the fee lines say is owed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
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

let t: TestApp;
let A: Clinic;
let fin: TestUser;
let doc: TestUser;
let patient: number;
let facial: number;
let membership: number;
let visitPayment: number;

async function line() {
  const [l] = await queryRows<{ status: string; share: string; payable: string }>(
    t.db,
    sql`select status, share::text, payable::text from sharing_line where doctor_id = ${doc.id} and share > 0`,
  );
  return l;
}

async function instalment(amount: number) {
  const r = await t
    .api(A.admin)
    .post('/api/kasir/cicilan', { membership, amount, payments: [{ method: A.cash, amount }] });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as number;
}

async function consistent() {
  expect(await doctorPayable(t, A.branch, doc.id)).toBe(await linesOwed(t, A.branch, doc.id));
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-03-15T03:00:00Z');
  A = await clinic(t, 'Klinik Paket Sharing');
  fin = await t.makeUser('finance', { branchId: A.branch });
  doc = await t.makeUser('dokter', { branchId: A.branch, name: 'dr. Paket' });
  patient = await t.makePatient(A.branch, { name: 'Nina Paket', username: 'RM02900101' });
  facial = await created(t, A.admin, '/api/master/tindakanmedis', {
    code: 'TM-PF',
    name: 'Facial Paket',
    price: 500000,
    doctor_share: 0,
  });
  const type = await created(t, A.admin, '/api/paket/type', {
    name: 'Promo Sharing',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  const history = await created(t, A.admin, '/api/paket', {
    code: 'PKT-SH',
    name: 'Paket Facial Sharing',
    paket_type_id: type,
    active_at: '2024-01-01',
    price: 3000000,
    description: '',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [{ type: 1, ref_id: facial, free_slot: 6, expired_duration: 180 }],
  });
  membership = await created(t, A.admin, '/api/paket/membership', {
    customer: patient,
    doctor: doc.id,
    paket_history_id: history,
  });
  const r = await t.api(fin).post('/api/finance/sharing/rules', {
    doctor: doc.id,
    perawatan: facial,
    kind: 'percent',
    value: 50,
    effective_from: '2026-01-01',
  });
  expect(r.status).toBe(201);
});
afterAll(() => t.close());

describe('a package-covered treatment', () => {
  it('is payable pro rata to the down payment when the visit is paid; the rest waits', async () => {
    await instalment(600000);
    const v = await finishedVisit(t, A, patient, doc, { perawatan: facial, price: 50000000 });
    const r = await t.api(A.admin).post('/api/kasir/payment', { visit: v, payments: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    visitPayment = r.body.data.id as number;
    // 50% of 500.000 = 250.000; the package received 600.000 of 3.000.000 (20%): 50.000 payable now.
    expect(await line()).toEqual({ status: 'waiting', share: '25000000', payable: '5000000' });
    expect(await journalOf(t.db, 'kasir_payment', visitPayment)).toEqual({
      '6102': [5000000, 0],
      '2102': [0, 5000000],
    });
    await consistent();
  });

  it('releases the newly payable part with each instalment, and takes it back when the instalment is voided', async () => {
    const p = await instalment(800000);
    // 1.400.000 of 3.000.000: floor(250.000 x 14/30) = 116.666,66 payable, 66.666,66 released now.
    expect(await line()).toMatchObject({ status: 'waiting', payable: '11666666' });
    expect(await journalOf(t.db, 'sharing_release', p)).toEqual({ '6102': [6666666, 0], '2102': [0, 6666666] });
    await consistent();
    await voidPayment(t, A, p);
    expect(await line()).toMatchObject({ status: 'waiting', payable: '5000000' });
    expect(await journalOf(t.db, 'sharing_release_void', p)).toEqual({ '6102': [0, 6666666], '2102': [6666666, 0] });
    await consistent();
  });

  it('becomes wholly payable when the package is paid off', async () => {
    await instalment(2400000);
    expect(await line()).toEqual({ status: 'payable', share: '25000000', payable: '25000000' });
    await consistent();
  });

  it('a void of the visit payment cancels the line with everything instalments released for it', async () => {
    await voidPayment(t, A, visitPayment, 'Tindakan batal');
    expect(await line()).toMatchObject({ status: 'cancelled' });
    expect(await journalOf(t.db, 'sharing_release_cancel', visitPayment)).toEqual({
      '2102': [20000000, 0],
      '6102': [0, 20000000],
    });
    expect(await doctorPayable(t, A.branch, doc.id)).toBe(0);
    await consistent();
  });
});
