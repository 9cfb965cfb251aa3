import { accessibleIds, inScope, requireAccess } from '../../../http/access-scope.js';
import { BRANCH } from '../../branches/index.js';
import { AKUN } from '../entities.js';
import {
  isTopLevel,
  NORMAL_SIDE_OF_CATEGORY,
  type AkunDto,
  type AkunInput,
  type AkunListQuery,
  type AkunUpdateInput,
  type ErrorItem,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../../http/context.js';
import { AppError, badRequest, badRequestMany, isUniqueViolation, notFound } from '../../../http/errors.js';
import { audit } from '../../../lib/audit.js';
import { ACCOUNT } from '../accounts.js';
import * as q from '../queries.js';
import { scopeOf } from './common.js';

const FIXED_CODES = new Set<string>(Object.values(ACCOUNT));

// ---------------------------------------------------------------- accounts

function parentMap(rows: q.AkunRow[]): Map<number, q.AkunRow> {
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Spec 7 GET /api/finance/akun: the chart with each account's balance (debit minus credit, shown on its side)
 * over the branch scope, as of the start of `fromdate` (journals dated before it) or to date. Header accounts
 * carry the sum of their descendants. istypegroup=1 lists only headers, 0 only detail accounts.
 */
export async function listAkun(ctx: Ctx, query: AkunListQuery): Promise<AkunDto[]> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const [rows, sums, posted] = await Promise.all([
    q.listAkun(c.db),
    q.sumsByAkun(c.db, scope, query.fromdate ? { before: query.fromdate } : {}),
    q.akunIdsWithPostings(c.db),
  ]);
  const parents = parentMap(rows);
  const net = new Map<number, number>();
  for (const r of rows) {
    const s = sums.get(r.id);
    if (!s) continue;
    const v = s.debit - s.credit;
    // Add to the account and every ancestor (headers roll up).
    let cur: q.AkunRow | undefined = r;
    const seen = new Set<number>();
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      net.set(cur.id, (net.get(cur.id) ?? 0) + v);
      cur = cur.parent_id ? parents.get(cur.parent_id) : undefined;
    }
  }
  const kw = query.keyword?.toLowerCase();
  return rows
    .filter((r) => query.istypegroup === undefined || r.isheader === (query.istypegroup === 1))
    .filter((r) => query.status === undefined || r.status === query.status)
    .filter((r) => inScope(scope, r.profile_id, true))
    .filter((r) => !kw || r.code.toLowerCase().includes(kw) || r.name.toLowerCase().includes(kw))
    .map((r) => q.toAkunDto(r, parents, net.get(r.id) ?? 0, posted.has(r.id)));
}

async function checkAkunFields(
  c: AuthedCtx,
  v: { code: string; category: number; isheader: boolean; parent_id: number | null; profile_id: number | null },
  selfId?: number,
): Promise<void> {
  const issues: ErrorItem[] = [];
  const same = await q.findAkunByCode(c.db, v.code);
  if (same && same.id !== selfId) issues.push({ message: `Kode akun ${v.code} sudah dipakai`, field: 'code' });
  if (v.parent_id !== null) {
    const parent = await q.findAkun(c.db, v.parent_id);
    if (!parent) issues.push({ message: 'Akun induk tidak ditemukan', field: 'parent_id' });
    else if (!parent.isheader) issues.push({ message: 'Akun induk harus akun header', field: 'parent_id' });
    else if (parent.profile_id !== null && parent.profile_id !== v.profile_id)
      issues.push({ message: 'Akun induk milik cabang lain', field: 'parent_id' });
    else if (parent.category !== v.category)
      issues.push({ message: 'Kategori akun harus sama dengan kategori akun induk', field: 'category' });
    else if (selfId !== undefined) {
      // No cycles: the new parent may not be the account itself or one of its descendants.
      const all = parentMap(await q.listAkun(c.db));
      let cur: q.AkunRow | undefined = parent;
      while (cur) {
        if (cur.id === selfId) {
          issues.push({ message: 'Akun induk tidak boleh akun ini sendiri atau turunannya', field: 'parent_id' });
          break;
        }
        cur = cur.parent_id ? all.get(cur.parent_id) : undefined;
      }
    }
  }
  // A branch's own account is written in that branch's part of the chart: the write rule of the branch entity.
  if (v.profile_id !== null && !(await accessibleIds(c, BRANCH, [v.profile_id], 'write')).size) {
    issues.push({ message: 'Akun khusus cabang hanya dapat dibuat untuk cabang Anda', field: 'profile_id' });
  }
  if (issues.length) throw badRequestMany(issues);
}

