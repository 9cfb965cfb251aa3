import {
  access,
  allows,
  STAFF_ROLE_NAMES,
  type AccessSubject,
  type Access,
  type Resource,
  type RoleSetMember,
} from './access.js';
import { FINANCE_OUT_ACCESS } from './schemas/finance-out.js';
import { SHARING_ACCESS } from './schemas/sharing.js';
import { INVESTOR_DASHBOARD_ACCESS, MY_INCOME_ACCESS } from './schemas/my-income.js';

/**
 * The access rules modules share between their server endpoints and the web pages that call them: the server
 * declares an endpoint with one of these, the web route registry gives each page the rules of the data it loads
 * (PAGE_ACCESS below), so a menu never shows an entry whose page the server would refuse.
 */

/** Any staff member (not patients): who may look people up; the service narrows further. */
export const STAFF_ACCESS: Access = access.roles(...STAFF_ROLE_NAMES, 'toplevel');
/** My Menu (announcements, approvals, activity): every staff role except investor (spec 6). */
export const MY_MENU_ACCESS: Access = access.roles(...STAFF_ROLE_NAMES.filter((r) => r !== 'investor'), 'toplevel');

export const FINANCE_ACCESS = {
  /** Finance reads (reports, chart, periods, journals): FINANCE_LAPORAN read (investor, finance, manager). */
  read: access.feature('FINANCE_LAPORAN', 'read'),
  /** Finance writes (periods, journals, reversal, close, chart, taxes): FINANCE_LAPORAN manage (finance, manager). */
  manage: access.feature('FINANCE_LAPORAN', 'manage'),
  /**
   * Payment methods master: one list for the whole chain, kept by the head office (issue 30 item 2): top-level
   * users only; a branch user's write is refused with CHAIN_OWNED_MESSAGE.
   */
  paymentMethodManage: access.toplevel(true),
  /** The payment method list feeds cashier screens of every staff role: names and accounts are not secret. */
  paymentMethodRead: STAFF_ACCESS,
  /** Income reports (/finance/income/*): FINANCE_INCOME read. */
  incomeRead: access.feature('FINANCE_INCOME', 'read'),
} as const;

/**
 * Membership levels (issue 30 item 2): one list for the whole chain. Every staff member reads it (the patient's
 * profile names the level); only the head office (any top-level user) writes it.
 */
export const MEMBERSHIP_LEVEL_ACCESS = {
  read: STAFF_ACCESS,
  manage: access.toplevel(true),
} as const;

/** The job queue's dead letters (/admin/jobs): owner and developer. */
export const JOBS_ACCESS: Access = access.toplevel();
/**
 * Payroll: salaries and bank accounts, components, groups, runs, the PPh 21 simulator. Spec 2.1 lists admin too, but
 * the front desk does not manage salaries (issue 25, separation of duties): manager, finance and top-level roles.
 */
export const PAYROLL_ACCESS: Access = access.roles('manager', 'finance', 'toplevel');
/** Attendance: employees, departments, shifts, roster, daily attendance (spec 2.1 'Attendance': manager, admin). */
export const ATTENDANCE_ACCESS: Access = access.roles('manager', 'admin', 'toplevel');
/** Backoffice attendance (checklog, shift, office): owner, developer, manager HR, manager operational (spec 6). */
export const BACKOFFICE_ATTENDANCE_ACCESS: Access = access.toplevel(true);
/**
 * SATUSEHAT (issue 31): settings, master mappings and the data page are the backoffice's: owner, developer and the
 * manager operational, as the issue names them (not the manager HR); each on the current branch.
 */
export const SATUSEHAT_ACCESS: Access = access.toplevelAnd('manageroperational');
/** Own web check-in, check-out and payslips ('Absensi Saya', 'Gaji Saya'): every signed-in staff member. */
export const SELF_ATTENDANCE_ACCESS: Access = access.auth;

/**
 * Multimedia (issue 11 item 5; spec 6 'Antrian Multimedia': manager, admin, multimedia). Labels are managed with
 * MASTER_LABEL_FOTOPROGRES; their list also feeds the upload form, so RM_FOTOPROGRES read sees it too. Photos are
 * read with RM_FOTOPROGRES read and uploaded or hidden with RM_FOTOPROGRES manage.
 */
