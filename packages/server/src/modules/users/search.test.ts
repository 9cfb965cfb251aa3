// Patient search (issue 10): the same answers through the index-friendly keyword forms (whole NO RM, 16-digit NIK,
// phone in any notation, substring), and a count capped at the page plus LIST_COUNT_CAP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { LIST_COUNT_CAP, listCountCapped } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let branch: number;
let other: number;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Cari' });
  other = await t.makeBranch({ name: 'Cabang Lain' });
  admin = await t.makeUser('admin', { branchId: branch });
  await t.makePatient(branch, {
    name: 'Dewi Purnamasari',
    username: 'RM07000001',
    idcard: '3174014501900001',
    phone: '0812-3456-7890',
  });
  await t.makePatient(branch, { name: 'Sari Wulandari', username: 'RM07000002', phone: '+62 813 1111 2222' });
  await t.makePatient(branch, { name: 'Budi Santoso', username: 'RM07000003', idcard: '3174014501900002' });
  await t.makePatient(other, { name: 'Sari di Cabang Lain', username: 'RM08000001', phone: '081234567890' });
});
afterAll(() => t.close());

async function names(keyword: string): Promise<string[]> {
  const res = await t.api(admin).get(`/api/users?role=1&keyword=${encodeURIComponent(keyword)}`);
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(res.body.data.length);
  return res.body.data.map((u: { name: string }) => u.name);
}

describe('GET /api/users?role=1&keyword=', () => {
  it('finds a substring of the name, any case, in the current branch only', async () => {
    // The name starting with the keyword first (issue 26: the patient typed), then the rest by name.
    expect(await names('sari')).toEqual(['Sari Wulandari', 'Dewi Purnamasari']);
    expect(await names('  SANTO ')).toEqual(['Budi Santoso']);
  });

  it('finds a whole NO RM exactly and a part of one as a substring', async () => {
    expect(await names('rm07000002')).toEqual(['Sari Wulandari']);
    expect(await names('RM0700000')).toEqual(['Dewi Purnamasari', 'Sari Wulandari', 'Budi Santoso'].sort());
    expect(await names('RM08000001')).toEqual([]);
  });

  it('finds a whole NIK exactly and a part of one as a substring', async () => {
    expect(await names('3174014501900002')).toEqual(['Budi Santoso']);
    expect(await names('40145019')).toEqual(['Budi Santoso', 'Dewi Purnamasari']);
  });

  it('finds a phone number whatever its notation', async () => {
    for (const k of ['081234567890', '0812 3456 7890', '+6281234567890', '6281234567', '3456-7890']) {
      expect(await names(k)).toEqual(['Dewi Purnamasari']);
    }
    expect(await names('0813-1111-2222')).toEqual(['Sari Wulandari']);
  });

  it('treats LIKE wildcards in the keyword as text', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('counts matches up to the page plus the cap, with or without a keyword; past it "more than"', async () => {
    const big = await t.makeBranch({ name: 'Cabang Besar' });
    await queryRows(
      t.db,
      sql`insert into users (role, username, name, initial, status, profile_id)
          select 1, 'RMX' || g, 'Pasien Massal ' || g, 'PM', 1, ${big} from generate_series(1, ${LIST_COUNT_CAP + 5}) g`,
    );
    const owner = await t.makeUser('admin', { branchId: big });
    const kw = await t.api(owner).get('/api/users?role=1&keyword=massal&limit=10');
    expect(kw.body.data).toHaveLength(10);
    expect(kw.body.count).toBe(LIST_COUNT_CAP + 1);
    expect(listCountCapped(kw.body.count, 1, 10)).toBe(true);
    // Without a keyword the list counts the same way (issue 33: not the branch's every patient on each page).
    const all = await t.api(owner).get('/api/users?role=1&limit=10');
    expect(all.body.count).toBe(LIST_COUNT_CAP + 1);
    // A page near the end counts exactly: 1 005 patients, page 2 of 10 counts up to 10 + the cap, so all of them.
    const near = await t.api(owner).get('/api/users?role=1&limit=10&page=2');
    expect(near.body.count).toBe(LIST_COUNT_CAP + 5);
    expect(listCountCapped(near.body.count, 2, 10)).toBe(false);
    const last = await t.api(owner).get('/api/users?role=1&limit=10&page=101');
    expect(last.body.data).toHaveLength(5);
    expect(last.body.count).toBe(LIST_COUNT_CAP + 5);

    // Past the cap and under it, a page is the same slice of the matches in name order (then id).
    const byName = (
      await queryRows<{ name: string }>(
        t.db,
        sql`select name from users where profile_id = ${big} and role = 1 order by name, id`,
      )
    ).map((r) => r.name);
    const page = async (keyword: string, page: number) => {
      const res = await t.api(owner).get(`/api/users?role=1&keyword=${keyword}&limit=10&page=${page}`);
      expect(res.status).toBe(200);
      return res.body as { data: { name: string }[]; count: number };
    };
    const p3 = await page('massal', 3);
    expect(p3.data.map((u) => u.name)).toEqual(byName.slice(20, 30));
    expect(p3.count).toBe(LIST_COUNT_CAP + 5);
    // 'massal 1' matches 1, 10-19, 100-199 and 1000-1005: under the cap.
    const few = byName.filter((n) => n.toLowerCase().includes('massal 1'));
    const q2 = await page('massal%201', 2);
    expect(q2.data.map((u) => u.name)).toEqual(few.slice(10, 20));
    expect(q2.count).toBe(few.length);
    const beyond = await page('massal%201', 50);
    expect(beyond).toEqual({ data: [], count: few.length });

    // The Excel export reads pages until a short one, not up to the first page's capped count: every patient
    // (1 605, past three pages of 500 and the first page's count of 1 001).
    await queryRows(
      t.db,
      sql`insert into users (role, username, name, initial, status, profile_id)
          select 1, 'RMY' || g, 'Pasien Tambahan ' || g, 'PT', 1, ${big} from generate_series(1, 600) g`,
    );
    const manager = await t.makeUser('manager', { branchId: big });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/export?role=1',
      headers: { cookie: manager.cookie },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Pengguna')!.actualRowCount).toBe(1 + LIST_COUNT_CAP + 5 + 600);
  });
});
