import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { inTransaction } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { ACCOUNT } from './accounts.js';
import { getActivePeriod, postJournal, requireActivePeriod } from './posting.js';
import { asSen, toSen, type Sen } from '@klinik/shared';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
let finB: TestUser;
let periodeA: number;

async function issuesOf(p: Promise<unknown>): Promise<{ status: number; messages: string[] }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, messages: err.issues.map((i) => i.message) };
    throw err;
  }
  throw new Error('expected a refusal');
}

/** The database's own error, from a statement run outside the services. */
async function dbError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  throw new Error('expected the database to refuse');
}

const doc = (over: Partial<Parameters<typeof postJournal>[1]> = {}): Parameters<typeof postJournal>[1] => ({
  transaction_at: '2026-03-05',
  memo: 'Registrasi paket PK-1',
  source_type: 'paket_membership',
  source_id: 17,
  lines: [
    { akun: ACCOUNT.piutangMembership, description: 'Piutang', debit: toSen(1_500_000), credit: toSen(0) },
    { akun: ACCOUNT.pendapatanPaketDimuka, description: 'Diterima dimuka', debit: toSen(0), credit: toSen(1_500_000) },
  ],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang A' });
  branchB = await t.makeBranch({ name: 'Cabang B' });
  fin = await t.makeUser('finance', { branchId: branchA });
  finB = await t.makeUser('finance', { branchId: branchB });
  const [p] = await t.db
    .insert(financePeriode)
    .values({ profile_id: branchA, start_date: '2026-03-01', status: 0 })
    .returning();
  periodeA = p.id;
});
afterAll(() => t.close());

describe('getActivePeriod / requireActivePeriod', () => {
  it('answers the active period of the context branch, or refuses with the spec message', async () => {
    expect(await getActivePeriod(t.ctx(fin))).toEqual({ id: periodeA, start_date: '2026-03-01', status: 0 });
    expect(await getActivePeriod(t.ctx(finB))).toBeNull();
    expect(await issuesOf(requireActivePeriod(t.ctx(finB)))).toEqual({
      status: 400,
      messages: ['Periode Pembukuan Aktif belum ada'],
    });
  });
});

