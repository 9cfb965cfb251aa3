import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, countRows, TEST_PASSWORD, type TestApp, type TestUser } from '../../../test/helpers.js';
import sharp from 'sharp';
import { PNG_1X1, upload } from '../../../test/upload-helpers.js';
import { session, userPrivilege, users } from '../../db/schema/index.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let manager: TestUser;
let admin: TestUser;
let perawat: TestUser;
let inventory: TestUser;
let owner: TestUser;
let managerB: TestUser;
let patientA: number;
let patientB: number;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  manager = await t.makeUser('manager', { branchId: branchA });
  admin = await t.makeUser('admin', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  inventory = await t.makeUser('inventory', { branchId: branchA });
  owner = await t.makeUser('manager', { branchId: branchA, toplevel: 'owner' });
  managerB = await t.makeUser('manager', { branchId: branchB });
  patientA = await t.makePatient(branchA, { name: 'Siti Pasien', phone: '081234567890' });
  patientB = await t.makePatient(branchB, { name: 'Budi Pasien B' });
});
afterAll(() => t.close());

const TABLES = ['users', 'user_privilege', 'session', 'audit_log', 'applog'];
async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}
async function sessionsOf(id: number) {
  return t.db.select().from(session).where(eq(session.user_id, id));
}

describe('PUT /api/users/{id} (profile card edit)', () => {
  it('lets anyone edit their own profile, with address and identifiers', async () => {
    const res = await t.api(perawat).put(`/api/users/${perawat.id}`, {
      name: 'Rina Perawat',
      phone: '081298765432',
      email: 'rina@contoh.id',
      provincy: 'Jawa Barat',
      city: 'Kota Bandung',
      kecamatan: 'Coblong',
      desa: 'Dago',
      postalcode: '40135',
      idcard: '3273012345678901',
      gender: '1',
      marital: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: perawat.id,
      name: 'Rina Perawat',
      initial: 'RP',
      city: 'Kota Bandung',
      gender: 1,
      gendername: 'Perempuan',
      maritalname: 'Belum Menikah',
    });
  });

  it('edits a patient with PASIEN manage (admin), guardian and note included', async () => {
    const res = await t.api(admin).put(`/api/users/${patientA}`, {
      note: 'Alergi penisilin',
      wali_name: 'Ibu Siti',
      wali_phone: '081200000000',
      wali_gender: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ note: 'Alergi penisilin', wali_name: 'Ibu Siti', wali_gender: 1 });
  });

  it('refuses patient updates without PASIEN manage (403) and changes nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const row = await userRow(patientA);
    const res = await t.api(perawat).put(`/api/users/${patientA}`, { name: 'Diubah Perawat' });
    expect(res.status).toBe(403);
    expect(res.body[0].message).toBe('Anda tidak memiliki akses untuk tindakan ini');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    expect((await userRow(patientA)).name).toBe(row.name);
  });

  it('refuses editing another staff user without SETTING_USER manage', async () => {
    const res = await t.api(admin).put(`/api/users/${perawat.id}`, { name: 'Bukan Urusan Admin' });
    expect(res.status).toBe(403);
  });

  it('lets the user manager edit another staff user', async () => {
    const res = await t
      .api(manager)
      .put(`/api/users/${inventory.id}`, { attendance_code: 'ABS-07', ihs_number: 'P1234' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ attendance_code: 'ABS-07', ihs_number: 'P1234' });
  });

  it('answers 404 for another branch and changes nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await t.api(manager).put(`/api/users/${patientB}`, { name: 'Lintas Cabang' });
    expect(res.status).toBe(404);
    expect((await userRow(patientB)).name).toBe('Budi Pasien B');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('answers 400 with Indonesian field messages for bad input', async () => {
    const res = await t
      .api(perawat)
      .put(`/api/users/${perawat.id}`, { email: 'bukan-email', phone: '12', postalcode: 'abc', name: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { message: 'Alamat email tidak valid', field: 'email' },
        { message: 'Nomor telepon tidak valid (contoh: 081234567890)', field: 'phone' },
        { message: 'Kode pos harus 5 digit', field: 'postalcode' },
        { message: 'Wajib diisi', field: 'name' },
      ]),
    );
  });

  it('keeps the note for patients only', async () => {
    const res = await t.api(manager).put(`/api/users/${perawat.id}`, { note: 'catatan' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'Catatan hanya untuk pasien', field: 'note' }]);
  });

  it('does not let a branch manager edit an owner account', async () => {
    const res = await t.api(manager).put(`/api/users/${owner.id}`, { name: 'Pemilik Baru' });
    expect(res.status).toBe(403);
  });

  it('is refused to patients-only callers and anonymous users', async () => {
    const anon = await t.api(null).put(`/api/users/${perawat.id}`, { name: 'X' });
    expect(anon.status).toBe(401);
  });
});

