import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazyPage, prefetch, preload } from './lazy';
import { LAYOUTS } from '../layouts';
import type { AppRoute, LayoutName, ModulePages, RouteGuard, RouteSpec } from './route-types';

export type { AppRoute, LayoutName, RouteGuard, ModulePages } from './route-types';

/**
 * THE ROUTE REGISTRY: every route of spec sections 2.1 to 2.10, once each (alternatives `{a|b}` expanded,
 * `{id}` written `:id`, trailing slashes dropped; react-router matches `/finance/createjurnalumum/` too).
 * Guards and layouts per route group are decided in docs/decisions.md. How a module turns a planned route
 * into a page: src/app/README.md.
 */
const r = (
  path: string,
  title: string,
  layout: LayoutName,
  guard: RouteGuard,
  page?: RouteSpec['page'],
): RouteSpec => ({ path, title, layout, guard, page });

export const ROUTE_SPECS: RouteSpec[] = [
  // Home and own profile (2.1, 2.8)
  r('/', 'Beranda', 'clinic', 'none'),
  r('/user/:id', 'Profil Pengguna', 'clinic', 'none'),
  r('/user/:id/finance', 'Pendapatan Saya', 'clinic', 'none'),
  r('/customer/:id', 'Data Karyawan', 'clinic', 'clinic'),
  r('/pengumuman', 'Pengumuman', 'clinic', 'none'),
  r('/confirmation', 'Konfirmasi Aktivitas', 'clinic', 'none'),
  r('/my-attendance', 'Absensi Saya', 'clinic', 'none'),

  // Stakeholder dashboards (2.1)
  r('/dashboard/stakeholder/pegawai', 'Data Pegawai', 'clinic', 'stakeholder'),
  r('/dashboard/stakeholder/doctor', 'Data Dokter', 'clinic', 'stakeholder'),
  r('/dashboard/stakeholder/investor', 'Data Investor', 'clinic', 'stakeholder'),

  // Service (2.1, 2.8, 2.9)
  r('/service/customer', 'Data Pasien', 'clinic', 'clinic'),
  r('/service/pricelist', 'Daftar Harga', 'clinic', 'clinic'),
  r('/service/reservasi', 'Reservasi', 'clinic', 'clinic'),
  r('/service/kunjungan', 'Kunjungan', 'clinic', 'clinic'),
  r('/service/paket', 'Paket Pasien', 'clinic', 'clinic'),
  r('/service/rekammedis', 'Rekam Medis', 'clinic', 'clinic'),
  // Not in the spec: the record of one visit, opened from the treatment queue (docs/decisions.md, Rekam medis).
  r('/service/rekammedis/visit/:id', 'Rekam Medis Kunjungan', 'clinic', 'clinic'),
  r('/service/visit', 'Antrian Perawatan', 'clinic', 'clinic'),
  r('/service/visit/multimedia', 'Antrian Multimedia', 'clinic', 'clinic'),
  // Not in the spec: the waiting-room display of the treatment queue (docs/decisions.md, Visits).
  r('/service/visit/display', 'Layar Antrian', 'screen', 'clinic'),
  r('/service/payment', 'Pembayaran', 'clinic', 'clinic'),
  r('/service/master/tindakanmedis', 'Master Tindakan Medis', 'clinic', 'clinic'),
  r('/service/master/laboratorium', 'Laboratorium', 'clinic', 'clinic'),
  r('/service/master/multimedialabel', 'Label Multimedia', 'clinic', 'clinic'),
  r('/service/master/doctor', 'Master Dokter', 'clinic', 'clinic'),
  r('/service/visitreminder', 'Pengingat Kunjungan', 'clinic', 'clinic'),
  r('/service/consultation', 'Konsultasi', 'clinic', 'clinic'),
  r('/service/tindakan', 'Tindakan', 'clinic', 'clinic'),
  r('/service/registration/reservation', 'Registrasi Reservasi', 'clinic', 'clinic'),
  r('/service/registration/schedule', 'Jadwal Registrasi', 'clinic', 'clinic'),

  // Membership, cashier, medical records (2.8)
  r('/membership/member', 'Member', 'clinic', 'clinic'),
  r('/kasir/payment', 'Kasir Klinik', 'clinic', 'clinic'),
  r('/kasir/sales', 'Kasir Umum', 'clinic', 'clinic'),
  r('/rekammedis/treatment', 'Rekam Medis Tindakan', 'clinic', 'clinic'),
  r('/rekammedis/produk', 'Rekam Medis Produk', 'clinic', 'clinic'),
  r('/rekammedis/resep', 'Rekam Medis Resep', 'clinic', 'clinic'),
  r('/rekammedis/foto', 'Foto Progres', 'clinic', 'clinic'),
  r('/rekammedis/soap', 'Catatan SOAP', 'clinic', 'clinic'),

  // Master (2.8)
  r('/master/approval-rule', 'Aturan Persetujuan', 'clinic', 'master'),
  r('/master/users', 'Pengguna', 'clinic', 'master'),

  // Inventory (2.1, 2.8, 2.9)
  r('/inventory/warehouse', 'Stok Gudang', 'clinic', 'inventory'),
  r('/inventory/item', 'Item', 'clinic', 'inventory'),
  r('/inventory/mutation', 'Mutasi Stok', 'clinic', 'inventory'),
  r('/inventory/purchase', 'Belanja', 'clinic', 'inventory'),
  r('/inventory/purchase/receive', 'Penerimaan Barang', 'clinic', 'inventory'),
  r('/inventory/purchase/low', 'Stok Menipis', 'clinic', 'inventory'),
  r('/inventory/sales', 'Penjualan Item', 'clinic', 'inventory'),
  r('/inventory/sales/resep', 'Penjualan Resep', 'clinic', 'inventory'),
  r('/inventory/master/item', 'Master Item', 'clinic', 'inventory'),
  r('/inventory/master/category', 'Kategori Item', 'clinic', 'inventory'),
  r('/inventory/master/vendor', 'Vendor', 'clinic', 'inventory'),
  r('/inventory/master/warehouse', 'Master Gudang', 'clinic', 'inventory'),

  // Paket (2.5)
  r('/paket/promosi', 'Paket Promosi', 'paket', 'paket'),
  r('/paket/sales', 'Penjualan Paket', 'paket', 'paket'),
  r('/paket/registration', 'Registrasi Paket', 'paket', 'paket'),

  // Attendance (2.1, 2.6)
  r('/attendance/employees', 'Data Karyawan', 'attendance', 'paket'),
  r('/attendance/attendance/daily', 'Absensi Harian', 'attendance', 'paket'),
  r('/attendance/payroll/transaction', 'Penggajian', 'attendance', 'paket'),
  r('/attendance/payroll/simulator', 'Simulasi PPh 21', 'attendance', 'paket'),
  r('/attendance/master/department', 'Departemen', 'attendance', 'paket'),
  r('/attendance/master/schedule', 'Shift', 'attendance', 'paket'),
  r('/attendance/master/payrollperiode', 'Group Slip Gaji', 'attendance', 'paket'),
  r('/attendance/master/payrollcomponent', 'Komponen Gaji', 'attendance', 'paket'),

  // Finance (2.1, 2.4, 2.8)
  r('/finance/income/tindakanmedis', 'Pendapatan Tindakan Medis', 'finance', 'finance'),
  r('/finance/income/tindakanmedis/deviden', 'Deviden Tindakan Medis', 'finance', 'finance'),
  r('/finance/income/pendingformlab', 'Form Lab Tertunda', 'finance', 'finance'),
  r('/finance/income/service', 'Pendapatan Layanan', 'finance', 'finance'),
  r('/finance/income/paket', 'Pendapatan Paket', 'finance', 'finance'),
  r('/finance/income/treatment', 'Pendapatan Perawatan', 'finance', 'finance'),
  r('/finance/hutang/transaction', 'Transaksi Pembayaran', 'finance', 'finance'),
  r('/finance/hutang/actor/doctor', 'Hutang Dokter', 'finance', 'finance'),
  r('/finance/hutang/actor/investor', 'Hutang Investor', 'finance', 'finance'),
  r('/finance/hutang/actor/rumahsakit', 'Hutang Rumah Sakit', 'finance', 'finance'),
  r('/finance/hutang/actor/laboratorium', 'Hutang Laboratorium', 'finance', 'finance'),
  r('/finance/hutang/actor/vendor', 'Hutang Vendor', 'finance', 'finance'),
  r('/finance/hutang/pajak/pph_badan', 'PPh Badan', 'finance', 'finance'),
  r('/finance/hutang/pajak/pph_doctor', 'PPh Dokter', 'finance', 'finance'),
  r('/finance/hutang/pajak/pph_investor', 'PPh Investor', 'finance', 'finance'),
  r('/finance/hutang/pajak/pph_pegawai', 'PPh Pegawai', 'finance', 'finance'),
  r('/finance/hutang/dokter', 'Daftarkan Pengeluaran', 'finance', 'finance'),
  r('/finance/hutang/customer', 'Kelola Pengeluaran', 'finance', 'finance'),
  r('/finance/periode', 'Periode Keuangan', 'finance', 'finance'),
  r('/finance/laporan/trialbalance', 'Neraca Saldo', 'finance', 'finance'),
  r('/finance/laporan/labarugi', 'Laba Rugi', 'finance', 'finance'),
  r('/finance/laporan/jurnal', 'Laporan Jurnal', 'finance', 'finance'),
  r('/finance/laporan/bukubesar', 'Buku Besar', 'finance', 'finance'),
  r('/finance/laporan/neraca', 'Neraca', 'finance', 'finance'),
  r('/finance/piutang/membership', 'Piutang Membership', 'finance', 'finance'),
  r('/finance/master/akun', 'Master Akun', 'finance', 'finance'),
  r('/finance/master/paymentmethod', 'Metode Pembayaran', 'finance', 'finance'),
  r('/finance/master/pajak', 'Master Pajak', 'finance', 'finance'),
  r('/finance/master/investor', 'Investor & Rumah Sakit', 'finance', 'finance'),
  r('/finance/master/sharingprofit', 'Sharing Profit Dokter', 'finance', 'finance'),
  r('/finance/master/devidensetting', 'Setting Deviden', 'finance', 'finance'),
  r('/finance/master/jurnalautoposting', 'Jurnal Otomatis', 'finance', 'finance'),
  r('/finance/profitsharing', 'Bagi Hasil', 'finance', 'finance'),
  r('/finance/createjurnalumum', 'Jurnal Umum Baru', 'finance', 'finance'),
  r('/finance/sharingprofit', 'Sharing Profit', 'finance', 'finance'),
  r('/finance/report', 'Laporan Keuangan', 'finance', 'finance'),

  // Backoffice (2.7)
  r('/backoffice', 'Backoffice', 'backoffice', 'backoffice'),
  r('/backoffice/cabang', 'Cabang', 'backoffice', 'backoffice'),
  r('/backoffice/pasien', 'Pasien', 'backoffice', 'backoffice'),
  r('/backoffice/pricelist', 'Daftar Harga', 'backoffice', 'backoffice'),
  r('/backoffice/account/user', 'Akun Pengguna', 'backoffice', 'backoffice'),
  r('/backoffice/finance/income/treatment', 'Pendapatan Perawatan', 'backoffice', 'backoffice'),
  r('/backoffice/finance/report', 'Laporan Keuangan', 'backoffice', 'backoffice'),
  r('/backoffice/kunjungan', 'Kunjungan', 'backoffice', 'backoffice'),
  r('/backoffice/membership/member', 'Member', 'backoffice', 'backoffice'),
  r('/backoffice/nota', 'Nota', 'backoffice', 'backoffice'),
  r('/backoffice/inventory/mutation', 'Mutasi Stok', 'backoffice', 'backoffice'),
  r('/backoffice/inventory/purchase', 'Belanja', 'backoffice', 'backoffice'),
  r('/backoffice/rekammedis/treatment', 'Rekam Medis Tindakan', 'backoffice', 'backoffice'),
  r('/backoffice/rekammedis/produk', 'Rekam Medis Produk', 'backoffice', 'backoffice'),
  r('/backoffice/rekammedis/resep', 'Rekam Medis Resep', 'backoffice', 'backoffice'),
  r('/backoffice/rekammedis/foto', 'Foto Progres', 'backoffice', 'backoffice'),
  r('/backoffice/attendance/checklog', 'Checklog', 'backoffice', 'backoffice'),
  r('/backoffice/attendance/shift', 'Shift', 'backoffice', 'backoffice'),
  r('/backoffice/attendance/office', 'Kantor', 'backoffice', 'backoffice'),
  r('/backoffice/satusehat/data', 'Data SATUSEHAT', 'backoffice', 'backoffice'),
  r('/backoffice/satusehat/master', 'Master SATUSEHAT', 'backoffice', 'backoffice'),
  r('/backoffice/satusehat/settings', 'Pengaturan SATUSEHAT', 'backoffice', 'backoffice'),
  r('/backoffice/master/item', 'Master Item', 'backoffice', 'backoffice'),
  r('/backoffice/master/item_category', 'Kategori Item', 'backoffice', 'backoffice'),
  r('/backoffice/master/item_supplier', 'Supplier', 'backoffice', 'backoffice'),
  r('/backoffice/master/treatment', 'Master Perawatan', 'backoffice', 'backoffice'),
  r('/backoffice/master/promosi', 'Master Paket Promosi', 'backoffice', 'backoffice'),
  r('/backoffice/master/promo', 'Master Promo', 'backoffice', 'backoffice'),
  r('/backoffice/master/foto-label', 'Label Foto', 'backoffice', 'backoffice'),
  r('/backoffice/master/payment-method', 'Metode Pembayaran', 'backoffice', 'backoffice'),
  r('/backoffice/master/membership-level', 'Level Membership', 'backoffice', 'backoffice'),

  // Admin panel (2.10)
  r('/profile', 'Profil Cabang', 'admin', 'superadmin'),
  r('/users', 'Pengguna', 'admin', 'superadmin'),
  r('/season', 'Season', 'admin', 'superadmin'),
  r('/me/profile', 'Profil Saya', 'admin', 'superadmin'),
  // Not in the spec: the job queue's dead letters for owner and developer (issue 9).
  r('/admin/jobs', 'Pekerjaan Gagal', 'admin', 'owner'),
];

