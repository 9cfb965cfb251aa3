/**
 * Property-style check of the ledger reports: a few hundred random balanced journals (and some reversals) posted
 * through REST, then the trial balance, general ledger, profit and loss and balance sheet compared, for several date
 * ranges, with an independent in-memory double-entry book kept by this test, and with one another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

interface Acc {
  id: number;
  code: string;
  category: number;
  normal: 'D' | 'K';
}
interface Posting {
  date: string;
  code: string;
  d: number; // sen
  c: number; // sen
  closing: boolean;
}

let t: TestApp;
let fin: TestUser;
let accounts: Acc[];
const book: Posting[] = [];

function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20260101);
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: T[]) => xs[int(0, xs.length - 1)];
const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
const sen = (rupiah: number) => Math.round(rupiah * 100);

/** Split a total (sen) into n positive parts. */
function split(total: number, n: number): number[] {
  if (n === 1) return [total];
  const cuts = new Set<number>();
  while (cuts.size < n - 1) cuts.add(int(1, total - 1));
  const sorted = [0, ...[...cuts].sort((a, b) => a - b), total];
  return sorted.slice(1).map((v, i) => v - sorted[i]);
}

// ------------------------------------------------------------- the independent book

const INCOME = new Set([4, 5, 6, 7, 8]);
function sums(filter: (p: Posting) => boolean) {
  const m = new Map<string, { d: number; c: number }>();
  for (const p of book) {
    if (!filter(p)) continue;
    const s = m.get(p.code) ?? { d: 0, c: 0 };
    s.d += p.d;
    s.c += p.c;
    m.set(p.code, s);
  }
  return m;
}
const acc = (code: string) => accounts.find((a) => a.code === code)!;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  fin = await t.makeUser('finance', { branchId: branch });
  const list = await t.api(fin).get('/api/finance/akun?istypegroup=0&status=1');
  // The general journal refuses the payables control accounts (2101-2105, 2201-2206): their lines need a party.
  accounts = (list.body.data as Acc[]).filter((a) => !/^2(10[1-5]|20[1-6])$/.test(a.code));
  const opening = [
    { akun: '1101', debit: 50_000_000, credit: 0 },
    { akun: '1140', debit: 12_345_678.9, credit: 0 },
    { akun: '3101', debit: 0, credit: 62_345_678.9 },
  ];
  const p = await t.api(fin).post('/api/finance/periode', { start_date: '2026-01-01', saldo_awal: opening });
  expect(p.status).toBe(201);
  for (const o of opening)
    book.push({ date: '2025-12-31', code: o.akun, d: sen(o.debit), c: sen(o.credit), closing: false });

  // 300 random balanced journals, 2 to 6 lines, posted 10 at a time.
  const posted: { id: number; lines: { code: string; d: number; c: number }[] }[] = [];
  for (let batch = 0; batch < 30; batch++) {
    const reqs = Array.from({ length: 10 }, () => {
      const nd = int(1, 3);
      const nc = int(1, 3);
      const total = int(1, 50_000_000_00); // up to Rp50 juta, in sen
      const lines = [
        ...split(total, nd).map((v) => ({ code: pick(accounts).code, d: v, c: 0 })),
        ...split(total, nc).map((v) => ({ code: pick(accounts).code, d: 0, c: v })),
      ].sort(() => rand() - 0.5);
      const date = day(int(0, 180));
      const body = {
        transaction_at: date,
        memo: `acak ${batch}`,
        details: JSON.stringify(
          lines.map((l) => ({ akun: l.code, description: 'x', debit: l.d / 100, credit: l.c / 100 })),
        ),
      };
      return { date, lines, body };
    });
    const res = await Promise.all(reqs.map((r) => t.api(fin).post('/api/finance/jurnal', r.body)));
    res.forEach((r, i) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      for (const l of reqs[i].lines) book.push({ date: reqs[i].date, code: l.code, d: l.d, c: l.c, closing: false });
      posted.push({ id: r.body.data.id, lines: reqs[i].lines });
    });
  }
  // Some reversals, dated after everything else.
  for (let i = 0; i < 12; i++) {
    const j = posted.splice(int(0, posted.length - 1), 1)[0];
    const date = day(181 + (i % 5));
    const r = await t.api(fin).post(`/api/finance/jurnal/${j.id}/reverse`, { transaction_at: date });
    expect(r.status).toBe(201);
    for (const l of j.lines) book.push({ date, code: l.code, d: l.c, c: l.d, closing: false });
  }
}, 300_000);
afterAll(() => t.close());

