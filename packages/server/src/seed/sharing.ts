import { sql } from 'drizzle-orm';
import { fromSen, ROLE_IDS } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { payVisit } from '../modules/kasir/index.js';
import { createSharingRule, seedDemoPayoutRuns } from '../modules/sharing/index.js';
import { seedCtx } from './finance.js';

/**
 * Demo doctor fees of the first branch (Jakarta, issue 29): three sharing rules by the demo finance account — a
 * percentage for the first demo doctor on every treatment after discount, a rupiah amount for the second on one
 * treatment, and a percentage for every doctor on the treatment the demo packages cover — then a few finished
 * visits paid at the till by the demo cashier (only those whose record bills treatments alone), so the demo has fee
 * lines (a covered treatment's line waits for the rest of its package). Runs after seedKasir (the open session).
 */
export async function seedSharing(tx: Db, branchIds: number[], now: Date = new Date()): Promise<{ lines: number }> {
  const branchId = branchIds[0];
  const doctors = await queryRows<{ id: number }>(
    tx,
    sql`select id from users where role = ${ROLE_IDS.dokter} and profile_id = ${branchId} and status = 1 order by id limit 2`,
  );
  const treatments = await queryRows<{ id: number }>(
    tx,
    sql`select id from perawatan where profile_id = ${branchId} and status = 1 order by id limit 2`,
  );
  if (!doctors.length || !treatments.length) return { lines: 0 };
  const [packaged] = await queryRows<{ id: number }>(
    tx,
    sql`select i.perawatan_id as id from paket_membership_slot s join paket_membership m on m.id = s.membership_id
        join paket_history_item i on i.id = s.paket_history_item_id
        where m.profile_id = ${branchId} and i.perawatan_id is not null order by s.id limit 1`,
  );
  const fin = await seedCtx(tx, branchId, now, 'finance');
  const from = '2025-01-01';
  await createSharingRule(fin, {
    doctor: Number(doctors[0].id),
    branch: branchId,
    kind: 'percent',
    value: 40,
    basis: 'after_discount',
    min_fee: 50_000,
    effective_from: from,
    note: 'Kontrak dokter: 40% dari harga setelah diskon',
  });
  const second = doctors[1] ?? doctors[0];
  const fixed = treatments.find((t) => Number(t.id) !== Number(packaged?.id)) ?? treatments[0];
  await createSharingRule(fin, {
    doctor: Number(second.id),
    perawatan: Number(fixed.id),
    kind: 'amount',
    value: 75_000,
    effective_from: from,
    note: 'Jasa tetap per tindakan',
  });
  if (packaged && Number(packaged.id) !== Number(fixed.id))
    await createSharingRule(fin, {
      perawatan: Number(packaged.id),
      kind: 'percent',
      value: 30,
      tax_base: 'patient_fee',
      effective_from: from,
      note: 'Tindakan paket: 30% dari harga, dibayar sesuai cicilan paket',
    });
  const cashier = await seedCtx(tx, branchId, now, 'admin');
  const visits = await queryRows<{ id: number }>(
    tx,
    sql`select v.id from visit v join rm_record r on r.visit_id = v.id and r.status = 'finished'
        where v.profile_id = ${branchId}
          and exists (select 1 from rm_entry e where e.visit_id = v.id and e.kind = 'treatment')
          and not exists (select 1 from rm_entry e where e.visit_id = v.id and e.kind in ('produk', 'resep', 'lab', 'bhp'))
          and not exists (select 1 from kasir_payment p where p.visit_id = v.id and p.status <> 'void')
        order by v.visit_date desc, v.id desc limit 4`,
  );
  // And a few of last month's, so last month has a payout run (issue 29 item 7).
  const today = await cashier.today();
  const [y, m] = today.split('-').map(Number);
  const lastStart = m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
  const lastMonth = await queryRows<{ id: number }>(
    tx,
    sql`select v.id from visit v join rm_record r on r.visit_id = v.id and r.status = 'finished'
        where v.profile_id = ${branchId} and v.visit_date >= ${lastStart}::date and v.visit_date < ${`${today.slice(0, 7)}-01`}::date
          and exists (select 1 from rm_entry e where e.visit_id = v.id and e.kind = 'treatment')
          and not exists (select 1 from rm_entry e where e.visit_id = v.id and e.kind in ('produk', 'resep', 'lab', 'bhp'))
          and not exists (select 1 from kasir_payment p where p.visit_id = v.id and p.status <> 'void')
        order by v.visit_date desc, v.id desc limit 3`,
  );
  for (const v of lastMonth) if (!visits.some((x) => Number(x.id) === Number(v.id))) visits.push(v);
  for (const [i, v] of visits.entries()) {
    const bill = await queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(coalesce(ver.price, 0) * coalesce(ver.qty, 1)), 0)::text as total
          from rm_entry e join rm_entry_head h on h.entry_id = e.id and not h.voided
          join rm_entry_version ver on ver.id = h.version_id where e.visit_id = ${v.id} and e.kind = 'treatment'`,
    );
    const method = await queryRows<{ id: number }>(
      tx,
      sql`select id from payment_method where type = 'tunai' and status = 1 order by id limit 1`,
    );
    // Cash for the whole list price (a slot-covered line bills nothing; the change goes back).
    const amount = Math.ceil(fromSen(Number(bill[0].total)) / 50_000) * 50_000;
    await payVisit(
      cashier,
      { visit: Number(v.id), payments: amount > 0 ? [{ method: Number(method[0].id), amount }] : [] },
      `demo-sharing-${i + 1}`,
    );
  }
  // Last month's payout run approved and paid, this month's open (issue 29 item 7).
  const [cash] = await queryRows<{ id: number }>(
    tx,
    sql`select id from payment_method where type = 'tunai' and status = 1 order by id limit 1`,
  );
  if (cash) await seedDemoPayoutRuns(fin, await seedCtx(tx, branchId, now, 'owner'), Number(cash.id));
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from sharing_line where profile_id = ${branchId}`,
  );
  return { lines: Number(n.n) };
}
