import { DEFAULT_PUNCH_IMPORT_MAX_DAYS, type ChecklogSettingDto, type ChecklogSettingInput } from '@klinik/shared';
import type { Db } from '../../db/client.js';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequestMany } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import * as q from './queries/index.js';
import { addDaysTo, type ParsedPunch } from './timeclock.js';

/**
 * The rules of a device-log import (issue 25 finding 7). The import is a back door around attendance corrections
 * (which wait for a manager's approval), so: only top-level users import (the endpoint's access), never a punch of
 * the importer's own attendance code, never a day older than the branch's limit (the owner's setting, default
 * DEFAULT_PUNCH_IMPORT_MAX_DAYS) nor a day after today. A file breaking a rule is refused whole, nothing written.
 * Each punch keeps its source ('device') and its importer (created_by); the audit row names the file's days.
 */

async function maxDays(db: Db, branch: number): Promise<number> {
  return (await q.punchImportMaxDays(db, branch)) ?? DEFAULT_PUNCH_IMPORT_MAX_DAYS;
}

/** Throws 400 (field 'file', one message per line, at most 50) when punches break the import rules. */
export async function checkPunchImport(ctx: Ctx, punches: ParsedPunch[]): Promise<void> {
  const u = requireUser(ctx).user;
  const today = await ctx.today();
  const days = await maxDays(ctx.db, ctx.branchId);
  const oldest = addDaysTo(today, -days);
  const own = await q.attendanceCodeOf(ctx.db, u.id);
  const errors: { message: string; field: string }[] = [];
  for (const p of punches) {
    if (own && p.code === own)
      errors.push({ message: `Baris ${p.line}: log absensi Anda sendiri tidak boleh Anda impor`, field: 'file' });
    else if (p.date < oldest)
      errors.push({
        message: `Baris ${p.line}: tanggal ${p.date} lebih lama dari batas impor cabang ini (${days} hari); ubah lewat koreksi absensi`,
        field: 'file',
      });
    else if (p.date > today)
      errors.push({ message: `Baris ${p.line}: tanggal ${p.date} belum terjadi`, field: 'file' });
  }
  if (errors.length) throw badRequestMany(errors.slice(0, 50));
}

export async function getSetting(ctx: Ctx): Promise<{ data: ChecklogSettingDto }> {
  return { data: { punch_import_max_days: await maxDays(ctx.db, ctx.branchId) } };
}

export async function saveSetting(ctx: Ctx, input: ChecklogSettingInput): Promise<{ data: ChecklogSettingDto }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const before = await maxDays(tx.db, tx.branchId);
    await q.setPunchImportMaxDays(tx.db, tx.branchId, input.punch_import_max_days, c.user.id);
    await audit(tx, {
      action: 'update',
      entity: 'attendance_setting',
      entityId: tx.branchId,
      before: { punch_import_max_days: before },
      after: { punch_import_max_days: input.punch_import_max_days },
    });
    return { data: { punch_import_max_days: input.punch_import_max_days } };
  });
}