describe('postJournal', () => {
  it('posts inside the caller transaction with source, auto code and sen amounts', async () => {
    const res = await inTransaction(t.ctx(fin), (tx) => postJournal(tx, doc()));
    expect(res.code).toMatch(/^JU\/\d{2}\/202603\/\d{4}$/);
    const [j] = await queryRows<{
      source_type: string;
      source_id: string;
      total: string;
      profile_id: number;
      kind: string;
    }>(t.db, sql`select source_type, source_id, total::text, profile_id, kind from jurnal where id = ${res.id}`);
    expect(j).toMatchObject({
      source_type: 'paket_membership',
      source_id: '17',
      total: '150000000',
      profile_id: branchA,
      kind: 'umum',
    });
    const lines = await queryRows<{ debit: string; credit: string; profile_id: number; transaction_at: string }>(
      t.db,
      sql`select debit::text, credit::text, profile_id, transaction_at::text from jurnal_detail where jurnal_id = ${res.id} order by line_no`,
    );
    expect(lines).toEqual([
      { debit: '150000000', credit: '0', profile_id: branchA, transaction_at: '2026-03-05' },
      { debit: '0', credit: '150000000', profile_id: branchA, transaction_at: '2026-03-05' },
    ]);
  });

  it('works without an outer transaction too, and numbers consecutively', async () => {
    const a = await postJournal(t.ctx(fin), doc({ source_id: 'x1' }));
    const b = await postJournal(t.ctx(fin), doc({ source_id: 'x2' }));
    expect(Number(b.code.split('/')[3])).toBe(Number(a.code.split('/')[3]) + 1);
  });

  it('rolls back with the caller: a failed document leaves no journal and gives its number back', async () => {
    const before = await countRows(t.db, 'jurnal', 'jurnal_detail');
    await expect(
      inTransaction(t.ctx(fin), async (tx) => {
        await postJournal(tx, doc());
        throw new Error('dokumen gagal');
      }),
    ).rejects.toThrow('dokumen gagal');
    expect(await countRows(t.db, 'jurnal', 'jurnal_detail')).toEqual(before);
    const a = await postJournal(t.ctx(fin), doc({ transaction_at: '2026-04-02' }));
    expect(a.code.endsWith('/0001')).toBe(true);
  });

  it('keeps a manual code and refuses it a second time', async () => {
    const a = await postJournal(t.ctx(fin), doc({ code: 'PK-0001' }));
    expect(a.code).toBe('PK-0001');
    expect(await issuesOf(postJournal(t.ctx(fin), doc({ code: 'PK-0001' })))).toEqual({
      status: 400,
      messages: ['Kode jurnal PK-0001 sudah dipakai'],
    });
  });

  it('refuses what the general journal refuses, with Indonesian messages, and writes nothing', async () => {
    const before = await countRows(t.db, 'jurnal', 'jurnal_detail', 'audit_log');
    const ctx = t.ctx(fin);
    const cases: [Parameters<typeof postJournal>[1], RegExp][] = [
      [
        doc({
          lines: [
            { akun: ACCOUNT.kas, debit: toSen(100), credit: toSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(0), credit: toSen(90) },
          ],
        }),
        /tidak seimbang/,
      ],
      [doc({ lines: [] }), /Detail jurnal wajib diisi/],
      [
        doc({
          lines: [
            { akun: ACCOUNT.kas, debit: toSen(0), credit: toSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(0), credit: toSen(0) },
          ],
        }),
        /debit atau kredit wajib diisi/,
      ],
      [
        doc({
          lines: [
            { akun: ACCOUNT.kas, debit: toSen(100), credit: toSen(100) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(0), credit: toSen(0) },
          ],
        }),
        /tidak keduanya/,
      ],
      [
        doc({
          lines: [
            { akun: ACCOUNT.kas, debit: toSen(-100), credit: toSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(-100), credit: toSen(0) },
          ],
        }),
        /tidak boleh negatif/,
      ],
      [
        doc({
          lines: [
            { akun: '1100', debit: toSen(100), credit: toSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(0), credit: toSen(100) },
          ],
        }),
        /akun header/,
      ],
      [
        doc({
          lines: [
            { akun: '9999', debit: toSen(100), credit: toSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: toSen(0), credit: toSen(100) },
          ],
        }),
        /akun tidak ditemukan/,
      ],
      [
        doc({
          lines: [
            // A caller that computed a fraction of a sen (a bug) is refused, never rounded silently.
            { akun: ACCOUNT.kas, debit: 10_000.1 as Sen, credit: asSen(0) },
            { akun: ACCOUNT.pendapatanTindakan, debit: asSen(0), credit: 10_000.1 as Sen },
          ],
        }),
        /sen utuh/,
      ],
      [doc({ transaction_at: '2026-02-28' }), /di luar periode pembukuan aktif/],
      [doc({ transaction_at: '2026-02-30' }), /Tanggal tidak valid/],
      [doc({ source_type: '' }), /Sumber jurnal/],
    ];
    for (const [d, re] of cases) {
      const r = await issuesOf(postJournal(ctx, d));
      expect(r.status).toBe(400);
      expect(r.messages.join(' ')).toMatch(re);
    }
    expect(await issuesOf(postJournal(t.ctx(finB), doc()))).toEqual({
      status: 400,
      messages: ['Periode Pembukuan Aktif belum ada'],
    });
    expect(await countRows(t.db, 'jurnal', 'jurnal_detail', 'audit_log')).toEqual(before);
  });

  it('refuses an inactive account', async () => {
    await t.db.execute(
      sql`insert into akun (code, name, category, isheader, normal, status) values ('1199', 'Akun Nonaktif', 1, false, 'D', 0)`,
    );
    const r = await issuesOf(
      postJournal(
        t.ctx(fin),
        doc({
          lines: [
            { akun: '1199', debit: toSen(5), credit: toSen(0) },
            { akun: ACCOUNT.kas, debit: toSen(0), credit: toSen(5) },
          ],
        }),
      ),
    );
    expect(r.messages.join(' ')).toMatch(/tidak aktif/);
  });
});

