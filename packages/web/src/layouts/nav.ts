import { TOP_MENU, TOPLEVEL_IDS, type SessionUserDto } from '@klinik/shared';
import { canOpen } from '../app/guards';
import { routeByPath } from '../app/routes';

export type ModuleKey = (typeof TOP_MENU)[number]['key'];
/** Top-menu modules plus the backoffice and the admin panel. */
export type EntryModule = ModuleKey | 'backoffice' | 'admin';

export interface NavItem {
  path: string;
  /** A module's entry: the path becomes the module's first page the user may open (moduleEntry), or the item goes. */
  module?: EntryModule;
  /** Defaults to the registry title of the path. */
  title?: string;
  /** Extra visibility rule on top of the route's guard. */
  visible?: (u: SessionUserDto) => boolean;
}
export interface NavGroup {
  label: string;
  items: NavItem[];
  visible?: (u: SessionUserDto) => boolean;
}

const i = (path: string, title?: string): NavItem => ({ path, title });
const mod = (module: ModuleKey, title: string): NavItem => ({
  path: TOP_MENU.find((m) => m.key === module)!.route,
  title,
  module,
});

export const CLINIC_NAV: NavGroup[] = [
  { label: 'Umum', items: [i('/', 'Beranda'), i('/pengumuman'), i('/confirmation'), i('/my-attendance')] },
  {
    label: 'Data Pemangku Kepentingan',
    items: [
      i('/dashboard/stakeholder/pegawai'),
      i('/dashboard/stakeholder/doctor'),
      i('/dashboard/stakeholder/investor'),
    ],
  },
  {
    label: 'Layanan',
    items: [
      i('/service/customer'),
      i('/service/pricelist'),
      i('/service/reservasi'),
      i('/service/registration/reservation'),
      i('/service/registration/schedule'),
      i('/service/kunjungan'),
      i('/service/visit'),
      i('/service/visit/multimedia'),
      i('/service/consultation'),
      i('/service/tindakan'),
      i('/service/paket'),
      i('/service/payment'),
      i('/service/visitreminder'),
      i('/service/rekammedis'),
    ],
  },
  {
    label: 'Rekam Medis',
    items: [
      i('/rekammedis/treatment'),
      i('/rekammedis/produk'),
      i('/rekammedis/resep'),
      i('/rekammedis/foto'),
      i('/rekammedis/soap'),
    ],
  },
  { label: 'Kasir & Membership', items: [i('/kasir/payment'), i('/kasir/sales'), i('/membership/member')] },
  {
    label: 'Inventori',
    items: [
      i('/inventory/warehouse'),
      i('/inventory/item'),
      i('/inventory/mutation'),
      i('/inventory/purchase'),
      i('/inventory/purchase/receive'),
      i('/inventory/purchase/low'),
      i('/inventory/sales'),
      i('/inventory/sales/resep'),
      i('/inventory/master/item'),
      i('/inventory/master/category'),
      i('/inventory/master/vendor'),
      i('/inventory/master/warehouse'),
    ],
  },
  {
    label: 'Master',
    items: [
      i('/service/master/tindakanmedis'),
      i('/service/master/laboratorium'),
      i('/service/master/multimedialabel'),
      i('/service/master/doctor'),
      i('/master/users'),
      i('/master/approval-rule'),
    ],
  },
  {
    label: 'Modul Lain',
    items: [
      mod('paket', 'Paket Promosi'),
      mod('attendance', 'Absensi'),
      mod('finance', 'Keuangan'),
      { path: '/backoffice', title: 'Backoffice', module: 'backoffice' },
      { path: '/users', title: 'Panel Admin', module: 'admin' },
    ],
  },
];