export const MULTIMEDIA_ACCESS = {
  pageRoles: access.roles('manager', 'admin', 'multimedia', 'toplevel'),
  labelRead: access.anyFeature(['MASTER_LABEL_FOTOPROGRES', 'read'], ['RM_FOTOPROGRES', 'read']),
  labelManage: access.feature('MASTER_LABEL_FOTOPROGRES', 'manage'),
  photoRead: access.feature('RM_FOTOPROGRES', 'read'),
  photoManage: access.feature('RM_FOTOPROGRES', 'manage'),
} as const;

/**
 * Inventory (issue 13; the inventory guard: manager, inventory, admin, apoteker). Stock is read with any stock
 * privilege (the pharmacist's STOCK_ITEM, purchasing, transfers) or KASIR_UMUM (the general cashier's item search);
 * warehouses are listed wherever stock is and kept with MASTER_ITEM; categories are read by whoever reads items.
 */
export const INVENTORY_ACCESS = {
  stockRead: access.anyFeature(
    ['STOCK_ITEM', 'read'],
    ['STOCK_BELANJA', 'read'],
    ['STOCK_MUTASI', 'read'],
    ['KASIR_UMUM', 'read'],
  ),
  itemStockRead: access.anyFeature(['STOCK_ITEM', 'read'], ['STOCK_BELANJA', 'read']),
  categoryRead: access.anyFeature(['MASTER_ITEM_CATEGORY', 'read'], ['MASTER_ITEM', 'read']),
  vendorRead: access.anyFeature(['MASTER_SUPPLIER', 'read'], ['STOCK_BELANJA', 'read']),
  valueRead: access.anyFeature(['STOCK_ITEM', 'read'], ['FINANCE_LAPORAN', 'read']),
  purchaseRead: access.feature('STOCK_BELANJA', 'read'),
  purchaseManage: access.feature('STOCK_BELANJA', 'manage'),
} as const;

/**
 * Visits (issue 11; spec 6 'Service menus'): reading the queue and the history is LAYANAN_KUNJUNGAN read; moving a
 * visit through the queue is LAYANAN_KUNJUNGAN manage (manager, admin, perawat) or RM_TREATMENT manage (the doctor
 * who examines); 'Registrasi Visit' is manager and admin.
 */
export const VISIT_ACCESS = {
  read: access.feature('LAYANAN_KUNJUNGAN', 'read'),
  move: access.anyFeature(['LAYANAN_KUNJUNGAN', 'manage'], ['RM_TREATMENT', 'manage']),
  register: access.roles('manager', 'admin'),
  /** 'Antrian Perawatan' (spec 2.1, 6): manager, dokter, admin, perawat. */
  queuePage: access.roles('manager', 'admin', 'dokter', 'perawat'),
} as const;

/**
 * Who may hold a right on clinical data at all (issue 25): reading needs one of the 'Rekam Medis' roles of spec 6
 * (manager, dokter, admin, multimedia, perawat, plus apoteker for prescriptions; top-level users pass), writing is for
 * clinicians only (dokter, perawat; prescriptions and corrections: dokter). A privilege granted outside these roles
 * opens nothing: every clinical endpoint is declared with `rmRead(resource)` / `rmWrite(resource)`, a role gate AND
 * the privilege, so no role can write what it cannot read (packages/server/test/clinical-access.test.ts walks it).
 */
export const RM_READ_ROLES = ['manager', 'admin', 'dokter', 'perawat', 'multimedia', 'apoteker', 'toplevel'] as const;
type ClinicalResource = 'RM_DOKUMEN' | 'RM_TREATMENT' | 'RM_RESEP' | 'RM_PRODUK' | 'RM_BHP' | 'RM_PERBAIKAN';
export const CLINICAL_WRITE_ROLES: Record<ClinicalResource, readonly RoleSetMember[]> = {
  RM_DOKUMEN: ['dokter', 'perawat'],
  RM_TREATMENT: ['dokter', 'perawat'],
  RM_PRODUK: ['dokter', 'perawat'],
  RM_BHP: ['dokter', 'perawat'],
  // A prescription and a correction of a finished record are a doctor's act.
  RM_RESEP: ['dokter'],
  RM_PERBAIKAN: ['dokter'],
};
export const CLINICAL_RESOURCES = Object.keys(CLINICAL_WRITE_ROLES) as ClinicalResource[];
export const isClinicalResource = (r: Resource): r is ClinicalResource => r in CLINICAL_WRITE_ROLES;
/** Reading clinical data of a resource: the record roles and the read right. */
export const rmRead = (r: ClinicalResource): Access =>
  access.all(access.roles(...RM_READ_ROLES), access.feature(r, 'read'));
