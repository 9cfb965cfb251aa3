/**
 * Doctor payout runs (issue 29 item 3). A run takes the branch's payable fee lines (clawbacks included) up to its
 * cut-off that no run holds, per doctor; PPh 21 bukan pegawai per PMK 168/2023 on each doctor's summed tax base
 * (`pph21BukanPegawai`, the doctor's NIK/NPWP from the employee record). Finance may exclude a line with a reason
 * before approval (it waits for a later run). Approval ('sharing.approve_run', mandatory, never the run's maker)
 * posts one journal: Dr Hutang Dokter (a debit note per doctor) / Cr Hutang PPh 21 (tax pph_doctor, masa the
 * period), so the doctor's open 2102 items net to the net pay, which POST /api/finance/hutang/payments pays.
 */
import {
  asSen,
  bpToPercent,
  formatRupiah,
  fromSen,
  periodLabel,
  pph21BukanPegawai,
  sumSen,
  taxRulesFor,
  toSen,
  type ApprovalAction,
  type SharingRunDoctorDto,
  type SharingRunDto,
  type SharingRunExcludeInput,
  type SharingRunInput,
  type SharingRunQuery,
} from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { branchScope, requireAccess, requireOwnBranch } from '../../http/access-scope.js';
import { audit } from '../../lib/audit.js';
import { auto, postJournal, type PostingLine } from '../finance/index.js';
import {
  approvalRuleFor,
  decideRequest,
  pendingRequests,
  storeRequest,
  type ApprovalExecutor,
} from '../applog/index.js';
import { SHARING_RUN } from './entities.js';
import { markPaid } from './queries.js';
import * as q from './queries/runs.js';

const ACTION: ApprovalAction = 'sharing.approve_run';

function monthEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Per doctor: the lines, gross, tax base and the PMK 168 withholding on the summed tax base. */
async function computeDoctors(c: Ctx, period: string, lines: q.RunLineRow[]): Promise<SharingRunDoctorDto[]> {
  const ids = [...new Set(lines.map((l) => l.doctor_id))];
  const who = new Map((await q.doctorsTax(c.db, ids)).map((d) => [d.id, d]));
  const rules = taxRulesFor(Number(period.slice(0, 4)));
  return ids.map((id) => {
    const own = lines.filter((l) => l.doctor_id === id);
    const d = who.get(id);
    const gross = sumSen(own.map((l) => asSen(l.payable)));
    const taxBase = sumSen(own.map((l) => asSen(l.tax_base)));
    const tax = pph21BukanPegawai(Math.max(0, taxBase), rules, d ? { nik: d.nik, npwp: d.npwp } : null);
    const pph = taxBase > 0 ? tax.pph21 : 0;
    return {
      doctor: id,
      doctor_name: d?.name ?? '',
      tax_id: d?.npwp ?? d?.nik ?? null,
      lines: own.map((l) => ({
        id: l.id,
        visit: l.visit_id,
        perawatan: l.perawatan_id,
        perawatan_name: l.perawatan_name,
        service_date: l.service_date,
        share: fromSen(asSen(l.payable)),
        tax_base: fromSen(asSen(l.tax_base)),
        clawback_of: l.clawback_of,
      })),
      gross: fromSen(gross),
      tax_base: fromSen(taxBase),
      dpp: fromSen(asSen(tax.dpp)),
      rate: bpToPercent(taxBase > 0 ? tax.rateBp : 0),
      surcharge: bpToPercent(tax.surchargeBp),
      pph21: fromSen(asSen(pph)),
      net: fromSen(asSen(gross - pph)),
    };
  });
}

async function toDto(c: Ctx, r: q.RunRow): Promise<SharingRunDto> {
  const doctors =
    r.status === 'approved'
      ? ((r.doctors as SharingRunDoctorDto[] | null) ?? [])
      : await computeDoctors(c, r.period, await q.runLines(c.db, r.id, 'payable'));
  const sum = (f: (d: SharingRunDoctorDto) => number) => fromSen(sumSen(doctors.map((d) => toSen(f(d)))));
  return {
    id: r.id,
    period: r.period,
    cutoff: r.cutoff,
    status: r.status as 'open' | 'approved',
    applog_id: r.applog_id,
    requested_by: r.status === 'open' ? await q.pendingRequester(c.db, r.applog_id) : null,
    jurnal_id: r.jurnal_id,
    created_by: r.created_by,
    approved_by: r.approved_by,
    approved_at: r.approved_at,
    doctors,
    excluded: await q.exclusions(c.db, r.id),
    totals: { gross: sum((d) => d.gross), pph21: sum((d) => d.pph21), net: sum((d) => d.net) },
  };
}

