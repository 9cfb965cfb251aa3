import { sql } from 'drizzle-orm';
import { defaultPrivileges, ROLE_IDS, TOPLEVEL_IDS, type RoleName, type TopLevelName } from '@klinik/shared';
import { queryRows, type Db } from '../db/client.js';
import { profile, users } from '../db/schema/index.js';
import { hashPassword } from '../auth/password.js';
import { loadAreas, titleCase } from '../lib/wilayah.js';
import { initialsOf, replacePrivileges } from '../modules/users/index.js';
import { nextNumber } from '../lib/numbering.js';
import { seedPaket } from './paket.js';
import { seedAttendance } from './attendance.js';
import { seedFinance } from './finance.js';
import { seedServiceMultimedia } from './service-multimedia.js';
import { seedVisits } from './service-visits.js';
import { seedMedicalRecords } from './medical-records.js';
import { seedSickLetters } from './sick-letters.js';
import { seedServiceSchedule } from './service-schedule.js';
import { seedInventory } from './inventory.js';
import { seedInventoryFlows } from './inventory-flows.js';
import { seedKasir } from './kasir.js';
import { seedExpenses } from './expenses.js';
import { seedSharing } from './sharing.js';
import { seedBandungBooks } from './bandung.js';
import { seedSatusehatDemo } from '../modules/satusehat/index.js';
import { seedPriceList } from '../modules/pricelist/index.js';
import { seedCtx } from './finance.js';
import { seedChainPackages } from './chain-packages.js';
import { createChainMaster } from '../modules/chainMasters/index.js';

/** Small deterministic PRNG (mulberry32), so the demo clinic is the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_BRANCHES = [
  {
    key: 'jakarta',
    name: 'Klinik Sehat Sentosa Jakarta',
    city: 'Jakarta Selatan',
    regency: '31.74',
    /** Postal codes of Kota Administrasi Jakarta Selatan (121xx-129xx). */
    postal: [12110, 12970],
    timezone: 'Asia/Jakarta',
    phone: '0217654321',
    address: 'Jl. Fatmawati Raya No. 12, Cilandak',
    email: 'jakarta@kliniksentosa.co.id',
  },
  {
    key: 'bandung',
    name: 'Klinik Sehat Sentosa Bandung',
    city: 'Bandung',
    regency: '32.73',
    /** Postal codes of Kota Bandung (401xx-402xx). */
    postal: [40111, 40295],
    timezone: 'Asia/Jakarta',
    phone: '0224231234',
    address: 'Jl. Ir. H. Juanda No. 88, Coblong',
    email: 'bandung@kliniksentosa.co.id',
  },
  {
    key: 'denpasar',
    name: 'Klinik Sehat Sentosa Denpasar',
    city: 'Denpasar',
    regency: '51.71',
    /** Postal codes of Kota Denpasar (801xx-802xx). */
    postal: [80111, 80239],
    timezone: 'Asia/Makassar',
    phone: '0361234567',
    address: 'Jl. Teuku Umar No. 45, Denpasar Barat',
    email: 'denpasar@kliniksentosa.co.id',
  },
] as const;

interface DemoAccount {
  username: string;
  name: string;
  role: RoleName;
  toplevel?: TopLevelName;
  branch: number;
  gender: 0 | 1;
}

