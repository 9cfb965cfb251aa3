/**
 * Issue 25 finding 7: a device-log import is no back door around attendance corrections. Only top-level users import
 * (an admin or a plain manager gets 403); never a punch of the importer's own code; never a day older than the
 * branch's limit (default 7 days, set by the owner: 1 to 62) nor a day to come. Refused files write nothing; an
 * accepted punch keeps its source ('device') and importer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { multipartBody } from '../../../test/upload-helpers.js';

let t: TestApp;
let a: number;
let mgr: TestUser;
let admin: TestUser;
let hr: TestUser;
let hrB: TestUser;
let owner: TestUser;

const TABLES = ['checklog', 'checklog_import', 'attendance_setting', 'audit_log'];
const post = (as: TestUser, text: string) =>
  t.api(as).post('/api/attendance/checklog/import', text, { 'content-type': 'text/plain' });

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-10-20T03:00:00Z'); // Tuesday 20 October 2026, 10:00 in Jakarta
  a = await t.makeBranch({ name: 'Cabang Impor Absen' });
  const b = await t.makeBranch({ name: 'Cabang Impor Lain' });
  mgr = await t.makeUser('manager', { branchId: a });
  admin = await t.makeUser('admin', { branchId: a });
  hr = await t.makeUser('manager', { branchId: a, toplevel: 'managerhr' });
  hrB = await t.makeUser('manager', { branchId: b, toplevel: 'managerhr' });
  owner = await t.makeUser('manager', { branchId: a, toplevel: 'owner' });
  for (const [u, code] of [
    [admin, '701'],
    [hr, '702'],
  ] as const) {
    const res = await t.api(owner).put(`/api/attendance/employees/${u.id}`, {
      attendance_code: code,
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 5_000_000,
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t.close());

describe('device-log import rules', () => {
  it('is refused to admins and plain managers (403), writing nothing', async () => {
    const before = await countRows(t.db, ...TABLES);
    for (const u of [admin, mgr]) expect((await post(u, '701,2026-10-19 07:55:00,0')).status).toBe(403);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it("refuses the importer's own code, days past the limit and days to come: whole file, line by line", async () => {
    const before = await countRows(t.db, ...TABLES);
    const res = await post(
      hr,
      [
        '701,2026-10-19 07:55:00,0',
        '702,2026-10-19 07:50:00,0',
        '701,2026-10-12 07:55:00,0',
        '701,2026-10-21 08:00:00,0',
      ].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      { field: 'file', message: 'Baris 2: log absensi Anda sendiri tidak boleh Anda impor' },
      {
        field: 'file',
        message:
          'Baris 3: tanggal 2026-10-12 lebih lama dari batas impor cabang ini (7 hari); ubah lewat koreksi absensi',
      },
      { field: 'file', message: 'Baris 4: tanggal 2026-10-21 belum terjadi' },
    ]);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
  });

  it('imports within the limit, recording the source and the importer', async () => {
    const res = await post(hr, '701,2026-10-13 07:55:00,0\n701,2026-10-19 16:00:00,1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2 });
    const rows = await queryRows<{ source: string; created_by: number }>(
      t.db,
      sql`select source, created_by from checklog where attendance_code = '701' order by punch_at`,
    );
    expect(rows).toEqual([
      { source: 'device', created_by: hr.id },
      { source: 'device', created_by: hr.id },
    ]);
  });

  it('records each import (who, when, file or text, lines, punches stored); each punch names its import', async () => {
    const log = '701,2026-10-14 07:55:00,0\n701,2026-10-14 16:00:00,1\n';
    const body = multipartBody('file', 'mesin-oktober.txt', Buffer.from(log), 'text/plain');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/checklog/import',
      headers: { ...body.headers, cookie: hr.cookie },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const first = JSON.parse(res.body).data as { import_id: number; imported: number };
    expect(first).toMatchObject({ imported: 2, duplicates: 0 });
    // The same lines again, as text: recorded as an import that stored nothing; the punches keep their first import.
    const again = await post(hr, log);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ imported: 0, duplicates: 2 });
    const second = again.body.data.import_id as number;
    expect(second).toBeGreaterThan(first.import_id);

    const imports = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select id, profile_id, kind, file_name, line_count, imported, created_by from checklog_import
          where id in (${first.import_id}, ${second}) order by id`,
    );
    expect(imports).toEqual([
      {
        id: first.import_id,
        profile_id: a,
        kind: 'file',
        file_name: 'mesin-oktober.txt',
        line_count: 2,
        imported: 2,
        created_by: hr.id,
      },
      { id: second, profile_id: a, kind: 'text', file_name: null, line_count: 2, imported: 0, created_by: hr.id },
    ]);
    const list = await t.api(hr).get('/api/attendance/checklog?from=2026-10-14&to=2026-10-14&keyword=701');
    expect(list.status).toBe(200);
    expect((list.body.data as { import_id: number | null; source: string }[]).map((r) => r.import_id)).toEqual([
      first.import_id,
      first.import_id,
    ]);
    // The trail of imports is kept: the database refuses to delete it.
    const refused = await queryRows(t.db, sql`delete from checklog_import where id = ${second}`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(String(refused?.cause?.message ?? refused?.message)).toMatch(/tidak dapat dihapus/);
    // A web punch names no import.
    const web = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from checklog where source = 'web' and import_id is not null`,
    );
    expect(web[0]?.n).toBe(0);
  });

  it('the limit is the owner’s per-branch setting (1 to 62 days), with Indonesian messages', async () => {
    expect((await t.api(hr).get('/api/attendance/checklog/setting')).body.data).toEqual({ punch_import_max_days: 7 });
    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(hr).put('/api/attendance/checklog/setting', { punch_import_max_days: 30 })).status).toBe(403);
    const bad = await t.api(owner).put('/api/attendance/checklog/setting', { punch_import_max_days: 63 });
    expect(bad.status).toBe(400);
    expect(bad.body).toContainEqual({ field: 'punch_import_max_days', message: 'Batas umur log paling lama 62 hari' });
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const ok = await t.api(owner).put('/api/attendance/checklog/setting', { punch_import_max_days: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ punch_import_max_days: 2 });
    const old = await post(hr, '701,2026-10-17 07:55:00,0');
    expect(old.status).toBe(400);
    expect(old.body[0].message).toContain('(2 hari)');
    expect((await post(hr, '701,2026-10-18 07:55:00,0')).status).toBe(200);
    // Another branch keeps the default.
    expect((await t.api(hrB).get('/api/attendance/checklog/setting')).body.data).toEqual({ punch_import_max_days: 7 });
  });
});