describe('tRPC users.update', () => {
  it('updates the own profile and refuses a patient edit without PASIEN manage', async () => {
    const me = await t.trpc(inventory).users.update({ id: inventory.id, data: { instagram: '@inv.klinik' } });
    expect(me.instagram).toBe('@inv.klinik');
    await expect(t.trpc(inventory).users.update({ id: patientA, data: { name: 'X' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('POST /api/users/changepassword/{id}', () => {
  it('changes the own password and ends the other sessions only', async () => {
    const u = await t.makeUser('dokter', { branchId: branchA });
    const other = await t.api(null).post('/api/auth/login', { username: u.username, password: TEST_PASSWORD });
    expect(other.status).toBe(200);
    expect(await sessionsOf(u.id)).toHaveLength(2);
    const res = await t
      .api(u)
      .post(`/api/users/changepassword/${u.id}`, { password: 'Baru12345', repeatpassword: 'Baru12345' });
    expect(res.status).toBe(200);
    expect(res.body.data).not.toHaveProperty('password_hash');
    const left = await sessionsOf(u.id);
    expect(left).toHaveLength(1);
    expect(left[0].id).toBe(u.session.sessionId);
    expect((await t.api(u).get('/api/auth/me')).status).toBe(200);
    const login = await t.api(null).post('/api/auth/login', { username: u.username, password: 'Baru12345' });
    expect(login.status).toBe(200);
  });

  it('enforces the password rule and refuses common passwords (400)', async () => {
    const api = t.api(perawat);
    const short = await api.post(`/api/users/changepassword/${perawat.id}`, { password: 'abc', repeatpassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body).toContainEqual({ message: 'Password minimal 5 karakter', field: 'password' });
    const spaced = await api.post(`/api/users/changepassword/${perawat.id}`, {
      password: 'ada spasi',
      repeatpassword: 'ada spasi',
    });
    expect(spaced.body).toContainEqual({ message: 'Password tidak boleh mengandung spasi', field: 'password' });
    const repeat = await api.post(`/api/users/changepassword/${perawat.id}`, {
      password: 'Benar123',
      repeatpassword: 'Beda123',
    });
    expect(repeat.body).toContainEqual({
      message: 'Ulangi password harus sama dengan password',
      field: 'repeatpassword',
    });
    const common = await api.post(`/api/users/changepassword/${perawat.id}`, {
      password: 'password',
      repeatpassword: 'password',
    });
    expect(common.status).toBe(400);
    expect(common.body).toEqual([
      { message: 'Password terlalu mudah ditebak, gunakan password lain', field: 'password' },
    ]);
  });

  it("refuses changing another staff user's password without SETTING_USER manage", async () => {
    const before = await userRow(admin.id);
    const res = await t
      .api(perawat)
      .post(`/api/users/changepassword/${admin.id}`, { password: 'Rahasia99', repeatpassword: 'Rahasia99' });
    expect(res.status).toBe(403);
    expect((await userRow(admin.id)).password_hash).toBe(before.password_hash);
  });

  it("lets the user manager change a colleague's password, ending all of that user's sessions", async () => {
    const u = await t.makeUser('finance', { branchId: branchA });
    const res = await t
      .api(manager)
      .post(`/api/users/changepassword/${u.id}`, { password: 'Keuangan77', repeatpassword: 'Keuangan77' });
    expect(res.status).toBe(200);
    expect(await sessionsOf(u.id)).toHaveLength(0);
    expect((await t.api(u).get('/api/auth/me')).status).toBe(401);
    expect((await t.api(null).post('/api/auth/login', { username: u.username, password: 'Keuangan77' })).status).toBe(
      200,
    );
  });

  it('explains that patients have no sign-in, and hides other branches (404)', async () => {
    const p = await t
      .api(admin)
      .post(`/api/users/changepassword/${patientA}`, { password: 'Pasien123', repeatpassword: 'Pasien123' });
    expect(p.status).toBe(400);
    expect(p.body[0].message).toBe('Pasien tidak memiliki akun masuk, password tidak dapat diubah');
    const x = await t
      .api(manager)
      .post(`/api/users/changepassword/${managerB.id}`, { password: 'Lintas123', repeatpassword: 'Lintas123' });
    expect(x.status).toBe(404);
  });
});

describe('status and role changes through approvals', () => {
  it('stores a deactivation as a request (202) and changes nothing until approved', async () => {
    const target = await t.makeUser('multimedia', { branchId: branchA });
    const res = await t.api(manager).put(`/api/users/${target.id}`, { status: 0 });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ pending: true, message: 'Permintaan menunggu persetujuan' });
    expect((await userRow(target.id)).status).toBe(1);
    expect(await sessionsOf(target.id)).toHaveLength(1);
    // The same change again while one is open: 409.
    const again = await t.api(manager).put(`/api/users/${target.id}`, { status: 0 });
    expect(again.status).toBe(409);

    const superadmin = await t.makeUser('superadmin', { branchId: branchA });
    const ok = await t
      .api(superadmin)
      .post(`/api/applog/doconfirm/${res.body.data.applog_id}`, { status: 1, reason: 'Sudah resign' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 1,
      statusname: 'Disetujui',
      reason: 'Sudah resign',
      decidedby: { id: superadmin.id },
    });
    expect((await userRow(target.id)).status).toBe(0);
    expect(await sessionsOf(target.id)).toHaveLength(0);
    expect((await t.api(target).get('/api/auth/me')).status).toBe(401);
    const login = await t.api(null).post('/api/auth/login', { username: target.username, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
  });

  it('lets owner/developer deactivate directly', async () => {
    const target = await t.makeUser('apoteker', { branchId: branchA });
    const res = await t.trpc(owner).users.setStatus({ id: target.id, status: 0 });
    expect(res.pending).toBe(false);
    expect((await userRow(target.id)).status).toBe(0);
    expect(await sessionsOf(target.id)).toHaveLength(0);
  });

  it('refuses a status change without the right privilege and on oneself', async () => {
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(admin).put(`/api/users/${perawat.id}`, { status: 0 })).status).toBe(403);
    const self = await t.api(manager).put(`/api/users/${manager.id}`, { status: 0 });
    expect(self.status).toBe(400);
    expect(self.body[0].message).toBe('Anda tidak dapat mengubah status akun Anda sendiri');
    expect((await t.api(manager).put(`/api/users/${manager.id}`, { status: 'x' })).status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('stores a role change as a request; a rejection leaves the role as it was', async () => {
    const target = await t.makeUser('admin', { branchId: branchA });
    const res = await t.trpc(manager).users.setAccess({ id: target.id, data: { role: 4 } });
    expect(res.pending).toBe(true);
    if (!res.pending) return;
    const superadmin = await t.makeUser('superadmin', { branchId: branchA });
    const noReason = await t.api(superadmin).post(`/api/applog/doconfirm/${res.applog_id}`, { status: -1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual([{ message: 'Alasan penolakan wajib diisi', field: 'reason' }]);
    const rej = await t
      .api(superadmin)
      .post(`/api/applog/doconfirm/${res.applog_id}`, { status: -1, reason: 'Belum waktunya' });
    expect(rej.status).toBe(200);
    expect(rej.body.data).toMatchObject({ status: -1, statusname: 'Ditolak', reason: 'Belum waktunya' });
    expect((await userRow(target.id)).role).toBe(3);
    const second = await t.api(superadmin).post(`/api/applog/doconfirm/${res.applog_id}`, { status: 1 });
    expect(second.status).toBe(409);
    expect((await userRow(target.id)).role).toBe(3);
  });

  it('carries an approved role change out with the new role defaults', async () => {
    const target = await t.makeUser('admin', { branchId: branchA });
    const req = await t.api(manager).put(`/api/users/${target.id}`, { role: 5 });
    expect(req.status).toBe(202);
    const ok = await t.api(owner).post(`/api/applog/doconfirm/${req.body.data.applog_id}`, { status: 1 });
    expect(ok.status).toBe(200);
    expect((await userRow(target.id)).role).toBe(5);
    const privs = await t.db.select().from(userPrivilege).where(eq(userPrivilege.user_id, target.id));
    expect(privs.find((p) => p.fiturcode === 'FINANCE_LAPORAN')?.iscanmanage).toBe(true);
    expect(await sessionsOf(target.id)).toHaveLength(0);
  });

  it('keeps top-level roles and other branches for owner/developer only', async () => {
    const target = await t.makeUser('admin', { branchId: branchA });
    expect((await t.api(manager).put(`/api/users/${target.id}`, { roletoplevel: 1 })).status).toBe(403);
    expect((await t.api(manager).put(`/api/users/${target.id}`, { profile_id: branchB })).status).toBe(403);
    expect((await t.api(manager).put(`/api/users/${manager.id}`, { role: 11 })).status).toBe(403);
    expect((await t.api(admin).put(`/api/users/${target.id}`, { role: 4 })).status).toBe(403);
    expect((await t.api(manager).put(`/api/users/${target.id}`, { role: 1 })).status).toBe(400);
    const moved = await t.api(owner).put(`/api/users/${target.id}`, { profile_id: branchB });
    expect(moved.status).toBe(200);
    expect(moved.body.data.profile_id).toBe(branchB);
  });
});

describe('POST /api/users/uploadavatar/{id} and GET /api/files/users/{id}/avatar', () => {
  it('stores a real PNG and serves it back to colleagues of the branch only', async () => {
    const res = await upload(t, perawat, `/api/users/uploadavatar/${perawat.id}`, 'foto.png', PNG_1X1);
    expect(res.status).toBe(200);
    expect(res.body.data.avatarurl).toMatch(new RegExp(`^/api/files/users/${perawat.id}/avatar\\?v=`));
    const file = await t.app.inject({ method: 'GET', url: res.body.data.avatarurl, headers: { cookie: admin.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Re-encoded without metadata (issue 8): the same 1x1 picture, not necessarily the same bytes.
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/files/users/${perawat.id}/avatar`,
      headers: { cookie: managerB.cookie },
    });
    expect(other.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: `/api/files/users/${perawat.id}/avatar` });
    expect(anon.statusCode).toBe(401);
  });

  it('refuses a text file renamed to .png (400) and changes nothing', async () => {
    const before = await userRow(inventory.id);
    const res = await upload(
      t,
      inventory,
      `/api/users/uploadavatar/${inventory.id}`,
      'bukan-gambar.png',
      Buffer.from('ini hanya teks biasa, bukan gambar'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{ message: 'File harus berupa gambar PNG, JPG, JPEG atau GIF', field: 'avatar' }]);
    expect((await userRow(inventory.id)).avatar).toBe(before.avatar);
  });

  it('refuses an 11 MB file with 413 and a clear message', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG_1X1.copy(big);
    const res = await upload(t, inventory, `/api/users/uploadavatar/${inventory.id}`, 'besar.png', big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual([{ message: 'Ukuran file maksimal 10MB' }]);
    expect((await userRow(inventory.id)).avatar).toBeNull();
  });

  it('asks for a file when none is sent', async () => {
    const res = await t.api(inventory).post(`/api/users/uploadavatar/${inventory.id}`, {});
    expect(res.status).toBe(400);
    expect(res.body[0].message).toBe('File gambar wajib dipilih');
  });

  it("applies the profile rules to other people's avatars", async () => {
    expect((await upload(t, perawat, `/api/users/uploadavatar/${admin.id}`, 'a.png', PNG_1X1)).status).toBe(403);
    expect((await upload(t, manager, `/api/users/uploadavatar/${patientB}`, 'a.png', PNG_1X1)).status).toBe(404);
    expect((await upload(t, admin, `/api/users/uploadavatar/${patientA}`, 'a.png', PNG_1X1)).status).toBe(200);
    const byInventory = await t.app.inject({
      method: 'GET',
      url: `/api/files/users/${patientA}/avatar`,
      headers: { cookie: inventory.cookie },
    });
    expect(byInventory.statusCode).toBe(403);
  });
});

describe('GET /api/customer', () => {
  it('finds patients and employees of the current branch by keyword', async () => {
    const res = await t.api(admin).get('/api/customer?keyword=siti');
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: number }) => r.id)).toContain(patientA);
    expect(res.body.data[0]).toMatchObject({ type: 'patient', name: 'Siti Pasien' });
    const emp = await t.api(admin).get('/api/customer?type=employee&keyword=Rina');
    expect(emp.body.data.map((r: { id: number }) => r.id)).toEqual([perawat.id]);
  });

  it('answers the patient typed first: a whole NO RM. or NIK, then names starting with the keyword (issue 26)', async () => {
    const zaki = await t.makePatient(branchA, { name: 'Zaki Urut', username: 'RMQ4711' });
    const ahmad = await t.makePatient(branchA, { name: 'Ahmad Urut', username: 'RMQ47110' });
    const nik = await t.makePatient(branchA, { name: 'Yusuf Urut', idcard: '3174000000004711' });
    const ani = await t.makePatient(branchA, { name: 'Ani Ekowati Urut' });
    const eko = await t.makePatient(branchA, { name: 'Eko Saputra Urut' });
    const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((r) => r.id);
    // 'rmq4711' is also inside RMQ47110 (Ahmad sorts first by name): the whole NO RM. comes first.
    expect(ids(await t.api(admin).get('/api/customer?type=patient&keyword=rmq4711'))).toEqual([zaki, ahmad]);
    expect(ids(await t.api(admin).get('/api/users?role=1&keyword=RMQ4711'))).toEqual([zaki, ahmad]);
    // '4711' is in both NO RM. and the NIK; the NIK typed whole is its patient only.
    expect(ids(await t.api(admin).get('/api/customer?keyword=3174000000004711'))).toEqual([nik]);
    // 'eko' is inside 'Ani Ekowati' too: the name that starts with it first.
    expect(ids(await t.api(admin).get('/api/customer?type=patient&keyword=eko'))).toEqual([eko, ani]);
  });

  it('never answers another branch', async () => {
    const res = await t.api(admin).get('/api/customer?keyword=Budi');
    expect(res.body.data).toEqual([]);
  });

  it('needs PASIEN read for patients, and refuses bad filters', async () => {
    expect((await t.api(inventory).get('/api/customer?type=patient')).status).toBe(403);
    const mixed = await t.api(inventory).get('/api/customer?keyword=siti');
    expect(mixed.body.data).toEqual([]);
    const bad = await t.api(admin).get('/api/customer?type=robot');
    expect(bad.status).toBe(400);
    expect(bad.body[0].field).toBe('type');
  });
});
