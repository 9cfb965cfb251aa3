import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, countRows, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let admin: TestUser;
let dokter: TestUser;
let investor: TestUser;
let managerB: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  admin = await t.makeUser('admin', { branchId: branchA, name: 'Ani Admin' });
  dokter = await t.makeUser('dokter', { branchId: branchA });
  investor = await t.makeUser('investor', { branchId: branchA });
  managerB = await t.makeUser('manager', { branchId: branchB });
});
afterAll(() => t.close());

describe('POST /api/pengumuman', () => {
  it('posts a trimmed message for the current branch', async () => {
    const res = await t.api(admin).post('/api/pengumuman', { message: '  Rapat staf hari Jumat pukul 08.00  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      message: 'Rapat staf hari Jumat pukul 08.00',
      userdata: { id: admin.id, name: 'Ani Admin' },
      profile_id: branchA,
    });
    expect(typeof res.body.data.posttime).toBe('string');
  });

  it('needs 5 to 100 characters (400) and changes nothing', async () => {
    const before = await countRows(t.db, 'pengumuman', 'audit_log');
    const short = await t.api(admin).post('/api/pengumuman', { message: ' abcd ' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual([{ message: 'Pengumuman minimal 5 karakter', field: 'message' }]);
    const long = await t.api(admin).post('/api/pengumuman', { message: 'x'.repeat(101) });
    expect(long.body).toEqual([{ message: 'Pengumuman maksimal 100 karakter', field: 'message' }]);
    expect((await t.api(admin).post('/api/pengumuman', {})).body).toEqual([
      { message: 'Pengumuman wajib diisi', field: 'message' },
    ]);
    expect(await countRows(t.db, 'pengumuman', 'audit_log')).toEqual(before);
  });

  it('is refused to investors (My Menu hidden) and anonymous callers', async () => {
    const before = await countRows(t.db, 'pengumuman');
    expect((await t.api(investor).post('/api/pengumuman', { message: 'Pengumuman investor' })).status).toBe(403);
    expect((await t.api(null).post('/api/pengumuman', { message: 'Pengumuman anonim' })).status).toBe(401);
    await expect(t.trpc(investor).pengumuman.create({ message: 'Pengumuman investor' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await countRows(t.db, 'pengumuman')).toEqual(before);
  });
});

describe('GET /api/pengumuman', () => {
  it('answers the 10 latest of the branch, newest first, with count and keyword filter', async () => {
    for (let i = 1; i <= 11; i++) await t.trpc(dokter).pengumuman.create({ message: `Info nomor ${i} untuk staf` });
    await t.api(managerB).post('/api/pengumuman', { message: 'Hanya untuk cabang B' });
    const res = await t.api(investor).get('/api/pengumuman');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.count).toBe(12);
    expect(res.body.data[0].message).toBe('Info nomor 11 untuk staf');
    expect(res.body.data.some((p: { message: string }) => p.message.includes('cabang B'))).toBe(false);
    const kw = await t.api(admin).get('/api/pengumuman?keyword=rapat&page=1&limit=');
    expect(kw.body.data.map((p: { message: string }) => p.message)).toEqual(['Rapat staf hari Jumat pukul 08.00']);
    const page2 = await t.trpc(admin).pengumuman.list({ page: 2, limit: 10 });
    expect(page2.data).toHaveLength(2);
  });

  it('refuses bad filters and anonymous callers', async () => {
    expect((await t.api(admin).get('/api/pengumuman?limit=0')).status).toBe(400);
    expect((await t.api(null).get('/api/pengumuman')).status).toBe(401);
  });
});
