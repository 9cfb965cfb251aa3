/**
 * Roles, resources, guards, launcher and menu tables: the one place that says who may do what.
 * The server enforces these (deny by default); the web app only uses them to hide what a user cannot open.
 * Decisions the spec leaves open are written down in docs/decisions.md.
 */

/** Numeric role ids (`users.role`). 1 = patient and 2 = doctor are fixed by the spec; the rest are ours. */
export const ROLE_IDS = {
  customer: 1,
  dokter: 2,
  admin: 3,
  manager: 4,
  finance: 5,
  inventory: 6,
  multimedia: 7,
  perawat: 8,
  apoteker: 9,
  investor: 10,
  superadmin: 11,
} as const;

export type RoleName = keyof typeof ROLE_IDS;
export const ROLE_NAMES = Object.keys(ROLE_IDS) as RoleName[];
export const STAFF_ROLE_NAMES = ROLE_NAMES.filter((r) => r !== 'customer');

export const ROLE_LABELS: Record<RoleName, string> = {
  customer: 'Pasien',
  dokter: 'Dokter',
  admin: 'Admin',
  manager: 'Manajer',
  finance: 'Keuangan',
  inventory: 'Inventori',
  multimedia: 'Multimedia',
  perawat: 'Perawat',
  apoteker: 'Apoteker',
  investor: 'Investor',
  superadmin: 'Superadmin',
};

export function roleNameOf(roleId: number): RoleName | undefined {
  return ROLE_NAMES.find((n) => ROLE_IDS[n] === roleId);
}

/** Top-level roles (`users.roletoplevel`); 0 = none. Owner and developer pass every check. */
export const TOPLEVEL_IDS = {
  owner: 1,
  developer: 2,
  managerhr: 3,
  manageroperational: 4,
} as const;
export type TopLevelName = keyof typeof TOPLEVEL_IDS;
export const TOPLEVEL_NAMES = Object.keys(TOPLEVEL_IDS) as TopLevelName[];
export const TOPLEVEL_LABELS: Record<TopLevelName, string> = {
  owner: 'Pemilik',
  developer: 'Pengembang',
  managerhr: 'Manajer HR',
  manageroperational: 'Manajer Operasional',
};
export function topLevelNameOf(id: number | null | undefined): TopLevelName | undefined {
  return TOPLEVEL_NAMES.find((n) => TOPLEVEL_IDS[n] === id);
}

/** Feature resources of spec section 6 (`fiturcode`). */
export const RESOURCES = [
  'PASIEN',
  'PRICELIST',
  'SETTING_USER',
  'SETTING_APPROVAL',
  'FINANCE_LAPORAN',
  'FINANCE_INCOME',
  'FINANCE_HUTANG',
  'FINANCE_SHARING',
  'LAYANAN_RESERVASI',
  'LAYANAN_KUNJUNGAN',
  'LAYANAN_PAKET',
  'LAYANAN_MEMBERSHIP',
  'KASIR_UMUM',
  'KASIR_KLINIK',
  'STOCK_ITEM',
  'STOCK_BELANJA',
  'STOCK_MUTASI',
  'RM_DOKUMEN',
  'RM_TREATMENT',
  'RM_RESEP',
  'RM_PRODUK',
  'RM_BHP',
  'RM_FOTOPROGRES',
  // Not in spec 6: the correction right (perbaikan) of Permenkes 24/2022; manage = may correct a finished record.
  'RM_PERBAIKAN',
  'MASTER_ITEM',
  'MASTER_ITEM_CATEGORY',
  'MASTER_SUPPLIER',
  'MASTER_TREATMENT',
  'MASTER_PAKET',
  'MASTER_PROMO',
  'MASTER_LABEL_FOTOPROGRES',
  'MASTER_PAYMENTMETHOD',
  'MASTER_LAVEL_MEMBERSHIP',
] as const;
export type Resource = (typeof RESOURCES)[number];
export type Action = 'read' | 'manage';

export interface Privilege {
  fiturcode: Resource;
  iscanread: boolean;
  iscanmanage: boolean;
}

