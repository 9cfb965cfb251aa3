/** The data tables of access.ts: route guards, the launcher and the top menu. */

import { type RoleSetMember } from '../access.js';
import { type RoleName } from './roles.js';

/** Route guards of spec section 6, named by what we use them for (see docs/decisions.md). */
export const GUARDS = {
  investor: ['investor', 'superadmin'],
  paket: ['manager', 'admin', 'finance'],
  finance: ['manager', 'admin', 'finance'],
  superadmin: ['superadmin'],
  stakeholder: ['manager', 'finance', 'investor'],
  inventory: ['manager', 'inventory', 'admin', 'apoteker'],
  clinic: ['manager', 'admin', 'dokter', 'multimedia', 'perawat', 'investor', 'apoteker'],
  master: ['toplevel', 'manager', 'superadmin'],
  /** Owner and developer only (they pass every guard; the empty set lets nobody else in): the job queue page. */
  owner: [],
} as const satisfies Record<string, readonly RoleSetMember[]>;
export type GuardName = keyof typeof GUARDS;

/** Home and My Activity: spec 2.1 "same as Home". */
const HOME_ROLES: RoleName[] = [
  'manager',
  'admin',
  'multimedia',
  'dokter',
  'inventory',
  'finance',
  'investor',
  'perawat',
];
const INVENTORY_ROLES: RoleName[] = ['manager', 'admin', 'inventory'];
const FINANCE_ROLES: RoleName[] = ['manager', 'finance'];

export interface LauncherEntry {
  key: string;
  /** The label a user reads and searches. */
  name: string;
  /** Route; `{id}` is the signed-in user's id. */
  route: string;
  roles: RoleName[];
  icon: string;
}