export async function listRuns(ctx: Ctx, query: SharingRunQuery): Promise<SharingRunDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listRuns(c.db, branchScope(c), query.period);
  const out: SharingRunDto[] = [];
  for (const r of rows) out.push(await toDto(c, r));
  return out;
}

export async function getRun(ctx: Ctx, id: number): Promise<SharingRunDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SHARING_RUN, [id], 'read');
  const run = await q.findRun(c.db, id);
  if (!run) throw notFound(SHARING_RUN.notFound);
  return toDto(c, run);
}

/** POST /api/finance/sharing/runs: the branch's open run of a month, with the payable lines up to the cut-off. */
export async function createRun(ctx: Ctx, input: SharingRunInput): Promise<SharingRunDto> {
  const c = requireUser(ctx);
  const today = await c.today();
  const start = `${input.period}-01`;
  const end = monthEnd(input.period);
  if (start > today) throw badRequest('Periode belum dimulai', 'period');
  const cutoff = input.cutoff ?? (end < today ? end : today);
  if (cutoff < start || cutoff > end) throw badRequest('Tanggal batas harus di dalam periode', 'cutoff');
  if (cutoff > today) throw badRequest('Tanggal batas tidak boleh setelah hari ini', 'cutoff');
  const id = await inTransaction(c, async (tx) => {
    const run = await q.insertRun(tx.db, {
      profile_id: c.branchId,
      period: input.period,
      cutoff,
      created_by: c.user.id,
    });
    if (!run) {
      const open = await q.openRunOf(tx.db, c.branchId, input.period);
      throw conflict(`Perhitungan jasa dokter periode ini masih terbuka (#${open?.id ?? '-'})`);
    }
    const lines = await q.claimLines(tx.db, run.id, c.branchId, cutoff);
    if (!lines.length) throw badRequest('Tidak ada jasa dokter yang siap dibayar sampai tanggal batas', 'period');
    await audit(tx, { action: 'create', entity: 'sharing_run', entityId: run.id, after: { ...run, lines } });
    return run.id;
  });
  return getRun(c, id);
}

/** POST /api/finance/sharing/runs/{id}/exclude: a line out of an open run, with the reason (a later run takes it). */
export async function excludeLine(ctx: Ctx, input: SharingRunExcludeInput): Promise<SharingRunDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SHARING_RUN, [input.id], 'write');
  await inTransaction(c, async (tx) => {
    const run = await q.lockRun(tx.db, input.id);
    if (!run) throw notFound(SHARING_RUN.notFound);
    if (run.status !== 'open') throw conflict('Perhitungan ini sudah disetujui');
    if ((await pendingRequests(tx, ACTION, 'sharing_run', [run.id])).length)
      throw conflict('Perhitungan ini sedang menunggu persetujuan');
    if (!(await q.releaseLine(tx.db, run.id, input.line)))
      throw badRequest('Baris ini tidak ada dalam perhitungan', 'line');
    await q.insertExclusion(tx.db, {
      run_id: run.id,
      line_id: input.line,
      reason: input.reason,
      created_by: c.user.id,
    });
    await audit(tx, {
      action: 'exclude',
      entity: 'sharing_run',
      entityId: run.id,
      after: { line: input.line, reason: input.reason },
    });
  });
  return getRun(c, input.id);
}

export type ApproveOutcome =
  { pending: true; applog_id: number; message: string } | { pending: false; data: SharingRunDto };

/**
 * POST /api/finance/sharing/runs/{id}/approve: files the approval request (202) or, by a second person who may
 * decide it (never the run's maker nor the requester: 403), approves it through the engine.
 */
