import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 8, finding 4: the branch an account belongs to (profile_id) is a rule of the service. Only the owner or a
 * developer changes it, and only while no other branch uses the account; a branch user creates accounts for its own
 * branch (or chart-wide ones) but never re-scopes one; `profile_id: null` means chart-wide, never "unchanged".
 */

let t: TestApp;
let jakarta: number;
let bandung: number;
let finJ: TestUser;
let finB: TestUser;
let mgrB: TestUser;
let owner: TestUser;

const TABLES = ['akun', 'jurnal', 'jurnal_detail', 'audit_log'];

async function akun(code: string) {
  const [r] = await queryRows<{ id: number; profile_id: number | null; name: string; parent_id: number | null }>(
    t.db,
    sql`select id, profile_id, name, parent_id from akun where code = ${code}`,
  );
  return { ...r, id: Number(r.id) };
}

const scopeOnly = (status: number) => (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(status);
  expect(Array.isArray(res.body)).toBe(true);
  expect((res.body as { field?: string }[]).every((i) => i.field === 'profile_id')).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  jakarta = await t.makeBranch({ name: 'Jakarta' });
  bandung = await t.makeBranch({ name: 'Bandung' });
  finJ = await t.makeUser('finance', { branchId: jakarta });
  finB = await t.makeUser('finance', { branchId: bandung });
  mgrB = await t.makeUser('manager', { branchId: bandung });
  owner = await t.makeUser('manager', { branchId: jakarta, toplevel: 'owner' });
  for (const u of [finJ, finB]) {
    expect((await t.api(u).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(201);
  }
});
afterAll(() => t.close());

describe('who may scope an account (finding 4)', () => {
  it('a branch user cannot take over a chart-wide account, by REST or tRPC, and nothing changes', async () => {
    const kas = await akun('1101');
    expect(kas.profile_id).toBeNull();
    const before = await countRows(t.db, ...TABLES);
    for (const user of [finB, mgrB]) {
      scopeOnly(403)(await t.api(user).put(`/api/finance/akun/${kas.id}`, { profile_id: bandung }));
      scopeOnly(403)(
        await t.api(user).put(`/api/finance/akun/${kas.id}`, { name: 'Kas Bandung', profile_id: bandung }),
      );
      await expect(
        t.trpc(user).finance.akun.update({ id: kas.id, data: { profile_id: bandung } }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await akun('1101')).toEqual(kas);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    // Jakarta still posts to it.
    const j = await t.api(finJ).post('/api/finance/jurnal', {
      code: '',
      transaction_at: '2026-01-10',
      memo: 'Setoran',
      details: [
        { akun: '1101', description: '', debit: 1000, credit: 0 },
        { akun: '3101', description: '', debit: 0, credit: 1000 },
      ],
    });
    expect(j.status, JSON.stringify(j.body)).toBe(201);
  });

  it('the fixed accounts the modules post to stay chart-wide, even for the owner', async () => {
    const kas = await akun('1101');
    const res = await t.api(owner).put(`/api/finance/akun/${kas.id}`, { profile_id: bandung });
    scopeOnly(400)(res);
    expect(res.body.map((i: { message: string }) => i.message).join(' ')).toMatch(/dipakai modul lain/);
    expect((await akun('1101')).profile_id).toBeNull();
  });

  it('the owner scopes an account only while no other branch uses it; null makes it chart-wide again', async () => {
    const parent = (await akun('1100')).id;
    const created = await t.api(finJ).post('/api/finance/akun', {
      code: '1190',
      name: 'Kas Kecil',
      category: 1,
      parent_id: parent,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.profile_id).toBeNull();
    const post = await t.api(finJ).post('/api/finance/jurnal', {
      code: '',
      transaction_at: '2026-01-11',
      memo: 'Kas kecil',
      details: [
        { akun: '1190', description: '', debit: 500, credit: 0 },
        { akun: '3101', description: '', debit: 0, credit: 500 },
      ],
    });
    expect(post.status).toBe(201);
    // Jakarta has postings on it: not to Bandung.
    const toB = await t.api(owner).put(`/api/finance/akun/${id}`, { profile_id: bandung });
    scopeOnly(400)(toB);
    expect(toB.body[0].message).toMatch(/transaksi cabang lain/);
    expect((await akun('1190')).profile_id).toBeNull();
    // To Jakarta, whose postings they are: allowed. Bandung no longer sees it.
    const toJ = await t.api(owner).put(`/api/finance/akun/${id}`, { profile_id: jakarta });
    expect(toJ.status).toBe(200);
    expect(toJ.body.data.profile_id).toBe(jakarta);
    const seenByB = await t.api(finB).get('/api/finance/akun?keyword=1190');
    expect(seenByB.body.count).toBe(0);
    // Jakarta's own finance user cannot give its account back to the chart or to another branch.
    scopeOnly(403)(await t.api(finJ).put(`/api/finance/akun/${id}`, { profile_id: null }));
    scopeOnly(403)(await t.api(finJ).put(`/api/finance/akun/${id}`, { profile_id: bandung }));
    // ...but edits its other fields, and sending its own branch is no change.
    expect(
      (await t.api(finJ).put(`/api/finance/akun/${id}`, { name: 'Kas Kecil JKT', profile_id: jakarta })).status,
    ).toBe(200);
    // null means null: chart-wide again (before, null was silently ignored).
    const back = await t.api(owner).put(`/api/finance/akun/${id}`, { profile_id: null });
    expect(back.status).toBe(200);
    expect(back.body.data.profile_id).toBeNull();
    expect((await akun('1190')).profile_id).toBeNull();
    // The same through tRPC; '' is null too.
    await t.trpc(owner).finance.akun.update({ id, data: { profile_id: jakarta } });
    expect((await akun('1190')).profile_id).toBe(jakarta);
    expect((await t.api(owner).put(`/api/finance/akun/${id}`, { profile_id: '' })).body.data.profile_id).toBeNull();
    // A field left out is left as it is.
    expect((await t.api(owner).put(`/api/finance/akun/${id}`, { name: 'Kas Kecil' })).body.data.profile_id).toBeNull();
  });

  it('parent_id: null also means "no parent"', async () => {
    const created = await t.api(owner).post('/api/finance/akun', {
      code: '1191',
      name: 'Kas Titipan',
      category: 1,
      parent_id: (await akun('1100')).id,
    });
    expect(created.status).toBe(201);
    const res = await t.api(owner).put(`/api/finance/akun/${created.body.data.id}`, { parent_id: null });
    expect(res.status).toBe(200);
    expect((await akun('1191')).parent_id).toBeNull();
  });

  it('a branch user creates accounts for its own branch or the chart, never for another branch', async () => {
    const before = await countRows(t.db, ...TABLES);
    const other = await t.api(finB).post('/api/finance/akun', {
      code: '1192',
      name: 'Bank Jakarta',
      category: 1,
      profile_id: jakarta,
    });
    scopeOnly(400)(other);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const own = await t.api(finB).post('/api/finance/akun', {
      code: '1192',
      name: 'Bank Bandung',
      category: 1,
      profile_id: bandung,
    });
    expect(own.status).toBe(201);
    expect(own.body.data.profile_id).toBe(bandung);
    // A Bandung account may not be the parent of an account of another scope.
    const header = await t.api(owner).post('/api/finance/akun', {
      code: '1193',
      name: 'Bank Bandung (grup)',
      category: 1,
      isheader: true,
      profile_id: bandung,
    });
    expect(header.status).toBe(201);
    const child = await t.api(owner).post('/api/finance/akun', {
      code: '1194',
      name: 'Anak',
      category: 1,
      parent_id: header.body.data.id,
      profile_id: jakarta,
    });
    expect(child.status).toBe(400);
    expect(child.body).toEqual([{ message: 'Akun induk milik cabang lain', field: 'parent_id' }]);
  });
});
