// Monthly balances (issue 10): the report sums read whole months from jurnal_saldo_bulan and only the partial
// months from the lines; they must equal the sums over every line, for any range, with and without closing journals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { inTransaction } from '../../http/context.js';
import { branchScope } from '../../http/access-scope.js';
import { ACCOUNT } from './accounts.js';
import { insertJournal, type ResolvedLine } from './posting.js';
import * as q from './queries.js';

let t: TestApp;
let branch: number;
let fin: TestUser;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Saldo' });
  const other = await t.makeBranch({ name: 'Cabang Lain' });
  fin = await t.makeUser('finance', { branchId: branch });
  const finOther = await t.makeUser('finance', { branchId: other });
  const ids = new Map<string, number>();
  for (const code of [ACCOUNT.kas, ACCOUNT.bank, ACCOUNT.pendapatanTindakan, ACCOUNT.bebanSewa]) {
    ids.set(code, (await q.findAkunByCode(t.db, code))!.id);
  }
  const codes = [...ids.values()];
  const random = rng(7);
  for (const [b, user] of [
    [branch, fin],
    [other, finOther],
  ] as const) {
    const [p] = await t.db
      .insert(financePeriode)
      .values({ profile_id: b, start_date: '2026-01-01', status: 0 })
      .returning();
    await inTransaction(t.ctx(user), async (tx) => {
      for (let i = 0; i < 60; i++) {
        const day = 1 + Math.floor(random() * 180);
        const date = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
        const v = asSen(1000 * (1 + Math.floor(random() * 500)));
        const dr = codes[Math.floor(random() * codes.length)];
        let cr = codes[Math.floor(random() * codes.length)];
        if (cr === dr) cr = codes[(codes.indexOf(dr) + 1) % codes.length];
        const lines: ResolvedLine[] = [
          { akun_id: dr, description: null, debit: v, credit: asSen(0) },
          { akun_id: cr, description: null, debit: asSen(0), credit: v },
        ];
        await insertJournal(tx, {
          periode: { id: p.id, start_date: '2026-01-01', status: 0 },
          transaction_at: date,
          memo: `Uji ${i}`,
          kind: i % 7 === 0 ? 'closing' : 'umum',
          lines,
        });
      }
    });
  }
});
afterAll(() => t.close());

async function naive(from: string, to: string, excludeClosing: boolean) {
  const rows = await queryRows<{ akun_id: number; od: string; oc: string; d: string; c: string; n: number }>(
    t.db,
    sql`select d.akun_id,
          sum(case when d.transaction_at < ${from} then d.debit else 0 end)::text as od,
          sum(case when d.transaction_at < ${from} then d.credit else 0 end)::text as oc,
          sum(case when d.transaction_at >= ${from} then d.debit else 0 end)::text as d,
          sum(case when d.transaction_at >= ${from} then d.credit else 0 end)::text as c,
          count(*) filter (where d.transaction_at >= ${from})::int as n
        from jurnal_detail d join jurnal j on j.id = d.jurnal_id
        where d.profile_id = ${branch} and d.transaction_at <= ${to} ${excludeClosing ? sql`and j.kind <> 'closing'` : sql``}
        group by d.akun_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.akun_id),
      { od: Number(r.od), oc: Number(r.oc), d: Number(r.d), c: Number(r.c), n: Number(r.n) },
    ]),
  );
}

describe('sums from monthly balances', () => {
  const ranges: [string, string][] = [
    ['2026-01-01', '2026-06-30'],
    ['2026-03-01', '2026-03-31'],
    ['2026-02-14', '2026-02-20'],
    ['2026-02-14', '2026-05-09'],
    ['2026-01-31', '2026-04-30'],
    ['2026-04-01', '2026-05-17'],
    ['2026-03-02', '2026-03-31'],
    ['2025-12-01', '2026-12-31'],
  ];

  it('equal the sums over every line for any range, with and without closing journals', async () => {
    expect(
      (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from jurnal_saldo_bulan`))[0].n,
    ).toBeGreaterThan(0);
    for (const [from, to] of ranges) {
      for (const excludeClosing of [false, true]) {
        const got = await q.rangeSums(t.db, branchScope(t.ctx(fin)), from, to, { excludeClosing });
        const want = await naive(from, to, excludeClosing);
        const clean = (m: typeof got) =>
          Object.fromEntries([...m].filter(([, v]) => v.od || v.oc || v.d || v.c || v.n).sort(([a], [b]) => a - b));
        expect(clean(got), `${from}..${to} excludeClosing=${excludeClosing}`).toEqual(clean(want));
      }
    }
  });

  it('movement only (profit and loss) equals the range movement over every line, the opening left at 0', async () => {
    for (const [from, to] of ranges) {
      const got = await q.rangeSums(t.db, branchScope(t.ctx(fin)), from, to, {
        excludeClosing: true,
        movementOnly: true,
      });
      const want = await naive(from, to, true);
      const clean = (m: typeof got, opening: boolean) =>
        Object.fromEntries(
          [...m]
            .map(([id, v]) => [id, opening ? v : { ...v, od: 0, oc: 0 }] as const)
            .filter(([, v]) => v.od || v.oc || v.d || v.c || v.n)
            .sort(([a], [b]) => a - b),
        );
      expect(clean(got, true), `${from}..${to}`).toEqual(clean(want, false));
    }
  });

  it('balances before or up to a date equal the sums over every line', async () => {
    for (const date of ['2026-01-01', '2026-02-15', '2026-03-31', '2026-04-01', '2026-07-01']) {
      const before = await q.sumsByAkun(t.db, branchScope(t.ctx(fin)), { before: date });
      const upTo = await q.sumsByAkun(t.db, branchScope(t.ctx(fin)), { upTo: date });
      const wantBefore = await naive(date, date, false);
      const wantUpTo = await naive('2026-01-01', date, false);
      for (const [id, w] of wantBefore) {
        expect(before.get(id) ?? { debit: 0, credit: 0 }).toEqual({ debit: w.od, credit: w.oc });
        const u = wantUpTo.get(id)!;
        expect(upTo.get(id) ?? { debit: 0, credit: 0 }).toEqual({ debit: u.od + u.d, credit: u.oc + u.c });
      }
    }
  });

  it('are written only by posting', async () => {
    await expect(
      t.db.execute(sql`update jurnal_saldo_bulan set debit = debit + 1 where profile_id = ${branch}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from jurnal_saldo_bulan where profile_id = ${branch}`)).rejects.toThrow();
  });
});
