import { type KasirSettingDto, type KasirSettingInput } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { audit } from '../../../lib/audit.js';
import * as q from '../queries.js';

/** The branch's cashier settings: PKP (PPN on items) and the discount limit above which approval is needed. */
export async function get(ctx: Ctx): Promise<KasirSettingDto> {
  const c = requireUser(ctx);
  const s = await q.settingOf(c.db, c.branchId);
  return { is_pkp: s.is_pkp, discount_limit_percent: s.discount_limit_bp / 100 };
}

export async function update(ctx: Ctx, input: KasirSettingInput): Promise<KasirSettingDto> {
  const c = requireUser(ctx);
  await inTransaction(c, async (tx) => {
    const before = await q.settingOf(tx.db, tx.branchId);
    await q.upsertSetting(tx.db, tx.branchId, input.is_pkp, Math.round(input.discount_limit_percent * 100));
    await audit(tx, { action: 'update', entity: 'kasir_setting', entityId: tx.branchId, before, after: input });
  });
  return get(c);
}
