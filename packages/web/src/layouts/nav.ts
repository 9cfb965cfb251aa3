import { canFeature, TOPLEVEL_IDS, type SessionUserDto } from '@klinik/shared';
import { canEnter } from '../app/guards';
import { routeByPath } from '../app/routes';

export interface NavItem {
  path: string;
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

export const CLINIC_NAV: NavGroup[] = [
  { label: 'Umum', items: [i('/', 'Beranda'), i('/pengumuman'), i('/confirmation'), i('/my-attendance')] },
  {
    label: 'Dashboard',
    items: [
      i('/dashboard/stakeholder/pegawai'),
      i('/dashboard/stakeholder/doctor'),
      i('/dashboard/stakeholder/investor'),
    ],
  },
  {
    label: 'Layanan',
    items: [
      // 'Data Pasien' needs PASIEN read on top of the clinic guard (investors pass the guard, not the feature).
      { path: '/service/customer', visible: (u) => canFeature(u, 'PASIEN', 'read') },
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
    label: 'Inventory',
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
      i('/paket/sales', 'Promo Package'),
      i('/attendance/attendance/daily', 'Attendance'),
      i('/finance/income/tindakanmedis', 'Finance'),
      i('/backoffice', 'Backoffice'),
      i('/users', 'Admin Panel'),
    ],
  },
];

export const FINANCE_NAV: NavGroup[] = [
  {
    label: 'Income',
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
      i('/service/rekammedis', 'Service'),
      i('/inventory/warehouse', 'Inventory'),
      i('/attendance/attendance/daily', 'Attendance'),
      i('/finance/income/tindakanmedis', 'Finance'),
      i('/master/users', 'Pengaturan'),
    ],
  },
];

export const ATTENDANCE_NAV: NavGroup[] = [
  {
    label: 'Attendance',
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
      i('/backoffice', 'Dashboard'),
      i('/backoffice/cabang'),
      i('/backoffice/pasien'),
      i('/backoffice/pricelist'),
      i('/backoffice/account/user'),
    ],
  },
  { label: 'Keuangan', items: [i('/backoffice/finance/income/treatment'), i('/backoffice/finance/report')] },
  { label: 'Layanan', items: [i('/backoffice/kunjungan'), i('/backoffice/membership/member'), i('/backoffice/nota')] },
  { label: 'Inventory', items: [i('/backoffice/inventory/mutation'), i('/backoffice/inventory/purchase')] },
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
    label: 'Attendance',
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
  { label: 'Admin Panel', items: [i('/profile'), i('/users'), i('/season'), i('/me/profile')] },
];

export interface VisibleNavGroup {
  label: string;
  items: { path: string; title: string }[];
}

/** The groups and items a user may open (route guard plus the group's own rule), empty groups dropped. */
export function visibleNav(groups: NavGroup[], user: SessionUserDto): VisibleNavGroup[] {
  return groups
    .filter((g) => !g.visible || g.visible(user))
    .map((g) => ({
      label: g.label,
      items: g.items
        .filter((it) => {
          const route = routeByPath(it.path);
          return !!route && canEnter(user, route.guard) && (!it.visible || it.visible(user));
        })
        .map((it) => ({ path: it.path, title: it.title ?? routeByPath(it.path)?.title ?? it.path })),
    }))
    .filter((g) => g.items.length > 0);
}
