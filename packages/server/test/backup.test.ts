/**
 * Issue 32 items 1 and 2: a backup taken while journals and uploads are being written restores into an empty target
 * with every write acknowledged before the backup began, every journal balanced and every upload readable; a restore
 * over a non-empty target, of a tampered archive or of a newer migration level is refused; the app refuses to
 * migrate a database newer than itself. On the embedded PGlite in the server project, on PostgreSQL with
 * TEST_DATABASE_URL (CI).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { PNG_1X1, upload } from './upload-helpers.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { financePeriode } from '../src/db/schema/index.js';
import { createBackup, newestBackupTime, pruneBackups } from '../src/ops/backup.js';
import { restoreBackup, RestoreRefused } from '../src/ops/restore.js';
import { MANIFEST, type Manifest } from '../src/ops/archive.js';

let t: TestApp;
let fin: TestUser;
let manager: TestUser;
let patient: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-backup-test-'));
const created: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch({ name: 'Cabang Cadangan' });
  fin = await t.makeUser('finance', { branchId: branch });
  manager = await t.makeUser('manager', { branchId: branch });
  patient = await t.makePatient(branch);
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (t.databaseUrl) for (const url of created) await dropDatabase(url);
});

/** A new empty PostgreSQL database next to the test's (PostgreSQL only). */
async function newDatabase(): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `klinik_restore_${Math.random().toString(16).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  admin.pathname = `/${name}`;
  created.push(admin.toString());
  return admin.toString();
}
async function dropDatabase(url: string) {
  const { default: pg } = await import('pg');
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await c.end();
}

const postJournal = (i: number) =>
  t.api(fin).post('/api/finance/jurnal', {
    code: '',
    transaction_at: '2026-02-14',
    memo: `cadangan ${i}`,
    details: [
      { akun: '1101', description: '', debit: 1000 + i, credit: 0 },
      { akun: '4101', description: '', debit: 0, credit: 1000 + i },
    ],
  });

async function openRestored(target: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return target.databaseUrl
    ? openDatabase({ databaseUrl: target.databaseUrl })
    : openDatabase({ dataDir: target.dataDir });
}

describe('backup and restore', () => {
  let archive: string;
  let manifest: Manifest;
  const before: string[] = [];
  let target: { databaseUrl?: string; dataDir?: string; uploadDir: string };

  it('takes a backup while journals are posted and a photo uploaded', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await postJournal(i);
      expect(r.status).toBe(201);
      before.push(r.body.data.code as string);
    }
    const photo = await upload(t, manager, `/api/users/uploadavatar/${patient}`, 'p.png', PNG_1X1);
    expect(photo.status).toBe(200);
    // The stream goes on while the backup runs.
    let stop = false;
    const stream = (async () => {
      let i = 100;
      while (!stop) expect((await postJournal(i++)).status).toBe(201);
    })();
    const result = await createBackup({
      database: t.app.database,
      config: { ...t.config, databaseUrl: t.databaseUrl },
      outDir: path.join(tmp, 'backups'),
      appVersion: '0.0.0-uji',
    });
    stop = true;
    await stream;
    archive = result.file;
    manifest = result.manifest;
    expect(fs.existsSync(archive)).toBe(true);
    expect(manifest.database).toBe(t.databaseUrl ? 'pg' : 'pglite');
    expect(manifest.migration.count).toBeGreaterThan(40);
    expect(manifest.tables['public.jurnal']).toBeGreaterThanOrEqual(5);
    expect(Object.keys(manifest.files).some((f) => f.startsWith('uploads/'))).toBe(true);
    expect(newestBackupTime(path.join(tmp, 'backups'))).not.toBeNull();
  });

  it('restores into an empty target with every acknowledged write, balanced journals and readable uploads', async () => {
    target = t.databaseUrl
      ? { databaseUrl: await newDatabase(), uploadDir: path.join(tmp, 'r1-uploads') }
      : { dataDir: path.join(tmp, 'r1'), uploadDir: path.join(tmp, 'r1-uploads') };
    await restoreBackup(archive, { ...target, migrationsDir: t.config.migrationsDir });
    const restored = await openRestored(target);
    try {
      const codes = await queryRows<{ code: string }>(restored.db, sql`select code from jurnal`);
      const present = new Set(codes.map((c) => c.code));
      for (const code of before) expect(present.has(code), code).toBe(true);
      expect(codes.length).toBe(manifest.tables['public.jurnal']);
      const unbalanced = await queryRows<{ id: number }>(
        restored.db,
        sql`select jurnal_id as id from jurnal_detail group by jurnal_id having sum(debit) <> sum(credit)`,
      );
      expect(unbalanced).toEqual([]);
      const [{ avatar }] = await queryRows<{ avatar: string }>(
        restored.db,
        sql`select avatar from users where id = ${patient}`,
      );
      expect(avatar).toBeTruthy();
      expect(fs.readFileSync(path.join(target.uploadDir, avatar))).toEqual(
        fs.readFileSync(path.join(t.config.uploadDir, avatar)),
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const err = await restoreBackup(archive, { ...target, migrationsDir: t.config.migrationsDir }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RestoreRefused);
    expect((err as Error).message).toMatch(/tidak kosong/);
    const uploads = t.databaseUrl
      ? { databaseUrl: await newDatabase(), uploadDir: target.uploadDir }
      : { dataDir: path.join(tmp, 'r2'), uploadDir: target.uploadDir };
    const err2 = await restoreBackup(archive, { ...uploads, migrationsDir: t.config.migrationsDir }).catch(
      (e: unknown) => e,
    );
    expect((err2 as Error).message).toMatch(/Folder unggahan tidak kosong/);
  });

  async function repacked(edit: (dir: string) => void): Promise<string> {
    const dir = fs.mkdtempSync(path.join(tmp, 'x-'));
    await tar.extract({ file: archive, cwd: dir });
    edit(dir);
    const out = path.join(tmp, `${path.basename(dir)}.tar.gz`);
    await tar.create({ gzip: true, cwd: dir, file: out }, fs.readdirSync(dir));
    return out;
  }
  const freshTarget = async (n: string) =>
    t.databaseUrl
      ? { databaseUrl: await newDatabase(), uploadDir: path.join(tmp, `${n}-u`), migrationsDir: t.config.migrationsDir }
      : { dataDir: path.join(tmp, n), uploadDir: path.join(tmp, `${n}-u`), migrationsDir: t.config.migrationsDir };

  it('refuses an archive of a newer migration level, and one whose files do not match their checksums', async () => {
    const newer = await repacked((dir) => {
      const m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
      m.migration.count += 1;
      m.migration.when += 1;
      fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(m));
    });
    const e1 = await restoreBackup(newer, await freshTarget('r3')).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(RestoreRefused);
    expect((e1 as Error).message).toMatch(/versi Klinik yang lebih baru/);
    const tampered = await repacked((dir) => {
      const f = fs.readdirSync(path.join(dir, 'database'))[0];
      fs.appendFileSync(path.join(dir, 'database', f), 'x');
    });
    const e2 = await restoreBackup(tampered, await freshTarget('r4')).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(RestoreRefused);
    expect((e2 as Error).message).toMatch(/Checksum tidak cocok/);
    expect(fs.existsSync(path.join(tmp, 'r4', 'pglite'))).toBe(false);
  });

  it('the app refuses to migrate a database newer than itself', async () => {
    const restored = await openRestored(target);
    try {
      await restored.executeSql(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('uji-versi-baru', 9999999999999)`,
        [],
      );
      await expect(restored.migrate(t.config.migrationsDir)).rejects.toThrow(/versi Klinik yang lebih baru/);
    } finally {
      await restored.close();
    }
  });

  it('keeps the newest archive and those younger than the limit', () => {
    const dir = path.join(tmp, 'prune');
    fs.mkdirSync(dir);
    const names = ['klinik-20260101-010000.tar.gz', 'klinik-20260102-010000.tar.gz', 'klinik-20260103-010000.tar.gz'];
    for (const [i, n] of names.entries()) {
      fs.writeFileSync(path.join(dir, n), '');
      const when = new Date(`2026-01-0${i + 1}T01:00:00Z`);
      fs.utimesSync(path.join(dir, n), when, when);
    }
    expect(pruneBackups(dir, 1, new Date('2026-01-03T12:00:00Z'))).toEqual(names.slice(0, 2));
    expect(pruneBackups(dir, 1, new Date('2026-03-01T00:00:00Z'))).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([names[2]]);
  });
});
