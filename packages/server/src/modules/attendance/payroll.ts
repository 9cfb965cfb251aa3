import {
  computeBpjs,
  isPtkpStatus,
  percentFloorRupiah,
  periodRange,
  pph21Annual,
  pph21BukanPegawai,
  pph21Ter,
  settingsAt,
  taxRulesFor,
  type DatedSetting,
  type EmploymentType,
  type PayrollRunInput,
  type PayrollSettingKey,
  type PtkpStatus,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.js';
import { branchScope, requireAccess, requireReference } from '../../http/access-scope.js';
import { PAYROLL_GROUP, PAYROLL_RUN } from './entities.js';
import { audit } from '../../lib/audit.js';
import { postJournal, reverseDocument } from '../finance/index.js';
import { payrollPostingLines } from './payroll-posting.js';
import { requireSecondPerson } from '../applog/index.js';
import * as q from './queries/index.js';
import { type LineDetail } from './payroll-dto.js';
import { daily } from './service.js';
import { addDaysTo } from './timeclock.js';
import { getRun } from './payroll-views.js';

export * from './payroll-setup.js';
export * from './payroll-views.js';

/**
 * Payroll (issue 15): components, groups ('Group Slip Gaji') and monthly runs. A run computes, per employee of the
 * group, gross from the base salary, components and attendance, BPJS (dated settings) and PPh 21 through the
 * shared engine; approving posts one journal through the posting service in the same transaction and locks it.
 */

async function settingRows(ctx: Ctx): Promise<DatedSetting[]> {
  const rows = await q.payrollSettings(ctx.db);
  return rows.map((r) => ({ key: r.key as PayrollSettingKey, from: r.berlaku_mulai, value: r.value }));
}

/**
 * THR keagamaan (Permenaker 6/2016 Pasal 3): one month's base salary after 12 months of service; from one month of
 * service, months of service / 12 of it (rounded down to whole sen); less than one full month, nothing. Service is
 * counted in whole months from the join date to the last day of the run's range. Without a join date: a full month.
 */
export function thrAmount(baseSen: number, joinDate: string | null, until: string): number {
  if (!joinDate) return baseSen;
  const [jy, jm, jd] = joinDate.split('-').map(Number);
  const [uy, um, ud] = until.split('-').map(Number);
  const months = (uy - jy) * 12 + (um - jm) - (ud < jd ? 1 : 0);
  if (months < 1) return 0;
  if (months >= 12) return baseSen;
  return Math.floor((baseSen * months) / 12);
}

/** Creates (or recomputes) the draft run of a group for a period. */
export async function createRun(ctx: Ctx, input: PayrollRunInput) {
  const u = requireUser(ctx).user;
  await requireReference(ctx, PAYROLL_GROUP, [input.group], 'group', 'Group slip gaji tidak ditemukan');
  const group = await q.findGroup(ctx.db, input.group);
  if (!group) throw badRequest('Group slip gaji tidak ditemukan', 'group');
  if (group.status !== 1) throw badRequest('Group slip gaji tidak aktif', 'group');
  const key = { branch: ctx.branchId, group: group.id, period: input.period };
  const [approved] = await q.runsWithStatus(ctx.db, key, 1);
  if (approved)
    throw conflict(
      `Penggajian ${input.period} untuk group ${group.name} sudah disetujui; gunakan Buat Koreksi`,
      'period',
    );
  const { range, lines } = await computeLines(ctx, group, input.period);

  const id = await inTransaction(ctx, async (tx) => {
    const drafts = await q.runsWithStatus(tx.db, key, 0);
    for (const d of drafts) await q.deleteRun(tx.db, d.id);
    const run = await q.insertRun(
      tx.db,
      {
        profile_id: ctx.branchId,
        group_id: group.id,
        period: input.period,
        status: 0,
        date_from: range.from,
        date_to: range.to,
        created_by: u.id,
      },
      lines,
    );
    await audit(tx, {
      action: 'create',
      entity: 'payroll_run',
      entityId: run.id,
      after: { ...input, lines: lines.length },
    });
    return run.id;
  });
  return getRun(ctx, id);
}

/**
 * 'Buat Koreksi': a new draft run for the period and group of an approved (current) run, recomputed from the data
 * as it is now, naming the run it corrects. At most one open correction per run and one draft per group and period
 * (partial unique indexes): a second, even a concurrent one, answers 409.
 */
export async function createCorrection(ctx: Ctx, id: number, opts: { replace?: number } = {}) {
  const u = requireUser(ctx).user;
  await requireAccess(ctx, PAYROLL_RUN, [id], 'write');
  const orig = await q.findRun(ctx.db, id);
  if (!orig) throw notFound();
  if (orig.status !== 1) throw conflict('Hanya penggajian yang disetujui dan masih berlaku yang dapat dikoreksi');
  const [open] = await q.runsWithStatus(
    ctx.db,
    { branch: orig.profile_id, group: orig.group_id, period: orig.period },
    0,
  );
  if (open && open.id !== opts.replace) throw conflict(`Masih ada koreksi draft #${open.id} untuk penggajian ini`);
  const group = await q.findGroup(ctx.db, orig.group_id);
  const { range, lines } = await computeLines(ctx, group, orig.period);
  let newId: number;
  try {
    newId = await inTransaction(ctx, async (tx) => {
      // 'Hitung Ulang' of an open correction draft: computed again from the data as it is now (a draft is not history).
      if (open) await removeDraft(tx, open.id, 'recompute');
      const run = await q.insertRun(
        tx.db,
        {
          profile_id: orig.profile_id,
          group_id: orig.group_id,
          period: orig.period,
          status: 0,
          date_from: range.from,
          date_to: range.to,
          created_by: u.id,
          corrects_run_id: orig.id,
        },
        lines,
      );
      await audit(tx, {
        action: 'create',
        entity: 'payroll_run',
        entityId: run.id,
        after: { corrects_run_id: orig.id, period: orig.period, group: orig.group_id, lines: lines.length },
      });
      return run.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Masih ada koreksi draft untuk penggajian ini');
    throw err;
  }
  return getRun(ctx, newId);
}

/** Deletes a draft run and its lines (drafts are work in progress, never posted), audited. */
async function removeDraft(tx: Ctx, id: number, why: 'recompute' | 'discard') {
  const run = await q.lockRun(tx.db, id);
  if (!run) throw notFound();
  if (run.status !== 0) throw conflict('Hanya proses gaji draft yang dapat dibuang');
  await q.deleteRun(tx.db, id);
  await audit(tx, {
    action: why === 'discard' ? 'delete' : 'recompute',
    entity: 'payroll_run',
    entityId: id,
    before: { period: run.period, group: run.group },
  });
}

/** 'Hitung Ulang': a draft (first run or correction) computed again from today's data, replacing it. */
export async function recomputeDraft(ctx: Ctx, id: number) {
  await requireAccess(ctx, PAYROLL_RUN, [id], 'write');
  const run = await q.findRun(ctx.db, id);
  if (!run) throw notFound();
  if (run.status !== 0) throw conflict('Hanya proses gaji draft yang dapat dihitung ulang');
  if (run.corrects_run_id !== null) return createCorrection(ctx, run.corrects_run_id, { replace: run.id });
  return createRun(ctx, { period: run.period, group: run.group_id });
}

/** Discards a draft run (a first draft or a correction draft); approved runs stay forever. */
export async function discardDraft(ctx: Ctx, id: number) {
  await requireAccess(ctx, PAYROLL_RUN, [id], 'write');
  await inTransaction(ctx, (tx) => removeDraft(tx, id, 'discard'));
  return { id };
}

/** The lines of a group's run for a period, computed from the data as it is now (nothing written). */
async function computeLines(ctx: Ctx, group: q.GroupRow, period: string) {
  if (group.status !== 1) throw badRequest('Group slip gaji tidak aktif', 'group');
  const input = { period, group: group.id };
  const today = await ctx.today();
  const range = periodRange(input.period, group.cutoff_day);
  if (range.from > today) throw badRequest('Periode belum dimulai', 'period');
  const year = Number(input.period.slice(0, 4));
  const month = Number(input.period.slice(5, 7));
  const rules = taxRulesFor(year);
  let settings;
  try {
    settings = settingsAt(await settingRows(ctx), range.to);
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : String(err), 'period');
  }

  const memberIds = await q.groupMemberIds(ctx.db, group.id);
  const people = (await q.listEmployees(ctx.db, branchScope(ctx), { ids: memberIds, activeOnly: true }))
    .map((r) => r as q.EmployeeRow)
    .filter((p) => (!p.join_date || p.join_date <= range.to) && (!p.end_date || p.end_date >= range.from));
  if (!people.length) throw badRequest('Group ini belum punya pegawai aktif', 'group');
  const comps = await q.activeComponentsOfGroup(ctx.db, group.id);

  // Attendance of the range (days up to today).
  const counts = new Map<number, { days: number; late: number; missing: number }>(
    people.map((p) => [p.id, { days: 0, late: 0, missing: 0 }]),
  );
  for (let d = range.from; d <= range.to && d <= today; d = addDaysTo(d, 1)) {
    for (const r of await daily(ctx, { date: d })) {
      const c = counts.get(r.employee);
      if (!c) continue;
      if (r.status === 'hadir' || r.status === 'terlambat' || r.status === 'belum_pulang') c.days += 1;
      c.late += r.late_minutes;
      if (r.missing_checkout) c.missing += 1;
    }
  }

  // What earlier approved runs of the year paid and withheld.
  const prior = await q.priorOfYear(
    ctx.db,
    people.map((p) => p.id),
    year,
    input.period,
  );

  const lines = people.map((p) => {
    const c = counts.get(p.id)!;
    const base = p.base_salary ?? 0;
    const employment = (p.employment ?? 'tetap') as EmploymentType;
    const ptkp: PtkpStatus = isPtkpStatus(p.ptkp) ? p.ptkp : 'TK/0';
    const parts = comps.map((k) => {
      let amount = 0;
      if (k.method === 'fixed') amount = k.amount;
      else if (k.method === 'per_day') amount = k.amount * c.days;
      else if (k.method === 'per_late_minute') amount = k.amount * c.late;
      else if (k.method === 'thr') amount = thrAmount(base, p.join_date, range.to);
      else amount = percentFloorRupiah(base, k.rate_bp);
      return { name: k.name, kind: k.kind, amount, taxable: k.taxable, bpjs: k.bpjs_base };
    });
    const earnings = base + parts.filter((x) => x.kind === 'earning').reduce((s, x) => s + x.amount, 0);
    const otherDeductions = parts.filter((x) => x.kind === 'deduction').reduce((s, x) => s + x.amount, 0);
    const taxableEarnings =
      base +
      parts.filter((x) => x.kind === 'earning' && x.taxable).reduce((s, x) => s + x.amount, 0) -
      parts.filter((x) => x.kind === 'deduction' && x.taxable).reduce((s, x) => s + x.amount, 0);
    const bpjsWage = base + parts.filter((x) => x.kind === 'earning' && x.bpjs).reduce((s, x) => s + x.amount, 0);
    const bpjs = employment === 'bukan_pegawai' ? null : computeBpjs(bpjsWage, settings);
    const bruto = Math.max(0, taxableEarnings) + (bpjs?.taxableBenefit ?? 0);
    const pr = prior.find((x) => x.user_id === p.id);
    const leaving = !!p.end_date && p.end_date.slice(0, 7) === input.period;
    const lastPeriod = employment === 'tetap' && (month === 12 || leaving);
    let pph21: number;
    let method: string;
    let rateBp: number;
    let annual: LineDetail['annual'] = null;
    if (employment === 'bukan_pegawai') {
      const r = pph21BukanPegawai(bruto, rules, p); // per payment (PMK 168/2023), NIK/NPWP of the employee row
      pph21 = r.pph21;
      rateBp = r.rateBp;
      method = 'pasal17_50';
    } else if (lastPeriod) {
      const startMonth = pr?.first_period
        ? Number(pr.first_period.slice(5, 7))
        : p.join_date && p.join_date.slice(0, 4) === String(year)
          ? Number(p.join_date.slice(5, 7))
          : month;
      annual = pph21Annual(
        {
          ptkp,
          brutoSetahun: (pr?.bruto ?? 0) + bruto,
          iuranPensiun: (pr?.iuran ?? 0) + (bpjs?.iuranPensiun ?? 0),
          monthsWorked: Math.max(1, month - Math.min(startMonth, month) + 1),
          dipotong: pr?.pph21 ?? 0,
        },
        rules,
      );
      pph21 = annual.pph21;
      rateBp = 0;
      method = 'pasal17_tahunan';
    } else {
      const r = pph21Ter(bruto, ptkp, rules);
      pph21 = r.pph21;
      rateBp = r.rateBp;
      method = 'ter';
    }
    const employeeBpjs = bpjs?.employeeTotal ?? 0;
    const deductions = otherDeductions + employeeBpjs + pph21;
    const detail: LineDetail = {
      components: [
        { name: 'Gaji pokok', kind: 'earning', amount: base, taxable: true },
        ...parts.map((x) => ({ name: x.name, kind: x.kind, amount: x.amount, taxable: x.taxable })),
      ],
      days_present: c.days,
      late_minutes: c.late,
      missing_checkout: c.missing,
      last_period: lastPeriod,
      annual,
    };
    return {
      user_id: p.id,
      employment,
      ptkp,
      base_salary: base,
      earnings,
      deductions,
      bruto,
      jkn_employer: bpjs?.jknEmployer ?? 0,
      jkn_employee: bpjs?.jknEmployee ?? 0,
      jht_employer: bpjs?.jhtEmployer ?? 0,
      jht_employee: bpjs?.jhtEmployee ?? 0,
      jp_employer: bpjs?.jpEmployer ?? 0,
      jp_employee: bpjs?.jpEmployee ?? 0,
      jkk: bpjs?.jkk ?? 0,
      jkm: bpjs?.jkm ?? 0,
      pph21,
      pph21_method: method,
      pph21_rate_bp: rateBp,
      net: earnings - deductions,
      detail: JSON.stringify(detail),
    };
  });
  return { range, lines };
}

/**
 * Approves a draft: one journal through the posting service in the same transaction, then the run is locked. A
 * correction reverses the stored journal lines of the runs it replaces (finance reverseDocument) and posts its own
 * figures whole; the run it corrects becomes superseded (status 2, still locked, its journal kept and reversed).
 */
export async function approveRun(ctx: Ctx, id: number) {
  const u = requireUser(ctx).user;
  await requireAccess(ctx, PAYROLL_RUN, [id], 'write');
  const run = await getRun(ctx, id);
  if (run.status !== 0) throw conflict('Penggajian ini sudah disetujui');
  // Separation of duties (issue 25): neither the run's creator nor anyone it pays approves it.
  requireSecondPerson(
    u.id,
    run.created_by,
    run.lines.map((l) => l.employee),
  );
  const today = await ctx.today();
  const date = run.date_to <= today ? run.date_to : today;
  const corrected = run.corrects_run_id === null ? null : await getRun(ctx, run.corrects_run_id);
  if (corrected && corrected.status !== 1) throw conflict('Penggajian yang dikoreksi sudah tidak berlaku');
  const memo = `${corrected ? 'Koreksi gaji' : 'Gaji'} ${run.period} ${run.group_name}`;
  const posting = payrollPostingLines(run);
  if (!posting.length && !corrected) throw badRequest('Penggajian bernilai nol tidak dapat disetujui');
  await inTransaction(ctx, async (tx) => {
    if (corrected) {
      // First the corrected run leaves the 'one approved run per group and period' index, then this one enters it.
      if (!(await q.supersedeRun(tx.db, corrected.id))) throw conflict('Penggajian yang dikoreksi sudah tidak berlaku');
      // What the runs before it posted is reversed from the stored lines (issue 28 item 8), then this run posts whole.
      for (const r of await q.runChain(tx.db, { branch: run.profile_id, group: run.group, period: run.period }))
        if (r.run.id !== run.id)
          await reverseDocument(tx, { source_type: 'payroll_run', source_id: r.run.id, transaction_at: date, memo });
    }
    const jurnal = posting.length
      ? await postJournal(tx, {
          transaction_at: date,
          memo,
          source_type: 'payroll_run',
          source_id: run.id,
          lines: posting,
        })
      : null;
    if (!(await q.markRunApproved(tx.db, run.id, jurnal?.id ?? null, u.id)))
      throw conflict('Penggajian ini sudah disetujui');
    await audit(tx, {
      action: 'approve',
      entity: 'payroll_run',
      entityId: run.id,
      after: { jurnal_id: jurnal?.id ?? null, corrects_run_id: run.corrects_run_id },
    });
  });
  return getRun(ctx, id);
}
