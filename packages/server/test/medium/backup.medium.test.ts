/**
 * Issue 32 item 1 on the embedded database (PGlite, the default a small clinic runs): a backup taken while journals
 * are posted restores into a new data folder with every journal acknowledged before the backup began, every journal
 * balanced and every upload readable. (test/backup.test.ts runs the same on the test database: PostgreSQL in CI.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { inTransaction } from '../../src/http/context.js';
import { ACCOUNT, createPeriode, postJournal } from '../../src/modules/finance/index.js';
import { createBackup } from '../../src/ops/backup.js';
import { restoreBackup } from '../../src/ops/restore.js';
import { loadConfig } from '../../src/config.js';
import { mediumDb, type MediumDb, type MediumUser } from './helpers.js';

let m: MediumDb;
let finance: MediumUser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-backup-medium-'));
const uploadDir = path.join(tmp, 'uploads');
const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { uploadDir });

beforeAll(async () => {
  m = await mediumDb();
  const branch = await m.makeBranch();
  finance = await m.makeUser('finance', branch);
  await createPeriode(m.ctxFor(finance), { start_date: '2026-01-01' });
  fs.mkdirSync(path.join(uploadDir, 'users', String(finance.id)), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, 'users', String(finance.id), 'foto.png'), 'png-bytes');
});
afterAll(async () => {
  await m?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const post = (i: number) =>
  inTransaction(m.ctxFor(finance), (tx) =>
    postJournal(tx, {
      transaction_at: '2026-03-10',
      memo: `cadangan ${i}`,
      source_type: 'medium_test',
      source_id: i,
      lines: [
        { akun: ACCOUNT.kas, debit: asSen(1000 + i), credit: asSen(0) },
        { akun: ACCOUNT.pendapatanTindakan, debit: asSen(0), credit: asSen(1000 + i) },
      ],
    }),
  );

describe('backup and restore of the embedded database (medium)', () => {
  it('restores every acknowledged journal, balanced, and the uploads, into a new data folder', async () => {
    for (let i = 0; i < 5; i++) await post(i);
    let stop = false;
    const stream = (async () => {
      let i = 100;
      // Requests arrive one after another, not in a loop that never lets the backup's statements in.
      while (!stop) {
        await post(i++);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const { file, manifest } = await createBackup({
      database: m.database,
      config,
      outDir: path.join(tmp, 'backups'),
      appVersion: '0.0.0-uji',
    });
    stop = true;
    await stream;
    expect(manifest.database).toBe('pglite');

    const dataDir = path.join(tmp, 'restored');
    const restoredUploads = path.join(tmp, 'restored-uploads');
    await restoreBackup(file, { dataDir, uploadDir: restoredUploads, migrationsDir: config.migrationsDir });
    const restored = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ source_id: string }>(
        restored.db,
        sql`select source_id::text from jurnal where source_type = 'medium_test'`,
      );
      const ids = new Set(rows.map((r) => Number(r.source_id)));
      for (let i = 0; i < 5; i++) expect(ids.has(i), String(i)).toBe(true);
      expect(rows.length).toBe(manifest.tables['public.jurnal']);
      const unbalanced = await queryRows<{ id: number }>(
        restored.db,
        sql`select jurnal_id as id from jurnal_detail group by jurnal_id having sum(debit) <> sum(credit)`,
      );
      expect(unbalanced).toEqual([]);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(restoredUploads, 'users', String(finance.id), 'foto.png'), 'utf8')).toBe(
      'png-bytes',
    );
  });
});
