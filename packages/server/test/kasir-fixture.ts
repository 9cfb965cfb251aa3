/**
 * The cashier tests' shared clinic (issue 14): two branches, cashiers, a doctor and a patient, a treatment, a product
 * stocked in the pharmacy, an instalment package, the payment methods; and the helpers that make a package sale and
 * a visit with a finished record. Each test file builds its own: `const { t, admin, ... } = await kasirSuite()` at its
 * top (the clinic, its helpers, closed after the file).
 */
import { afterAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIn } from '@klinik/shared';
import { stockIn } from './stock-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { queryRows } from '../src/db/client.js';
import { financePeriode } from '../src/db/schema/index.js';
import { journalOf as journalIn } from './ledger-helpers.js';

export const today = todayIn('Asia/Jakarta');
export const TABLES = ['kasir_payment', 'kasir_payment_line', 'kasir_payment_tender', 'kasir_void', 'jurnal', 'applog'];

export interface KasirFixture {
  t: TestApp;
  branchA: number;
  branchB: number;
  admin: TestUser;
  admin2: TestUser;
  manager: TestUser;
  adminB: TestUser;
  perawat: TestUser;
  doctor: TestUser;
  patient: number;
  facialId: number;
  serumId: number;
  apotek: number;
  historyId: number;
  cash: number;
  transfer: number;
}

export async function kasirFixture(): Promise<KasirFixture> {
  const k = {} as KasirFixture;
  const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(k.t.db, q))[0];
  k.t = await createTestApp();
  k.branchA = await k.t.makeBranch({ name: 'Klinik Kasir Sentosa', address: 'Jl. Kasir No. 7', phone: '0227654321' });
  k.branchB = await k.t.makeBranch({ name: 'Cabang Kasir B' });
  k.admin = await k.t.makeUser('admin', { branchId: k.branchA, name: 'Rina Kasir' });
  k.admin2 = await k.t.makeUser('admin', { branchId: k.branchA, name: 'Dewi Kasir' });
  k.manager = await k.t.makeUser('manager', { branchId: k.branchA, name: 'Pak Manajer' });
  k.adminB = await k.t.makeUser('admin', { branchId: k.branchB });
  k.perawat = await k.t.makeUser('perawat', { branchId: k.branchA });
  k.doctor = await k.t.makeUser('dokter', { branchId: k.branchA, name: 'dr. Sinta' });
  k.patient = await k.t.makePatient(k.branchA, { name: 'Budi Santoso', username: 'RM02000001' });
  for (const b of [k.branchA, k.branchB])
    await k.t.db.insert(financePeriode).values({ profile_id: b, start_date: '2020-01-01', status: 0 });
  const mk = async (url: string, body: object) => {
    const r = await k.t.api(k.admin).post(url, body);
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  };
  k.facialId = await mk('/api/master/tindakanmedis', {
    code: 'TM-FAC',
    name: 'Facial',
    price: 500000,
    doctor_share: 100000,
  });
  k.serumId = await mk('/api/master/item', {
    code: 'IT-SER',
    name: 'Serum C',
    unit: 'botol',
    category: 'Skincare',
    selling_price: 250000,
  });
  const type = await mk('/api/paket/type', {
    name: 'Promo Kasir',
    type: 1,
    start_at: '2024-01-01',
    end_at: '2099-12-31',
  });
  k.historyId = await mk('/api/paket', {
    code: 'PKT-KSR',
    name: 'Paket Facial',
    paket_type_id: type,
    active_at: '2024-01-01',
    price: 3000000,
    description: '',
    installment_schema: 1,
    dp_amount: 600000,
    cicilan_amount: 800000,
    cicilan_attempt: 3,
    items: [{ type: 1, ref_id: k.facialId, free_slot: 6, expired_duration: 180 }],
  });
  const methods = await queryRows<{ id: number; type: string }>(
    k.t.db,
    sql`select id, type from payment_method order by id`,
  );
  k.cash = Number(methods.find((m) => m.type === 'tunai')!.id);
  k.transfer = Number(methods.find((m) => m.type === 'transfer')!.id);
  // The branch's pharmacy: products on a visit's bill and the general cashier's sales leave it.
  k.apotek = (
    await one<{ id: number }>(
      sql`insert into warehouse (profile_id, code, name, kind) values (${k.branchA}, 'AP', 'Apotek', 'apotek') returning id`,
    )
  ).id;
  await stockIn(k.t, k.manager, k.apotek, k.serumId, 100, 1_000_000_00);
  return k;
}