describe('the database itself keeps the ledger balanced (direct SQL)', () => {
  async function journalId(): Promise<number> {
    const r = await postJournal(t.ctx(fin), doc({ source_id: `sql-${Math.random()}` }));
    return r.id;
  }

  it('refuses an unbalanced journal, a journal without lines, and lines added to an existing journal', async () => {
    const kas = (await queryRows<{ id: number }>(t.db, sql`select id from akun where code = '1101'`))[0].id;
    const rev = (await queryRows<{ id: number }>(t.db, sql`select id from akun where code = '4101'`))[0].id;
    const before = await countRows(t.db, 'jurnal', 'jurnal_detail');
    const unbalanced = t.db.transaction(async (tx) => {
      const [j] = await queryRows<{ id: number }>(
        tx,
        sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count)
            values (${branchA}, ${periodeA}, 'SQL-1', '2026-03-10', 'x', 10000, 2) returning id`,
      );
      await tx.execute(sql`insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit, profile_id, transaction_at)
        values (${j.id}, 1, ${kas}, 10000, 0, 0, '2000-01-01'), (${j.id}, 2, ${rev}, 0, 9000, 0, '2000-01-01')`);
    });
    expect(await dbError(unbalanced)).toMatch(/tidak seimbang/);
    const noLines = t.db.execute(
      sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count) values (${branchA}, ${periodeA}, 'SQL-2', '2026-03-10', 'x', 10000, 2)`,
    );
    expect(await dbError(noLines)).toMatch(/tidak seimbang/);
    const zero = t.db.execute(
      sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count) values (${branchA}, ${periodeA}, 'SQL-3', '2026-03-10', 'x', 0, 2)`,
    );
    expect(await dbError(zero)).toMatch(/jurnal_total_chk|check/);
    const id = await journalId();
    const added = t.db
      .execute(sql`insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit, profile_id, transaction_at)
      values (${id}, 3, ${kas}, 500, 0, ${branchA}, '2026-03-10'), (${id}, 4, ${rev}, 0, 500, ${branchA}, '2026-03-10')`);
    expect(await dbError(added)).toMatch(/tidak seimbang/);
    const both = t.db.transaction(async (tx) => {
      const [j] = await queryRows<{ id: number }>(
        tx,
        sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count)
            values (${branchA}, ${periodeA}, 'SQL-4', '2026-03-10', 'x', 100, 2) returning id`,
      );
      await tx.execute(sql`insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit, profile_id, transaction_at)
        values (${j.id}, 1, ${kas}, 100, 100, 0, '2026-03-10'), (${j.id}, 2, ${rev}, 0, 0, 0, '2026-03-10')`);
    });
    expect(await dbError(both)).toMatch(/jurnal_detail_amount_chk|check/);
    const header = t.db.transaction(async (tx) => {
      const [j] = await queryRows<{ id: number }>(
        tx,
        sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count)
            values (${branchA}, ${periodeA}, 'SQL-5', '2026-03-10', 'x', 100, 2) returning id`,
      );
      await tx.execute(sql`insert into jurnal_detail (jurnal_id, line_no, akun_id, debit, credit, profile_id, transaction_at)
        values (${j.id}, 1, (select id from akun where code = '1000'), 100, 0, 0, '2026-03-10'), (${j.id}, 2, ${rev}, 0, 100, 0, '2026-03-10')`);
    });
    expect(await dbError(header)).toMatch(/header/);
    expect(await countRows(t.db, 'jurnal', 'jurnal_detail')).toEqual({
      jurnal: before.jurnal + 1,
      jurnal_detail: before.jurnal_detail + 2,
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of posted journals and lines', async () => {
    const id = await journalId();
    expect(await dbError(t.db.execute(sql`update jurnal set memo = 'ubah' where id = ${id}`))).toMatch(
      /tidak dapat diubah/,
    );
    expect(await dbError(t.db.execute(sql`delete from jurnal where id = ${id}`))).toMatch(/tidak dapat diubah/);
    expect(
      await dbError(t.db.execute(sql`update jurnal_detail set debit = debit + 1 where jurnal_id = ${id}`)),
    ).toMatch(/tidak dapat diubah/);
    expect(await dbError(t.db.execute(sql`delete from jurnal_detail where jurnal_id = ${id}`))).toMatch(
      /tidak dapat diubah/,
    );
    expect(await dbError(t.db.execute(sql`truncate jurnal_detail cascade`))).toMatch(/tidak dapat diubah/);
  });

  it('refuses journals before the period start, into another branch period, and into a closed period', async () => {
    const early = t.db.execute(
      sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count) values (${branchA}, ${periodeA}, 'SQL-6', '2026-02-01', 'x', 100, 2)`,
    );
    expect(await dbError(early)).toMatch(/di luar periode/);
    const other = t.db.execute(
      sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count) values (${branchB}, ${periodeA}, 'SQL-7', '2026-03-10', 'x', 100, 2)`,
    );
    expect(await dbError(other)).toMatch(/cabang lain/);
    const branchC = await t.makeBranch();
    const [p] = await t.db
      .insert(financePeriode)
      .values({ profile_id: branchC, start_date: '2026-01-01', status: 0 })
      .returning();
    await t.db.execute(sql`update finance_periode set status = 1, end_date = '2026-01-31' where id = ${p.id}`);
    const closed = t.db.execute(
      sql`insert into jurnal (profile_id, periode_id, code, transaction_at, memo, total, line_count) values (${branchC}, ${p.id}, 'SQL-8', '2026-01-10', 'x', 100, 2)`,
    );
    expect(await dbError(closed)).toMatch(/sudah ditutup/);
    expect(
      await dbError(t.db.execute(sql`update finance_periode set status = 0, end_date = null where id = ${p.id}`)),
    ).toMatch(/terkunci/);
    expect(await dbError(t.db.execute(sql`delete from finance_periode where id = ${p.id}`))).toMatch(
      /tidak dapat dihapus/,
    );
    expect(
      await dbError(t.db.insert(financePeriode).values({ profile_id: branchC, start_date: '2026-01-15', status: 0 })),
    ).toMatch(/setelah periode/);
  });

  it('allows only one active period per branch (partial unique index)', async () => {
    const dup = t.db.insert(financePeriode).values({ profile_id: branchA, start_date: '2026-06-01', status: 0 });
    expect(await dbError(dup)).toMatch(/finance_periode_one_active_idx|duplicate|unique/);
  });
});
