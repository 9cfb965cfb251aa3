/**
 * Concurrency of the ledger, on PostgreSQL only (the server-pg project): PGlite has one connection and runs
 * "parallel" requests one after another, so these races can only be lost on a real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { inTransaction } from '../../http/context.js';
import { ACCOUNT } from './accounts.js';
import { postJournal } from './posting.js';
import { toSen } from '@klinik/shared';

let t: TestApp;
let branch: number;
let fin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Serentak' });
  fin = await t.makeUser('finance', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
});
afterAll(() => t.close());

describe('concurrent writes to the ledger (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(process.env.TEST_DATABASE_URL).toBeTruthy();
  });

  it('lets only one of two concurrent period creations win (201 and 409)', async () => {
    const other = await t.makeBranch();
    const u = await t.makeUser('finance', { branchId: other });
    const [a, b] = await Promise.all([
      t.api(u).post('/api/finance/periode', { start_date: '2026-01-01' }),
      t.api(u).post('/api/finance/periode', { start_date: '2026-01-01' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toEqual([
      { message: 'Tidak dapat membuat periode baru karena Masih ada Periode keuangan aktif' },
    ]);
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from finance_periode where profile_id = ${other}`,
    );
    expect(n).toBe(1);
  });

  it('numbers 30 concurrent automatic journals (REST) without duplicates or gaps', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api(fin).post('/api/finance/jurnal', {
          code: '',
          transaction_at: '2026-02-14',
          memo: `c${i}`,
          details: [
            { akun: '1101', description: '', debit: 1000 + i, credit: 0 },
            { akun: '4101', description: '', debit: 0, credit: 1000 + i },
          ],
        }),
      ),
    );
    expect(
      res.map((r) => r.status),
      JSON.stringify(res[0].body),
    ).toEqual(Array(30).fill(201));
    const nums = res.map((r) => Number(String(r.body.data.code).split('/')[3])).sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('numbers 30 concurrent postings (postJournal in their own transactions) without duplicates or gaps', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(t.ctx(fin), (tx) =>
          postJournal(tx, {
            transaction_at: '2026-05-10',
            memo: 'Registrasi paket PK-1',
            source_type: 'paket_membership',
            source_id: `c${i}`,
            lines: [
              { akun: ACCOUNT.piutangMembership, description: 'Piutang', debit: toSen(1_500_000), credit: toSen(0) },
              {
                akun: ACCOUNT.pendapatanPaketDimuka,
                description: 'Diterima dimuka',
                debit: toSen(0),
                credit: toSen(1_500_000),
              },
            ],
          }),
        ),
      ),
    );
    const nums = results.map((r) => Number(r.code.split('/')[3])).sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