/** Default privileges given to a new account of each role; editable per user afterwards. */
const R = (...r: Resource[]) => r;
const ALL_FINANCE = R('FINANCE_LAPORAN', 'FINANCE_INCOME', 'FINANCE_HUTANG', 'FINANCE_SHARING');
const ALL_RM = R('RM_DOKUMEN', 'RM_TREATMENT', 'RM_RESEP', 'RM_PRODUK', 'RM_BHP', 'RM_FOTOPROGRES');
const ALL_STOCK = R('STOCK_ITEM', 'STOCK_BELANJA', 'STOCK_MUTASI');
const ALL_MASTER = R(
  'MASTER_ITEM',
  'MASTER_ITEM_CATEGORY',
  'MASTER_SUPPLIER',
  'MASTER_TREATMENT',
  'MASTER_PAKET',
  'MASTER_PROMO',
  'MASTER_LABEL_FOTOPROGRES',
  'MASTER_PAYMENTMETHOD',
  'MASTER_LAVEL_MEMBERSHIP',
);
export const DEFAULT_ROLE_PRIVILEGES: Record<RoleName, { manage: Resource[]; read: Resource[] }> = {
  customer: { manage: [], read: [] },
  dokter: {
    manage: R('RM_TREATMENT', 'RM_RESEP', 'RM_DOKUMEN', 'RM_PRODUK', 'RM_BHP', 'RM_PERBAIKAN'),
    read: R('PASIEN', 'PRICELIST', 'LAYANAN_KUNJUNGAN', ...ALL_RM),
  },
  admin: {
    manage: R(
      'PASIEN',
      'LAYANAN_RESERVASI',
      'LAYANAN_KUNJUNGAN',
      'LAYANAN_PAKET',
      'LAYANAN_MEMBERSHIP',
      'KASIR_KLINIK',
      'KASIR_UMUM',
      'MASTER_TREATMENT',
      'MASTER_PAKET',
      'MASTER_ITEM',
      // Spec 2.1 offers admin the multimedia queue and the label master: the front desk takes the photos too.
      'RM_FOTOPROGRES',
      'MASTER_LABEL_FOTOPROGRES',
    ),
    // No clinical RM read by default (Permenkes 24/2022: the front desk does not read records; a manager may grant it).
    read: R('PRICELIST', 'SETTING_APPROVAL', ...ALL_STOCK, 'FINANCE_INCOME'),
  },
  manager: {
    manage: R(
      'PASIEN',
      'PRICELIST',
      'SETTING_USER',
      'SETTING_APPROVAL',
      'LAYANAN_RESERVASI',
      'LAYANAN_KUNJUNGAN',
      'LAYANAN_PAKET',
      'LAYANAN_MEMBERSHIP',
      'KASIR_KLINIK',
      'KASIR_UMUM',
      ...ALL_FINANCE,
      ...ALL_STOCK,
      ...ALL_MASTER,
      'RM_FOTOPROGRES',
    ),
    read: R(...ALL_RM),
  },
  finance: {
    manage: R(...ALL_FINANCE, 'MASTER_PAYMENTMETHOD', 'MASTER_PAKET', 'LAYANAN_PAKET'),
    read: R(
      'PASIEN',
      'PRICELIST',
      'LAYANAN_MEMBERSHIP',
      'KASIR_KLINIK',
      'KASIR_UMUM',
      'MASTER_TREATMENT',
      'MASTER_ITEM',
    ),
  },
  inventory: {
    manage: R(...ALL_STOCK, 'MASTER_ITEM', 'MASTER_ITEM_CATEGORY', 'MASTER_SUPPLIER'),
    read: R('PRICELIST'),
  },
  multimedia: { manage: R('RM_FOTOPROGRES', 'MASTER_LABEL_FOTOPROGRES'), read: R('PASIEN', 'LAYANAN_KUNJUNGAN') },
  perawat: {
    manage: R('RM_BHP', 'RM_PRODUK', 'RM_DOKUMEN', 'RM_TREATMENT', 'LAYANAN_KUNJUNGAN'),
    read: R('PASIEN', 'PRICELIST', ...ALL_RM),
  },
  // The pharmacist reads prescriptions and dispenses them; clinical entries are written by clinicians (issue 25).
  apoteker: { manage: R('STOCK_MUTASI'), read: R('PASIEN', 'STOCK_ITEM', 'PRICELIST', 'RM_RESEP') },
  investor: { manage: [], read: R('FINANCE_LAPORAN', 'FINANCE_SHARING') },
  // The system administrator runs the clinic's settings, not its records: no RM_* right (issue 25; it could write
  // records it may not read).
  superadmin: { manage: RESOURCES.filter((r) => !r.startsWith('RM_')), read: [] },
};

export function defaultPrivileges(role: RoleName): Privilege[] {
  const d = DEFAULT_ROLE_PRIVILEGES[role];
  return RESOURCES.filter((r) => d.manage.includes(r) || d.read.includes(r)).map((r) => ({
    fiturcode: r,
    iscanread: true,
    iscanmanage: d.manage.includes(r),
  }));
}