/** Pages contributed by module folders (`src/modules/<name>/routes.tsx` exporting `pages`). */
const moduleFiles = import.meta.glob<{ pages?: ModulePages }>('../modules/*/routes.tsx', { eager: true });

export function collectModulePages(files: Record<string, { pages?: ModulePages }>): ModulePages {
  const out: ModulePages = {};
  for (const [file, mod] of Object.entries(files)) {
    for (const [path, page] of Object.entries(mod.pages ?? {})) {
      if (out[path]) throw new Error(`Route ${path} has two pages (${file})`);
      out[path] = page;
    }
  }
  return out;
}

export function resolveRoutes(specs: RouteSpec[], modulePages: ModulePages): AppRoute[] {
  const known = new Set(specs.map((s) => s.path));
  for (const path of Object.keys(modulePages)) {
    if (!known.has(path))
      throw new Error(`Module page for ${path}: add the route to ROUTE_SPECS in src/app/routes.tsx first`);
  }
  return specs.map((s) => {
    const page = s.page ?? modulePages[s.path];
    return { ...s, page, planned: !page };
  });
}

export const MODULE_PAGES = collectModulePages(moduleFiles);
export const ROUTES: AppRoute[] = resolveRoutes(ROUTE_SPECS, MODULE_PAGES);
export const PLANNED_COUNT = ROUTES.filter((x) => x.planned).length;

export function routesOfLayout(layout: LayoutName): AppRoute[] {
  return ROUTES.filter((x) => x.layout === layout);
}

export function routeByPath(path: string): AppRoute | undefined {
  return ROUTES.find((x) => x.path === path);
}

/** The guard, title and no-access boundary around every page (app/page-frame.tsx), loaded with the layouts. */
export const PageFrame = lazyPage<{ route: AppRoute }>(() => import('./page-frame'));

/**
 * Starts fetching the layout, the page frame and the page of `pathname` (see lazyPage); resolves when they have
 * arrived (or failed: the render then shows the error as before). Nothing to fetch for unknown paths.
 *
 * A page that declares its first data (lazyPage's second argument) has it requested here too, without waiting for
 * it: the page is drawn as soon as its chunks are there (its heading and frame are the first paint) and finds its
 * queries already under way instead of starting them after that render, one round trip after another.
 */
export function preloadRoute(pathname: string, client?: QueryClient): Promise<unknown> {
  const route = ROUTES.find((x) => matchPath(x.path, pathname));
  if (!route) return Promise.resolve();
  if (client) void prefetch(route.page, client);
  return Promise.all([preload(LAYOUTS[route.layout]), preload(PageFrame), preload(route.page)]);
}
