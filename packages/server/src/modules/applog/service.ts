import { branchScope, inScope, requireAccess, type BranchScope } from '../../http/access-scope.js';
import { APPLOG_REQUEST } from './entities.js';
import {
  APPROVAL_ACTION_KEYS,
  APPROVAL_ACTIONS,
  APPROVAL_PENDING_MESSAGE,
  applogStatusName,
  DEFAULT_APPROVAL_RULES,
  isMandatoryApproval,
  isTopLevel,
  type ActionOutcome,
  type ApplogDecisionInput,
  type ApplogDto,
  type ApplogListQuery,
  type ApprovalAction,
  type ApprovalRuleDto,
  type ApprovalRuleUpdateInput,
  type Paged,
  type RoleName,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit, auditRead } from '../../lib/audit.js';
import type { SessionUser } from '../../http/context.js';
import * as q from './queries.js';
import { readsWholeLog } from './access.js';

// ---------------------------------------------------------------------------------------------------------------
// The approval mechanism. A module registers what an approved request of an action does; a service asks
// `requestOrRun` to either carry the change out now or store it as a request (status 0) with its payload.
// Approving runs the registered executor inside the deciding transaction; rejecting only records the decision.
// ---------------------------------------------------------------------------------------------------------------

export type ApprovalExecutor = (tx: Ctx, payload: unknown, request: q.ApplogRow) => Promise<unknown>;
const executors = new Map<ApprovalAction, ApprovalExecutor>();

export function registerApprovalExecutor(action: ApprovalAction, fn: ApprovalExecutor): void {
  executors.set(action, fn);
}

/** Whether an approved request of this action can be carried out (every action must have one: tested). */
export function hasApprovalExecutor(action: ApprovalAction): boolean {
  return executors.has(action);
}

export interface EffectiveRule {
  needs_approval: boolean;
  approver_roles: RoleName[];
}

