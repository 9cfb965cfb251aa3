/** The demo clinic's inventory: Jakarta's stock came through purchases, so its value equals account 1140. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { seedDemo } from '../../seed/demo.js';
import { freshDatabase } from '../../../test/helpers.js';

let f: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  f = await freshDatabase();
  await seedDemo(f.database.db, 'klinik123');
  db = f.database.db;
});
afterAll(() => f.drop());

describe('demo inventory', () => {
  // The finance seed's stock journals got their goods (stockOfTheBooks): the value equals 1140 exactly.
  it('gives every branch its warehouses and Jakarta stock whose value equals the inventory account', async () => {
    const wh = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from warehouse`);
    expect(wh[0].n).toBe(9);
    const [jkt] = await queryRows<{ id: number }>(db, sql`select id from profile order by id limit 1`);
    const [value] = await queryRows<{ v: number; a: number }>(
      db,
      sql`select (select coalesce(sum(value), 0) from stock_movement where profile_id = ${jkt.id})::bigint as v,
          (select coalesce(sum(d.debit - d.credit), 0) from jurnal_detail d join akun a on a.id = d.akun_id
            where d.profile_id = ${jkt.id} and a.code = '1140')::bigint as a`,
    );
    expect(Number(value.v)).toBeGreaterThan(0);
    expect(Number(value.a)).toBe(Number(value.v));
    // ... and at every date of the demo.
    const byDate = await queryRows<{ date: string; v: number; a: number }>(
      db,
      sql`select d.date::text as date,
            (select coalesce(sum(value), 0) from stock_movement where profile_id = ${jkt.id} and moved_at <= d.date)::bigint as v,
            (select coalesce(sum(x.debit - x.credit), 0) from jurnal_detail x join akun a on a.id = x.akun_id
              where x.profile_id = ${jkt.id} and a.code = '1140' and x.transaction_at <= d.date)::bigint as a
          from (select distinct transaction_at as date from jurnal where profile_id = ${jkt.id}) d`,
    );
    expect(byDate.length).toBeGreaterThan(5);
    for (const r of byDate) expect(Number(r.v), r.date).toBe(Number(r.a));
    const [exp] = await queryRows<{ expired: number; soon: number; low: number; open: number }>(
      db,
      sql`select
          (select count(*) from stock_balance b join stock_batch s on s.id = b.batch_id
            where b.quantity > 0 and s.expired_at <= current_date)::int as expired,
          (select count(*) from stock_balance b join stock_batch s on s.id = b.batch_id
            where b.quantity > 0 and s.expired_at > current_date and s.expired_at <= current_date + 90)::int as soon,
          (select count(*) from item i left join stock_valuation v on v.item_id = i.id
            where i.profile_id = ${jkt.id} and i.min_stock > 0 and coalesce(v.quantity, 0) < i.min_stock)::int as low,
          (select count(*) from purchase_order where status in (1, 2))::int as open`,
    );
    expect(exp.expired).toBe(1);
    expect(exp.soon).toBeGreaterThanOrEqual(3);
    expect(exp.low).toBeGreaterThanOrEqual(3);
    expect(exp.open).toBeGreaterThanOrEqual(3);
  });
});
