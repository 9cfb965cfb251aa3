import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  allows,
  CLINICAL_RESOURCES,
  DEFAULT_ROLE_PRIVILEGES,
  defaultPrivileges,
  isClinicalResource,
  readAccessOf,
  rmRead,
  rmWrite,
  RM_ACCESS,
  ROLE_IDS,
  TOPLEVEL_IDS,
  STAFF_ROLE_NAMES,
  type Access,
  type AccessSubject,
  type Resource,
  type RoleName,
} from '@klinik/shared';
import { queryRows } from '../src/db/client.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { makeItem, stockBranch, stockIn } from './stock-fixtures.js';

/**
 * Issue 25, findings 3 and 5, as machine checks: (1) over the privilege tables and every declared endpoint, no role
 * can write clinical data it cannot read, and clinical entries are written by clinicians only; (2) every endpoint
 * that answers clinical data (record, prescription, allergy, complaint, bill lines with drugs, letters, corrections)
 * is called by every role: it either refuses (403/404) writing nothing, or answers and leaves exactly one row of the
 * read trail for the patient (entity 'rekam_medis'), or answers without the clinical data and leaves none.
 */

const subjectOf = (role: RoleName, privileges = defaultPrivileges(role)): AccessSubject => ({
  role: ROLE_IDS[role],
  rolename: role,
  roletoplevel: 0,
  previleges: privileges,
});

/** The resources an access asks manage of (whatever the combination). */
function managed(a: Access): Resource[] {
  switch (a.kind) {
    case 'feature':
      return a.action === 'manage' ? [a.resource] : [];
    case 'anyFeature':
      return a.features.filter((f) => f.action === 'manage').map((f) => f.resource);
    case 'all':
      return a.of.flatMap(managed);
    default:
      return [];
  }
}

describe('privilege tables: no write right on data the role cannot read', () => {
  it('every role default reads what it manages', () => {
    for (const role of STAFF_ROLE_NAMES) {
      const u = subjectOf(role);
      for (const r of DEFAULT_ROLE_PRIVILEGES[role].manage)
        expect(allows(u, readAccessOf(r)), `${role} manages ${r} but cannot read it`).toBe(true);
    }
  });

  it('clinical entries are written by clinicians: a right granted to another role opens nothing', () => {
    for (const role of STAFF_ROLE_NAMES) {
      const everything = subjectOf(
        role,
        CLINICAL_RESOURCES.map((r) => ({ fiturcode: r, iscanread: true, iscanmanage: true })),
      );
      for (const r of CLINICAL_RESOURCES) {
        const writes = allows(everything, rmWrite(r));
        expect(writes, `${role} writes ${r}`).toBe(
          role === 'dokter' || (role === 'perawat' && !/RESEP|PERBAIKAN/.test(r)),
        );
        if (writes) expect(allows(everything, readAccessOf(r)), `${role} writes ${r} unread`).toBe(true);
      }
    }
    // The pharmacist reads prescriptions (and dispenses them) but writes none; superadmin holds no clinical right.
    expect(allows(subjectOf('apoteker'), readAccessOf('RM_RESEP'))).toBe(true);
    expect(allows(subjectOf('apoteker'), rmWrite('RM_RESEP'))).toBe(false);
    for (const r of CLINICAL_RESOURCES) expect(allows(subjectOf('superadmin'), rmWrite(r)), r).toBe(false);
  });
});

