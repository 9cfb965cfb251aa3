import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { readKeyword } from './service.js';

let t: TestApp;
let dokter: TestUser;
let finance: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  dokter = await t.makeUser('dokter', { branchId: branch });
  finance = await t.makeUser('finance', { branchId: branch });
});
afterAll(() => t.close());

const codes = (body: { data: { code: string }[] }) => body.data.map((r) => r.code);

describe('readKeyword', () => {
  it('reads a code with or without its dot, and words in any case', () => {
    expect(readKeyword('icd10', ' a09.0 ', 20)).toEqual({ words: ['a09.0'], code: 'A09.0', limit: 20 });
    expect(readKeyword('icd10', 'A090', 20).code).toBe('A09.0');
    expect(readKeyword('icd10', 'a0', 20).code).toBe('A0');
    expect(readKeyword('icd9cm', '9396', 20).code).toBe('93.96');
    expect(readKeyword('icd9cm', '93.960', 20).code).toBe('93.960');
    expect(readKeyword('icd9cm', 'A09', 20).code).toBeNull();
    expect(readKeyword('icd10', 'Demam  berdarah, DENGUE', 5)).toEqual({
      words: ['demam', 'berdarah', 'dengue'],
      code: null,
      limit: 5,
    });
  });
});

describe('GET /api/master/icd10 and /api/master/icd9cm, tRPC icd.*', () => {
  it('loads both lists whole (migration)', async () => {
    const [row] = await queryRows<{ n10: number; n9: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM icd10) AS n10, (SELECT count(*)::int FROM icd9cm) AS n9`,
    );
    expect(row).toEqual({ n10: 18547, n9: 4626 });
  });

  it('puts the exact code first, then codes under it, with or without the dot', async () => {
    for (const kw of ['A09', 'a09']) {
      const res = await t.api(dokter).get(`/api/master/icd10?keyword=${kw}`);
      expect(res.status).toBe(200);
      expect(codes(res.body).slice(0, 3)).toEqual(['A09', 'A09.0', 'A09.9']);
      expect(res.body.data[0]).toEqual({
        code: 'A09',
        name_id: expect.any(String),
        name_en: expect.stringMatching(/diarrhoea|gastroenteritis/i),
      });
    }
    const nodot = await t.api(dokter).get('/api/master/icd10?keyword=a090');
    expect(codes(nodot.body)[0]).toBe('A09.0');
    const proc = await t.api(dokter).get('/api/master/icd9cm?keyword=9396');
    expect(codes(proc.body)).toEqual(['93.96', '93.960']);
  });

  it('finds words in Indonesian or English, all of them, in any order', async () => {
    const id = await t.api(dokter).get('/api/master/icd10?keyword=demam berdarah dengue');
    expect(codes(id.body)).toContain('A91');
    for (const r of id.body.data as { name_id: string; name_en: string; code: string }[]) {
      const text = `${r.code} ${r.name_id} ${r.name_en}`.toLowerCase();
      expect(text).toContain('demam');
      expect(text).toContain('dengue');
    }
    const en = await t.trpc(dokter).icd.icd10({ keyword: 'fever haemorrhagic dengue' });
    expect(en.map((r) => r.code)).toContain('A91');
    const reversed = await t.trpc(dokter).icd.icd10({ keyword: 'dengue fever haemorrhagic' });
    expect(reversed.map((r) => r.code)).toEqual(en.map((r) => r.code));
    const kolera = await t.trpc(dokter).icd.icd10({ keyword: 'kolera' });
    expect(kolera[0].code).toBe('A00');
    const proc = await t.trpc(dokter).icd.icd9cm({ keyword: 'appendectomy' });
    expect(proc.map((r) => r.code)).toContain('47.0');
    expect((await t.trpc(dokter).icd.icd10({ keyword: 'zzqx tidakada' })).length).toBe(0);
  });

  it('gives at most 20, a LIKE wildcard is a plain character, and refuses bad input in Indonesian', async () => {
    const many = await t.api(dokter).get('/api/master/icd10?keyword=a');
    expect(many.body.data).toHaveLength(20);
    const first = await t.api(dokter).get('/api/master/icd10');
    expect(codes(first.body)[0]).toBe('A00');
    expect((await t.api(dokter).get('/api/master/icd10?keyword=kol%25ra')).body.data).toEqual([]);
    expect((await t.api(dokter).get('/api/master/icd10?keyword=_olera')).body.data).toEqual([]);
    const percent = await t.api(dokter).get('/api/master/icd10?keyword=10-19%25');
    expect(codes(percent.body)).toContain('T32.1');
    const bad = await t.api(dokter).get(`/api/master/icd10?keyword=${'x'.repeat(101)}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual([{ message: 'Kata kunci terlalu panjang', field: 'keyword' }]);
    expect((await t.api(dokter).get('/api/master/icd9cm?limit=21')).status).toBe(400);
  });

  it('is for staff who work with records: 403 for finance, 401 signed out', async () => {
    expect((await t.api(finance).get('/api/master/icd10?keyword=A09')).status).toBe(403);
    expect((await t.api(null).get('/api/master/icd9cm?keyword=93')).status).toBe(401);
  });
});