/** The branch's rule for an action; branches without a stored rule use the defaults. Mandatory ones always apply. */
export async function ruleFor(ctx: Ctx, profileId: number, action: ApprovalAction): Promise<EffectiveRule> {
  const row = await q.findRule(ctx.db, profileId, action);
  if (!row) return DEFAULT_APPROVAL_RULES[action];
  return {
    needs_approval: row.needs_approval || isMandatoryApproval(action),
    approver_roles: row.approver_roles as RoleName[],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Separation of duties (issue 25): the one rule every approval follows, the engine's requests and the payroll
// run's own approval alike. No single account both makes and approves a change that moves money or a person's
// record: the requester (or creator) never decides it, nor does anyone it pays or whose record it changes.
// ---------------------------------------------------------------------------------------------------------------

/** Why `approver` may not decide a change made by `requester` about `subjects`, or null when they may. */
export function secondPersonRefusal(
  approverId: number,
  requesterId: number | null,
  subjects: readonly (number | null)[],
): string | null {
  if (requesterId !== null && approverId === requesterId) return 'Anda tidak dapat memutuskan permintaan Anda sendiri';
  if (subjects.includes(approverId))
    return 'Anda tidak dapat memutuskan perubahan atau pembayaran untuk diri Anda sendiri';
  return null;
}

/** Throws 403 unless `approver` is a second person for this change (see secondPersonRefusal). */
export function requireSecondPerson(
  approverId: number,
  requesterId: number | null,
  subjects: readonly (number | null)[],
): void {
  const why = secondPersonRefusal(approverId, requesterId, subjects);
  if (why) throw forbidden(why);
}

export interface ApprovalRequest {
  action: ApprovalAction;
  /** What the activity list shows, e.g. "Menonaktifkan pengguna Budi". */
  message: string;
  note?: string | null;
  entity: string;
  entityId: number;
  /** Everything the executor needs to carry the change out later (JSON). */
  payload: unknown;
  url?: string | null;
  /** The person whose pay or record the change moves: they may not decide it (nor may the requester). */
  subjectUserId?: number | null;
}

/**
 * Carries out `run` now, or, when the branch's rule says the action needs approval and the requester is not
 * owner/developer, stores the request and answers pending. `run` gets a transaction context.
 */
export async function requestOrRun<T>(
  ctx: Ctx,
  req: ApprovalRequest,
  run: (tx: Ctx) => Promise<T>,
): Promise<ActionOutcome<T>> {
  const c = requireUser(ctx);
  const rule = await approvalRuleFor(c, req.action);
  if (!rule) {
    const data = await inTransaction(c, run);
    return { pending: false, data };
  }
  return inTransaction(c, (tx) => storeRequest(tx, rule, req));
}

/**
 * The rule to follow when `action` needs approval for this caller, or null when it can be carried out now.
 * Mandatory actions (pay, bank, approval limits and rules) wait for a second person whoever asks.
 */
export async function approvalRuleFor(ctx: AuthedCtx, action: ApprovalAction): Promise<EffectiveRule | null> {
  const rule = await ruleFor(ctx, ctx.branchId, action);
  if (isMandatoryApproval(action)) return rule;
  return !rule.needs_approval || isTopLevel(ctx.user) ? null : rule;
}

/**
 * Stores a request awaiting approval in the caller's transaction (for services that must write something first,
 * e.g. an inactive account the request will activate). One open request per action and entity.
 */
export async function storeRequest(
  tx: Ctx,
  rule: EffectiveRule,
  req: ApprovalRequest,
): Promise<{ pending: true; applog_id: number; message: string }> {
  const c = requireUser(tx);
  const open = await q.findPendingFor(tx.db, req.action, req.entity, req.entityId);
  if (open) throw conflict('Masih ada permintaan yang menunggu persetujuan untuk data ini');
  const row = await q.insertApplog(tx.db, {
    profile_id: tx.branchId,
    user_id: c.user.id,
    kind: 'request',
    action: req.action,
    message: req.message,
    note: req.note ?? null,
    status: 0,
    url: req.url ?? null,
    entity: req.entity,
    entity_id: req.entityId,
    payload: req.payload,
    assignby: rule.approver_roles,
    subject_user_id: req.subjectUserId ?? null,
  });
  await audit(tx, {
    action: 'request',
    entity: 'applog',
    entityId: row.id,
    after: { action: row.action, entity: req.entity, entity_id: req.entityId },
  });
  return { pending: true as const, applog_id: row.id, message: APPROVAL_PENDING_MESSAGE };
}

/** A plain activity entry (no decision), written in the caller's transaction. */
/** Requests of one action still waiting for a decision about these rows of the caller's branch (newest first). */
export async function pendingRequests(ctx: Ctx, action: ApprovalAction, entity: string, entityIds: number[]) {
  if (!entityIds.length) return [];
  return q.pendingOf(ctx.db, ctx.branchId, action, entity, entityIds);
}

export async function logActivity(
  ctx: Ctx,
  entry: {
    message: string;
    note?: string | null;
    action?: string;
    entity?: string;
    entityId?: number;
    url?: string | null;
    groupvisit?: string | null;
  },
): Promise<void> {
  const c = requireUser(ctx);
  await q.insertApplog(c.db, {
    profile_id: c.branchId,
    user_id: c.user.id,
    kind: 'activity',
    action: entry.action ?? null,
    message: entry.message,
    note: entry.note ?? null,
    status: null,
    url: entry.url ?? null,
    groupvisit: entry.groupvisit ?? null,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
  });
}

function mayDecide(
  user: SessionUser,
  own: BranchScope,
  row: Pick<q.ApplogRow, 'status' | 'user_id' | 'assignby' | 'profile_id' | 'subject_user_id'>,
): boolean {
  if (row.status !== 0 || secondPersonRefusal(user.id, row.user_id, [row.subject_user_id])) return false;
  if (isTopLevel(user)) return true;
  return inScope(own, row.profile_id) && row.assignby.includes(user.rolename);
}

const readsAll = (c: AuthedCtx) => readsWholeLog(c.user);

type ListRow = Awaited<ReturnType<typeof q.listApplog>>['rows'][number];

function toDto(c: AuthedCtx, r: ListRow): ApplogDto {
  return {
    id: r.log.id,
    logtime: r.log.logtime,
    message: r.log.message,
    note: r.log.note,
    status: r.log.status,
    statusname: applogStatusName(r.log.status),
    reason: r.log.reason,
    url: r.log.url,
    userdata: { id: r.requester.id, name: r.requester.name },
    action: r.log.action,
    assignby: r.log.assignby,
    decidedby: r.decider ? { id: r.decider.id, name: r.decider.name } : null,
    decided_at: r.log.decided_at,
    profile_id: r.log.profile_id,
    groupvisit: r.log.groupvisit,
    can_decide: mayDecide(c.user, branchScope(c, {}, 'write'), r.log),
  };
}

/** GET /api/applog: the current branch (top-level users may name another), newest first, 30 a page. */
export async function list(ctx: Ctx, query: ApplogListQuery): Promise<Paged<ApplogDto>> {
  const c = requireUser(ctx);
  const scope = query.scope ?? (readsAll(c) ? undefined : 'drawer');
  const { rows, count } = await q.listApplog(c.db, {
    scope: branchScope(c, { profile_id: query.profile_id }),
    keyword: query.keyword,
    status: query.status,
    userId: query.user,
    role: query.role,
    groupvisit: query.groupvisit,
    assignby: query.assignby,
    visibleTo: scope
      ? {
          userId: c.user.id,
          rolename: c.user.rolename,
          mine: scope === 'mine' || scope === 'drawer',
          waiting: scope === 'waiting' || scope === 'drawer',
          anyRole: isTopLevel(c.user),
        }
      : undefined,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map((r) => toDto(c, r)), count };
}

/**
 * POST /api/applog/doconfirm/{id}: approve (1) or reject (-1) a request once. Approving carries the stored change
 * out in the same transaction; if that fails nothing is recorded and the request stays open.
 */
export async function decide(ctx: Ctx, id: number, input: ApplogDecisionInput): Promise<ApplogDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    await requireAccess(tx, APPLOG_REQUEST, [id], 'write');
    const row = await q.lockApplog(tx.db, id);
    if (!row || row.kind !== 'request') throw notFound(APPLOG_REQUEST.notFound);
    if (row.status !== 0) throw conflict('Permintaan ini sudah diputuskan dan tidak dapat diubah lagi');
    requireSecondPerson(c.user.id, row.user_id, [row.subject_user_id]);
    if (!mayDecide(c.user, branchScope(c, {}, 'write'), row))
      throw forbidden('Anda tidak berhak memutuskan permintaan ini');
    if (input.status === 1) {
      const run = executors.get(row.action as ApprovalAction);
      if (!run) throw new AppError(500, [{ message: 'Aksi permintaan tidak dikenal' }]);
      await run({ ...tx, branchId: row.profile_id }, row.payload, row);
    }
    const decided = await q.decideApplog(tx.db, id, {
      status: input.status,
      reason: input.reason ?? null,
      decided_by: c.user.id,
    });
    if (!decided) throw conflict('Permintaan ini sudah diputuskan dan tidak dapat diubah lagi');
    await audit(
      { ...tx, branchId: row.profile_id },
      {
        action: input.status === 1 ? 'approve' : 'reject',
        entity: 'applog',
        entityId: id,
        before: { status: 0 },
        after: { status: input.status, reason: input.reason ?? null },
      },
    );
  });
  const row = await q.findApplog(c.db, id);
  if (!row) throw notFound('Permintaan tidak ditemukan');
  return toDto(c, row);
}

