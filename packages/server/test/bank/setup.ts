/** The bank test's fixtures: a branch made through REST as a new user would. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

import { type BankOptions } from '../bank.js';
import { Server, User, Stats } from './server.js';

// ------------------------------------------------------------------------------------------ setup

export interface BranchFixture {
  id: number;
  name: string;
  cashiers: User[];
  /** Approves the voids the first cashier asks for. */
  approver: User;
  apotek: number;
  items: { id: number; price: number }[];
  memberships: number[];
  visits: number[];
  methods: { cash: number; qris: number; debit: number; transfer: number };
}

export async function one<T>(c: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  return (await c.query(text, values)).rows[0] as T;
}

export const key = (tag: string) => `bank-${tag}-${randomBytes(9).toString('base64url')}`;

export async function setupBranch(
  db: pg.Client,
  server: Server,
  stats: Stats,
  o: BankOptions,
  names: { cashiers: string[]; approver: string; doctor: string; finance: string; buyer: string },
  today: string,
): Promise<BranchFixture> {
  const users = new Map<string, User>();
  const user = async (name: string) => {
    let u = users.get(name);
    if (!u) {
      u = new User(name, server, stats);
      await u.login();
      users.set(name, u);
    }
    return u;
  };
  const cashiers = await Promise.all(names.cashiers.map(user));
  const [approver, doctor, finance, buyer] = await Promise.all(
    [names.approver, names.doctor, names.finance, names.buyer].map(user),
  );
  const branch = cashiers[0].branch;
  const b = await one<{ name: string }>(db, 'select name from profile where id = $1', [branch]);

  // An active period (Bandung has none in the demo), opened by the branch's finance officer.
  const periods = await finance.must('GET', '/api/finance/periode');
  const list = (periods.data ?? periods) as { status: number }[];
  if (!list.some((p) => p.status === 0))
    await finance.must('POST', '/api/finance/periode', { start_date: `${today.slice(0, 8)}01` }, [201]);

  const warehouses = (await cashiers[0].must('GET', '/api/kasir/warehouse')).data as { id: number; kind: string }[];
  const apotek = warehouses.find((w) => w.kind === 'apotek')!.id;
  const methods = (await cashiers[0].must('GET', '/api/kasir/method')).data as { id: number; type: string }[];
  const m = (type: string) => methods.find((x) => x.type === type)!.id;

  // Stock: 400 of each skincare item and 200 of two medicines, bought from a vendor and received into the pharmacy.
  const items = (
    await db.query<{ id: number; code: string; selling_price: string; track_batch: boolean }>(
      `select id, code, selling_price::text, track_batch from item where profile_id = $1 and status = 1
         and code in ('IT-SUN50','IT-SERC','IT-MOIST','IT-ACNE','OB-PCT500','OB-CTZ10') order by id`,
      [branch],
    )
  ).rows;
  const vendor = await one<{ id: number }>(db, 'select id from vendor where profile_id = $1 order by id limit 1', [
    branch,
  ]);
  const lines = items.map((it) => ({
    item: it.id,
    qty: it.code.startsWith('OB') ? 200 : 400,
    price: Math.round(Number(it.selling_price) / 100 / 2),
  }));
  const po = await buyer.must(
    'POST',
    '/api/inventory/purchase',
    { vendor: vendor.id, warehouse: apotek, items: lines },
    [201],
    { 'idempotency-key': key('po') },
  );
  await buyer.must(
    'POST',
    `/api/inventory/purchase/${po.data.id}/receive`,
    {
      items: lines.map((l) => ({ ...l, batch: 'BANK-1', expired_at: '2029-12-31' })),
    },
    [201],
    { 'idempotency-key': key('rcv') },
  );

  // Patients of the branch; the first ones register the 'Paket Glowing 6 Bulan' (down payment + 3 instalments).
  const patients = (
    await db.query<{ id: number }>(
      'select id from users where role = 1 and profile_id = $1 and status = 1 order by id limit 60',
      [branch],
    )
  ).rows.map((r) => Number(r.id));
  const glow = await one<{ id: number }>(
    db,
    `select id from paket_history where profile_id = $1 and code = 'PKT-GLOW6' and is_current order by id limit 1`,
    [branch],
  );
  const members = patients.slice(0, Math.min(o.membersPerBranch, patients.length));
  const memberships: number[] = [];
  for (const customer of members) {
    const r = await cashiers[0].must(
      'POST',
      '/api/paket/membership',
      { customer, doctor: doctor.id, paket_history_id: glow.id },
      [201],
      { 'idempotency-key': key('reg') },
    );
    memberships.push(Number(r.data.id));
  }
  // Treatments the package covers (slot type 1) and the others; products sold at the visit.
  const covered = (
    await db.query<{ perawatan_id: number }>(
      'select perawatan_id from paket_history_item where paket_history_id = $1 and type = 1 order by id',
      [glow.id],
    )
  ).rows.map((r) => Number(r.perawatan_id));
  const treatments = (
    await db.query<{ id: number }>('select id from perawatan where profile_id = $1 and status = 1 order by id', [
      branch,
    ])
  ).rows.map((r) => Number(r.id));
  const sellable = items.filter((it) => !it.code.startsWith('OB'));

  // Visits: registered at the desk, the doctor records a treatment (and sometimes a product), then finishes.
  const visits: number[] = [];
  const makeVisit = async (i: number) => {
    const member = i % 3 === 0 && members.length > 0;
    const customer = member ? members[i % members.length] : patients[(i * 7) % patients.length];
    const v = await cashiers[0].must(
      'POST',
      '/api/service/visit',
      { customer, doctor: doctor.id, kind: 'konsultasi' },
      [201],
    );
    const id = Number(v.data.id);
    const perawatan = member ? covered[i % covered.length] : treatments[i % treatments.length];
    await doctor.must('POST', `/api/rekammedis/visit/${id}/treatment`, { perawatan, qty: 1, doctor: doctor.id }, [201]);
    if (i % 2 === 1)
      await doctor.must(
        'POST',
        `/api/rekammedis/visit/${id}/produk`,
        { item: sellable[i % sellable.length].id, qty: 1 + (i % 3) },
        [201],
      );
    await doctor.must('POST', `/api/rekammedis/visit/${id}/finish`, {}, [200]);
    visits.push(id);
  };
  for (let i = 0; i < o.visitsPerBranch; i += 4)
    await Promise.all(Array.from({ length: Math.min(4, o.visitsPerBranch - i) }, (_, k) => makeVisit(i + k)));
  // The demo's unpaid visits of today are in the queue as well.
  const queue = (await cashiers[0].must('GET', '/api/kasir/visit?unpaid=1')).data as {
    id: number;
    payment: unknown;
  }[];
  for (const q of queue) if (!q.payment && !visits.includes(q.id)) visits.push(q.id);

  // Every cashier's till is open (the demo's Jakarta cashier has one already).
  for (const c of cashiers) {
    const cur = await c.must('GET', '/api/kasir/session/current');
    if (!cur.data) await c.must('POST', '/api/kasir/session', { opening_float: 500000 }, [201]);
  }
  return {
    id: branch,
    name: b.name,
    cashiers,
    approver,
    apotek,
    items: sellable.map((it) => ({ id: it.id, price: Number(it.selling_price) / 100 })),
    memberships,
    visits,
    methods: { cash: m('tunai'), qris: m('qris'), debit: m('debit'), transfer: m('transfer') },
  };
}