export async function approveRun(ctx: Ctx, id: number): Promise<ApproveOutcome> {
  const c = requireUser(ctx);
  await requireAccess(c, SHARING_RUN, [id], 'write');
  const run = await q.findRun(c.db, id);
  if (!run) throw notFound(SHARING_RUN.notFound);
  if (run.status !== 'open') throw conflict('Perhitungan ini sudah disetujui');
  const [open] = await pendingRequests(c, ACTION, 'sharing_run', [id]);
  if (open) {
    if (run.created_by === c.user.id)
      throw forbidden('Pembuat perhitungan jasa dokter tidak dapat menyetujuinya sendiri');
    await decideRequest(c, open.id, { status: 1 });
    return { pending: false, data: await getRun(c, id) };
  }
  const preview = await toDto(c, run);
  if (!preview.doctors.length) throw conflict('Perhitungan ini tidak memuat jasa dokter lagi');
  return inTransaction(c, async (tx) => {
    const rule = await approvalRuleFor(requireUser(tx), ACTION);
    if (!rule) throw conflict('Aturan persetujuan pembayaran jasa dokter tidak ditemukan');
    const req = await storeRequest(tx, rule, {
      action: ACTION,
      message: `Jasa dokter ${periodLabel(run.period)}: ${formatRupiah(preview.totals.net)} bersih`,
      entity: 'sharing_run',
      entityId: id,
      payload: { run_id: id },
      subjectUserId: run.created_by,
      url: '/finance/sharingprofit',
    });
    await q.updateRun(tx.db, id, { applog_id: req.applog_id });
    return req;
  });
}

/** Approval of 'sharing.approve_run': the withholding journal, the lines paid, the figures frozen on the run. */
const executeApproval: ApprovalExecutor = async (tx, payload, req) => {
  const c = requireUser(tx);
  const runId = Number((payload as { run_id?: unknown }).run_id);
  await requireOwnBranch(tx, SHARING_RUN, [runId]);
  const run = await q.lockRun(tx.db, runId);
  if (!run || run.applog_id !== req.id) throw notFound(SHARING_RUN.notFound);
  if (run.status !== 'open') throw conflict('Perhitungan ini sudah disetujui');
  const lines = await q.runLines(tx.db, run.id, 'payable');
  if (!lines.length) throw conflict('Perhitungan ini tidak memuat jasa dokter lagi');
  const doctors = await computeDoctors(tx, run.period, lines);
  const posting: PostingLine[] = [];
  for (const d of doctors) {
    const pph = toSen(d.pph21);
    if (pph <= 0) continue;
    posting.push({
      akun: auto('hutangDokter'),
      description: `PPh 21 dipotong dari jasa ${d.doctor_name} ${periodLabel(run.period)}`,
      debit: pph,
      credit: asSen(0),
      party: { type: 'doctor', id: d.doctor, name: d.doctor_name },
    });
    posting.push({
      akun: auto('hutangPph21'),
      description: `PPh 21 jasa dokter ${d.doctor_name}`,
      debit: asSen(0),
      credit: pph,
      party: {
        type: 'pajak',
        name: 'Kantor Pajak',
        tax: 'pph_doctor',
        masa: run.period,
        recipient: { id: d.doctor, name: d.doctor_name, tax_id: d.tax_id },
      },
    });
  }
  let jurnalId: number | null = null;
  if (posting.length) {
    const j = await postJournal(tx, {
      transaction_at: run.cutoff,
      memo: `PPh 21 jasa dokter ${periodLabel(run.period)}`,
      source_type: 'sharing_run',
      source_id: run.id,
      lines: posting,
    });
    jurnalId = j.id;
  }
  await markPaid(
    tx.db,
    lines.map((l) => l.id),
    run.id,
  );
  const updated = await q.updateRun(tx.db, run.id, {
    status: 'approved',
    doctors,
    jurnal_id: jurnalId,
    approved_by: c.user.id,
    approved_at: tx.now().toISOString(),
  });
  await audit(tx, { action: 'approve', entity: 'sharing_run', entityId: run.id, before: run, after: updated });
};

export const sharingApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  [ACTION]: executeApproval,
};
