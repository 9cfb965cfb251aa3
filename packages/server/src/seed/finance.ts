import { and, asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, addMonths, asSen, ROLE_IDS, todayIn, toSen } from '@klinik/shared';
import type { Db } from '../db/client.js';
import { akun, paketHistory, paymentMethod, profile, users } from '../db/schema/index.js';
import { loadConfig } from '../config.js';
import type { Ctx } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { branchClock } from '../http/clock.js';
import { branchTimezone } from '../modules/branches/index.js';
import type { JobQueue } from '../lib/jobs.js';
import { loadSessionUser } from '../modules/auth/index.js';
import { ACCOUNT } from '../modules/finance/index.js';
import {
  listPayableItems,
  payItems,
  postJournal,
  type PayableParty,
  type PostingLine,
} from '../modules/finance/index.js';
import { createPeriode } from '../modules/finance/index.js';
import { register } from '../modules/paket/index.js';

/**
 * Demo books of the first demo branch (Jakarta) only: an active period from the first day of the previous month
 * (in the branch's time zone), opening balances, a few dozen journals of an ordinary clinic month posted through
 * the finance posting service, and package registrations through the paket service (Dr 1130 / Cr 2301).
 * The other branches keep no period, so a user (and the e2e suites) can open one there. Deterministic given
 * `today` and the PRNG. Runs inside the demo seed's transaction (tx), after seedPaket.
 */
export interface FinanceSeedResult {
  periodStart: string;
  journals: number;
  registrations: number;
}

const rupiah = (n: number) => Math.round(n / 1000) * 1000;

/** A service context for the seed: the owner account as the acting user, the branch, a silent logger, no PDF. */
/** Demo posting lines: the demo's amounts are written in rupiah; the posting service takes sen. */
export const dr = (akun: string, amount: number, description?: string): PostingLine => ({
  akun,
  debit: toSen(amount),
  credit: asSen(0),
  description,
});
export const cr = (akun: string, amount: number, description?: string): PostingLine => ({
  akun,
  debit: asSen(0),
  credit: toSen(amount),
  description,
});

/** A branch's patients and current package versions, in id order: what the demo registers packages from. */
export async function registrationChoices(tx: Db, branchId: number) {
  const patients = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 1), eq(users.profile_id, branchId)))
    .orderBy(asc(users.id));
  const versions = await tx
    .select({ id: paketHistory.id })
    .from(paketHistory)
    .where(and(eq(paketHistory.profile_id, branchId), eq(paketHistory.is_current, true)))
    .orderBy(asc(paketHistory.id));
  return { patients, versions };
}

export async function seedCtx(tx: Db, branchId: number, now: Date, username = 'owner'): Promise<Ctx> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.profile_id, branchId)));
  const user = owner ? await loadSessionUser(tx, owner.id, 'seed-demo') : null;
  if (!user) throw new Error(`Seed: akun ${username} cabang pertama tidak ditemukan`);
  return {
    db: tx,
    user,
    branchId,
    log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    requestId: 'seed-demo',
    ip: '127.0.0.1',
    config: loadConfig(),
    services: {
      pdf: {
        render: () => Promise.reject(new AppError(503, [{ message: 'PDF tidak tersedia saat mengisi data demo' }])),
        warm: () => Promise.resolve(false),
        close: () => Promise.resolve(),
      },
      jobs: noJobs,
    },
    ...branchClock(branchTimezone(tx), branchId, () => new Date(now)),
  };
}

/** The demo seed runs before the app: it sends no background work. */
const noJobs: JobQueue = {
  define: () => Promise.resolve(),
  send: () => Promise.reject(new Error('Antrian pekerjaan tidak tersedia saat mengisi data demo')),
  state: () => Promise.resolve(null),
  failed: () => Promise.resolve({ data: [], count: 0 }),
  retry: () => Promise.resolve(false),
  stop: () => Promise.resolve(),
};

