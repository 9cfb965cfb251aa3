import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, addMonths, fromSen, todayIn } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { item, perawatan, profile, vendor, warehouse } from '../db/schema/index.js';
import { ACCOUNT, createPeriode, postJournal, type PostingLine } from '../modules/finance/index.js';
import { createPurchase, receivePurchase } from '../modules/inventory/index.js';
import { openKasirSession, payCicilan, payVisit } from '../modules/kasir/index.js';
import { finishRecord, recordTreatment } from '../modules/medicalRecords/index.js';
import { register } from '../modules/paket/index.js';
import { registerVisit } from '../modules/visits/index.js';
import { cr, dr, registrationChoices, seedCtx } from './finance.js';

/**
 * The demo chain's second branch with books (issue 30): Bandung gets an active period from the same first day as
 * Jakarta's, opening balances, two months of treatment revenue and rent, a stock purchase received into its
 * pharmacy (so it has stock value), three package registrations (receivables) with one down payment paid at its
 * till, and two of today's visits examined by its doctor and paid at the till. Everything goes through the
 * services (each journal posted, balanced, in the service's own transaction); no journal row is written by hand.
 * Smaller than Jakarta, so the Backoffice dashboard compares two different branches. Deterministic for the date.
 * Runs inside the demo seed's transaction, after seedInventory (Bandung's warehouses, vendors and items).
 */
export interface BandungSeedResult {
  periodStart: string;
  journals: number;
  registrations: number;
  visits: number;
}