/** Writing clinical data of a resource: a clinician with the manage right. */
export const rmWrite = (r: ClinicalResource): Access =>
  access.all(clinicians(...CLINICAL_WRITE_ROLES[r]), access.feature(r, 'manage'));
/**
 * Clinicians by their own role (issue 25): an owner or developer passes only when their role is one of these, so a
 * top-level account that is not a clinician writes no clinical entry (docs/decisions.md, "Clinical entries").
 */
export const clinicians = (...roles: RoleSetMember[]): Access => ({ kind: 'roles', roles, exact: true });
/** The access that reads a resource's data: the clinical rule for RM_* resources, the plain read right otherwise. */
export const readAccessOf = (r: Resource): Access => (isClinicalResource(r) ? rmRead(r) : access.feature(r, 'read'));

/**
 * Medical records (issue 12; spec 6 'Rekam Medis': manager, dokter, admin, multimedia, perawat; resources RM_*).
 * Reads pass the clinic's role gate and then, in the service, need RM_* read of the kind read (RM_DOKUMEN for SOAP,
 * diagnoses and allergies) or being the visit's treating doctor (docs/decisions.md, "Rekam medis"): the role gate
 * keeps the permission walk declarative, the per-kind rule cannot be one feature. Writes are rmWrite of the kind's
 * resource; a change to a finished record also needs rmWrite('RM_PERBAIKAN') (checked in the service).
 */
export const RM_ACCESS = {
  read: access.roles(...RM_READ_ROLES),
  /** Any RM read, for pages (the record page and the timeline open with any of these). */
  anyRead: access.anyFeature(
    ['RM_DOKUMEN', 'read'],
    ['RM_TREATMENT', 'read'],
    ['RM_RESEP', 'read'],
    ['RM_PRODUK', 'read'],
    ['RM_BHP', 'read'],
  ),
  soap: rmWrite('RM_DOKUMEN'),
  alergi: rmWrite('RM_DOKUMEN'),
  treatment: rmWrite('RM_TREATMENT'),
  produk: rmWrite('RM_PRODUK'),
  bhp: rmWrite('RM_BHP'),
  resep: rmWrite('RM_RESEP'),
  /** Lab forms are ordered with the treatments (RM_KIND_RESOURCE.lab). */
  lab: rmWrite('RM_TREATMENT'),
  /** Finishing the record (the visit goes to 'selesai', ready for the cashier): whoever writes SOAP or treatments. */
  finish: access.all(
    clinicians('dokter', 'perawat'),
    access.anyFeature(['RM_DOKUMEN', 'manage'], ['RM_TREATMENT', 'manage']),
  ),
  /** Choices for the forms (treatments and items of the branch with their prices): any clinical writer. */
  options: access.all(
    access.roles('dokter', 'perawat'),
    access.anyFeature(
      ['RM_DOKUMEN', 'manage'],
      ['RM_TREATMENT', 'manage'],
      ['RM_RESEP', 'manage'],
      ['RM_PRODUK', 'manage'],
      ['RM_BHP', 'manage'],
    ),
  ),
  /** 'Riwayat Akses': who opened a patient's record (manager; owner and developer pass every check). */
  accessLog: access.roles('manager', 'toplevel'),
  /**
   * The sick-leave letter (Surat Keterangan Sakit): issued by the visit's treating doctor (checked in the service)
   * for a finished record; a reprint of the stored letter by whoever reads the visit's SOAP.
   */
  sickLetterIssue: access.all(clinicians('dokter'), access.feature('RM_DOKUMEN', 'manage')),
  sickLetterRead: access.all(access.roles('dokter', 'manager', 'toplevel'), access.feature('RM_DOKUMEN', 'read')),
} as const;

