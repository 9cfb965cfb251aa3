import { z, emptyToUndefined, idParam } from './common.js';
import type { RoleName } from '../access.js';

/**
 * Activity log with approvals (spec 3 "Activity log", 4, 5, 7).
 * status: 0 requested, 1 approved, -1 rejected; null for a plain activity entry (no decision needed).
 */
export const APPLOG_STATUS = { requested: 0, approved: 1, rejected: -1 } as const;
export const APPLOG_STATUS_LABELS: Record<string, string> = {
  '0': 'Menunggu Persetujuan',
  '1': 'Disetujui',
  '-1': 'Ditolak',
};
export function applogStatusName(status: number | null): string {
  return status === null ? 'Aktivitas' : (APPLOG_STATUS_LABELS[String(status)] ?? '');
}

/** Spec 9: activity log page size 30, default page 1. */
export const APPLOG_PAGE_SIZE = 30;

export interface ApplogDto {
  id: number;
  logtime: string;
  message: string;
  note: string | null;
  /** 0 requested, 1 approved, -1 rejected, null = activity entry. */
  status: number | null;
  statusname: string;
  reason: string | null;
  url: string | null;
  /** The requester / actor. */
  userdata: { id: number; name: string };
  action: string | null;
  /** Roles that may decide this request ('toplevel' = owner/developer always may). */
  assignby: string[];
  decidedby: { id: number; name: string } | null;
  decided_at: string | null;
  profile_id: number;
  groupvisit: string | null;
  /** Whether the signed-in user may approve or reject it now. */
  can_decide: boolean;
}

const intFilter = z.preprocess(emptyToUndefined, z.coerce.number({ error: 'Harus berupa angka' }).int().optional());

/** GET /api/applog (spec 7): keyword, page (1), limit (30), status, user, role, groupvisit, profile_id, assignby. */
export const applogListQuery = z.object({
  keyword: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number({ error: 'Harus berupa angka' }).int().min(1).default(1)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: 'Harus berupa angka' }).int().min(1).max(500).default(APPLOG_PAGE_SIZE),
  ),
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Status tidak valid' })
      .int()
      .refine((v) => v === 0 || v === 1 || v === -1, 'Status tidak valid')
      .optional(),
  ),
  /** Requester user id. */
  user: intFilter,
  /** Requester's numeric role. */
  role: intFilter,
  groupvisit: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
  /** Branch (top-level users only; others always read their current branch). */
  profile_id: intFilter,
  /** Role name that may decide (e.g. 'manager'). */
  assignby: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
  /**
   * 'mine' = my own entries; 'waiting' = requests waiting for my decision; 'drawer' = both (the activity drawer);
   * absent = everything I may read.
   */
  scope: z.preprocess(emptyToUndefined, z.enum(['mine', 'waiting', 'drawer']).optional()),
});
export type ApplogListQuery = z.infer<typeof applogListQuery>;

/** POST /api/applog/doconfirm/{id} (spec 7): status and reason. A rejection needs a reason. */
export const applogDecisionInput = z
  .object({
    status: z.coerce
      .number({ error: 'Keputusan wajib dipilih' })
      .int()
      .refine((v) => v === 1 || v === -1, 'Keputusan wajib dipilih (setujui atau tolak)'),
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v === null ? undefined : v),
      z.string().max(500, 'Alasan maksimal 500 karakter').optional(),
    ),
  })
  .refine((v) => v.status !== -1 || !!v.reason, { message: 'Alasan penolakan wajib diisi', path: ['reason'] });
export type ApplogDecisionInput = z.infer<typeof applogDecisionInput>;
export const applogDecideInput = z.object({ id: idParam, data: applogDecisionInput });

/** Actions that can be put under approval (/master/approval-rule). */
export const APPROVAL_ACTIONS = {
  'user.deactivate': 'Menonaktifkan pengguna',
  'user.change_role': 'Mengubah role / cabang pengguna lain',
  'user.change_privileges': 'Mengubah hak akses pengguna lain',
  'user.create_employee': 'Membuat akun pegawai',
  'attendance.correct_day': 'Koreksi absensi harian pegawai',
  'inventory.adjustment': 'Stok opname di atas batas nilai',
  'kasir.void_payment': 'Membatalkan pembayaran kasir (void)',
  'kasir.discount': 'Diskon kasir di atas batas',
  'patient.merge': 'Menggabungkan data pasien ganda',
  'employee.change_pay': 'Mengubah gaji pokok / rekening bank pegawai',
  'kasir.change_limit': 'Mengubah batas diskon kasir',
  'approval.change_rule': 'Mengubah aturan persetujuan',
  'hutang.void_payment': 'Membatalkan transaksi pembayaran hutang',
  'finance.expense': 'Pengeluaran di atas batas persetujuan',
  'finance.expense_reverse': 'Membatalkan (koreksi) pengeluaran',
  'finance.expense_limits': 'Mengubah batas bukti dan batas persetujuan pengeluaran',
  'deviden.approve_run': 'Menyetujui distribusi deviden / bagi hasil investor',
  'sharing.approve_run': 'Menyetujui pembayaran jasa dokter (sharing) satu periode',
} as const;
export type ApprovalAction = keyof typeof APPROVAL_ACTIONS;
/**
 * Actions whose rule is fixed, not a branch's setting (issue 26): a patient merge is always requested by one
 * top-level user and approved by another, so /master/approval-rule neither lists nor changes it.
 */