let t: TestApp;
const users = new Map<string, TestUser>();
let dokter: TestUser;
let dokter2: TestUser;
let patient: number;
let visit: number;
let soapEntry: number;
let prescription: number;
let payment: number;
const PATIENT = 'Wulan Klinis';
// What only a reader of the record sees (the patient's name alone is not clinical).
const CLINICAL = [
  'Demam tiga hari',
  'Nyeri tenggorok',
  'Amoksisilin Uji',
  'Penisilin',
  'J02.9',
  'Cabut Kuku Uji',
  'Keluhan batuk terlewat',
  'RSP/',
];

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-11-23T03:00:00Z');
  const branch = await t.makeBranch({ name: 'Klinik Jejak' });
  for (const role of STAFF_ROLE_NAMES) users.set(role, await t.makeUser(role, { branchId: branch, password: null }));
  users.set('owner', await t.makeUser('manager', { branchId: branch, toplevel: 'owner', password: null }));
  dokter = users.get('dokter')!;
  dokter2 = await t.makeUser('dokter', { branchId: branch, password: null });
  const stock = await stockBranch(t, branch);
  const obat = await makeItem(t, branch, 'AMX-UJI', { name: 'Amoksisilin Uji', unit: 'kapsul', selling_price: 200000 });
  await stockIn(t, users.get('inventory')!, stock.apotek, obat, 50, 1_000_000);
  const [p] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into perawatan (profile_id, code, name, price, doctor_share)
        values (${branch}, 'TM-KUKU', 'Cabut Kuku Uji', 10000000, 1000000) returning id`,
  );
  patient = await t.makePatient(branch, { name: PATIENT });
  const ok = async (u: TestUser, url: string, body: unknown) => {
    const res = await t.api(u).post(url, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  visit = (
    await ok(users.get('admin')!, '/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'tindakan',
      complaint: 'Demam tiga hari',
    })
  ).id;
  soapEntry = (
    await ok(dokter, `/api/rekammedis/visit/${visit}/soap`, {
      subjective: 'Nyeri tenggorok',
      diagnoses: [{ code: 'J02.9', primary: true }],
    })
  ).id;
  await ok(dokter, `/api/rekammedis/visit/${visit}/treatment`, { perawatan: Number(p.id), qty: 1, doctor: dokter.id });
  await ok(dokter, `/api/rekammedis/visit/${visit}/alergi`, { allergen: 'Penisilin' });
  prescription = (
    await ok(dokter, `/api/rekammedis/visit/${visit}/resep`, { items: [{ item: obat, qty: 10, signa: '3 x 1' }] })
  ).id;
  await ok(dokter, `/api/rekammedis/visit/${visit}/finish`, {});
  await ok(users.get('apoteker')!, '/api/inventory/dispense', { resep: prescription, warehouse: stock.apotek });
  await ok(dokter, `/api/rekammedis/visit/${visit}/surat-sakit`, { days: 2, diagnosis: 1 });
  // The front desk takes part of the bill: the payment's detail and its nota show the bill's clinical lines.
  const cashier = users.get('admin')!;
  expect((await t.api(cashier).post('/api/kasir/session', { opening_float: 0 })).status).toBe(201);
  const [cash] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from payment_method where type = 'tunai' order by id limit 1`,
  );
  payment = (
    await ok(cashier, '/api/kasir/payment', { visit, payments: [{ method: Number(cash.id), amount: 100000 }] })
  ).id;
  // Another doctor corrects the finished record, with a reason: the treating doctor sees it.
  const corrected = await t.api(dokter2).put(`/api/rekammedis/soap/${soapEntry}`, {
    subjective: 'Nyeri tenggorok, batuk',
    diagnoses: [{ code: 'J02.9', primary: true }],
    reason: 'Keluhan batuk terlewat',
  });
  expect(corrected.status).toBe(200);
});
afterAll(() => t?.close());

const trailCount = async () =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where entity = 'rekam_medis' and entity_id = ${String(patient)}`,
    )
  )[0].n;
const allTrail = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where entity = 'rekam_medis'`))[0]
    .n;

/** Every endpoint answering clinical data of the patient (GET). */
const ENDPOINTS = () => [
  `/api/rekammedis/visit/${visit}`,
  `/api/rekammedis/patient/${patient}`,
  `/api/rekammedis/soap/${soapEntry}/history`,
  '/api/rekammedis/daftar/soap',
  '/api/rekammedis/daftar/treatment',
  '/api/rekammedis/daftar/resep',
  `/api/rekammedis/visit/${visit}/resume.pdf`,
  `/api/rekammedis/prescription/${prescription}/pdf`,
  `/api/rekammedis/visit/${visit}/surat-sakit`,
  `/api/rekammedis/visit/${visit}/surat-sakit.pdf`,
  '/api/rekammedis/corrections',
  '/api/inventory/resep?status=semua',
  `/api/inventory/resep/${prescription}`,
  '/api/inventory/sales',
  '/api/inventory/sales/export',
  `/api/kasir/bill/${visit}`,
  `/api/kasir/payment/${payment}`,
  `/api/kasir/payment/${payment}/nota`,
  '/api/service/visit',
  '/api/service/kunjungan',
  `/api/service/visit/${visit}`,
];