/** Reads that serve two pages with different privileges: any one of these resources with read is enough. */
export const PAKET_READ: Resource[] = ['MASTER_PAKET', 'LAYANAN_PAKET'];
export const PIUTANG_READ: Resource[] = ['FINANCE_LAPORAN', 'LAYANAN_MEMBERSHIP'];

/**
 * What a web page needs: every rule of `all`, and at least one of `any` when given. They are the rules of the server
 * calls the page makes; a server test (packages/server/test/page-access.test.ts) finds those calls in the page's
 * source and checks, for every demo role, that each call allows every user the page's rules allow.
 */
export interface PageAccess {
  all?: Access[];
  any?: Access[];
}

export function allowsPage(u: AccessSubject | null | undefined, p: PageAccess | undefined): boolean {
  if (!u) return false;
  if (!p) return true;
  if (p.all && !p.all.every((a) => allows(u, a))) return false;
  if (p.any && p.any.length > 0 && !p.any.some((a) => allows(u, a))) return false;
  return true;
}

/** Spec 6 'Service menus': Payment, Master and 'Registrasi Visit': manager, admin (the doctors master). */
export const DOCTOR_MASTER_ACCESS: Access = access.roles('manager', 'admin', 'toplevel');
/** Spec 2.1: Employee data and Doctor data (/dashboard/stakeholder/...): manager. */
export const STAKEHOLDER_ACCESS: Access = access.roles('manager', 'toplevel');
/** Reservations, the schedule view and reminders (LAYANAN_RESERVASI). */
export const RESERVATION_ACCESS = {
  read: access.feature('LAYANAN_RESERVASI', 'read'),
  manage: access.feature('LAYANAN_RESERVASI', 'manage'),
} as const;
/**
 * The reminder page's WhatsApp/SMS gateway setting (issue 11 item 6): manager and top-level users only. Sending
 * through a configured gateway is RESERVATION_ACCESS.manage, like marking a patient reminded.
 */
export const REMINDER_GATEWAY_ACCESS: Access = access.roles('manager', 'toplevel');
/** New patients (POST /api/users and the reservation form's storecustomer): PASIEN manage. */
export const PASIEN_MANAGE: Access = access.feature('PASIEN', 'manage');
/**
 * Inventory flows (issue 13): transfers are STOCK_MUTASI, stock counts STOCK_ITEM; the pharmacy (prescriptions,
 * dispensing, items out by sale) is the inventory guard's roles: manager, inventory, admin, apoteker.
 */
export const STOCK_FLOWS_ACCESS = {
  pharmacy: access.roles('manager', 'inventory', 'admin', 'apoteker'),
  /**
   * Prescriptions at the pharmacy (list, one, dispensing): the pharmacy's roles with the prescription read right
   * (issue 25: the front desk and the store room do not read prescriptions with patients' names).
   */
  prescriptions: access.all(access.roles('manager', 'inventory', 'admin', 'apoteker'), rmRead('RM_RESEP')),
  transferRead: access.feature('STOCK_MUTASI', 'read'),
  countRead: access.feature('STOCK_ITEM', 'read'),
} as const;

const read = (r: Resource) => access.feature(r, 'read');
const FIN: PageAccess = { all: [FINANCE_ACCESS.read] };
/** The income reports: FINANCE_INCOME read, and the finance reads of their toolbar (the active period). */
const INCOME: PageAccess = { all: [FINANCE_ACCESS.incomeRead, FINANCE_ACCESS.read] };

/**
 * Built pages of the web route registry (packages/web/src/app/routes.tsx) and the rules of the data they load.
 * A built route missing here fails the web unit tests; planned routes are never shown in menus.
 */
