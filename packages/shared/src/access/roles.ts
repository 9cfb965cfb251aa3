/** The data tables of access.ts: roles, top-level roles, resources and each role's default privileges. */

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
const ALL_MASTER = RESOURCES.filter((r) => r.startsWith('MASTER_'));
/** The front desk's services and both tills (admin and manager manage them). */
const FRONT_DESK = R(
  'LAYANAN_RESERVASI',
  'LAYANAN_KUNJUNGAN',
  'LAYANAN_PAKET',
  'LAYANAN_MEMBERSHIP',
  'KASIR_KLINIK',
  'KASIR_UMUM',
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
      ...FRONT_DESK,
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
      ...FRONT_DESK,
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
