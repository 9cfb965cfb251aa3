import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESOURCES } from '@klinik/shared';
import { queryRows } from '../../db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { NON_PATIENT_REFERENCES, PATIENT_REFERENCES } from './patient-references.js';

/**
 * Issue 26 item 3, the merge: a top-level user asks, another approves; every visit, record, payment, package and
 * reservation of the duplicate ends up under the survivor's NO RM.; the duplicate is kept with a trace.
 */
let t: TestApp;
let branch: number;
let owner: TestUser;
let developer: TestUser;
let manager: TestUser;
let cashier: TestUser;
let doctor: number;
/** The visit's doctor: clinical entries are written by clinicians (issue 25). */
let doctorUser: TestUser;
let otherBranchPatient: number;
let seq = 0;

const everything = () => RESOURCES.map((fiturcode) => ({ fiturcode, iscanread: true, iscanmanage: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's answers are read as JSON
async function ok(res: { status: number; body: any }) {
  if (res.status < 200 || res.status > 299) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Gabung' });
  const other = await t.makeBranch({ name: 'Cabang Lain' });
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner', privileges: everything() });
  developer = await t.makeUser('manager', { branchId: branch, toplevel: 'developer', privileges: everything() });
  manager = await t.makeUser('manager', { branchId: branch, privileges: everything() });
  cashier = await t.makeUser('admin', { branchId: branch, privileges: everything() });
  doctorUser = await t.makeUser('dokter', { branchId: branch, name: 'dr. Gabung', privileges: everything() });
  doctor = doctorUser.id;
  otherBranchPatient = await t.makePatient(other, { name: 'Ani Maharani' });
});
afterAll(async () => {
  await t?.close();
});

/** A patient with a package and its paid down payment, a visit with a SOAP note and a prescription, a
 * reservation and a photo: one row in each table of PATIENT_REFERENCES. */
async function patientWithHistory(name: string) {
  const m = manager;
  const customer = await t.makePatient(branch, {
    name,
    username: `RM9${String(++seq).padStart(7, '0')}`,
    birth_date: '1990-05-01',
    phone: '081211112222',
  });
  await t.api(m).post('/api/finance/periode', { start_date: '2024-01-01' });
  const n = customer;
  const type = await ok(
    await t
      .api(m)
      .post('/api/paket/type', { name: `Promo ${n}`, type: 1, start_at: '2024-01-01', end_at: '2099-12-31' }),
  );
  const tm = await ok(
    await t.api(m).post('/api/master/tindakanmedis', { code: `TMG${n}`, name: 'Facial', price: 100000 }),
  );
  const history = await ok(
    await t.api(m).post('/api/paket', {
      code: `PKG${n}`,
      name: `Paket ${n}`,
      paket_type_id: type.id,
      active_at: '2024-01-01',
      price: 100000,
      items: [{ type: 1, ref_id: tm.id, free_slot: 1, expired_duration: 30 }],
    }),
  );
  const membership = await ok(
    await t.api(m).post('/api/paket/membership', { customer, doctor, paket_history_id: history.id }),
  );
  await t.api(cashier).post('/api/kasir/session', { opening_float: 100000 });
  const methods = await t.api(m).get('/api/finance/paymentmethod');
  const cash = (methods.body.data as { id: number; type: string }[]).find((x) => x.type === 'tunai')!.id;
  await ok(
    await t.api(cashier).post('/api/kasir/cicilan', {
      membership: membership.id,
      amount: 100000,
      payments: [{ method: cash, amount: 100000 }],
    }),
  );
  const visit = await ok(await t.api(m).post('/api/service/visit', { customer, doctor, kind: 'konsultasi' }));
  await ok(
    await t.api(doctorUser).post(`/api/rekammedis/visit/${visit.id}/soap`, { subjective: 'Keluhan', vitals: {} }),
  );
  const [item] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into item (profile_id, code, name, unit, selling_price)
        values (${branch}, ${`OBG${n}`}, 'Obat Gabung', 'tablet', 500000) returning id`,
  );
  await ok(
    await t.api(doctorUser).post(`/api/rekammedis/visit/${visit.id}/resep`, {
      items: [{ item: item.id, qty: 2, signa: '3 x 1 sesudah makan' }],
    }),
  );
  await queryRows(
    t.db,
    sql`insert into reservation (profile_id, code, customer_id, doctor_id, date, time, end_time, slot_capacity, status)
        values (${branch}, ${`RSV-G${n}`}, ${customer}, ${doctor}, '2099-01-05', '09:00', '09:30', 4, 'booked') returning id`,
  );
  await queryRows(
    t.db,
    sql`insert into visit_multimedia (profile_id, visit_id, customer_id, photo, thumbnail, upload_at)
        values (${branch}, ${visit.id}, ${customer}, 'x.jpg', 'x-t.jpg', now()) returning id`,
  );
  // A finished record with its sick letter (issue 25: issued once by the treating doctor).
  await ok(await t.api(doctorUser).post(`/api/rekammedis/visit/${visit.id}/finish`, {}));
  await ok(await t.api(doctorUser).post(`/api/rekammedis/visit/${visit.id}/surat-sakit`, { days: 1 }));
  return customer;
}

/** The database's own message when it refuses a statement. */
async function refusal(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await queryRows(t.db, query);
  } catch (err) {
    return String((err as { cause?: { message?: string } }).cause?.message ?? err);
  }
  return 'accepted';
}

async function rowsOf(customer: number) {
  const out: Record<string, number> = {};
  for (const ref of PATIENT_REFERENCES) {
    const [r] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} = ${customer}`,
    );
    out[ref.table] = Number(r.n);
  }
  return out;
}