export const FINANCE_NAV: NavGroup[] = [
  {
    label: 'Pendapatan',
    items: [
      i('/finance/income/tindakanmedis', 'Tindakan Medis'),
      i('/finance/income/tindakanmedis/deviden', 'Deviden Tindakan Medis'),
      i('/finance/income/service', 'Layanan'),
      i('/finance/income/paket', 'Paket'),
      i('/finance/income/treatment', 'Perawatan'),
      i('/finance/income/pendingformlab', 'Form Lab Tertunda'),
    ],
  },
  {
    label: 'Hutang',
    items: [
      i('/finance/hutang/transaction', 'Transaksi Pembayaran'),
      i('/finance/hutang/actor/doctor', 'Dokter'),
      i('/finance/hutang/actor/investor', 'Investor'),
      i('/finance/hutang/actor/rumahsakit', 'Rumah Sakit'),
      i('/finance/hutang/actor/laboratorium', 'Laboratorium'),
      i('/finance/hutang/actor/vendor', 'Vendor'),
      i('/finance/hutang/pajak/pph_badan', 'PPh Badan'),
      i('/finance/hutang/pajak/pph_doctor', 'PPh Dokter'),
      i('/finance/hutang/pajak/pph_investor', 'PPh Investor'),
      i('/finance/hutang/pajak/pph_pegawai', 'PPh Pegawai'),
      i('/finance/hutang/dokter', 'Daftarkan Pengeluaran'),
      i('/finance/hutang/customer', 'Kelola Pengeluaran'),
    ],
  },
  {
    label: 'Keuangan',
    items: [
      i('/finance/periode', 'Periode'),
      i('/finance/laporan/trialbalance', 'Neraca Saldo'),
      i('/finance/laporan/labarugi', 'Laba Rugi'),
      i('/finance/laporan/jurnal', 'Jurnal'),
      i('/finance/laporan/bukubesar', 'Buku Besar'),
      i('/finance/laporan/neraca', 'Neraca'),
    ],
  },
  // Spec 2.4: two entries lead to the same route.
  {
    label: 'Piutang',
    items: [
      i('/finance/piutang/membership', 'Piutang Membership'),
      i('/finance/piutang/membership', 'Pembayaran Piutang'),
    ],
  },
  {
    label: 'Master',
    items: [
      i('/finance/master/akun', 'Akun'),
      i('/finance/master/paymentmethod', 'Metode Pembayaran'),
      i('/finance/master/pajak', 'Pajak'),
      i('/finance/master/investor', 'Investor & Rumah Sakit'),
      i('/finance/master/sharingprofit', 'Sharing Dokter'),
      i('/finance/master/devidensetting', 'Setting Deviden'),
      i('/finance/master/jurnalautoposting', 'Jurnal Otomatis'),
    ],
  },
  {
    label: 'Lainnya',
    items: [
      i('/finance/profitsharing'),
      i('/finance/createjurnalumum', 'Jurnal Umum'),
      i('/finance/sharingprofit'),
      i('/finance/report'),
    ],
  },
];

export const PAKET_NAV: NavGroup[] = [
  { label: 'Paket Promosi', items: [i('/paket/promosi'), i('/paket/sales'), i('/paket/registration')] },
  {
    label: 'Modul',
    items: [
      i('/', 'Beranda'),
      mod('service', 'Layanan'),
      mod('inventory', 'Inventori'),
      mod('attendance', 'Absensi'),
      mod('finance', 'Keuangan'),
      i('/master/users', 'Pengaturan'),
    ],
  },
  // Spec 6's paket layout menu for employees ('Gaji Saya'): their payslips live on /my-attendance.
  { label: 'Saya', items: [i('/my-attendance', 'Gaji Saya')] },
];

export const ATTENDANCE_NAV: NavGroup[] = [
  {
    label: 'Absensi',
    items: [
      i('/attendance/employees'),
      i('/attendance/attendance/daily'),
      i('/attendance/payroll/transaction'),
      i('/attendance/payroll/simulator'),
    ],
  },
  {
    label: 'Master',
    items: [
      i('/attendance/master/department'),
      i('/attendance/master/schedule'),
      i('/attendance/master/payrollperiode'),
      i('/attendance/master/payrollcomponent'),
    ],
  },
];

const T = TOPLEVEL_IDS;
const topIn =
  (...ids: number[]) =>
  (u: SessionUserDto) =>
    ids.includes(u.roletoplevel);

