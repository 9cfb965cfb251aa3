/**
 * Fixed account codes of the default chart (seeded in drizzle/0003_finance_rules.sql) that other modules post to.
 * Never renumber them: cashier, packages, inventory and payroll code against these.
 */
export const ACCOUNT = {
  kas: '1101',
  bank: '1102',
  kasKecil: '1103',
  piutangPasien: '1120',
  piutangMembership: '1130',
  persediaan: '1140',
  /** Goods sent to another branch, not yet received (inventory transfers; drizzle/0025_inventory_rules.sql). */
  persediaanPerjalanan: '1141',
  hutangUsaha: '2101',
  hutangDokter: '2102',
  hutangInvestor: '2103',
  hutangGaji: '2104',
  hutangLabRumahSakit: '2105',
  hutangPph21: '2201',
  hutangPph23: '2202',
  hutangPphBadan: '2203',
  hutangBpjs: '2204',
  hutangPpn: '2205',
  pendapatanPaketDimuka: '2301',
  depositPasien: '2302',
  modalDisetor: '3101',
  labaDitahan: '3201',
  pendapatanTindakan: '4101',
  pendapatanProduk: '4102',
  pendapatanPaket: '4103',
  pendapatanLab: '4104',
  pendapatanKonsultasi: '4105',
  potonganPenjualan: '4109',
  hpp: '5101',
  bebanBhp: '5102',
  bebanLab: '5103',
  /** Stock count differences (loss debit, gain credit; drizzle/0025_inventory_rules.sql). */
  selisihPersediaan: '5104',
  bebanGaji: '6101',
  bebanBagiHasilDokter: '6102',
  bebanSewa: '6103',
  bebanUtilitas: '6104',
  bebanBpjs: '6105',
  /** PPh badan (issue 28 item 4): PP 55/2022 final is an expense, PPh 25 paid in advance an asset (1180, seeded by
   * drizzle/0063_pph25_own_account.sql; 1170 is Piutang Antar Cabang). */
  bebanPajakPenghasilan: '8102',
  pph25DibayarDimuka: '1180',
} as const;
export type AccountKey = keyof typeof ACCOUNT;
export type AccountCode = (typeof ACCOUNT)[AccountKey];
