/**
 * Issue 30 item 4 (PostgreSQL): the consolidated trial balance of random sets of branches equals the sum of the
 * branches' own trial balances, account by account, and is balanced (debit = credit) before and after the
 * elimination of inter-branch balances; what is eliminated is exactly the transfers between two chosen branches.
 * The consolidated balance sheet balances and the per-branch profit and loss adds up to its total column.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSen, toSen } from '@klinik/shared';
import { ACCOUNT, postJournal } from '../finance/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

let t: TestApp;
let owner: TestUser;
const branches: number[] = [];
const fin: Record<number, TestUser> = {};
/** Inter-branch transfers: sender, receiver, received value (sen). */
const transfers: { from: number; to: number; value: number; received: string }[] = [];

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20261127);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: T[]) => xs[int(0, xs.length - 1)];
const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
const CODES = [
  ACCOUNT.kas,
  ACCOUNT.bank,
  ACCOUNT.bebanUtilitas,
  ACCOUNT.persediaan,
  ACCOUNT.kasKecil,
  ACCOUNT.modalDisetor,
  ACCOUNT.pendapatanTindakan,
  ACCOUNT.pendapatanProduk,
  ACCOUNT.hpp,
  ACCOUNT.bebanGaji,
  ACCOUNT.bebanSewa,
];

