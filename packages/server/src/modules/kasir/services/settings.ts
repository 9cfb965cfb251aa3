import {
  APPROVAL_PENDING_MESSAGE,
  type ApprovalAction,
  type KasirSettingDto,
  type KasirSettingInput,
  bpToPercent,
  percentToBp,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { audit } from '../../../lib/audit.js';
import { approvalRuleFor, pendingRequests, storeRequest, type ApprovalExecutor } from '../../applog/index.js';
import * as q from '../queries.js';

/**
 * The branch's cashier settings: PKP (PPN on items) and the discount limit above which approval is needed. The
 * limit is an approval limit: a change of it waits for a second person (kasir.change_limit, mandatory, issue 25).
 */
export async function get(ctx: Ctx): Promise<KasirSettingDto> {
  const c = requireUser(ctx);
  const s = await q.settingOf(c.db, c.branchId);
  const [pending] = await pendingRequests(c, 'kasir.change_limit', 'kasir_setting', [c.branchId]);
  const wanted = pending ? (pending.payload as LimitPayload).discount_limit_bp : null;
  return {
    is_pkp: s.is_pkp,
    discount_limit_percent: bpToPercent(s.discount_limit_bp),
    pending_limit:
      pending && wanted !== null
        ? { applog_id: pending.id, discount_limit_percent: bpToPercent(wanted), requested_by: pending.requested_by }
        : null,
  };
}

interface LimitPayload {
  discount_limit_bp: number;
}

/** PUT /api/kasir/setting: PKP changes at once; a new discount limit is stored as a request (answer `pending`). */
export async function update(
  ctx: Ctx,
  input: KasirSettingInput,
): Promise<KasirSettingDto & { pending: boolean; message?: string }> {
  const c = requireUser(ctx);
  const limitBp = percentToBp(input.discount_limit_percent);
  const pending = await inTransaction(c, async (tx) => {
    const before = await q.settingOf(tx.db, tx.branchId);
    if (before.is_pkp !== input.is_pkp) {
      await q.upsertSetting(tx.db, tx.branchId, input.is_pkp, before.discount_limit_bp);
      await audit(tx, {
        action: 'update',
        entity: 'kasir_setting',
        entityId: tx.branchId,
        before,
        after: { ...before, is_pkp: input.is_pkp },
      });
    }
    if (limitBp === before.discount_limit_bp) return false;
    const rule = await approvalRuleFor(requireUser(tx), 'kasir.change_limit');
    if (!rule) {
      await applyLimit(tx, { discount_limit_bp: limitBp });
      return false;
    }
    await storeRequest(tx, rule, {
      action: 'kasir.change_limit',
      message: `Mengubah batas diskon kasir ${bpToPercent(before.discount_limit_bp)}% -> ${bpToPercent(limitBp)}%`,
      entity: 'kasir_setting',
      entityId: tx.branchId,
      payload: { discount_limit_bp: limitBp } satisfies LimitPayload,
      url: '/kasir/payment',
    });
    return true;
  });
  const now = await get(c);
  return pending ? { ...now, pending: true, message: APPROVAL_PENDING_MESSAGE } : { ...now, pending: false };
}

async function applyLimit(tx: Ctx, p: LimitPayload): Promise<void> {
  const before = await q.settingOf(tx.db, tx.branchId);
  await q.upsertSetting(tx.db, tx.branchId, before.is_pkp, p.discount_limit_bp);
  await audit(tx, {
    action: 'update',
    entity: 'kasir_setting',
    entityId: tx.branchId,
    before,
    after: { ...before, discount_limit_bp: p.discount_limit_bp },
  });
}

export const settingsApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  'kasir.change_limit': (tx, payload) => applyLimit(tx, payload as LimitPayload),
};