/** The helpers bound to one fixture. */
export function kasirHelpers(k: KasirFixture) {
  async function one<T>(q: ReturnType<typeof sql>): Promise<T> {
    return (await queryRows<T>(k.t.db, q))[0];
  }

  const journalOf = (sourceType: string, id: number) => journalIn(k.t.db, sourceType, id);

  async function register(customer: number) {
    const r = await k.t
      .api(k.admin)
      .post('/api/paket/membership', { customer, doctor: k.doctor.id, paket_history_id: k.historyId });
    expect(r.status).toBe(201);
    return r.body.data.id as number;
  }

  /** A visit with a finished record: one treatment (facial) and one product (serum x2), written as the EMR does. */
  async function finishedVisit(branch: number, customer: number, by: TestUser, doc: TestUser, withProduct = true) {
    const v = await k.t.api(by).post('/api/service/visit', { customer, doctor: doc.id, kind: 'konsultasi' });
    expect(v.status).toBe(201);
    const visitId = v.body.data.id as number;
    const rec = await one<{
      id: number;
    }>(sql`insert into rm_record (profile_id, visit_id, customer_id, doctor_id, visit_date, created_by)
      values (${branch}, ${visitId}, ${customer}, ${doc.id}, ${today}, ${doc.id}) returning id`);
    const entry = async (kind: string, cols: Record<string, number | string>) => {
      const e = await one<{
        id: number;
      }>(sql`insert into rm_entry (profile_id, record_id, visit_id, customer_id, kind, created_by)
        values (${branch}, ${rec.id}, ${visitId}, ${customer}, ${kind}, ${doc.id}) returning id`);
      const names = Object.keys(cols);
      await k.t.db.execute(
        sql`insert into rm_entry_version (profile_id, entry_id, kind, version, action, created_by, ${sql.raw(names.join(', '))})
          values (${branch}, ${e.id}, ${kind}, 1, 'create', ${doc.id}, ${sql.join(
            names.map((k) => sql`${cols[k]}`),
            sql`, `,
          )})`,
      );
      return e.id;
    };
    const treatment = await entry('treatment', {
      perawatan_id: k.facialId,
      doctor_id: doc.id,
      qty: 1,
      price: 50000000,
      doctor_share: 10000000,
    });
    const product = withProduct ? await entry('produk', { item_id: k.serumId, qty: 2, price: 25000000 }) : 0;
    await k.t.db.execute(
      sql`update rm_record set status = 'finished', finished_at = now(), finished_by = ${doc.id} where id = ${rec.id}`,
    );
    return { visitId, treatment, product };
  }
  return { one, journalOf, register, finishedVisit };
}

/** What the 'cash sessions' test leaves: the two cashiers of branch A and the one of branch B with an open till. */
export async function openSessions(k: KasirFixture) {
  for (const [user, float] of [
    [k.admin, 500000],
    [k.admin2, 100000],
    [k.adminB, 0],
  ] as const)
    expect((await k.t.api(user).post('/api/kasir/session', { opening_float: float })).status).toBe(201);
}

/**
 * A test file's cashier clinic with its helpers, built when the file is loaded (top-level await: the names are plain
 * constants for the tests) and closed after its last test; `openSessions` opens the cashiers' tills as well.
 */
export async function kasirSuite(opts: { openSessions?: boolean } = {}) {
  const k = await kasirFixture();
  afterAll(() => k.t.close());
  if (opts.openSessions) await openSessions(k);
  return { ...k, ...kasirHelpers(k) };
}