export const PAGE_ACCESS: Record<string, PageAccess> = {
  '/': {},
  '/user/:id': { all: [STAFF_ACCESS] },
  '/pengumuman': { all: [STAFF_ACCESS] },
  '/confirmation': { all: [MY_MENU_ACCESS] },
  '/master/approval-rule': { all: [read('SETTING_APPROVAL')] },
  '/master/users': { all: [read('SETTING_USER')] },
  // Admin panel (issue 30): the accounts page as /master/users; one's own profile and the branch profile for all.
  '/users': { all: [read('SETTING_USER')] },
  '/me/profile': { all: [STAFF_ACCESS] },
  '/profile': {},
  '/admin/jobs': { all: [JOBS_ACCESS] },
  '/service/customer': { all: [STAFF_ACCESS, read('PASIEN')] },
  '/service/master/tindakanmedis': { all: [read('MASTER_TREATMENT')] },
  '/service/master/laboratorium': { all: [read('MASTER_TREATMENT')] },
  '/service/visit/multimedia': { all: [MULTIMEDIA_ACCESS.pageRoles, MULTIMEDIA_ACCESS.photoRead] },
  '/service/master/multimedialabel': { all: [MULTIMEDIA_ACCESS.pageRoles, MULTIMEDIA_ACCESS.labelRead] },
  '/service/pricelist': { all: [read('PRICELIST')] },
  '/service/paket': { all: [read('LAYANAN_PAKET'), STAFF_ACCESS] },
  '/membership/member': { all: [read('LAYANAN_MEMBERSHIP')] },
  '/customer/:id': { all: [STAFF_ACCESS] },
  '/inventory/master/item': { all: [read('MASTER_ITEM')] },
  '/inventory/master/category': { all: [read('MASTER_ITEM_CATEGORY')] },
  '/inventory/master/vendor': { all: [read('MASTER_SUPPLIER')] },
  '/inventory/master/warehouse': { all: [INVENTORY_ACCESS.stockRead, read('MASTER_ITEM')] },
  '/inventory/warehouse': { all: [read('STOCK_ITEM')] },
  '/inventory/item': { all: [read('STOCK_ITEM')] },
  '/inventory/purchase': { all: [INVENTORY_ACCESS.purchaseRead] },
  '/inventory/purchase/receive': { all: [INVENTORY_ACCESS.purchaseManage] },
  '/inventory/purchase/low': { all: [INVENTORY_ACCESS.purchaseRead] },
  '/paket/promosi': { all: [read('MASTER_PAKET')] },
  '/paket/sales': { all: [read('LAYANAN_PAKET'), STAFF_ACCESS] },
  // Kasir (issue 14): the clinic cashier; /service/payment is the same page for manager and admin (spec 6).
  '/kasir/payment': { all: [access.feature('KASIR_KLINIK', 'manage')] },
  '/kasir/sales': { all: [access.feature('KASIR_UMUM', 'manage')] },
  '/service/payment': { all: [access.feature('KASIR_KLINIK', 'manage'), access.roles('manager', 'admin', 'toplevel')] },
  '/backoffice/nota': { all: [access.toplevel()] },
  // Issue 30: the Backoffice lists of people and visits, every branch's (owner and developer, as their endpoints).
  '/backoffice/pasien': { all: [access.toplevel()] },
  '/backoffice/kunjungan': { all: [access.toplevel()] },
  '/backoffice/membership/member': { all: [access.toplevel()] },
  '/backoffice/account/user': { all: [access.toplevel()] },
  // Issue 30 items 1 and 2: the Backoffice dashboard and the consolidated reports (owner, developer).
  '/backoffice': { all: [access.toplevel()] },
  '/backoffice/finance/report': { all: [access.toplevel()] },
  '/backoffice/finance/income/treatment': { all: [access.toplevel()] },
  '/backoffice/pricelist': { all: [access.toplevel()] },
  // Issue 30 item 2: the masters the chain owns (every top-level user: the Backoffice's users).
  '/backoffice/master/item': { all: [access.toplevel(true)] },
  '/backoffice/master/item_category': { all: [access.toplevel(true)] },
  '/backoffice/master/item_supplier': { all: [access.toplevel(true)] },
  '/backoffice/master/treatment': { all: [access.toplevel(true)] },
  '/backoffice/master/promosi': { all: [access.toplevel(true)] },
  '/backoffice/master/promo': { all: [access.toplevel(true)] },
  '/backoffice/master/foto-label': { all: [access.toplevel(true)] },
  '/backoffice/master/payment-method': { all: [access.toplevel(true)] },
  '/backoffice/master/membership-level': { all: [access.toplevel(true)] },
  '/season': { all: [access.roles('superadmin', 'toplevel')] },
  '/paket/registration': { all: [access.feature('LAYANAN_PAKET', 'manage'), STAFF_ACCESS] },
  '/finance/piutang/membership': { any: PIUTANG_READ.map(read) },
  '/finance/master/akun': FIN,
  '/finance/master/paymentmethod': { all: [FINANCE_ACCESS.read, read('MASTER_PAYMENTMETHOD')] },
  '/finance/master/pajak': FIN,
  '/finance/master/jurnalautoposting': FIN,
  '/finance/periode': FIN,
  '/finance/createjurnalumum': { all: [FINANCE_ACCESS.manage] },
  '/finance/laporan/jurnal': FIN,
  '/finance/laporan/bukubesar': FIN,
  '/finance/laporan/trialbalance': FIN,
  '/finance/laporan/labarugi': FIN,
  '/finance/laporan/neraca': FIN,
  // Issue 28 item 6: the income reports and the financial statements hub.
  '/finance/income/tindakanmedis': INCOME,
  '/finance/income/service': INCOME,
  '/finance/income/paket': INCOME,
  '/finance/income/treatment': INCOME,
  '/finance/income/pendingformlab': INCOME,
  '/finance/report': FIN,
  // Issue 29 part B: investors and partners, deviden settings and runs, deviden per procedure (FINANCE_SHARING).
  '/finance/master/investor': { all: [read('FINANCE_SHARING')] },
  '/finance/master/devidensetting': { all: [read('FINANCE_SHARING'), read('MASTER_TREATMENT')] },
  '/finance/income/tindakanmedis/deviden': { all: [read('FINANCE_SHARING')] },
  // Issue 29: 'Bagi Hasil', the distribution runs (an investor reads only their own lines).
  '/finance/profitsharing': { all: [read('FINANCE_SHARING')] },
  // Issue 28 items 4 and 5: tax payables and expenses (FINANCE_HUTANG).
  '/finance/hutang/transaction': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/actor/doctor': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/actor/investor': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/actor/rumahsakit': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/actor/laboratorium': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/actor/vendor': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/dokter': { all: [FINANCE_OUT_ACCESS.manage] },
  '/finance/hutang/customer': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/pajak/pph_badan': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/pajak/pph_doctor': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/pajak/pph_investor': { all: [FINANCE_OUT_ACCESS.read] },
  '/finance/hutang/pajak/pph_pegawai': { all: [FINANCE_OUT_ACCESS.read] },
  // Issue 29 item 1: the sharing rules master (FINANCE_SHARING with a finance or manager role).
  '/finance/master/sharingprofit': { all: [SHARING_ACCESS.read] },
  // Issue 29 item 3: the doctors' payout runs (manage: every call of the page changes or reviews money).
  '/finance/sharingprofit': { all: [SHARING_ACCESS.manage] },
  // Issue 29 item 6: My Income (one's own; finance and managers anyone's of their branch).
  '/user/:id/finance': { all: [MY_INCOME_ACCESS] },
  // Issue 29: 'Data Investor', the investor's own branches by month.
  '/dashboard/stakeholder/investor': { all: [INVESTOR_DASHBOARD_ACCESS] },
  '/backoffice/cabang': {},
  // Issue 13, inventory flows: the mutation page also holds the stock count tab (STOCK_ITEM read).
  '/inventory/mutation': { all: [STOCK_FLOWS_ACCESS.transferRead, STOCK_FLOWS_ACCESS.countRead] },
  '/backoffice/inventory/mutation': { all: [access.toplevel(), STOCK_FLOWS_ACCESS.transferRead] },
  '/inventory/sales/resep': { all: [STOCK_FLOWS_ACCESS.prescriptions, STOCK_FLOWS_ACCESS.countRead] },
  '/inventory/sales': { all: [STOCK_FLOWS_ACCESS.pharmacy] },
  '/service/visit': { all: [VISIT_ACCESS.read, VISIT_ACCESS.queuePage] },
  '/service/visit/display': { all: [VISIT_ACCESS.read] },
  // Issue 12: the patient's history needs some RM read; a visit's record also opens for its treating doctor.
  '/service/rekammedis': { all: [RM_ACCESS.read, RM_ACCESS.anyRead, STAFF_ACCESS] },
  '/service/rekammedis/visit/:id': { all: [RM_ACCESS.read] },
  '/service/kunjungan': { all: [VISIT_ACCESS.read] },
  '/service/consultation': { all: [VISIT_ACCESS.read, access.roles('dokter')] },
  '/service/tindakan': { all: [VISIT_ACCESS.read, access.roles('perawat')] },
  '/attendance/payroll/simulator': { all: [PAYROLL_ACCESS] },
  // Issue 11 items 1, 2, 6 (doctors, reservations, reminders). The booking dialog can register a new patient.
  '/service/registration/schedule': { all: [RESERVATION_ACCESS.manage, PASIEN_MANAGE] },
  '/service/registration/reservation': { all: [RESERVATION_ACCESS.manage, PASIEN_MANAGE] },
  '/service/reservasi': { all: [RESERVATION_ACCESS.manage] },
  '/service/visitreminder': { all: [RESERVATION_ACCESS.manage] },
  '/service/master/doctor': { all: [DOCTOR_MASTER_ACCESS] },
  '/dashboard/stakeholder/doctor': { all: [STAKEHOLDER_ACCESS] },
  '/dashboard/stakeholder/pegawai': { all: [STAKEHOLDER_ACCESS] },
  '/attendance/payroll/transaction': { all: [PAYROLL_ACCESS] },
  '/attendance/master/payrollcomponent': { all: [PAYROLL_ACCESS] },
  '/attendance/master/payrollperiode': { all: [PAYROLL_ACCESS, ATTENDANCE_ACCESS] },
  '/attendance/employees': { all: [ATTENDANCE_ACCESS] },
  '/attendance/master/department': { all: [ATTENDANCE_ACCESS] },
  '/attendance/master/schedule': { all: [ATTENDANCE_ACCESS] },
  '/attendance/attendance/daily': { all: [ATTENDANCE_ACCESS] },
  '/my-attendance': { all: [SELF_ATTENDANCE_ACCESS] },
  '/backoffice/attendance/checklog': { all: [BACKOFFICE_ATTENDANCE_ACCESS, ATTENDANCE_ACCESS] },
  '/backoffice/attendance/shift': { all: [BACKOFFICE_ATTENDANCE_ACCESS, ATTENDANCE_ACCESS] },
  '/backoffice/attendance/office': { all: [BACKOFFICE_ATTENDANCE_ACCESS] },
  '/backoffice/inventory/purchase': { all: [access.toplevel()] },
  '/backoffice/satusehat/settings': { all: [SATUSEHAT_ACCESS] },
  '/backoffice/satusehat/master': { all: [SATUSEHAT_ACCESS] },
  '/backoffice/satusehat/data': { all: [SATUSEHAT_ACCESS] },
  // Issue 12: the record lists across patients, each with the read right of its RM_* resource (spec 6).
  '/rekammedis/soap': { all: [rmRead('RM_DOKUMEN')] },
  '/rekammedis/treatment': { all: [rmRead('RM_TREATMENT')] },
  '/rekammedis/produk': { all: [rmRead('RM_PRODUK')] },
  '/rekammedis/resep': { all: [rmRead('RM_RESEP')] },
  '/rekammedis/foto': { all: [read('RM_FOTOPROGRES')] },
  '/backoffice/rekammedis/treatment': { all: [access.toplevel(true), rmRead('RM_TREATMENT')] },
  '/backoffice/rekammedis/produk': { all: [access.toplevel(true), rmRead('RM_PRODUK')] },
  '/backoffice/rekammedis/resep': { all: [access.toplevel(true), rmRead('RM_RESEP')] },
  '/backoffice/rekammedis/foto': { all: [access.toplevel(true), read('RM_FOTOPROGRES')] },
};