export async function seedFinance(
  tx: Db,
  branchIds: number[],
  random: () => number,
  now: Date = new Date(),
): Promise<FinanceSeedResult> {
  const branchId = branchIds[0];
  const [branch] = await tx.select({ timezone: profile.timezone }).from(profile).where(eq(profile.id, branchId));
  const today = todayIn(branch?.timezone ?? 'Asia/Jakarta', now);
  const periodStart = addMonths(`${today.slice(0, 8)}01`, -1);
  const ctx = await seedCtx(tx, branchId, now);

  // Opening balances of the branch's first period (posted by the service as the opening journal).
  await createPeriode(ctx, {
    start_date: periodStart,
    saldo_awal: [
      { akun: ACCOUNT.kas, debit: 15_000_000, credit: 0 },
      { akun: ACCOUNT.bank, debit: 185_000_000, credit: 0 },
      { akun: ACCOUNT.persediaan, debit: 24_000_000, credit: 0 },
      { akun: ACCOUNT.hutangUsaha, debit: 0, credit: 9_000_000 },
      { akun: ACCOUNT.modalDisetor, debit: 0, credit: 215_000_000 },
    ],
  });

  let journals = 0;
  let seq = 0;
  const post = async (date: string, memo: string, lines: PostingLine[]) => {
    await postJournal(ctx, { transaction_at: date, memo, source_type: 'demo', source_id: `demo-${++seq}`, lines });
    journals++;
  };
  const between = (lo: number, hi: number) => rupiah(lo + random() * (hi - lo));

  const doctors = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ROLE_IDS.dokter), eq(users.profile_id, branchId)))
    .orderBy(asc(users.id));
  // The doctors' share is each doctor's payable (issue 28): the demo's daily revenue goes to its doctors in turn.
  const doctorParty = (n: number): PayableParty =>
    doctors.length ? { type: 'doctor', id: doctors[n % doctors.length].id } : { type: 'doctor', name: 'Dokter Tamu' };
  let days = 0;
  for (let date = periodStart; date <= today; date = addDays(date, 1)) {
    const day = Number(date.slice(8, 10));
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
    const month = date.slice(0, 7);

    if (day === 1)
      await post(date, `Sewa ruko bulan ${month}`, [dr(ACCOUNT.bebanSewa, 12_500_000), cr(ACCOUNT.bank, 12_500_000)]);
    if (day === 10) {
      const listrik = between(3_200_000, 4_100_000);
      const air = between(450_000, 700_000);
      const internet = 750_000;
      await post(date, `Listrik, air dan internet ${month}`, [
        dr(ACCOUNT.bebanUtilitas, listrik, 'Listrik PLN'),
        dr(ACCOUNT.bebanUtilitas, air, 'Air PDAM'),
        dr(ACCOUNT.bebanUtilitas, internet, 'Internet'),
        cr(ACCOUNT.bank, listrik + air + internet),
      ]);
    }
    if (day === 25) {
      const gross = 38_500_000;
      const pph21 = 1_150_000;
      await post(date, `Gaji karyawan ${month}`, [
        dr(ACCOUNT.bebanGaji, gross),
        cr(ACCOUNT.bank, gross - pph21),
        {
          ...cr(ACCOUNT.hutangPph21, pph21, 'PPh 21 dipotong'),
          party: { type: 'pajak', name: 'Kantor Pajak', tax: 'pph_pegawai', masa: month },
        },
      ]);
    }
    if (weekday === 0) continue; // closed on Sundays

    // Daily treatment revenue, cash and non-cash, with the doctors' share accrued.
    if (day % 2 === 1 || weekday === 6) {
      const tunai = between(2_500_000, 6_500_000);
      const nontunai = between(3_000_000, 9_000_000);
      const share = rupiah((tunai + nontunai) * 0.2);
      await post(date, `Pendapatan tindakan ${date}`, [
        dr(ACCOUNT.kas, tunai, 'Tunai'),
        dr(ACCOUNT.bank, nontunai, 'Debit/QRIS'),
        cr(ACCOUNT.pendapatanTindakan, tunai + nontunai),
        dr(ACCOUNT.bebanBagiHasilDokter, share, 'Bagi hasil dokter 20%'),
        { ...cr(ACCOUNT.hutangDokter, share, 'Bagi hasil dokter 20%'), party: doctorParty(days++) },
      ]);
    }
    // Skincare sales with their cost of goods.
    if (weekday === 5) {
      const sales = between(900_000, 3_200_000);
      const cost = rupiah(sales * 0.55);
      await post(date, `Penjualan produk skincare ${date}`, [
        dr(ACCOUNT.kas, sales),
        cr(ACCOUNT.pendapatanProduk, sales),
        dr(ACCOUNT.hpp, cost, 'HPP produk'),
        cr(ACCOUNT.persediaan, cost, 'HPP produk'),
      ]);
    }
    if (weekday === 4) {
      const lab = between(600_000, 1_800_000);
      await post(date, `Pendapatan laboratorium ${date}`, [dr(ACCOUNT.bank, lab), cr(ACCOUNT.pendapatanLab, lab)]);
    }
    // Petty cash to the bank once a week.
    if (weekday === 6) await post(date, 'Setor kas ke bank', [dr(ACCOUNT.bank, 8_000_000), cr(ACCOUNT.kas, 8_000_000)]);
  }
  // A stock purchase on credit in the previous month.
  await post(addDays(periodStart, 13), 'Pembelian stok skincare (PT Derma Nusantara)', [
    dr(ACCOUNT.persediaan, 14_750_000),
    {
      ...cr(ACCOUNT.hutangUsaha, 14_750_000),
      party: { type: 'vendor', name: 'PT Derma Nusantara' },
      due_date: addDays(periodStart, 43),
    },
  ]);
  // One payment of the doctors' payables: what the first doctor earned in the first ten days of the period.
  const firstDoctor = doctorParty(0);
  const owed = await listPayableItems(ctx, {
    party_type: 'doctor',
    party: firstDoctor.id ?? undefined,
    party_name: firstDoctor.id ? undefined : (firstDoctor.name ?? undefined),
    status: 'open',
  });
  const payDate = addDays(periodStart, 11);
  const early = owed.filter((i) => i.doc_date <= addDays(periodStart, 9));
  const [bankMethod] = await tx
    .select({ id: paymentMethod.id })
    .from(paymentMethod)
    .innerJoin(akun, eq(akun.id, paymentMethod.akun_id))
    .where(and(eq(akun.code, ACCOUNT.bank), eq(paymentMethod.status, 1)))
    .orderBy(asc(paymentMethod.id));
  if (early.length && bankMethod && payDate <= today) {
    await payItems(ctx, {
      party_type: 'doctor',
      party_id: firstDoctor.id ?? null,
      party_name: firstDoctor.name ?? null,
      method: bankMethod.id,
      date: payDate,
      memo: 'Pembayaran bagi hasil dokter',
      allocations: early.map((i) => ({ item: i.id, amount: toSen(i.outstanding) })),
      idempotency_key: `demo-doctor-payment-${branchId}`,
    });
    journals++;
  }

  // Package registrations of Jakarta patients (dated today by the service).
  const { patients, versions } = await registrationChoices(tx, branchId);
  let registrations = 0;
  const count = Math.min(6, patients.length);
  for (let i = 0; i < count && doctors.length && versions.length; i++) {
    await register(
      ctx,
      {
        customer: patients[(i * 3) % patients.length].id,
        doctor: doctors[i % doctors.length].id,
        paket_history_id: versions[(i * 3 + 1) % versions.length].id,
      },
      `demo-seed-${i + 1}`,
    );
    registrations++;
  }
  return { periodStart, journals, registrations };
}
