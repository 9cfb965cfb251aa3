import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toSen } from '@klinik/shared';
import { queryRows, type Db } from '../src/db/client.js';
import { seedDemo } from '../src/seed/demo.js';
import { freshDatabase } from './helpers.js';

/**
 * Issue 28 item 1 on the seeded demo clinic: for every branch and every control account of the payables
 * (akun.payable_party: 2101-2105 and the tax payables 2201-2205), the open items' outstanding equals the account's
 * ledger balance (credit - debit), and the demo's purchase receipts and payroll runs are items of the sub-ledger.
 */
let f: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;

beforeAll(async () => {
  f = await freshDatabase();
  await seedDemo(f.database.db, 'klinik123');
  db = f.database.db;
});
afterAll(async () => {
  await f?.drop();
});

describe('payables sub-ledger of the demo clinic', () => {
  it('equals its control accounts in every branch', async () => {
    const rows = await queryRows<{ branch: string; code: string; balance: string; items: string }>(
      db,
      sql`select p.name as branch, a.code,
            (select coalesce(sum(d.credit - d.debit), 0) from jurnal_detail d
              where d.profile_id = p.id and d.akun_id = a.id)::text as balance,
            (select coalesce(sum(i.amount - i.paid), 0) from hutang_item i
              where i.profile_id = p.id and i.akun_id = a.id and i.status <> 'cancelled')::text as items
          from profile p cross join akun a
          where a.payable_party is not null
          order by p.id, a.code`,
    );
    const branches = new Set(rows.map((r) => r.branch));
    expect(branches.size).toBeGreaterThanOrEqual(3);
    // 2206 Hutang PPh 26 (foreign investors and partners, issue 29) is a tax control account like 2201-2205.
    expect(new Set(rows.map((r) => r.code))).toEqual(
      new Set(['2101', '2102', '2103', '2104', '2105', '2201', '2202', '2203', '2204', '2205', '2206']),
    );
    expect(rows.filter((r) => r.balance !== r.items)).toEqual([]);
    // The invariant is not met by emptiness: the demo owes something on its control accounts.
    expect(rows.some((r) => r.balance !== '0')).toBe(true);
  });

  it("has last month's doctor payout run approved and paid, and this month's open (issue 29 item 7)", async () => {
    const runs = await queryRows<{ period: string; status: string; net: string; paid: string }>(
      db,
      sql`select r.period, r.status,
            (select coalesce(sum((x->>'net')::numeric), 0) from jsonb_array_elements(coalesce(r.doctors, '[]'::jsonb)) x)::text as net,
            (select coalesce(sum(p.total), 0) from hutang_payment p where p.profile_id = r.profile_id
              and p.party_type = 'doctor' and p.status <> 'void' and p.idempotency_key like 'demo-jasa-dokter-%')::text as paid
          from sharing_run r order by r.period`,
    );
    expect(runs.map((r) => r.status)).toEqual(['approved', 'open']);
    expect(runs[0].period < runs[1].period).toBe(true);
    // The doctors were paid exactly the approved run's net (rupiah in the run, sen in the payments).
    expect(Number(runs[0].paid)).toBeGreaterThan(0);
    expect(Number(runs[0].paid)).toBe(toSen(Number(runs[0].net)));
  });

  it('holds no item that is paid beyond its amount or open with nothing outstanding', async () => {
    const bad = await queryRows<{ id: number }>(
      db,
      sql`select id from hutang_item
          where (amount >= 0 and (paid < 0 or paid > amount))
             or (status = 'open' and paid = amount)
             or (status = 'paid' and paid <> amount)`,
    );
    expect(bad).toEqual([]);
  });

  it('has the demo purchase receipts and payroll runs as items', async () => {
    const kinds = await queryRows<{ source_type: string; party_type: string; n: number }>(
      db,
      sql`select source_type, party_type, count(*)::int as n from hutang_item group by 1, 2 order by 1, 2`,
    );
    const has = (source: string, party: string) =>
      kinds.some((k) => k.source_type === source && k.party_type === party && k.n > 0);
    expect(has('stock_receipt', 'vendor'), JSON.stringify(kinds)).toBe(true);
    // A payroll run owes its net pay to the employees and its PPh 21 / BPJS to the tax office.
    expect(has('payroll_run', 'pegawai'), JSON.stringify(kinds)).toBe(true);
    expect(has('payroll_run', 'pajak'), JSON.stringify(kinds)).toBe(true);
  });
});