/** An endpoint addressed by the visit, an entry or the prescription: its answer is this patient's even unnamed. */
const keyed = (url: string) =>
  [`/${visit}`, `/${soapEntry}/`, `/${prescription}`].some((k) => url.includes(k)) && !url.startsWith('/api/service');

describe('every read of clinical data leaves exactly one read-trail row', () => {
  // Every role against every clinical endpoint: its own time limit (a safety net for a hang, not a speed check).
  it(
    'walks every clinical endpoint for every role: refused, or one row, or nothing clinical answered',
    { timeout: 300_000 },
    async () => {
      const seen: string[] = [];
      for (const [who, u] of users) {
        for (const url of ENDPOINTS()) {
          const before = await trailCount();
          const beforeAll = await allTrail();
          const res = await t.api(u).get(url);
          const label = `${who} GET ${url} -> ${res.status}`;
          expect(res.status, label).toBeLessThan(500);
          const rows = (await trailCount()) - before;
          expect((await allTrail()) - beforeAll, `${label}: rows of other patients`).toBe(rows);
          if (res.status >= 400) {
            expect([403, 404], label).toContain(res.status);
            expect(rows, `${label}: a refused read wrote the trail`).toBe(0);
            continue;
          }
          const binary = !String(res.headers['content-type']).includes('json');
          const text = binary ? '' : JSON.stringify(res.body);
          // A file is clinical, but for the items-out Excel whose patients' names only prescription readers get.
          const clinical = binary
            ? !url.includes('/sales/export') || allows(u.session, rmRead('RM_RESEP'))
            : CLINICAL.some((s) => text.includes(s)) && (text.includes(PATIENT) || keyed(url));
          expect(rows, `${label}: ${clinical ? 'clinical data answered' : 'nothing clinical answered'}`).toBe(
            clinical ? 1 : 0,
          );
          if (clinical) seen.push(`${who} ${url.split('?')[0]}`);
        }
      }
      // The walk reached what it means to check (not all refused).
      for (const s of [
        `dokter /api/rekammedis/visit/${visit}`,
        `apoteker /api/inventory/resep/${prescription}`,
        'manager /api/inventory/sales',
        `admin /api/kasir/bill/${visit}`,
        `admin /api/kasir/payment/${payment}`,
        `admin /api/kasir/payment/${payment}/nota`,
        'dokter /api/rekammedis/corrections',
        'perawat /api/service/visit',
      ])
        expect(seen).toContain(s);
    },
  );

  it('the front desk and the store room read no prescription, complaint or SOAP', async () => {
    for (const role of ['admin', 'inventory', 'finance', 'superadmin'] as const) {
      const u = users.get(role)!;
      for (const url of ['/api/inventory/resep', `/api/inventory/resep/${prescription}`])
        expect([403], `${role} ${url}`).toContain((await t.api(u).get(url)).status);
    }
    const queue = await t.api(users.get('admin')!).get('/api/service/visit');
    expect(queue.body.data[0]).toMatchObject({ id: visit, complaint: null });
    const sales = await t.api(users.get('inventory')!).get('/api/inventory/sales');
    expect(sales.body.data[0]).toMatchObject({ name: 'Amoksisilin Uji', customer_name: null });
    const nurse = await t.api(users.get('perawat')!).get(`/api/service/visit/${visit}`);
    expect(nurse.body.data.complaint).toBe('Demam tiga hari');
  });

  it('a correction of another doctor’s finished record is shown to that doctor with its reason', async () => {
    const res = await t.api(dokter).get('/api/rekammedis/corrections');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      count: 1,
      data: [
        {
          action: 'correct',
          kind: 'soap',
          entry: soapEntry,
          version: 2,
          reason: 'Keluhan batuk terlewat',
          by: { id: dokter2.id },
          visit: { id: visit },
          customer: { id: patient, name: PATIENT },
        },
      ],
    });
    // The corrector sees nothing of their own; other roles are refused.
    expect((await t.api(dokter2).get('/api/rekammedis/corrections')).body.count).toBe(0);
    expect((await t.api(users.get('perawat')!).get('/api/rekammedis/corrections')).status).toBe(403);
  });
});