let serial = 0;
async function post(
  branch: number,
  date: string,
  lines: { akun: string; debit: number; credit: number }[],
  source: [string, string] = ['test', `konsolidasi-${++serial}`],
) {
  await postJournal(t.ctx(fin[branch]), {
    transaction_at: date,
    memo: 'Uji konsolidasi',
    source_type: source[0],
    source_id: source[1],
    lines: lines.map((l) => ({ akun: l.akun, description: '', debit: asSen(l.debit), credit: asSen(l.credit) })),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow('2026-06-30T03:00:00Z');
  for (let i = 0; i < 4; i++) {
    const b = await t.makeBranch({ name: `Cabang Konsolidasi ${i + 1}` });
    branches.push(b);
    fin[b] = await t.makeUser('finance', { branchId: b });
    expect((await t.api(fin[b]).post('/api/finance/periode', { start_date: '2026-01-01' })).status).toBe(201);
  }
  owner = await t.makeUser('manager', { branchId: branches[0], toplevel: 'owner' });
  for (let n = 0; n < 60; n++) {
    const b = pick(branches);
    const amount = toSen(int(1, 5_000_000)) + int(0, 99);
    const d = pick(CODES);
    let c = pick(CODES);
    while (c === d) c = pick(CODES);
    await post(b, day(int(0, 170)), [
      { akun: d, debit: amount, credit: 0 },
      { akun: c, debit: 0, credit: amount },
    ]);
  }
  // Transfers between branches as the stock flows post them: sending, then the receipt and the sender's settlement.
  for (let id = 1; id <= 6; id++) {
    const from = pick(branches);
    let to = pick(branches);
    while (to === from) to = pick(branches);
    const value = toSen(int(10_000, 900_000));
    const sent = day(int(0, 120));
    const received = day(int(121, 170));
    await post(from, sent, [
      { akun: ACCOUNT.persediaanPerjalanan, debit: value, credit: 0 },
      { akun: ACCOUNT.persediaan, debit: 0, credit: value },
    ]);
    await post(
      to,
      received,
      [
        { akun: ACCOUNT.persediaan, debit: value, credit: 0 },
        { akun: '2106', debit: 0, credit: value },
      ],
      ['stock_transfer_in', `stock_transfer:${9000 + id}`],
    );
    await post(
      from,
      received,
      [
        { akun: '1170', debit: value, credit: 0 },
        { akun: ACCOUNT.persediaanPerjalanan, debit: 0, credit: value },
      ],
      ['stock_transfer_settle', String(9000 + id)],
    );
    transfers.push({ from, to, value, received });
  }
});
afterAll(() => t.close());

type Tb = {
  akun_id: number;
  opening_debit: number;
  opening_credit: number;
  debit: number;
  credit: number;
  closing_debit: number;
  closing_credit: number;
};
const net = (d: number, c: number) => toSen(d) - toSen(c);

describe('GET /api/backoffice/finance/trialbalance?consolidated=1', () => {
  it('equals the sum of the branches for random branch sets and is balanced, eliminating transfers inside the set', async () => {
    for (let round = 0; round < 8; round++) {
      const set = branches.filter(() => rand() < 0.6);
      if (!set.length) set.push(pick(branches));
      const from = day(int(0, 90));
      const to = day(int(100, 180));
      const qs = `from=${from}&to=${to}&profile_id=${set.join(',')}`;
      const cons = await t.api(owner).get(`/api/backoffice/finance/trialbalance?${qs}&consolidated=1`);
      const per = await t.api(owner).get(`/api/backoffice/finance/trialbalance?${qs}`);
      expect(cons.status).toBe(200);
      expect(per.body.data.reports).toHaveLength(set.length);
      // The branch trial balances, each from its own branch endpoint, summed per account.
      const sum = new Map<number, { o: number; d: number; c: number; cl: number }>();
      for (const b of set) {
        const own = await t.api(owner).get(`/api/finance/laporan/trialbalance?from=${from}&to=${to}&profile_id=${b}`);
        for (const r of own.body.data.rows as Tb[]) {
          const s = sum.get(r.akun_id) ?? { o: 0, d: 0, c: 0, cl: 0 };
          s.o += net(r.opening_debit, r.opening_credit);
          s.d += toSen(r.debit);
          s.c += toSen(r.credit);
          s.cl += net(r.closing_debit, r.closing_credit);
          sum.set(r.akun_id, s);
        }
      }
      const rows = cons.body.data.rows as (Tb & {
        elimination_debit: number;
        elimination_credit: number;
        consolidated_debit: number;
        consolidated_credit: number;
      })[];
      expect(new Set(rows.map((r) => r.akun_id))).toEqual(new Set(sum.keys()));
      let eliminated = 0;
      for (const r of rows) {
        const s = sum.get(r.akun_id)!;
        expect(net(r.opening_debit, r.opening_credit)).toBe(s.o);
        expect(toSen(r.debit)).toBe(s.d);
        expect(toSen(r.credit)).toBe(s.c);
        expect(net(r.closing_debit, r.closing_credit)).toBe(s.cl);
        const e = net(r.elimination_debit, r.elimination_credit);
        expect(net(r.consolidated_debit, r.consolidated_credit)).toBe(s.cl + e);
        if (e > 0) eliminated += e;
      }
      const tot = cons.body.data.totals;
      expect(tot.opening_debit).toBe(tot.opening_credit);
      expect(tot.debit).toBe(tot.credit);
      expect(tot.closing_debit).toBe(tot.closing_credit);
      expect(tot.elimination_debit).toBe(tot.elimination_credit);
      expect(tot.consolidated_debit).toBe(tot.consolidated_credit);
      const inside = transfers
        .filter((x) => set.includes(x.from) && set.includes(x.to) && x.received <= to)
        .reduce((s, x) => s + x.value, 0);
      expect(eliminated).toBe(inside);
      expect(toSen(tot.elimination_debit)).toBe(inside);

      const bs = await t.api(owner).get(`/api/backoffice/finance/neraca?${qs}`);
      expect(bs.body.data.total_assets).toBe(bs.body.data.total_liabilities_equity);
      expect(toSen(bs.body.data.elimination_total)).toBe(inside);

      const pl = await t.api(owner).get(`/api/backoffice/finance/labarugi?${qs}&columns=branch`);
      let total = 0;
      for (const b of set) {
        const own = await t.api(owner).get(`/api/finance/laporan/labarugi?from=${from}&to=${to}&profile_id=${b}`);
        expect(pl.body.data.net_profit[String(b)]).toBe(own.body.data.net_profit);
        total += toSen(own.body.data.net_profit);
      }
      expect(toSen(pl.body.data.net_profit.total)).toBe(total);
    }
  });

  it('refuses a branch user (403) and an unknown branch (400 on profile_id)', async () => {
    for (const path of ['trialbalance', 'labarugi', 'neraca'])
      expect((await t.api(fin[branches[0]]).get(`/api/backoffice/finance/${path}`)).status).toBe(403);
    const bad = await t.api(owner).get('/api/backoffice/finance/trialbalance?profile_id=999999&consolidated=1');
    expect(bad.body).toEqual([{ field: 'profile_id', message: 'Cabang tidak ditemukan' }]);
  });
});