interface LedgerAcc {
  code: string;
  normal: 'D' | 'K';
  opening: number;
  closing: number;
  debit: number;
  credit: number;
  entry_count: number;
  entry_offset: number;
  carried: number;
  entries: { balance: number; debit: number; credit: number }[];
}

/**
 * Every page of the general ledger, each account's entries joined: checks that a page holds at most `limit` lines
 * and that an account continued from the previous page picks up where it stopped (offset and carried balance).
 */
async function ledgerAll(query: string): Promise<{ accounts: LedgerAcc[]; pages: number }> {
  const merged: LedgerAcc[] = [];
  let pages = 0;
  for (let page = 1; ; page++) {
    const res = await t.api(fin).get(`/api/finance/laporan/bukubesar?${query}&page=${page}`);
    expect(res.status).toBe(200);
    const d = res.body.data as { accounts: LedgerAcc[]; count: number; limit: number };
    pages++;
    const slots = d.accounts.reduce((s, a) => s + Math.max(1, a.entries.length), 0);
    expect(slots).toBeLessThanOrEqual(d.limit);
    for (const a of d.accounts) {
      const last = merged[merged.length - 1];
      if (last?.code === a.code) {
        expect(a.entry_offset).toBe(last.entries.length);
        expect(sen(a.carried)).toBe(sen(last.entries[last.entries.length - 1].balance));
        last.entries.push(...a.entries);
      } else {
        expect(a.entry_offset).toBe(0);
        expect(a.carried).toBe(a.opening);
        merged.push({ ...a, entries: [...a.entries] });
      }
    }
    if (page * d.limit >= d.count) break;
  }
  return { accounts: merged.map((a) => ({ ...a, entry_offset: 0, carried: a.opening })), pages };
}

const RANGES: [string, string][] = [
  ['2025-12-01', '2026-12-31'],
  ['2026-01-01', '2026-06-30'],
  ['2026-02-10', '2026-03-05'],
  ['2026-05-31', '2026-07-04'],
  ['2026-03-01', '2026-03-01'],
  ['2025-12-31', '2025-12-31'],
];