export const FIXED_APPROVAL_ACTIONS: readonly ApprovalAction[] = ['patient.merge'];
/** The actions /master/approval-rule lists and changes. */
export const APPROVAL_ACTION_KEYS = (Object.keys(APPROVAL_ACTIONS) as ApprovalAction[]).filter(
  (a) => !FIXED_APPROVAL_ACTIONS.includes(a),
);

/**
 * Defaults (the first two also seeded by migration): every one needs approval, decided by manager or superadmin;
 * top-level always may. Privilege grants and new accounts are privilege changes too (issue 8, finding 2).
 */
export const DEFAULT_APPROVAL_RULES: Record<ApprovalAction, { needs_approval: boolean; approver_roles: RoleName[] }> = {
  'user.deactivate': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'user.change_role': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'user.change_privileges': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'user.create_employee': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'attendance.correct_day': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'inventory.adjustment': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'kasir.void_payment': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'kasir.discount': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  // No approver role: only top-level users decide (never the requester).
  'patient.merge': { needs_approval: true, approver_roles: [] },
  'employee.change_pay': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'kasir.change_limit': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'approval.change_rule': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'hutang.void_payment': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'finance.expense': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'finance.expense_reverse': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'finance.expense_limits': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'deviden.approve_run': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
  'sharing.approve_run': { needs_approval: true, approver_roles: ['manager', 'superadmin'] },
};

/**
 * Actions that always wait for a second person (issue 25, separation of duties): changes of pay and bank accounts
 * and of approval limits and rules. Their rule cannot be switched off and they wait for top-level users too (only
 * the approver roles may be changed, through approval.change_rule itself).
 */
export const MANDATORY_APPROVAL_ACTIONS: readonly ApprovalAction[] = [
  'employee.change_pay',
  'kasir.change_limit',
  'approval.change_rule',
  // Issue 28: an expense above the branch's approval limit and a change of those limits wait for a second person.
  'finance.expense',
  'finance.expense_limits',
  // Issue 29 part B: a distribution run moves money to investors: always a second person.
  'deviden.approve_run',
  // Issue 29 part C: a doctor payout run moves money to doctors: always a second person.
  'sharing.approve_run',
];
export function isMandatoryApproval(action: string): boolean {
  return (MANDATORY_APPROVAL_ACTIONS as readonly string[]).includes(action);
}

export interface ApprovalRuleDto {
  action: ApprovalAction;
  label: string;
  needs_approval: boolean;
  approver_roles: RoleName[];
  profile_id: number;
}

const approverRole = z.enum(
  ['dokter', 'admin', 'manager', 'finance', 'inventory', 'multimedia', 'perawat', 'apoteker', 'investor', 'superadmin'],
  { error: 'Role penyetuju tidak dikenal' },
);

/** tRPC approvalRules.update (SETTING_APPROVAL manage), for the current branch. */
export const approvalRuleUpdateInput = z
  .object({
    action: z.enum(APPROVAL_ACTION_KEYS as [ApprovalAction, ...ApprovalAction[]], { error: 'Aksi tidak dikenal' }),
    needs_approval: z.boolean({ error: 'Harus ya atau tidak' }),
    approver_roles: z.array(approverRole).max(10),
  })
  .refine((v) => !v.needs_approval || v.approver_roles.length > 0, {
    message: 'Pilih minimal satu role penyetuju',
    path: ['approver_roles'],
  })
  .refine((v) => v.needs_approval || !isMandatoryApproval(v.action), {
    message: 'Aksi ini selalu memerlukan persetujuan orang kedua',
    path: ['needs_approval'],
  });
export type ApprovalRuleUpdateInput = z.infer<typeof approvalRuleUpdateInput>;