/**
 * Issue 8, finding 4: who may change the branch an existing account belongs to (profile_id), and when. A
 * chart-wide account (null) is posted to by every branch, so only the owner or a developer re-scopes an account,
 * never a branch user (who may still create accounts for its own branch, or chart-wide ones); an account is given to
 * one branch only while nothing ties it to another: no journal lines or opening balances of other branches, not one
 * of the fixed accounts the modules post to, not used by a (chart-wide) payment method or tax, no sub accounts.
 * Making an account chart-wide again (null) takes nothing from anyone.
 */
async function checkScopeChange(
  c: AuthedCtx,
  before: q.AkunRow,
  to: number | null,
  usage: { children: number; methods: number; taxes: number },
): Promise<void> {
  if (to === before.profile_id) return;
  if (!isTopLevel(c.user)) {
    throw new AppError(403, [
      { message: 'Hanya Owner atau Developer yang dapat mengubah cabang pemilik akun', field: 'profile_id' },
    ]);
  }
  if (to === null) return;
  const issues: ErrorItem[] = [];
  if (FIXED_CODES.has(before.code)) {
    issues.push({
      message: `Akun ${before.code} dipakai modul lain untuk semua cabang dan tidak dapat dikhususkan untuk satu cabang`,
      field: 'profile_id',
    });
  }
  if (usage.methods > 0 || usage.taxes > 0) {
    issues.push({
      message: 'Akun yang dipakai metode pembayaran atau pajak berlaku untuk semua cabang',
      field: 'profile_id',
    });
  }
  if (usage.children > 0) {
    issues.push({
      message: 'Akun header yang memiliki sub akun tidak dapat dikhususkan untuk satu cabang',
      field: 'profile_id',
    });
  }
  const outside = await q.akunUseOutside(c.db, before.id, to);
  if (outside.postings > 0 || outside.saldo > 0) {
    issues.push({
      message: 'Akun sudah memiliki transaksi cabang lain dan tidak dapat dikhususkan untuk satu cabang',
      field: 'profile_id',
    });
  }
  if (issues.length) throw badRequestMany(issues);
}

export async function createAkun(ctx: Ctx, input: AkunInput): Promise<AkunDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    const values = {
      code: input.code,
      name: input.name,
      category: input.category,
      isheader: input.isheader,
      parent_id: input.parent_id ?? null,
      normal: input.normal ?? NORMAL_SIDE_OF_CATEGORY[input.category],
      status: input.status,
      profile_id: input.profile_id ?? null,
      description: input.description ?? null,
    };
    await checkAkunFields({ ...c, db: tx.db }, values);
    let row: q.AkunRow;
    try {
      row = await q.insertAkun(tx.db, values);
    } catch (err) {
      if (isUniqueViolation(err, 'akun_code_idx')) throw badRequest(`Kode akun ${input.code} sudah dipakai`, 'code');
      throw err;
    }
    await audit(tx, { action: 'create', entity: 'akun', entityId: row.id, after: row });
    return q.toAkunDto(row, parentMap(await q.listAkun(tx.db)));
  });
}