describe('reports agree with an independent double-entry book', () => {
  it.each(RANGES)('trial balance %s .. %s', async (from, to) => {
    const res = await t.api(fin).get(`/api/finance/laporan/trialbalance?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const tb = res.body.data;
    const open = sums((p) => p.date < from);
    const mov = sums((p) => p.date >= from && p.date <= to);
    const codes = new Set([...open.keys(), ...mov.keys()]);
    const expected = [...codes]
      .map((code) => {
        const o = open.get(code) ?? { d: 0, c: 0 };
        const m = mov.get(code) ?? { d: 0, c: 0 };
        const on = o.d - o.c;
        const cn = on + m.d - m.c;
        return {
          code,
          od: Math.max(on, 0),
          oc: Math.max(-on, 0),
          d: m.d,
          c: m.c,
          cd: Math.max(cn, 0),
          cc: Math.max(-cn, 0),
        };
      })
      .filter((r) => r.od || r.oc || r.d || r.c)
      .sort((a, b) => a.code.localeCompare(b.code));
    const got = (tb.rows as Record<string, number & string>[]).map((r) => ({
      code: r.code,
      od: sen(r.opening_debit),
      oc: sen(r.opening_credit),
      d: sen(r.debit),
      c: sen(r.credit),
      cd: sen(r.closing_debit),
      cc: sen(r.closing_credit),
    }));
    expect(got).toEqual(expected);
    expect(sen(tb.totals.opening_debit)).toBe(sen(tb.totals.opening_credit));
    expect(sen(tb.totals.debit)).toBe(sen(tb.totals.credit));
    expect(sen(tb.totals.closing_debit)).toBe(sen(tb.totals.closing_credit));
  });

  it.each(RANGES)('general ledger %s .. %s agrees with the book and the trial balance', async (from, to) => {
    const [{ accounts: gl, pages }, tb] = await Promise.all([
      ledgerAll(`from=${from}&to=${to}`),
      t.api(fin).get(`/api/finance/laporan/trialbalance?from=${from}&to=${to}`),
    ]);
    const tbRows = new Map(
      (tb.body.data.rows as { code: string; closing_debit: number; closing_credit: number }[]).map((r) => [r.code, r]),
    );
    // The same accounts as the trial balance, in code order, across every page.
    expect(gl.map((a) => a.code)).toEqual([...tbRows.keys()].sort());
    if (from === '2025-12-01') expect(pages).toBeGreaterThan(1); // the default page holds 500 lines; the book has more
    for (const a of gl) {
      const sign = a.normal === 'K' ? -1 : 1;
      const inRange = book.filter((p) => p.code === a.code && p.date >= from && p.date <= to);
      const before = book.filter((p) => p.code === a.code && p.date < from);
      const opening = sign * before.reduce((s, p) => s + p.d - p.c, 0) || 0;
      const closing = opening + sign * inRange.reduce((s, p) => s + p.d - p.c, 0) || 0;
      expect(sen(a.opening), a.code).toBe(opening);
      expect(sen(a.closing), a.code).toBe(closing);
      expect(a.entries).toHaveLength(inRange.length);
      expect(a.entry_count).toBe(inRange.length);
      expect(sen(a.entries.length ? a.entries[a.entries.length - 1].balance : a.opening)).toBe(closing);
      const r = tbRows.get(a.code)!;
      expect(sign * (sen(r.closing_debit) - sen(r.closing_credit)) || 0).toBe(closing);
    }
    // One account at a time gives the same.
    const one = await ledgerAll(`from=${from}&to=${to}&akun=1101`);
    const kas = gl.find((a) => a.code === '1101');
    if (kas) expect(one.accounts[0]).toEqual(kas);
  });

  it('pages the general ledger by lines: small pages hold at most `limit` lines and add up to the whole', async () => {
    const q = 'from=2025-12-01&to=2026-12-31';
    const small = await ledgerAll(`${q}&limit=37`);
    const whole = await ledgerAll(`${q}&limit=2000`);
    expect(whole.pages).toBe(1);
    expect(small.pages).toBeGreaterThan(10);
    expect(small.accounts).toEqual(whole.accounts);
    const tooBig = await t.api(fin).get(`/api/finance/laporan/bukubesar?${q}&limit=5000`);
    expect(tooBig.status).toBe(400);
  });

  it.each(RANGES)('profit and loss %s .. %s', async (from, to) => {
    const res = await t.api(fin).get(`/api/finance/laporan/labarugi?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const pl = res.body.data;
    const mov = sums((p) => p.date >= from && p.date <= to && !p.closing);
    const byCat = (cat: number) =>
      [...mov.entries()]
        .filter(([code]) => acc(code).category === cat)
        .reduce((s, [, v]) => s + ([4, 7].includes(cat) ? v.c - v.d : v.d - v.c), 0);
    for (const cat of [4, 5, 6, 7, 8]) {
      expect(sen(pl.sections.find((s: { category: number }) => s.category === cat).total), `kategori ${cat}`).toBe(
        byCat(cat),
      );
    }
    expect(sen(pl.gross_profit)).toBe(byCat(4) - byCat(5));
    expect(sen(pl.net_profit)).toBe(byCat(4) - byCat(5) - byCat(6) + byCat(7) - byCat(8));
    // Against the trial balance movements of the income accounts.
    const tb = await t.api(fin).get(`/api/finance/laporan/trialbalance?from=${from}&to=${to}`);
    const tbProfit = (tb.body.data.rows as { code: string; debit: number; credit: number }[])
      .filter((r) => INCOME.has(acc(r.code).category))
      .reduce((s, r) => s + sen(r.credit) - sen(r.debit), 0);
    expect(sen(pl.net_profit)).toBe(tbProfit);
  });

  it.each(RANGES)('balance sheet as of %s .. %s', async (from, to) => {
    const res = await t.api(fin).get(`/api/finance/laporan/neraca?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const bs = res.body.data;
    const all = sums((p) => p.date <= to);
    const total = (pred: (a: Acc) => boolean, sign: number) =>
      [...all.entries()].filter(([code]) => pred(acc(code))).reduce((s, [, v]) => s + sign * (v.d - v.c), 0);
    expect(sen(bs.total_assets)).toBe(total((a) => a.category === 1, 1));
    expect(sen(bs.liabilities.total)).toBe(total((a) => a.category === 2, -1));
    expect(sen(bs.equity.total)).toBe(total((a) => a.category === 3, -1));
    expect(sen(bs.current_earnings)).toBe(total((a) => INCOME.has(a.category), -1));
    expect(sen(bs.total_assets)).toBe(sen(bs.total_liabilities_equity));
  });
});