describe('every foreign key to users is handled by the merge', () => {
  it('lists each foreign key to users as a patient reference (re-pointed) or a staff/trace one (kept)', async () => {
    const fks = await queryRows<{ ref: string }>(
      t.db,
      sql`select c.conrelid::regclass::text || '.' || a.attname as ref
            from pg_constraint c
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
           where c.contype = 'f' and c.confrelid = 'users'::regclass`,
    );
    const known = new Set([...PATIENT_REFERENCES.map((r) => `${r.table}.${r.column}`), ...NON_PATIENT_REFERENCES]);
    const unknown = fks.map((f) => f.ref).filter((r) => !known.has(r));
    expect(unknown, 'add new foreign keys to users to modules/users/patient-references.ts').toEqual([]);
    // And nothing listed is stale: each listed reference exists.
    const present = new Set(fks.map((f) => f.ref));
    expect([...known].filter((r) => !present.has(r))).toEqual([]);
  });
});

describe('POST /api/patients/merge', () => {
  it('is requested by one top-level user and carried out when another approves: one NO RM. keeps everything', async () => {
    const survivor = await t.makePatient(branch, { name: 'Ani Maharani', birth_date: '1990-05-01' });
    const merged = await patientWithHistory('ANI  maharani');
    const before = await rowsOf(merged);
    for (const ref of PATIENT_REFERENCES) expect(before[ref.table], ref.table).toBeGreaterThan(0);
    const [m] = await queryRows<{ username: string }>(t.db, sql`select username from users where id = ${merged}`);

    const asked = await t
      .api(owner)
      .post('/api/patients/merge', { survivor, merged, reason: 'Pasien terdaftar dua kali' });
    expect(asked.status).toBe(202);
    expect(asked.body.data).toMatchObject({ pending: true });
    // Nothing moved yet.
    expect(await rowsOf(merged)).toEqual(before);

    // The requester never approves it.
    const own = await t.api(owner).post(`/api/applog/doconfirm/${asked.body.data.applog_id}`, { status: 1 });
    expect(own.status).toBe(403);
    // A branch manager is not a decider of a merge.
    const mgr = await t.api(manager).post(`/api/applog/doconfirm/${asked.body.data.applog_id}`, { status: 1 });
    expect(mgr.status).toBe(403);
    expect(await rowsOf(merged)).toEqual(before);

    const approved = await t.api(developer).post(`/api/applog/doconfirm/${asked.body.data.applog_id}`, { status: 1 });
    expect(approved.status).toBe(200);

    const after = await rowsOf(survivor);
    expect(after).toEqual(before);
    expect(Object.values(await rowsOf(merged)).every((n) => n === 0)).toBe(true);

    // The merged patient is kept, inactive, marked; the trace says what moved, who asked and who approved.
    const gone = await t.api(owner).get(`/api/users/${merged}`);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toMatchObject({ merged_into: survivor, status: 0, username: m.username });
    const trace = await t.api(owner).get(`/api/patients/${survivor}/merges`);
    expect(trace.status).toBe(200);
    expect(trace.body.data).toHaveLength(1);
    expect(trace.body.data[0]).toMatchObject({
      survivor: { id: survivor },
      merged: { id: merged, username: m.username },
      requested_by: { id: owner.id },
      approved_by: { id: developer.id },
      reason: 'Pasien terdaftar dua kali',
    });
    expect(trace.body.data[0].moved.visit).toHaveLength(before.visit);
    const audits = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity = 'patient' and action in ('merge', 'merge_into')
            and entity_id in (${String(merged)}, ${String(survivor)})`,
    );
    expect(audits.map((a) => a.action).sort()).toEqual(['merge', 'merge_into']);

    // The old NO RM. finds the survivor; lists no longer show the merged one.
    const search = await t.api(owner).get(`/api/customer?type=patient&keyword=${m.username}`);
    expect(search.body.data.map((u: { id: number }) => u.id)).toEqual([survivor]);

    // History is never erased: the trace cannot be changed, the merge cannot be undone by hand.
    await expect(queryRows(t.db, sql`delete from patient_merge returning id`)).rejects.toThrow();
    await expect(
      queryRows(t.db, sql`update users set merged_into = null where id = ${merged} returning id`),
    ).rejects.toThrow();
  });

  it("still keeps records unchangeable outside a merge (only a move to the merged patient's survivor passes)", async () => {
    const a = await patientWithHistory('Budi Santoso');
    const b = await t.makePatient(branch, { name: 'Budi Lain' });
    expect(await refusal(sql`update rm_record set customer_id = ${b} where customer_id = ${a} returning id`)).toMatch(
      /Rekam medis/,
    );
    expect(await refusal(sql`update rm_entry set customer_id = ${b} where customer_id = ${a} returning id`)).toMatch(
      /Rekam medis/,
    );
    expect(
      await refusal(sql`update kasir_payment set customer_id = ${b} where customer_id = ${a} returning id`),
    ).toMatch(/Pembayaran/);
  });

  it('refuses other roles (403), another branch (404) and bad input (400), writing nothing', async () => {
    const s = await t.makePatient(branch, { name: 'Citra Dewi' });
    const d = await t.makePatient(branch, { name: 'Citra Dewi' });
    const tables = ['applog', 'patient_merge', 'users'] as const;
    const before = await countRows(t.db, ...tables);

    const byManager = await t
      .api(manager)
      .post('/api/patients/merge', { survivor: s, merged: d, reason: 'Terdaftar dua kali' });
    expect(byManager.status).toBe(403);
    const cross = await t
      .api(owner)
      .post('/api/patients/merge', { survivor: s, merged: otherBranchPatient, reason: 'Terdaftar dua kali' });
    expect([400, 404]).toContain(cross.status);
    const self = await t
      .api(owner)
      .post('/api/patients/merge', { survivor: s, merged: s, reason: 'Terdaftar dua kali' });
    expect(self.status).toBe(400);
    expect(self.body).toContainEqual({
      message: 'Pasien tidak dapat digabungkan dengan dirinya sendiri',
      field: 'merged',
    });
    const noReason = await t.api(owner).post('/api/patients/merge', { survivor: s, merged: d });
    expect(noReason.status).toBe(400);
    expect(noReason.body[0]).toMatchObject({ field: 'reason' });
    const staff = await t
      .api(owner)
      .post('/api/patients/merge', { survivor: s, merged: cashier.id, reason: 'Terdaftar dua kali' });
    expect(staff.status).toBe(400);
    expect(await countRows(t.db, ...tables)).toEqual(before);
  });
});