export async function updateAkun(ctx: Ctx, id: number, input: AkunUpdateInput): Promise<AkunDto> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, AKUN, [id], 'write');
    // Locked: whether another branch has postings on it is decided on a row nobody changes meanwhile (issue 8).
    const before = await q.lockAkun(tx.db, id);
    if (!before) throw notFound(AKUN.notFound);
    const next = {
      code: input.code ?? before.code,
      name: input.name ?? before.name,
      category: input.category ?? before.category,
      isheader: input.isheader ?? before.isheader,
      parent_id: input.parent_id === undefined ? before.parent_id : input.parent_id,
      normal: input.normal ?? (input.category !== undefined ? NORMAL_SIDE_OF_CATEGORY[input.category] : before.normal),
      status: input.status ?? before.status,
      profile_id: input.profile_id === undefined ? before.profile_id : input.profile_id,
      description: input.description === undefined ? before.description : input.description,
    };
    const usage = await q.akunUsage(tx.db, id);
    const issues: ErrorItem[] = [];
    if (next.code !== before.code && FIXED_CODES.has(before.code)) {
      issues.push({ message: `Kode akun ${before.code} dipakai modul lain dan tidak dapat diubah`, field: 'code' });
    }
    if (usage.postings > 0) {
      if (next.code !== before.code)
        issues.push({ message: 'Kode akun yang sudah memiliki transaksi tidak dapat diubah', field: 'code' });
      if (next.category !== before.category)
        issues.push({ message: 'Kategori akun yang sudah memiliki transaksi tidak dapat diubah', field: 'category' });
      if (next.normal !== before.normal)
        issues.push({ message: 'Saldo normal akun yang sudah memiliki transaksi tidak dapat diubah', field: 'normal' });
    }
    if (next.isheader && !before.isheader && (usage.postings > 0 || usage.methods > 0 || usage.taxes > 0)) {
      issues.push({
        message: 'Akun yang sudah dipakai transaksi tidak dapat dijadikan akun header',
        field: 'isheader',
      });
    }
    if (!next.isheader && before.isheader && usage.children > 0) {
      issues.push({
        message: 'Akun header yang memiliki sub akun tidak dapat dijadikan akun detail',
        field: 'isheader',
      });
    }
    if (issues.length) throw badRequestMany(issues);
    await checkScopeChange({ ...c, db: tx.db }, before, next.profile_id, usage);
    await checkAkunFields({ ...c, db: tx.db }, next, id);
    let row: q.AkunRow | undefined;
    try {
      row = await q.updateAkun(tx.db, id, next);
    } catch (err) {
      if (isUniqueViolation(err, 'akun_code_idx')) throw badRequest(`Kode akun ${next.code} sudah dipakai`, 'code');
      throw err;
    }
    if (!row) throw notFound('Akun tidak ditemukan');
    await audit(tx, { action: 'update', entity: 'akun', entityId: id, before, after: row });
    return q.toAkunDto(row, parentMap(await q.listAkun(tx.db)), 0, usage.postings > 0);
  });
}

/** Deleting is only for accounts never used; an account with postings is deactivated instead. */
export async function deleteAkun(ctx: Ctx, id: number): Promise<{ id: number }> {
  const c = requireUser(ctx);
  return inTransaction(c, async (tx) => {
    await requireAccess(tx, AKUN, [id], 'write');
    const before = await q.findAkun(tx.db, id);
    if (!before) throw notFound(AKUN.notFound);
    const usage = await q.akunUsage(tx.db, id);
    if (usage.postings > 0 || usage.saldo > 0) {
      throw badRequest('Akun yang sudah memiliki transaksi tidak dapat dihapus; nonaktifkan akun ini');
    }
    if (FIXED_CODES.has(before.code))
      throw badRequest(`Akun ${before.code} dipakai modul lain dan tidak dapat dihapus`);
    if (usage.children > 0) throw badRequest('Akun yang memiliki sub akun tidak dapat dihapus');
    if (usage.methods > 0 || usage.taxes > 0)
      throw badRequest('Akun dipakai metode pembayaran atau pajak dan tidak dapat dihapus');
    await q.deleteAkun(tx.db, id);
    await audit(tx, { action: 'delete', entity: 'akun', entityId: id, before });
    return { id };
  });
}