/** One account for every role (usernames are the role names) in the first branch, and each branch's own staff. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'owner', name: 'Hendra Wijaya', role: 'manager', toplevel: 'owner', branch: 0, gender: 0 },
  { username: 'developer', name: 'Rizky Pratama', role: 'manager', toplevel: 'developer', branch: 0, gender: 0 },
  { username: 'managerhr', name: 'Dewi Lestari', role: 'manager', toplevel: 'managerhr', branch: 0, gender: 1 },
  {
    username: 'manageroperational',
    name: 'Agus Setiawan',
    role: 'manager',
    toplevel: 'manageroperational',
    branch: 0,
    gender: 0,
  },
  { username: 'superadmin', name: 'Siti Rahmawati', role: 'superadmin', branch: 0, gender: 1 },
  { username: 'manager', name: 'Bambang Susilo', role: 'manager', branch: 0, gender: 0 },
  { username: 'admin', name: 'Putri Ayu Lestari', role: 'admin', branch: 0, gender: 1 },
  { username: 'finance', name: 'Rina Marlina', role: 'finance', branch: 0, gender: 1 },
  { username: 'inventory', name: 'Joko Santoso', role: 'inventory', branch: 0, gender: 0 },
  { username: 'multimedia', name: 'Fajar Nugroho', role: 'multimedia', branch: 0, gender: 0 },
  { username: 'perawat', name: 'Sri Wahyuni', role: 'perawat', branch: 0, gender: 1 },
  { username: 'apoteker', name: 'Indah Permatasari', role: 'apoteker', branch: 0, gender: 1 },
  { username: 'investor', name: 'Budi Hartono', role: 'investor', branch: 0, gender: 0 },
  { username: 'dokter', name: 'dr. Andi Saputra', role: 'dokter', branch: 0, gender: 0 },
  { username: 'dokter2', name: 'dr. Maya Anggraini, Sp.KK', role: 'dokter', branch: 0, gender: 1 },
  { username: 'dokter3', name: 'dr. Yusuf Hidayat', role: 'dokter', branch: 1, gender: 0 },
  { username: 'dokter4', name: 'dr. Ni Luh Putu Ayu', role: 'dokter', branch: 2, gender: 1 },
  { username: 'admin.bandung', name: 'Nurul Hidayah', role: 'admin', branch: 1, gender: 1 },
  { username: 'manager.bandung', name: 'Dedi Kurniawan', role: 'manager', branch: 1, gender: 0 },
  { username: 'finance.bandung', name: 'Lina Susanti', role: 'finance', branch: 1, gender: 1 },
  { username: 'perawat.bandung', name: 'Ratna Sari', role: 'perawat', branch: 1, gender: 1 },
  { username: 'admin.denpasar', name: 'I Made Wirawan', role: 'admin', branch: 2, gender: 0 },
  { username: 'manager.denpasar', name: 'Ni Kadek Sri', role: 'manager', branch: 2, gender: 1 },
  { username: 'finance.denpasar', name: 'I Gede Arta', role: 'finance', branch: 2, gender: 0 },
  { username: 'perawat.denpasar', name: 'Ni Wayan Sukerti', role: 'perawat', branch: 2, gender: 1 },
];

const FIRST_M = [
  'Ahmad',
  'Budi',
  'Dimas',
  'Eko',
  'Fajar',
  'Gilang',
  'Hadi',
  'Irfan',
  'Joko',
  'Kurniawan',
  'Lukman',
  'Muhammad',
  'Nanda',
  'Oki',
  'Putu',
  'Rudi',
  'Slamet',
  'Teguh',
  'Wahyu',
  'Yoga',
];
const FIRST_F = [
  'Ani',
  'Bunga',
  'Citra',
  'Dewi',
  'Eka',
  'Fitri',
  'Gita',
  'Hana',
  'Intan',
  'Kartika',
  'Lestari',
  'Mega',
  'Novi',
  'Putri',
  'Rina',
  'Sari',
  'Tari',
  'Ulfa',
  'Wulan',
  'Yuni',
];
const LAST = [
  'Saputra',
  'Wijaya',
  'Pratama',
  'Santoso',
  'Hidayat',
  'Nugroho',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Lubis',
  'Setiawan',
  'Kusuma',
  'Halim',
  'Gunawan',
  'Permana',
  'Utami',
  'Rahayu',
  'Purnamasari',
  'Maharani',
  'Handayani',
];
const PLACES = [
  'Jakarta',
  'Bandung',
  'Denpasar',
  'Surabaya',
  'Yogyakarta',
  'Semarang',
  'Medan',
  'Bogor',
  'Malang',
  'Makassar',
];
const STREETS = [
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Gatot Subroto',
  'Jl. Diponegoro',
  'Jl. Ahmad Yani',
  'Jl. Pahlawan',
  'Jl. Kenanga',
  'Jl. Melati',
  'Jl. Anggrek',
  'Jl. Flamboyan',
];

export interface SeedResult {
  branches: number;
  accounts: { username: string; role: string; branch: string }[];
  patients: number;
}

/** True when the database has no users yet (a new install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(r?.n ?? 0) === 0;
}

/**
 * Seeds the demo clinic: 3 branches, an account for every role, 60 patients, packages, and the books of Jakarta and
 * Bandung (active period, journals, package sales). Deterministic given today's date; one transaction.
 */
