/**
 * One owner per table (issue 27 item 1): the module (or platform file) whose SQL alone inserts, updates or deletes
 * the table's rows. Every other module changes them through the owner's front door (its index.ts), so a rule about
 * a table lives in one place (a package's instalments in the paket module, not in the cashier's SQL).
 * `packages/server/test/table-owners.test.ts` reads the schema and every module's SQL and fails when a table has no
 * owner here or a module writes a table it does not own. Reading another module's tables in a join is allowed.
 *
 * One deliberate exception the source scan cannot see: an approved patient merge (users) re-points the patient
 * columns listed in `modules/users/patient-references.ts` in every table that names a patient, in one statement per
 * table, as one act of the merge (docs/decisions.md, issue 26 item 3).
 *
 * Owners: a module folder name under modules/, or `platform:<file>` for the platform's own tables (written by that
 * file under src/), or `migrations` for reference data only migrations and triggers write.
 */
export const TABLE_OWNERS: Record<string, string> = {
  // platform
  audit_log: 'platform:lib/audit.ts',
  doc_counter: 'platform:lib/numbering.ts',
  idempotency_request: 'platform:http/idempotency.ts',
  session: 'auth',
  login_attempt: 'auth',
  role: 'migrations',
  role_toplevel: 'migrations',
  icd10: 'migrations',
  icd9cm: 'migrations',
  // branches, users, staff
  profile: 'branches',
  users: 'users',
  user_privilege: 'users',
  membership_level: 'users',
  patient_merge: 'users',
  applog: 'applog',
  approval_rule: 'applog',
  pengumuman: 'pengumuman',
  // attendance and payroll
  department: 'attendance',
  employee: 'attendance',
  shift: 'attendance',
  roster: 'attendance',
  attendance_leave: 'attendance',
  attendance_correction: 'attendance',
  office: 'attendance',
  checklog: 'attendance',
  checklog_import: 'attendance',
  payroll_setting: 'attendance',
  attendance_setting: 'attendance',
  payroll_component: 'attendance',
  payroll_group: 'attendance',
  payroll_group_component: 'attendance',
  payroll_group_member: 'attendance',
  payroll_run: 'attendance',
  payroll_run_line: 'attendance',
  // finance
  akun: 'finance',
  finance_periode: 'finance',
  finance_periode_saldo: 'finance',
  jurnal: 'finance',
  jurnal_detail: 'finance',
  payment_method: 'finance',
  pajak: 'finance',
  hutang_item: 'finance',
  hutang_payment: 'finance',
  hutang_allocation: 'finance',
  expense_category: 'finance',
  expense_setting: 'finance',
  expense_proof: 'finance',
  expense: 'finance',
  pph_badan_setting: 'finance',
  pph_badan_masa: 'finance',
  finance_autoposting: 'finance',
  // investors, partners and their distribution runs (issue 29 part B)
  investor: 'investors',
  deviden_setting: 'investors',
  deviden_run: 'investors',
  deviden_run_line: 'investors',
  // doctor fee sharing (issue 29)
  sharing_rule: 'sharing',
  sharing_line: 'sharing',
  sharing_release: 'sharing',
  sharing_run: 'sharing',
  sharing_run_exclusion: 'sharing',
  // SATUSEHAT (issue 31)
  satusehat_setting: 'satusehat',
  satusehat_token: 'satusehat',
  satusehat_map: 'satusehat',
  satusehat_visit: 'satusehat',
  satusehat_resource: 'satusehat',
  // the masters the chain owns (issue 30 item 2)
  chain_master: 'chainMasters',
  // the chain's price list (issue 30)
  price_list: 'pricelist',
  // promo seasons, 'Musim Promo' (issue 30)
  season: 'season',
  season_branch: 'season',
  // masters (the generic master pages of modules/masters)
  perawatan: 'masters',
  form_lab: 'masters',
  item_category: 'inventory',
  // inventory and pharmacy
  item: 'inventory',
  vendor: 'inventory',
  warehouse: 'inventory',
  stock_batch: 'inventory',
  stock_movement: 'inventory',
  stock_balance: 'inventory',
  stock_valuation: 'inventory',
  purchase_order: 'inventory',
  purchase_order_item: 'inventory',
  purchase_receipt: 'inventory',
  purchase_receipt_item: 'inventory',
  stock_transfer: 'stockFlows',
  stock_transfer_item: 'stockFlows',
  stock_count: 'stockFlows',
  stock_count_item: 'stockFlows',
  inventory_setting: 'stockFlows',
  dispensing: 'stockFlows',
  dispensing_item: 'stockFlows',
  // cashier
  kasir_session: 'kasir',
  kasir_session_count: 'kasir',
  kasir_payment: 'kasir',
  kasir_payment_line: 'kasir',
  kasir_payment_tender: 'kasir',
  kasir_void: 'kasir',
  kasir_setting: 'kasir',
  // medical records
  rm_record: 'medicalRecords',
  rm_prescription: 'medicalRecords',
  rm_entry: 'medicalRecords',
  rm_entry_version: 'medicalRecords',
  rm_entry_head: 'medicalRecords',
  rm_diagnosis: 'medicalRecords',
  rm_procedure: 'medicalRecords',
  // the sick-leave letter, issued and printed with the record lists' printouts
  rm_sick_letter: 'medicalLists',
  // packages
  paket_type: 'paket',
  paket: 'paket',
  paket_history: 'paket',
  paket_history_item: 'paket',
  paket_membership: 'paket',
  paket_membership_slot: 'paket',
  paket_membership_cicilan: 'paket',
  // the desk: doctors, reservations, visits, photos
  doctor_practice: 'doctors',
  doctor_schedule: 'doctors',
  schedule_closed: 'doctors',
  reservation_slot: 'reservations',
  reservation: 'reservations',
  reminder_gateway: 'reservations',
  reminder_delivery: 'reservations',
  visit: 'visits',
  visit_status_log: 'visits',
  multimedia_label: 'multimedia',
  visit_multimedia: 'multimedia',
};

/**
 * Writes by a module of a table it does not own that are still to be routed through the owner's front door (each
 * with why it is not done yet). The test fails for a write not listed here, and for an entry that no longer
 * happens, so this list only shrinks.
 */
export const PENDING_FOREIGN_WRITES: { module: string; table: string; why: string }[] = [
  {
    module: 'masters',
    table: 'item',
    why: "the generic master page edits the item master; to go through inventory's front door",
  },
  { module: 'stockFlows', table: 'item', why: 'a transfer copies an item into the receiving branch (copyItem)' },
  { module: 'stockFlows', table: 'rm_prescription', why: "dispensing sets the prescription's pharmacy status" },
];