export const BACKOFFICE_NAV: NavGroup[] = [
  {
    label: 'Umum',
    items: [
      i('/backoffice', 'Beranda Backoffice'),
      i('/backoffice/cabang'),
      i('/backoffice/pasien'),
      i('/backoffice/pricelist'),
      i('/backoffice/account/user'),
    ],
  },
  { label: 'Keuangan', items: [i('/backoffice/finance/income/treatment'), i('/backoffice/finance/report')] },
  { label: 'Layanan', items: [i('/backoffice/kunjungan'), i('/backoffice/membership/member'), i('/backoffice/nota')] },
  { label: 'Inventori', items: [i('/backoffice/inventory/mutation'), i('/backoffice/inventory/purchase')] },
  {
    label: 'Rekam Medis',
    items: [
      i('/backoffice/rekammedis/treatment', 'Tindakan'),
      i('/backoffice/rekammedis/produk', 'Produk'),
      i('/backoffice/rekammedis/resep', 'Resep'),
      i('/backoffice/rekammedis/foto', 'Foto'),
    ],
  },
  {
    label: 'Absensi',
    visible: topIn(T.owner, T.developer, T.managerhr, T.manageroperational),
    items: [
      i('/backoffice/attendance/checklog'),
      i('/backoffice/attendance/shift'),
      i('/backoffice/attendance/office'),
    ],
  },
  {
    label: 'Satu Sehat',
    visible: topIn(T.owner, T.developer, T.manageroperational),
    items: [
      i('/backoffice/satusehat/data', 'Data'),
      i('/backoffice/satusehat/master', 'Master'),
      i('/backoffice/satusehat/settings', 'Pengaturan'),
    ],
  },
  {
    label: 'Master',
    items: [
      i('/backoffice/master/item', 'Item'),
      i('/backoffice/master/item_category', 'Kategori Item'),
      i('/backoffice/master/item_supplier', 'Supplier'),
      i('/backoffice/master/treatment', 'Perawatan'),
      i('/backoffice/master/promosi', 'Paket Promosi'),
      i('/backoffice/master/promo', 'Promo'),
      i('/backoffice/master/foto-label', 'Label Foto'),
      i('/backoffice/master/payment-method', 'Metode Pembayaran'),
      i('/backoffice/master/membership-level', 'Level Membership'),
    ],
  },
];

export const ADMIN_NAV: NavGroup[] = [
  { label: 'Panel Admin', items: [i('/profile'), i('/users'), i('/season'), i('/me/profile'), i('/admin/jobs')] },
];

const pathsOf = (groups: NavGroup[], labels?: string[]) =>
  groups
    .filter((g) => !labels || labels.includes(g.label))
    .flatMap((g) => g.items.filter((it) => !it.module).map((it) => it.path));

/**
 * Where each module's top-menu entry and 'other modules' link lead: the spec's route (2.2) when it is built and the
 * user may open it, else the module's first such page in navigation order; none means the module is not offered.
 */
const MODULE_PAGES: Record<EntryModule, () => string[]> = {
  dashboard: () => ['/'],
  service: () => [
    '/service/rekammedis',
    ...pathsOf(CLINIC_NAV, ['Layanan', 'Rekam Medis', 'Kasir & Membership', 'Master']),
  ],
  paket: () => ['/paket/sales', ...pathsOf(PAKET_NAV, ['Paket Promosi'])],
  inventory: () => ['/inventory/warehouse', ...pathsOf(CLINIC_NAV, ['Inventori'])],
  attendance: () => ['/attendance/attendance/daily', ...pathsOf(ATTENDANCE_NAV)],
  finance: () => ['/finance/income/tindakanmedis', ...pathsOf(FINANCE_NAV)],
  backoffice: () => pathsOf(BACKOFFICE_NAV),
  admin: () => pathsOf(ADMIN_NAV),
};

export function moduleEntry(user: SessionUserDto, module: EntryModule): string | undefined {
  return MODULE_PAGES[module]().find((p) => canOpen(user, routeByPath(p)));
}

export interface VisibleNavGroup {
  label: string;
  items: { path: string; title: string }[];
}

/**
 * The groups and items a user may open: built pages only (planned routes lead nowhere), whose route guard and data
 * access (PAGE_ACCESS, the server's rules) let the user in, plus the group's own rule; empty groups dropped.
 */
export function visibleNav(groups: NavGroup[], user: SessionUserDto): VisibleNavGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(user))
    .map((g) => ({
      label: g.label,
      items: g.items
        .map((it) => (it.module ? { ...it, path: moduleEntry(user, it.module) ?? '' } : it))
        .filter((it) => {
          const route = routeByPath(it.path);
          return canOpen(user, route) && (!it.visible || it.visible(user));
        })
        .map((it) => ({ path: it.path, title: it.title ?? routeByPath(it.path)?.title ?? it.path })),
    }))
    .filter((g) => g.items.length > 0);
}
