/**
 * Sharing rules (issue 29 item 1): list, create, change and resolve. The most specific rule in force on the date
 * wins: doctor (4) before treatment (2) before branch (1), summed, so each combination of named dimensions has its
 * own rank; two rules of the same doctor, treatment and branch whose dates overlap are refused by the database
 * (trigger sharing_rule_no_overlap, migration 0053), so a tie cannot exist. A rule already used by a fee line is
 * never rewritten: a change of its terms closes it the day before the change takes effect and continues it as a new
 * version (replaces_id). docs/decisions.md "Sharing rules".
 */
import {
  addDays,
  bpToPercent,
  formatDate,
  fromSen,
  isTopLevel,
  percentToBp,
  sharingRuleInput,
  toSen,
  type SharingBasis,
  type SharingKind,
  type SharingOptionsDto,
  type SharingResolveDto,
  type SharingResolveQuery,
  type SharingRuleDto,
  type SharingRuleInput,
  type SharingRuleQuery,
  type SharingTaxBase,
} from '@klinik/shared';
import { requireAccess } from '../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, conflict, constraintOf, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { SHARING_RULE } from './entities.js';
import * as q from './queries.js';

export const OVERLAP = 'Sudah ada aturan untuk dokter, tindakan dan cabang yang sama pada tanggal tersebut';
const EVERY_BRANCH = 'Aturan untuk semua cabang hanya dapat dibuat atau diubah oleh pemilik';

export function specificity(r: Pick<q.RuleRow, 'doctor_id' | 'perawatan_id' | 'profile_id'>): number {
  return (r.doctor_id ? 4 : 0) + (r.perawatan_id ? 2 : 0) + (r.profile_id ? 1 : 0);
}

export function ruleDto(r: q.RuleView): SharingRuleDto {
  return {
    id: r.id,
    doctor: r.doctor_id ? { id: r.doctor_id, name: r.doctorname ?? '-' } : null,
    perawatan: r.perawatan_id
      ? { id: r.perawatan_id, code: r.perawatancode ?? '', name: r.perawatanname ?? '-' }
      : null,
    branch: r.profile_id ? { id: r.profile_id, name: r.branchname ?? '-' } : null,
    kind: r.kind as SharingKind,
    value: r.kind === 'percent' ? bpToPercent(r.value) : fromSen(r.value),
    basis: r.basis as SharingBasis,
    min_fee: r.min_fee === null ? null : fromSen(r.min_fee),
    tax_base: r.tax_base as SharingTaxBase,
    effective_from: r.effective_from,
    effective_to: r.effective_to,
    note: r.note,
    replaces_id: r.replaces_id,
    used: r.used,
    specificity: specificity(r),
  };
}

const branchesOf = (c: Ctx) => (c.user && isTopLevel(c.user) ? null : [c.branchId]);

export async function listRules(ctx: Ctx, f: SharingRuleQuery): Promise<SharingRuleDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listRules(c.db, branchesOf(c), {
    doctor: (f.doctor as number | null | undefined) ?? null,
    perawatan: (f.perawatan as number | null | undefined) ?? null,
    date: f.date as string | undefined,
  });
  return rows.map(ruleDto);
}

type Parsed = ReturnType<typeof sharingRuleInput.parse>;

/** Checks what a rule names and gives the row to store (branch: the treatment's, else as asked). */
async function terms(c: Ctx, v: Parsed): Promise<Omit<q.NewRule, 'created_by'>> {
  const top = !!c.user && isTopLevel(c.user);
  if (v.doctor && !(await q.isDoctor(c.db, v.doctor))) throw badRequest('Dokter tidak ditemukan', 'doctor');
  let branch = v.branch ?? null;
  if (v.perawatan) {
    const p = await q.perawatanOf(c.db, v.perawatan);
    if (!p || (!top && p.profile_id !== c.branchId)) throw badRequest('Tindakan tidak ditemukan', 'perawatan');
    if (branch !== null && branch !== p.profile_id)
      throw badRequest('Tindakan ini milik cabang lain; kosongkan cabang atau pilih cabang tindakan', 'branch');
    branch = p.profile_id;
  }
  if (branch !== null && !(await q.branchExists(c.db, branch))) throw badRequest('Cabang tidak ditemukan', 'branch');
  if (!top && branch === null) throw badRequest(EVERY_BRANCH, 'branch');
  if (!top && branch !== c.branchId) throw badRequest('Cabang tidak ditemukan', 'branch');
  return {
    profile_id: branch,
    doctor_id: v.doctor ?? null,
    perawatan_id: v.perawatan ?? null,
    kind: v.kind,
    value: v.kind === 'percent' ? percentToBp(v.value) : toSen(v.value),
    basis: v.basis,
    min_fee: v.min_fee == null ? null : toSen(v.min_fee),
    tax_base: v.tax_base,
    effective_from: v.effective_from,
    effective_to: v.effective_to ?? null,
    note: v.note ?? null,
  };
}

/** The overlap trigger's refusal as 409 with the rule's words; anything else is rethrown. */
function overlapOr(err: unknown): never {
  if (constraintOf(err) === 'sharing_rule_no_overlap') throw conflict(OVERLAP);
  throw err;
}

export async function createRule(ctx: Ctx, input: SharingRuleInput): Promise<SharingRuleDto> {
  const c = requireUser(ctx);
  const v = sharingRuleInput.parse(input);
  const row = await inTransaction(c, async (tx) => {
    const t = await terms(tx, v);
    const r = await q.insertRule(tx.db, { ...t, created_by: c.user.id }).catch(overlapOr);
    await audit(tx, { action: 'create', entity: 'sharing_rule', entityId: r.id, after: r, profileId: r.profile_id });
    return r;
  });
  return ruleDto((await q.ruleView(c.db, row.id))!);
}

