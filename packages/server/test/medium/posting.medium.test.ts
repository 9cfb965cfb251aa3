/**
 * Posting (medium test, issue 27 item 8): `postJournal`'s rules on a migrated PGlite without Fastify. A document's
 * journal posts inside the branch's active period, balanced and non-zero, in sen, with its source named; anything
 * else is refused with a 400 and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSen } from '@klinik/shared';
import { queryRows } from '../../src/db/client.js';
import { sql } from 'drizzle-orm';
import { ACCOUNT, createPeriode, postJournal } from '../../src/modules/finance/index.js';
import { mediumDb, type MediumDb, type MediumUser } from './helpers.js';

let m: MediumDb;
let finance: MediumUser;
let branch: number;

const journals = async (b: number) =>
  (await queryRows<{ n: number }>(m.db, sql`select count(*)::int as n from jurnal where profile_id = ${b}`))[0].n;

const doc = (debit: number, credit: number, extra: Partial<Parameters<typeof postJournal>[1]> = {}) => ({
  transaction_at: '2026-03-10',
  memo: 'Penjualan uji',
  source_type: 'medium_test',
  source_id: 1,
  lines: [
    { akun: ACCOUNT.kas, debit: asSen(debit), credit: asSen(0) },
    { akun: ACCOUNT.pendapatanTindakan, debit: asSen(0), credit: asSen(credit) },
  ],
  ...extra,
});

beforeAll(async () => {
  m = await mediumDb();
  branch = await m.makeBranch();
  finance = await m.makeUser('finance', branch);
});
afterAll(() => m?.close());

describe('postJournal (medium)', () => {
  it('refuses a document while the branch has no active period, writing nothing', async () => {
    await expect(postJournal(m.ctxFor(finance), doc(150_000_00, 150_000_00))).rejects.toMatchObject({ status: 400 });
    expect(await journals(branch)).toBe(0);
  });

  it('posts a balanced document in sen, numbered, with its source', async () => {
    await createPeriode(m.ctxFor(finance), { start_date: '2026-01-01' });
    const j = await postJournal(m.ctxFor(finance), doc(150_000_50, 150_000_50));
    expect(j.code).toMatch(/^JU\//);
    const lines = await queryRows<{ debit: string; credit: string }>(
      m.db,
      sql`select debit::text, credit::text from jurnal_detail where jurnal_id = ${j.id} order by id`,
    );
    expect(lines).toEqual([
      { debit: '15000050', credit: '0' },
      { debit: '0', credit: '15000050' },
    ]);
    const [head] = await queryRows<{ source_type: string; source_id: string }>(
      m.db,
      sql`select source_type, source_id::text from jurnal where id = ${j.id}`,
    );
    expect(head).toEqual({ source_type: 'medium_test', source_id: '1' });
  });

  it('refuses an unbalanced, a zero or a sourceless document, and one dated before the period', async () => {
    const before = await journals(branch);
    const ctx = m.ctxFor(finance);
    await expect(postJournal(ctx, doc(100_00, 99_99))).rejects.toMatchObject({ status: 400 });
    await expect(postJournal(ctx, doc(0, 0))).rejects.toMatchObject({ status: 400 });
    await expect(postJournal(ctx, doc(100_00, 100_00, { source_type: '' }))).rejects.toMatchObject({ status: 400 });
    await expect(postJournal(ctx, doc(100_00, 100_00, { transaction_at: '2025-12-31' }))).rejects.toMatchObject({
      status: 400,
    });
    expect(await journals(branch)).toBe(before);
  });

  it("never posts into another branch's period", async () => {
    const other = await m.makeBranch();
    const before = await journals(other);
    await expect(postJournal(m.ctxFor(finance, other), doc(100_00, 100_00))).rejects.toMatchObject({ status: 400 });
    expect(await journals(other)).toBe(before);
  });
});
