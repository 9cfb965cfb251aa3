import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

/** Issue 26 item 3: registering warns about likely duplicates; the save refuses a known NIK unless confirmed. */
let t: TestApp;
let branch: number;
let admin: TestUser;
let investor: TestUser;
let ani: number;

const NIK = '3171014105900001';

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Ganda' });
  const other = await t.makeBranch({ name: 'Cabang Lain' });
  admin = await t.makeUser('admin', { branchId: branch });
  investor = await t.makeUser('investor', { branchId: branch });
  ani = await t.makePatient(branch, {
    name: 'Ani Maharani',
    idcard: NIK,
    birth_date: '1990-05-01',
    phone: '0812-1111-2222',
  });
  // The same person in another branch is not this branch's duplicate.
  await t.makePatient(other, { name: 'Ani Maharani', idcard: '3171014105900002', birth_date: '1990-05-01' });
});
afterAll(async () => {
  await t?.close();
});

const dupes = (user: TestUser, q: Record<string, string>) =>
  t.api(user).get(`/api/patients/duplicates?${new URLSearchParams(q).toString()}`);

describe('GET /api/patients/duplicates', () => {
  it('finds the same NIK, or the same (normalised) name with the same birth date or phone', async () => {
    const byNik = await dupes(admin, { idcard: NIK });

    expect(byNik.status).toBe(200);
    expect(byNik.body.data).toEqual([expect.objectContaining({ id: ani, reasons: ['nik'] })]);

    const byBirth = await dupes(admin, { name: '  ANI   maharani ', birth_date: '1990-05-01' });

    expect(byBirth.body.data).toEqual([expect.objectContaining({ id: ani, reasons: ['name_birth_date'] })]);

    const byPhone = await dupes(admin, { name: 'Ani Maharani', phone: '+62 812 1111 2222' });
    expect(byPhone.body.data).toEqual([expect.objectContaining({ id: ani, reasons: ['name_phone'] })]);

    // Same name alone, another birth date, or the patient being edited: no warning.
    expect((await dupes(admin, { name: 'Ani Maharani' })).body.data).toEqual([]);
    expect((await dupes(admin, { name: 'Ani Maharani', birth_date: '1991-05-01' })).body.data).toEqual([]);
    expect((await dupes(admin, { idcard: NIK, exclude: String(ani) })).body.data).toEqual([]);
  });

  it('needs PASIEN read (403) and answers 400 on a bad date', async () => {
    expect((await dupes(investor, { idcard: NIK })).status).toBe(403);
    const bad = await dupes(admin, { name: 'Ani', birth_date: '1990-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ field: 'birth_date' });
  });
});

describe('POST /api/users with a known NIK', () => {
  it('refuses (409 on idcard, naming the patient) unless confirm_duplicate is sent', async () => {
    const before = await countRows(t.db, 'users');
    const res = await t.api(admin).post('/api/users', { name: 'Ani M.', gender: 1, idcard: NIK });
    expect(res.status).toBe(409);
    expect(res.body[0]).toMatchObject({ field: 'idcard' });
    expect(res.body[0].message).toContain('Ani Maharani');
    expect(await countRows(t.db, 'users')).toEqual(before);

    const confirmed = await t
      .api(admin)
      .post('/api/users', { name: 'Bayi Ny. Ani', gender: 1, idcard: NIK, confirm_duplicate: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.username).toMatch(/^RM\d{8}$/);
  });
});

describe('guardian', () => {
  it('requires the guardian name when with_wali is on (the same rule as the form)', async () => {
    const before = await countRows(t.db, 'users');
    const res = await t.api(admin).post('/api/users', { name: 'Anak Uji', gender: 0, with_wali: true });
    expect(res.status).toBe(400);
    expect(res.body).toContainEqual({ message: 'Nama wali wajib diisi', field: 'wali_name' });
    expect(await countRows(t.db, 'users')).toEqual(before);
    const ok = await t
      .api(admin)
      .post('/api/users', { name: 'Anak Uji', gender: 0, with_wali: true, wali_name: 'Ibu Uji' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.wali_name).toBe('Ibu Uji');
  });
});