const TERM_KEYS = ['kind', 'value', 'basis', 'min_fee', 'tax_base', 'effective_from'] as const;
const WHO_KEYS = ['doctor_id', 'perawatan_id', 'profile_id'] as const;

export async function updateRule(ctx: Ctx, id: number, input: SharingRuleInput): Promise<SharingRuleDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SHARING_RULE, [id], 'write');
  const v = sharingRuleInput.parse(input);
  const outId = await inTransaction(c, async (tx) => {
    const old = await q.lockRule(tx.db, id);
    if (!old) throw notFound(SHARING_RULE.notFound);
    if (old.profile_id === null && !isTopLevel(c.user)) throw forbidden(EVERY_BRANCH);
    const t = await terms(tx, v);
    if (!(await q.ruleUsed(tx.db, id))) {
      await q.updateRule(tx.db, id, t).catch(overlapOr);
      await audit(tx, { action: 'update', entity: 'sharing_rule', entityId: id, before: old, after: t });
      return id;
    }
    // Used by fee lines: who it is for stays; a change of terms is a new version from its effective date.
    if (WHO_KEYS.some((k) => (old[k] ?? null) !== (t[k] ?? null)))
      throw badRequest(
        'Aturan ini sudah dipakai; dokter, tindakan dan cabang tidak dapat diubah. Buat aturan baru',
        'doctor',
      );
    if (!TERM_KEYS.some((k) => (old[k] ?? null) !== (t[k] ?? null))) {
      await q.updateRule(tx.db, id, { effective_to: t.effective_to, note: t.note }).catch(overlapOr);
      await audit(tx, { action: 'update', entity: 'sharing_rule', entityId: id, before: old, after: t });
      return id;
    }
    if (t.effective_from <= old.effective_from)
      throw badRequest(
        `Aturan ini sudah dipakai; perubahan berlaku sebagai versi baru mulai tanggal setelah ${old.effective_from}`,
        'effective_from',
      );
    await q.updateRule(tx.db, id, { effective_to: addDays(t.effective_from, -1) }).catch(overlapOr);
    const next = await q.insertRule(tx.db, { ...t, replaces_id: id, created_by: c.user.id }).catch(overlapOr);
    await audit(tx, { action: 'version', entity: 'sharing_rule', entityId: next.id, before: old, after: next });
    return next.id;
  });
  return ruleDto((await q.ruleView(c.db, outId))!);
}

/** The rule that applies to a doctor's treatment on a date, from the candidates of the treatment's branch. */
export async function pickRule(
  ctx: Ctx,
  k: { branch: number; doctor: number; perawatan: number; date: string },
): Promise<{ rule: q.RuleView | null; candidates: q.RuleView[] }> {
  const all = await q.candidates(ctx.db, k);
  const sorted = [...all].sort(
    (a, b) => specificity(b) - specificity(a) || b.effective_from.localeCompare(a.effective_from),
  );
  return { rule: sorted[0] ?? null, candidates: sorted };
}

const DIM = (r: q.RuleView) =>
  [
    r.doctor_id ? `dokter ${r.doctorname ?? r.doctor_id}` : 'semua dokter',
    r.perawatan_id ? `tindakan ${r.perawatanname ?? r.perawatan_id}` : 'semua tindakan',
    r.profile_id ? `cabang ${r.branchname ?? r.profile_id}` : 'semua cabang',
  ].join(', ');

export async function resolveRule(ctx: Ctx, input: SharingResolveQuery): Promise<SharingResolveDto> {
  const c = requireUser(ctx);
  const k = { doctor: Number(input.doctor), perawatan: Number(input.perawatan), date: String(input.date) };
  const p = await q.perawatanOf(c.db, k.perawatan);
  if (!p || (!isTopLevel(c.user) && p.profile_id !== c.branchId))
    throw badRequest('Tindakan tidak ditemukan', 'perawatan');
  if (!(await q.isDoctor(c.db, k.doctor))) throw badRequest('Dokter tidak ditemukan', 'doctor');
  const { rule, candidates } = await pickRule(c, { ...k, branch: p.profile_id });
  return {
    rule: rule ? ruleDto(rule) : null,
    reason: rule
      ? `Berlaku aturan #${rule.id} (${DIM(rule)}), aturan paling spesifik yang berlaku pada ${formatDate(k.date)}`
      : `Tidak ada aturan yang berlaku pada ${formatDate(k.date)}: jasa dokter mengikuti nilai tetap di master tindakan`,
    candidates: candidates.map((r) => ({
      rule: ruleDto(r),
      chosen: r.id === rule?.id,
      why:
        r.id === rule?.id
          ? `Dipilih: ${DIM(r)} (tingkat ${specificity(r)})`
          : `Kalah spesifik: ${DIM(r)} (tingkat ${specificity(r)} < ${specificity(rule!)})`,
    })),
  };
}

/** The doctors (every active doctor account) and this branch's active treatments, for the rule form. */
export async function options(ctx: Ctx): Promise<SharingOptionsDto> {
  const c = requireUser(ctx);
  const [doctors, perawatan] = await Promise.all([q.doctorOptions(c.db), q.perawatanOptions(c.db, c.branchId)]);
  return { doctors, perawatan };
}