/** Every row matching the filters (for the Excel export), capped. */
export async function exportRows(ctx: Ctx, query: ApplogListQuery): Promise<ApplogDto[]> {
  const all = await list(ctx, { ...query, page: 1, limit: 500 });
  const out = [...all.data];
  for (let page = 2; out.length < all.count && page <= 20; page++) {
    const next = await list(ctx, { ...query, page, limit: 500 });
    out.push(...next.data);
  }
  await auditRead(ctx, {
    action: 'export',
    entity: 'applog',
    ids: out.map((r) => r.id),
    detail: { file: 'aktivitas.xlsx', rows: out.length },
    always: true,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// /master/approval-rule
// ---------------------------------------------------------------------------------------------------------------

export async function listRules(ctx: Ctx): Promise<ApprovalRuleDto[]> {
  const c = requireUser(ctx);
  const stored = await q.listRules(c.db, c.branchId);
  return APPROVAL_ACTION_KEYS.map((action) => {
    const row = stored.find((r) => r.action === action);
    const eff = row
      ? { needs_approval: row.needs_approval, approver_roles: row.approver_roles as RoleName[] }
      : DEFAULT_APPROVAL_RULES[action];
    return { action, label: APPROVAL_ACTIONS[action], ...eff, profile_id: c.branchId };
  });
}

/**
 * A change of an approval rule is itself a change of approval limits: it waits for a second person
 * (approval.change_rule, mandatory) and is carried out by `applyRuleChange` when approved.
 */
export async function updateRule(ctx: Ctx, input: ApprovalRuleUpdateInput): Promise<ActionOutcome<ApprovalRuleDto>> {
  const c = requireUser(ctx);
  const roles = [...new Set(input.approver_roles)];
  const payload: RuleChangePayload = {
    action: input.action,
    needs_approval: input.needs_approval,
    approver_roles: roles,
  };
  const now = await ruleFor(c, c.branchId, input.action);
  const label = APPROVAL_ACTIONS[input.action];
  const what = input.needs_approval ? `perlu persetujuan ${roles.join(', ')}` : 'tanpa persetujuan';
  return requestOrRun(
    c,
    {
      action: 'approval.change_rule',
      message: `Mengubah aturan persetujuan "${label}": ${what}`,
      note: `Sebelumnya: ${now.needs_approval ? `perlu persetujuan ${now.approver_roles.join(', ')}` : 'tanpa persetujuan'}`,
      entity: 'approval_rule',
      entityId: APPROVAL_ACTION_KEYS.indexOf(input.action) + 1,
      payload,
      url: '/master/approval-rule',
    },
    (tx) => applyRuleChange(tx, payload, c.user.id),
  );
}

interface RuleChangePayload {
  action: ApprovalAction;
  needs_approval: boolean;
  approver_roles: RoleName[];
}

async function applyRuleChange(tx: Ctx, p: RuleChangePayload, by: number): Promise<ApprovalRuleDto> {
  const before = await ruleFor(tx, tx.branchId, p.action);
  const row = await q.upsertRule(tx.db, {
    profile_id: tx.branchId,
    action: p.action,
    needs_approval: p.needs_approval || isMandatoryApproval(p.action),
    approver_roles: p.approver_roles,
    updated_by: by,
  });
  await audit(tx, {
    action: 'update',
    entity: 'approval_rule',
    entityId: p.action,
    before,
    after: { needs_approval: row.needs_approval, approver_roles: row.approver_roles },
  });
  return {
    action: p.action,
    label: APPROVAL_ACTIONS[p.action],
    needs_approval: row.needs_approval,
    approver_roles: row.approver_roles as RoleName[],
    profile_id: tx.branchId,
  };
}

/** What approved requests of this module carry out (registered in modules.ts). */
export const applogApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'approval.change_rule': (tx, payload, req) => applyRuleChange(tx, payload as RuleChangePayload, req.user_id),
};