describe('clinical authorship: refused writes write nothing', () => {
  it('pharmacist, superadmin, front desk, store room, owner and developer write no clinical entry, even with the right granted', async () => {
    const tables = sql`select (select count(*) from rm_entry)::int as e, (select count(*) from rm_entry_version)::int as v,
      (select count(*) from rm_prescription)::int as p, (select count(*) from audit_log)::int as a,
      (select count(*) from rm_sick_letter)::int as l`;
    const before = await queryRows(t.db, tables);
    const granted = await t.makeUser('inventory', {
      branchId: users.get('admin')!.branchId,
      password: null,
      privileges: CLINICAL_RESOURCES.map((r) => ({ fiturcode: r, iscanread: true, iscanmanage: true })),
    });
    // Owner and developer (top-level, not clinicians by their own role) pass every other check but this one.
    const developer = await t.makeUser('manager', {
      branchId: users.get('admin')!.branchId,
      toplevel: 'developer',
      password: null,
    });
    const writers = [
      ...['apoteker', 'superadmin', 'admin', 'inventory', 'manager', 'owner'].map((r) => users.get(r)!),
      developer,
      granted,
    ];
    for (const u of writers) {
      for (const [url, body] of [
        [`/api/rekammedis/visit/${visit}/resep`, { items: [{ item: 1, qty: 1, signa: '1 x 1' }], reason: 'x' }],
        [`/api/rekammedis/visit/${visit}/soap`, { subjective: 'x', reason: 'x' }],
        [`/api/rekammedis/visit/${visit}/alergi`, { allergen: 'x', reason: 'x' }],
        [`/api/rekammedis/soap/${soapEntry}/void`, { reason: 'x' }],
        [`/api/rekammedis/visit/${visit}/surat-sakit`, { days: 1 }],
      ] as const) {
        const res = await t.api(u).post(url, body);
        expect(res.status, `${u.role} POST ${url}`).toBe(403);
      }
      const put = await t.api(u).put(`/api/rekammedis/soap/${soapEntry}`, { subjective: 'x', reason: 'x' });
      expect(put.status, `${u.role} PUT soap`).toBe(403);
    }
    expect(await queryRows(t.db, tables)).toEqual(before);
  });

  it('top-level users write clinical entries only when their own role is a clinician’s, and still read them', () => {
    for (const top of ['owner', 'developer'] as const) {
      const boss = { ...subjectOf('manager', []), roletoplevel: TOPLEVEL_IDS[top] };
      for (const r of CLINICAL_RESOURCES) {
        expect(allows(boss, rmWrite(r)), `${top} writes ${r}`).toBe(false);
        expect(allows(boss, readAccessOf(r)), `${top} reads ${r}`).toBe(true);
      }
      expect(allows(boss, RM_ACCESS.finish), `${top} finishes a record`).toBe(false);
      // An owner who is also the clinic's doctor writes as a doctor.
      const doctorOwner = { ...subjectOf('dokter', []), roletoplevel: TOPLEVEL_IDS[top] };
      expect(allows(doctorOwner, rmWrite('RM_RESEP'))).toBe(true);
      expect(allows(doctorOwner, rmWrite('RM_PERBAIKAN'))).toBe(true);
    }
  });

  it('every declared endpoint that writes clinical data lets only clinicians that read it', () => {
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      // The record's writes (the visit queue's moves accept RM_TREATMENT as one alternative but write no record).
      if (route.method === 'GET' || !route.access || !route.url.startsWith('/api/rekammedis')) continue;
      const resources = managed(route.access).filter(isClinicalResource);
      if (!resources.length) continue;
      checked++;
      for (const role of STAFF_ROLE_NAMES) {
        // Even with every clinical right granted, only a role that reads the resource may pass.
        const u = subjectOf(role, [
          ...defaultPrivileges(role),
          ...CLINICAL_RESOURCES.map((r) => ({ fiturcode: r, iscanread: true, iscanmanage: true })),
        ]);
        if (!allows(u, route.access)) continue;
        for (const r of resources)
          expect(allows(u, readAccessOf(r)), `${role} ${route.method} ${route.url} writes ${r}`).toBe(true);
        expect(['dokter', 'perawat'], `${role} ${route.method} ${route.url}`).toContain(role);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