/** Spec 2.1, in its order. The first 8 a user may see are shown by default. */
export const LAUNCHER: LauncherEntry[] = [
  { key: 'home', name: 'Beranda', route: '/', roles: HOME_ROLES, icon: 'home' },
  { key: 'my-activity', name: 'Aktivitas Saya', route: '/user/{id}', roles: HOME_ROLES, icon: 'activity' },
  {
    key: 'my-income',
    name: 'Pendapatan Saya',
    route: '/user/{id}/finance',
    roles: ['investor', 'dokter'],
    icon: 'wallet',
  },
  {
    key: 'employee-data',
    name: 'Data Pegawai',
    route: '/dashboard/stakeholder/pegawai',
    roles: ['manager'],
    icon: 'users',
  },
  {
    key: 'doctor-data',
    name: 'Data Dokter',
    route: '/dashboard/stakeholder/doctor',
    roles: ['manager'],
    icon: 'stethoscope',
  },
  {
    key: 'investor-data',
    name: 'Data Investor',
    route: '/dashboard/stakeholder/investor',
    roles: ['manager'],
    icon: 'briefcase',
  },
  {
    key: 'tindakan-medis',
    name: 'Master Tindakan Medis',
    route: '/service/master/tindakanmedis',
    roles: ['manager', 'admin'],
    icon: 'syringe',
  },
  {
    key: 'laboratorium',
    name: 'Laboratorium',
    route: '/service/master/laboratorium',
    roles: ['manager', 'admin'],
    icon: 'flask',
  },
  {
    key: 'multimedia-label',
    name: 'Label Multimedia',
    route: '/service/master/multimedialabel',
    roles: ['manager', 'admin', 'multimedia'],
    icon: 'tag',
  },
  {
    key: 'rekam-medis',
    name: 'Rekam Medis',
    route: '/service/rekammedis',
    roles: ['manager', 'admin', 'multimedia', 'perawat'],
    icon: 'file-text',
  },
  {
    key: 'visit-queue',
    name: 'Antrian Perawatan',
    route: '/service/visit',
    roles: ['manager', 'admin', 'dokter', 'perawat'],
    icon: 'list-ordered',
  },
  {
    key: 'multimedia-queue',
    name: 'Antrian Multimedia',
    route: '/service/visit/multimedia',
    roles: ['manager', 'admin', 'multimedia'],
    icon: 'camera',
  },
  { key: 'payment', name: 'Pembayaran', route: '/service/payment', roles: ['manager', 'admin'], icon: 'credit-card' },
  {
    key: 'paket-promosi',
    name: 'Paket Promosi',
    route: '/paket/promosi',
    roles: ['manager', 'admin', 'finance'],
    icon: 'gift',
  },
  {
    key: 'paket-sales',
    name: 'Penjualan Paket',
    route: '/paket/sales',
    roles: ['manager', 'admin', 'finance'],
    icon: 'shopping-bag',
  },
  { key: 'inv-item', name: 'Master Item', route: '/inventory/master/item', roles: INVENTORY_ROLES, icon: 'package' },
  {
    key: 'inv-category',
    name: 'Kategori Item',
    route: '/inventory/master/category',
    roles: INVENTORY_ROLES,
    icon: 'folder',
  },
  { key: 'inv-vendor', name: 'Vendor', route: '/inventory/master/vendor', roles: INVENTORY_ROLES, icon: 'truck' },
  {
    key: 'inv-mutation',
    name: 'Mutasi Stok',
    route: '/inventory/mutation',
    roles: INVENTORY_ROLES,
    icon: 'arrow-left-right',
  },
  {
    key: 'inv-warehouse',
    name: 'Stok Gudang',
    route: '/inventory/warehouse',
    roles: INVENTORY_ROLES,
    icon: 'warehouse',
  },
  { key: 'inv-purchase', name: 'Belanja', route: '/inventory/purchase', roles: INVENTORY_ROLES, icon: 'shopping-cart' },
  {
    key: 'inv-receive',
    name: 'Penerimaan Barang',
    route: '/inventory/purchase/receive',
    roles: INVENTORY_ROLES,
    icon: 'package-check',
  },
  {
    key: 'inv-low',
    name: 'Stok Menipis',
    route: '/inventory/purchase/low',
    roles: INVENTORY_ROLES,
    icon: 'alert-triangle',
  },
  { key: 'inv-sales', name: 'Penjualan Item', route: '/inventory/sales', roles: INVENTORY_ROLES, icon: 'receipt' },
  { key: 'inv-resep', name: 'Penjualan Resep', route: '/inventory/sales/resep', roles: INVENTORY_ROLES, icon: 'pill' },
  {
    key: 'att-employees',
    name: 'Data Karyawan',
    route: '/attendance/employees',
    roles: ['manager', 'admin'],
    icon: 'id-card',
  },
  {
    key: 'att-daily',
    name: 'Absensi Harian',
    route: '/attendance/attendance/daily',
    roles: ['manager', 'admin'],
    icon: 'calendar-check',
  },
  {
    key: 'payroll',
    name: 'Penggajian',
    route: '/attendance/payroll/transaction',
    // Not the front desk (issue 25: admin does not manage salaries), unlike spec 2.1's list.
    roles: ['manager', 'finance'],
    icon: 'banknote',
  },
  { key: 'fin-akun', name: 'Master Akun', route: '/finance/master/akun', roles: FINANCE_ROLES, icon: 'book' },
  {
    key: 'fin-paymentmethod',
    name: 'Metode Pembayaran',
    route: '/finance/master/paymentmethod',
    roles: FINANCE_ROLES,
    icon: 'credit-card',
  },
  { key: 'fin-pajak', name: 'Master Pajak', route: '/finance/master/pajak', roles: FINANCE_ROLES, icon: 'percent' },
  {
    key: 'fin-sharingprofit',
    name: 'Sharing Profit Dokter',
    route: '/finance/master/sharingprofit',
    roles: FINANCE_ROLES,
    icon: 'hand-coins',
  },
  {
    key: 'fin-deviden',
    name: 'Setting Deviden',
    route: '/finance/master/devidensetting',
    roles: FINANCE_ROLES,
    icon: 'pie-chart',
  },
  {
    key: 'fin-investor',
    name: 'Investor & Rumah Sakit',
    route: '/finance/master/investor',
    roles: FINANCE_ROLES,
    icon: 'building',
  },
  {
    key: 'fin-income-tindakan',
    name: 'Pendapatan Tindakan Medis',
    route: '/finance/income/tindakanmedis',
    roles: FINANCE_ROLES,
    icon: 'trending-up',
  },
  {
    key: 'fin-income-deviden',
    name: 'Deviden Tindakan Medis',
    route: '/finance/income/tindakanmedis/deviden',
    roles: FINANCE_ROLES,
    icon: 'coins',
  },
  {
    key: 'fin-pendingformlab',
    name: 'Form Lab Tertunda',
    route: '/finance/income/pendingformlab',
    roles: FINANCE_ROLES,
    icon: 'flask',
  },
  {
    key: 'fin-hutang',
    name: 'Transaksi Hutang',
    route: '/finance/hutang/transaction',
    roles: FINANCE_ROLES,
    icon: 'file-minus',
  },
  {
    key: 'fin-jurnal',
    name: 'Laporan Jurnal',
    route: '/finance/laporan/jurnal',
    roles: FINANCE_ROLES,
    icon: 'notebook',
  },
  {
    key: 'fin-trialbalance',
    name: 'Neraca Saldo',
    route: '/finance/laporan/trialbalance',
    roles: FINANCE_ROLES,
    icon: 'scale',
  },
  {
    key: 'fin-bukubesar',
    name: 'Buku Besar',
    route: '/finance/laporan/bukubesar',
    roles: FINANCE_ROLES,
    icon: 'library',
  },
];

export const LAUNCHER_DEFAULT_COUNT = 8;

/**
 * Spec 2.2: top menu modules (md and up); the same entries form the bottom navigation on small screens. The keys
 * are the spec's names (Dashboard, Service, Promo Package, Inventory, Attendance, Finance); users read the
 * Indonesian `name`. Until a module's spec route is built, the web app leads to its first built page (issue 16).
 */
export const TOP_MENU = [
  { key: 'dashboard', name: 'Beranda', route: '/', icon: 'layout-dashboard' },
  { key: 'service', name: 'Layanan', route: '/service/rekammedis', icon: 'stethoscope' },
  { key: 'paket', name: 'Paket Promo', route: '/paket/sales', icon: 'gift' },
  { key: 'inventory', name: 'Inventori', route: '/inventory/warehouse', icon: 'package' },
  { key: 'attendance', name: 'Absensi', route: '/attendance/attendance/daily', icon: 'calendar-check' },
  { key: 'finance', name: 'Keuangan', route: '/finance/income/tindakanmedis', icon: 'landmark' },
] as const;
