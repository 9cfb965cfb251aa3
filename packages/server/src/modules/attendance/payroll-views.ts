import { fromSen } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { requireAccess } from '../../http/access-scope.js';
import { PAYROLL_RUN } from './entities.js';
import { secondPersonRefusal } from '../applog/index.js';
import * as q from './queries/index.js';
import { lineDto } from './payroll-dto.js';

/** Reading payroll runs (issue 15): one run with its lines and differences, the list, 'Gaji Saya'. */

export async function getRun(ctx: Ctx, id: number) {
  const me = requireUser(ctx).user;
  await requireAccess(ctx, PAYROLL_RUN, [id], 'read');
  const run = await q.runWithGroup(ctx.db, id);
  if (!run) throw notFound();
  const lines = await q.runLines(ctx.db, id);
  const dto = lines.map((l) => lineDto({ ...l.line, name: l.name, username: l.username }));
  const sum = (f: (l: (typeof lines)[number]['line']) => number) => fromSen(lines.reduce((s, l) => s + f(l.line), 0));
  const chain = await runChain(ctx, run.run);
  const superseding = chain.find((c) => c.corrects_run_id === run.run.id && c.status !== 0);
  const superseded_by = superseding?.id ?? null;
  const open_correction = chain.find((c) => c.corrects_run_id === run.run.id && c.status === 0)?.id ?? null;
  const labelOf = (id: number | null) => chain.find((c) => c.id === id)?.label ?? null;
  let differences: RunDifference[] = [];
  if (run.run.corrects_run_id !== null) {
    const before = await q.runLines(ctx.db, run.run.corrects_run_id);
    differences = runDifferences(
      before.map((b) => ({ ...b.line, name: b.name })),
      lines.map((l) => ({ ...l.line, name: l.name })),
    );
  }
  return {
    id: run.run.id,
    label: labelOf(run.run.id),
    corrects_run_id: run.run.corrects_run_id,
    corrects_label: labelOf(run.run.corrects_run_id),
    superseded_by,
    superseded_label: labelOf(superseded_by),
    open_correction,
    is_correction: run.run.corrects_run_id !== null,
    chain,
    differences,
    profile_id: run.run.profile_id,
    period: run.run.period,
    group: run.run.group_id,
    group_name: run.group,
    status: run.run.status,
    date_from: run.run.date_from,
    date_to: run.run.date_to,
    jurnal_id: run.run.jurnal_id,
    jurnal_code: run.jurnal_code,
    approved_at: run.run.approved_at,
    created_by: run.run.created_by,
    approved_by: run.run.approved_by,
    /** Why the caller may not approve this draft (its creator, or paid by it), or null (issue 25). */
    approve_refusal:
      run.run.status === 0
        ? secondPersonRefusal(
            me.id,
            run.run.created_by,
            lines.map((l) => l.line.user_id),
          )
        : null,
    totals: {
      earnings: sum((l) => l.earnings),
      deductions: sum((l) => l.deductions),
      bruto: sum((l) => l.bruto),
      pph21: sum((l) => l.pph21),
      bpjs_employee: sum((l) => l.jkn_employee + l.jht_employee + l.jp_employee),
      bpjs_employer: sum((l) => l.jkn_employer + l.jht_employer + l.jp_employer + l.jkk + l.jkm),
      net: sum((l) => l.net),
    },
    lines: dto,
  };
}

interface RunDifference {
  employee: number;
  name: string;
  before: { earnings: number; bruto: number; pph21: number; net: number } | null;
  after: { earnings: number; bruto: number; pph21: number; net: number } | null;
  diff: { earnings: number; bruto: number; pph21: number; net: number };
}

type LineRow = q.RunLineRow & { name: string };

/** Per employee: the corrected run's figures, the correction's, and the difference (rupiah). */
function runDifferences(before: LineRow[], after: LineRow[]): RunDifference[] {
  const ids = [...new Set([...before.map((l) => l.user_id), ...after.map((l) => l.user_id)])];
  const pick = (l: LineRow | undefined) => l && { earnings: l.earnings, bruto: l.bruto, pph21: l.pph21, net: l.net };
  const rp = (v: { earnings: number; bruto: number; pph21: number; net: number }) => ({
    earnings: fromSen(v.earnings),
    bruto: fromSen(v.bruto),
    pph21: fromSen(v.pph21),
    net: fromSen(v.net),
  });
  const zero = { earnings: 0, bruto: 0, pph21: 0, net: 0 };
  return ids
    .map((id) => {
      const b = before.find((l) => l.user_id === id);
      const a = after.find((l) => l.user_id === id);
      const x = pick(b) ?? zero;
      const y = pick(a) ?? zero;
      return {
        employee: id,
        name: (a ?? b)!.name,
        before: b ? rp(x) : null,
        after: a ? rp(y) : null,
        diff: rp({
          earnings: y.earnings - x.earnings,
          bruto: y.bruto - x.bruto,
          pph21: y.pph21 - x.pph21,
          net: y.net - x.net,
        }),
      };
    })
    .sort((p, q) => p.name.localeCompare(q.name));
}

/** Every run of the same branch, group and period, oldest first: the original and its corrections. */
/**
 * How a person names a run of a chain (issue 26 item 7: not '#12'): the original is 'Awal', the n-th correction
 * 'Koreksi n'; its journal by the journal's code.
 */
export function runLabel(position: number): string {
  return position === 0 ? 'Awal' : `Koreksi ${position}`;
}

async function runChain(ctx: Ctx, run: q.RunRow) {
  const rows = await q.runChain(ctx.db, { branch: run.profile_id, group: run.group_id, period: run.period });
  return rows.map(({ run: r, jurnal_code }, i) => ({
    id: r.id,
    label: runLabel(i),
    status: r.status,
    corrects_run_id: r.corrects_run_id,
    jurnal_id: r.jurnal_id,
    jurnal_code,
    approved_at: r.approved_at,
  }));
}

export async function listRuns(ctx: Ctx, f: { period?: string }) {
  requireUser(ctx);
  const rows = await q.listRuns(ctx.db, ctx.branchId, f.period);
  return rows.map((r) => ({
    id: r.run.id,
    period: r.run.period,
    group: r.run.group_id,
    group_name: r.group,
    status: r.run.status,
    corrects_run_id: r.run.corrects_run_id,
    label: runLabel(r.position),
    jurnal_id: r.run.jurnal_id,
    jurnal_code: r.jurnal_code,
  }));
}

/** 'Gaji Saya': the signed-in user's lines of approved runs. */
export async function mySlips(ctx: Ctx) {
  const u = requireUser(ctx).user;
  const rows = await q.approvedLinesOf(ctx.db, u.id);
  return rows.map((r) => ({
    run: r.run.id,
    period: r.run.period,
    group_name: r.group,
    ...lineDto({ ...r.line, name: r.name, username: r.username }),
  }));
}
