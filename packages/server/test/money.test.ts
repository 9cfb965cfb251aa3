/**
 * Money survives every hop exactly: rupiah in a request -> sen in the services and the posting service -> bigint in
 * the database -> rupiah in the answer (and back), for 0.1 + 0.2 style amounts and up to Rp10.000.000.000.000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen, fromSen, MAX_RUPIAH, toSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { queryRows } from '../src/db/client.js';
import { financePeriode } from '../src/db/schema/index.js';
import { ACCOUNT, postJournal } from '../src/modules/finance/index.js';

let t: TestApp;
let branch: number;
let fin: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Uang' });
  fin = await t.makeUser('finance', { branchId: branch });
  admin = await t.makeUser('admin', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
});
afterAll(() => t.close());

async function storedLines(jurnalId: number): Promise<{ debit: string; credit: string }[]> {
  return queryRows(
    t.db,
    sql`select debit::text, credit::text from jurnal_detail where jurnal_id = ${jurnalId} order by line_no`,
  );
}

describe('money round trips', () => {
  it('posts 0.1 + 0.2 against 0.3 as balanced, stores 10, 20 and 30 sen, and answers the same rupiah', async () => {
    const res = await t.api(fin).post('/api/finance/jurnal', {
      transaction_at: '2026-01-05',
      memo: 'Sen',
      details: [
        { akun: '1101', debit: 0.1, credit: 0 },
        { akun: '1102', debit: 0.2, credit: 0 },
        { akun: '4101', debit: 0, credit: 0.3 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await storedLines(res.body.data.id)).toEqual([
      { debit: '10', credit: '0' },
      { debit: '20', credit: '0' },
      { debit: '0', credit: '30' },
    ]);
    const back = await t.api(fin).get(`/api/finance/jurnal/${res.body.data.id}`);
    expect(back.body.data.total).toBe(0.3);
    expect(back.body.data.details.map((d: { debit: number; credit: number }) => [d.debit, d.credit])).toEqual([
      [0.1, 0],
      [0.2, 0],
      [0, 0.3],
    ]);
  });

  it('keeps Rp9.999.999.999.999,99 and Rp10.000.000.000.000 exact from the request to bigint and back', async () => {
    for (const amount of [316_227_766.03, 9_999_999_999_999.99, MAX_RUPIAH, 1_234_567_890_123.45]) {
      const res = await t.api(fin).post('/api/finance/jurnal', {
        transaction_at: '2026-01-06',
        memo: `Besar ${amount}`,
        details: [
          { akun: '1102', debit: amount, credit: 0 },
          { akun: '3101', debit: 0, credit: amount },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const sen = amount.toFixed(2).replace('.', '');
      expect(await storedLines(res.body.data.id)).toEqual([
        { debit: sen, credit: '0' },
        { debit: '0', credit: sen },
      ]);
      const back = await t.api(fin).get(`/api/finance/jurnal/${res.body.data.id}`);
      expect(back.body.data.total).toBe(amount);
      expect(back.body.data.details[0].debit).toBe(amount);
      // And once more through the client: what it read, it can send back unchanged.
      const again = await t.api(fin).post('/api/finance/jurnal', {
        transaction_at: '2026-01-06',
        memo: 'Lagi',
        details: back.body.data.details.map((d: { akun: string; debit: number; credit: number }) => ({
          akun: d.akun,
          debit: d.debit,
          credit: d.credit,
        })),
      });
      expect(again.status).toBe(201);
      expect(await storedLines(again.body.data.id)).toEqual(await storedLines(res.body.data.id));
    }
  });

  it('refuses more than Rp10.000.000.000.000 in a line with a clear message, writing nothing', async () => {
    const res = await t.api(fin).post('/api/finance/jurnal', {
      transaction_at: '2026-01-06',
      memo: 'Terlalu besar',
      details: [
        { akun: '1102', debit: MAX_RUPIAH + 1, credit: 0 },
        { akun: '3101', debit: 0, credit: MAX_RUPIAH + 1 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.map((i: { message: string }) => i.message).join(' ')).toMatch(/Jumlah terlalu besar/);
  });

  it('posts through the posting service in sen (no rupiah on the way) and reads the same sen back', async () => {
    const amount = asSen(999_999_999_999_999);
    const j = await postJournal(t.ctx(fin), {
      transaction_at: '2026-01-07',
      memo: 'Dokumen',
      source_type: 'uji_uang',
      source_id: 1,
      lines: [
        { akun: ACCOUNT.piutangMembership, debit: amount, credit: asSen(0) },
        { akun: ACCOUNT.pendapatanPaketDimuka, debit: asSen(0), credit: amount },
      ],
    });
    expect(await storedLines(j.id)).toEqual([
      { debit: '999999999999999', credit: '0' },
      { debit: '0', credit: '999999999999999' },
    ]);
    const back = await t.api(fin).get(`/api/finance/jurnal/${j.id}`);
    expect(toSen(back.body.data.total)).toBe(amount);
    expect(back.body.data.total).toBe(fromSen(amount));
  });

  it('keeps a price of Rp9.999.999.999.999,99 exact in a master list', async () => {
    const res = await t.api(admin).post('/api/master/tindakanmedis', {
      code: 'TM-MAHAL',
      name: 'Tindakan Mahal',
      price: 9_999_999_999_999.99,
      doctor_share: 0.3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await queryRows<{ price: string; doctor_share: string }>(
      t.db,
      sql`select price::text, doctor_share::text from perawatan where id = ${res.body.data.id}`,
    );
    expect(row).toEqual({ price: '999999999999999', doctor_share: '30' });
    const list = await t.api(admin).get('/api/master/tindakanmedis?keyword=TM-MAHAL');
    expect(list.body.data[0]).toMatchObject({ price: 9_999_999_999_999.99, doctor_share: 0.3 });
  });
});