export async function seedDemo(db: Db, password: string, opts: { uploadDir?: string } = {}): Promise<SeedResult> {
  const areas = await loadAreas();
  const passwordHash = await hashPassword(password);
  const random = rng(20241122);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const branchIds: number[] = [];
    for (const b of DEMO_BRANCHES) {
      const [row] = await tx
        .insert(profile)
        .values({
          name: b.name,
          address: `${b.address}, ${b.city}`,
          city: b.city,
          phone: b.phone,
          email: b.email,
          timezone: b.timezone,
          status: 1,
          // Province and regency codes (issue 30 item 5); the street address names the rest.
          provincy_code: b.regency.slice(0, 2),
          city_code: b.regency,
        })
        .returning();
      branchIds.push(row.id);
    }

    const accounts: SeedResult['accounts'] = [];
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          role: ROLE_IDS[a.role],
          roletoplevel: a.toplevel ? TOPLEVEL_IDS[a.toplevel] : 0,
          username: a.username,
          password_hash: passwordHash,
          name: a.name,
          initial: initialsOf(a.name.replace(/^dr\.\s*/i, '')),
          gender: a.gender,
          status: 1,
          profile_id: branchIds[a.branch],
          join_at: '2024-01-02',
          phone: `0812${String(1000000 + accounts.length * 7919).slice(0, 7)}`,
          email: `${a.username.replace('.', '-')}@kliniksentosa.co.id`,
        })
        .returning({ id: users.id });
      await replacePrivileges(tx, row.id, defaultPrivileges(a.role));
      accounts.push({
        username: a.username,
        role: a.toplevel ? `${a.role} + ${a.toplevel}` : a.role,
        branch: DEMO_BRANCHES[a.branch].city,
      });
    }

    let patients = 0;
    for (let i = 0; i < 60; i++) {
      const bi = i % 3;
      const branch = DEMO_BRANCHES[bi];
      const female = random() < 0.55;
      const name = `${pick(female ? FIRST_F : FIRST_M)} ${pick(LAST)}`;
      const districts = areas.districts.filter((d) => d.parent === branch.regency);
      const district = pick(districts);
      const village = pick(areas.villages.filter((v) => v.parent === district.code));
      const regency = areas.regencies.find((r) => r.code === branch.regency)!;
      const province = areas.provinces.find((p) => p.code === regency.parent)!;
      const year = 1960 + Math.floor(random() * 50);
      const month = 1 + Math.floor(random() * 12);
      const day = 1 + Math.floor(random() * 28);
      const birth = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const nik =
        district.code.replace(/\./g, '') +
        String(female ? day + 40 : day).padStart(2, '0') +
        String(month).padStart(2, '0') +
        String(year % 100).padStart(2, '0') +
        String(1 + Math.floor(random() * 9999)).padStart(4, '0');
      const n = await nextNumber(tx, branchIds[bi], 'RM');
      const hasGuardian = year > 2005;
      await tx.insert(users).values({
        role: 1,
        username: `RM${String(branchIds[bi]).padStart(2, '0')}${String(n).padStart(6, '0')}`,
        name,
        initial: initialsOf(name),
        gender: female ? 1 : 0,
        marital: year < 1995 ? 1 : 0,
        birth_place: pick(PLACES),
        birth_date: birth,
        idcard: nik,
        phone: `08${pick(['11', '12', '13', '21', '22', '52', '56', '57', '77', '78'])}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
        email: random() < 0.6 ? `${name.toLowerCase().replace(/\s+/g, '.')}${i}@gmail.com` : null,
        address: `${pick(STREETS)} No. ${1 + Math.floor(random() * 150)}, RT ${String(1 + Math.floor(random() * 12)).padStart(3, '0')}/RW ${String(1 + Math.floor(random() * 9)).padStart(3, '0')}`,
        desa: titleCase(village.name),
        kecamatan: titleCase(district.name),
        city: titleCase(regency.name),
        provincy: titleCase(province.name),
        postalcode: String(branch.postal[0] + Math.floor(random() * (branch.postal[1] - branch.postal[0] + 1))),
        profile_id: branchIds[bi],
        status: 1,
        join_at: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
        wali_name: hasGuardian ? `${pick(FIRST_M)} ${name.split(' ')[1]}` : null,
        wali_gender: hasGuardian ? 0 : null,
        wali_phone: hasGuardian ? `0813${String(Math.floor(random() * 1e8)).padStart(8, '0')}` : null,
      });
      patients++;
    }
    await seedPaket(tx, branchIds);
    // Jakarta's books and package sales (Bandung's come after its stock, below; Denpasar starts without a period).
    await seedFinance(tx, branchIds, rng(20250301));
    // Doctors' practice and schedules everywhere; Jakarta's reservations (issue 11).
    await seedServiceSchedule(tx, branchIds);
    // Jakarta's visit queue of today and the past weeks (after the package sales: a visit may use a package).
    await seedVisits(tx, branchIds, rng(20251123));
    // Warehouses, vendors and stock received through purchases (Jakarta's journals; after the books exist).
    await seedInventory(tx, branchIds);
    // Records of Jakarta's finished visits and one patient with 700 visits and records (issue 12).
    await seedMedicalRecords(tx, branchIds, rng(20251212));
    // The sick-leave letter the demo doctor issued for their newest finished record (issue 25).
    await seedSickLetters(tx, branchIds);
    // Labels everywhere; progress photos (files in uploadDir) when the visits seed above left visits to put them on.
    await seedServiceMultimedia(tx, branchIds, { uploadDir: opts.uploadDir });
    // Employees, shifts, roster, a month of punches in every branch; Jakarta's last month payroll approved.
    await seedAttendance(tx, branchIds, rng(20251015));
    // Transfers (one in transit to Bandung), a stock count, prescriptions dispensed and waiting (after the stock).
    await seedInventoryFlows(tx, branchIds);
    // Jakarta's till: the demo cashier's open session and down payments of package registrations paid (issue 14).
    await seedKasir(tx, branchIds);
    // Issue 28: a few cash expenses in Jakarta and the demo payroll's PPh 21 masa deposited.
    await seedExpenses(tx, branchIds);
    // Issue 29: the demo doctors' sharing rules and a few visits paid at the till with their fee lines.
    await seedSharing(tx, branchIds);
    // Issue 30: the chain's second branch with books (Bandung: period, revenue, stock, packages, paid visits).
    await seedBandungBooks(tx, branchIds);
    // Issue 31: SATUSEHAT mappings and a few visits with each status (no settings: nothing is sent).
    await seedSatusehatDemo(tx, branchIds);
    // Issue 30: the chain's price list with a scheduled base price, a branch's own price and one waiting approval.
    await seedPriceList(
      await seedCtx(tx, branchIds[0], new Date()),
      await seedCtx(tx, branchIds[0], new Date(), 'developer'),
      branchIds,
    );
    // Issue 30 item 2: one supplier the head office keeps for the whole chain ('Pusat' in every branch's list).
    await createChainMaster(await seedCtx(tx, branchIds[0], new Date()), 'item_supplier', {
      code: 'PST-SUP',
      name: 'PT Distribusi Farma Nusantara (Pusat)',
      contact: 'Bagian Penjualan',
      phone: '0215550199',
      address: 'Jl. Gatot Subroto Kav. 12, Jakarta Selatan',
      payment_terms: 30,
    });
    // Issue 30 item 2: a photo label, a package type and a promo package of the head office, in every branch.
    await seedChainPackages(await seedCtx(tx, branchIds[0], new Date()));
    return { branches: branchIds.length, accounts, patients };
  });
}