/** What the access checks need to know of a signed-in user. */
export interface AccessSubject {
  role: number;
  rolename: string;
  roletoplevel: number;
  previleges: Privilege[];
}

export function isTopLevel(u: Pick<AccessSubject, 'roletoplevel'>): boolean {
  return u.roletoplevel === TOPLEVEL_IDS.owner || u.roletoplevel === TOPLEVEL_IDS.developer;
}
export function hasAnyTopLevel(u: Pick<AccessSubject, 'roletoplevel'>): boolean {
  return !!u.roletoplevel && u.roletoplevel > 0;
}

export function canFeature(u: AccessSubject, resource: Resource, action: Action): boolean {
  if (isTopLevel(u)) return true;
  const p = u.previleges.find((x) => x.fiturcode === resource);
  if (!p) return false;
  return action === 'read' ? p.iscanread || p.iscanmanage : p.iscanmanage;
}

/** A role set may contain 'toplevel', meaning any user with a non-empty top-level role. */
export type RoleSetMember = RoleName | 'toplevel';

export function inRoles(u: AccessSubject, roles: readonly RoleSetMember[]): boolean {
  if (isTopLevel(u)) return true;
  if (roles.includes('toplevel') && hasAnyTopLevel(u)) return true;
  return roles.includes(u.rolename as RoleName);
}

/**
 * What a procedure or route needs. Every server endpoint declares one of these; one without is refused.
 * - public: no session needed (login, health).
 * - auth: any signed-in staff or patient; the service itself checks ownership.
 * - feature: a resource privilege with read or manage.
 * - anyFeature: any one of several resource privileges (a read that serves two pages with different
 *   privileges, e.g. the package list for /paket/promosi and for the registration wizard). Declare this
 *   instead of `auth` plus a check in the handler, so the permission walk sees it.
 * - roles: a role set (the spec's route guards); `exact`: top-level users pass only by their own role.
 * - toplevel: owner or developer (or any top-level role with `any: true`).
 * - all: every one of several (a role gate and a privilege: clinical writes, docs/decisions.md issue 25).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'feature'; resource: Resource; action: Action }
  | { kind: 'anyFeature'; features: readonly { resource: Resource; action: Action }[] }
  | { kind: 'roles'; roles: readonly RoleSetMember[]; exact?: boolean }
  | { kind: 'toplevel'; any?: boolean }
  | { kind: 'all'; of: readonly Access[] };

export const access = {
  public: { kind: 'public' } as Access,
  auth: { kind: 'auth' } as Access,
  feature: (resource: Resource, action: Action): Access => ({ kind: 'feature', resource, action }),
  /** Any one of these privileges, e.g. `access.anyFeature(['MASTER_PAKET', 'read'], ['LAYANAN_PAKET', 'read'])`. */
  anyFeature: (...features: [Resource, Action][]): Access => ({
    kind: 'anyFeature',
    features: features.map(([resource, action]) => ({ resource, action })),
  }),
  roles: (...roles: RoleSetMember[]): Access => ({ kind: 'roles', roles }),
  toplevel: (any = false): Access => ({ kind: 'toplevel', any }),
  /** Every one of these, e.g. a role gate and a privilege: `access.all(access.roles('dokter'), access.feature(...))`. */
  all: (...of: Access[]): Access => ({ kind: 'all', of }),
};

export function allows(u: AccessSubject | null | undefined, a: Access): boolean {
  switch (a.kind) {
    case 'public':
      return true;
    case 'auth':
      return !!u;
    case 'feature':
      return !!u && canFeature(u, a.resource, a.action);
    case 'anyFeature':
      return !!u && a.features.some((f) => canFeature(u, f.resource, f.action));
    case 'roles':
      return !!u && (a.exact ? a.roles.includes(u.rolename as RoleName) : inRoles(u, a.roles));
    case 'toplevel':
      return !!u && (a.any ? hasAnyTopLevel(u) : isTopLevel(u));
    case 'all':
      return !!u && a.of.every((x) => allows(u, x));
    default: {
      const never: never = a;
      return never;
    }
  }
}

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

/** Entries a user may see, in table order. Owner and developer see every entry. */
export function launcherFor(u: AccessSubject): LauncherEntry[] {
  return LAUNCHER.filter((e) => inRoles(u, e.roles));
}

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

/** My Menu (announcements, approvals, activity) is hidden for investors (spec 6). */
export function showsMyMenu(u: AccessSubject): boolean {
  return u.rolename !== 'investor';
}