export async function seedBandungBooks(
  tx: Db,
  branchIds: number[],
  now: Date = new Date(),
): Promise<BandungSeedResult> {
  const branchId = branchIds[1];
  const result: BandungSeedResult = { periodStart: '', journals: 0, registrations: 0, visits: 0 };
  if (!branchId) return result;
  const [branch] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, branchId));
  const today = todayIn(branch?.timezone ?? 'Asia/Jakarta', now);
  const periodStart = addMonths(`${today.slice(0, 8)}01`, -1);
  result.periodStart = periodStart;
  const manager = await seedCtx(tx, branchId, now, 'manager.bandung');
  const finance = await seedCtx(tx, branchId, now, 'finance.bandung');
  const cashier = await seedCtx(tx, branchId, now, 'admin.bandung');
  const doctor = await seedCtx(tx, branchId, now, 'dokter3');

  await createPeriode(finance, {
    start_date: periodStart,
    saldo_awal: [
      { akun: ACCOUNT.kas, debit: 6_000_000, credit: 0 },
      { akun: ACCOUNT.bank, debit: 74_000_000, credit: 0 },
      { akun: ACCOUNT.modalDisetor, debit: 0, credit: 80_000_000 },
    ],
  });
  result.journals++;

  let seq = 0;
  const post = async (date: string, memo: string, lines: PostingLine[]) => {
    await postJournal(finance, {
      transaction_at: date,
      memo,
      source_type: 'demo',
      source_id: `demo-bandung-${++seq}`,
      lines,
    });
    result.journals++;
  };
  // Rent on the first of each month; treatment revenue on Tuesdays and Saturdays (a fixed, smaller day than Jakarta's).
  for (let date = periodStart, n = 0; date <= today; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (date.slice(8) === '01')
      await post(date, `Sewa ruko bulan ${date.slice(0, 7)}`, [
        dr(ACCOUNT.bebanSewa, 7_500_000),
        cr(ACCOUNT.bank, 7_500_000),
      ]);
    if (weekday !== 2 && weekday !== 6) continue;
    const tunai = 1_500_000 + (n % 3) * 250_000;
    const nontunai = 2_000_000 + (n % 4) * 500_000;
    n++;
    await post(date, `Pendapatan tindakan ${date}`, [
      dr(ACCOUNT.kas, tunai, 'Tunai'),
      dr(ACCOUNT.bank, nontunai, 'Debit/QRIS'),
      cr(ACCOUNT.pendapatanTindakan, tunai + nontunai),
    ]);
  }

  // Stock bought on credit and received into the pharmacy (Dr 1140 / Cr 2101 through the receipt).
  const [apotek] = await tx
    .select({ id: warehouse.id })
    .from(warehouse)
    .where(and(eq(warehouse.profile_id, branchId), eq(warehouse.kind, 'apotek'), eq(warehouse.status, 1)))
    .orderBy(asc(warehouse.id));
  const [kft] = await tx
    .select({ id: vendor.id })
    .from(vendor)
    .where(and(eq(vendor.profile_id, branchId), eq(vendor.code, 'V-KFT')));
  const items = await tx.select({ id: item.id, code: item.code }).from(item).where(eq(item.profile_id, branchId));
  const I = (code: string) => items.find((i) => i.code === code)?.id;
  const [pct, ctz] = [I('OB-PCT500'), I('OB-CTZ10')];
  if (apotek && kft && pct && ctz) {
    const ordered = addDays(periodStart, 5);
    const order = await createPurchase(manager, {
      vendor: kft.id,
      warehouse: apotek.id,
      ordered_at: ordered,
      items: [
        { item: pct, qty: 4, price: 45_000 },
        { item: ctz, qty: 2, price: 60_000 },
      ],
    });
    await receivePurchase(manager, order.id, {
      received_at: addDays(ordered, 1),
      items: [
        { item: pct, qty: 4, price: 45_000, batch: 'PCT-BDG-01', expired_at: addDays(today, 200) },
        { item: ctz, qty: 2, price: 60_000, batch: 'CTZ-BDG-01', expired_at: addDays(today, 260) },
      ],
    });
    result.journals++;
  }

  // Package registrations of Bandung patients (Dr 1130 / Cr 2301, dated today by the service).
  const { patients, versions } = await registrationChoices(tx, branchId);
  const doctorId = doctor.user!.id;
  for (let i = 0; i < Math.min(3, patients.length) && versions.length; i++) {
    await register(
      cashier,
      {
        customer: patients[i * 2].id,
        doctor: doctorId,
        paket_history_id: versions[(i * 2) % versions.length].id,
      },
      `demo-bandung-paket-${i + 1}`,
    );
    result.registrations++;
    result.journals++;
  }

  // The till: the cashier's session, the first registration's down payment, and two of today's visits paid.
  await openKasirSession(cashier, { opening_float: 300_000 });
  const [cash] = await queryRows<{ id: number }>(
    tx,
    sql`select id from payment_method where type = 'tunai' and status = 1 order by id limit 1`,
  );
  const [first] = await queryRows<{ membership_id: number; open: string }>(
    tx,
    sql`select c.membership_id, (c.amount - c.paid_amount)::text as open from paket_membership_cicilan c
        join paket_membership m on m.id = c.membership_id
        where m.profile_id = ${branchId} and c.amount > c.paid_amount order by m.id, c.seq limit 1`,
  );
  if (cash && first) {
    const amount = fromSen(Number(first.open));
    await payCicilan(
      cashier,
      { membership: Number(first.membership_id), amount, payments: [{ method: Number(cash.id), amount }] },
      'demo-bandung-kasir-1',
    );
    result.journals++;
  }
  const treatments = await tx
    .select({ id: perawatan.id, code: perawatan.code })
    .from(perawatan)
    .where(and(eq(perawatan.profile_id, branchId), eq(perawatan.status, 1)))
    .orderBy(asc(perawatan.id));
  const plan = ['TM-FAC01', 'TM-PEEL']
    .map((code) => treatments.find((t) => t.code === code))
    .filter((t) => t !== undefined);
  for (const [i, t] of plan.entries()) {
    const patient = patients[i * 2 + 1];
    if (!patient || !cash) break;
    const { data: visit } = await registerVisit(
      cashier,
      { customer: patient.id, doctor: doctorId, kind: 'tindakan', needs_multimedia: false },
      `demo-bandung-visit-${i + 1}`,
    );
    await recordTreatment(doctor, visit.id, { perawatan: t.id, qty: 1, doctor: doctorId });
    await finishRecord(doctor, visit.id);
    const [bill] = await queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(coalesce(ver.price, 0) * coalesce(ver.qty, 1)), 0)::text as total
          from rm_entry e join rm_entry_head h on h.entry_id = e.id and not h.voided
          join rm_entry_version ver on ver.id = h.version_id where e.visit_id = ${visit.id}`,
    );
    const amount = fromSen(Number(bill.total));
    await payVisit(
      cashier,
      { visit: visit.id, payments: [{ method: Number(cash.id), amount }] },
      `demo-bandung-bayar-${i + 1}`,
    );
    result.visits++;
    result.journals++;
  }
  return result;
}
