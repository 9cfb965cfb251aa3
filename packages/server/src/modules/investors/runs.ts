import {
  asSen,
  bpToPercent,
  devidenTax,
  formatRupiah,
  fromSen,
  hasValidTaxId,
  payablePartyOf,
  percentFloorRupiah,
  periodLabel,
  sumSen,
  toSen,
  type ApprovalAction,
  type DevidenBasis,
  type DevidenIncomeQuery,
  type DevidenIncomeRowDto,
  type DevidenRunDto,
  type DevidenRunInput,
  type DevidenRunLineDto,
  type DevidenRunQuery,
  type InvestorKind,
  type InvestorPartyType,
  type TaxTreatment,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { branchScope, requireAccess, requireOwnBranch } from '../../http/access-scope.js';
import { auto, postJournal, proceduresPaid, revenueOf, type PostingLine } from '../finance/index.js';
import { approvalRuleFor, pendingRequests, storeRequest, type ApprovalExecutor } from '../applog/index.js';
import { ownInvestorUser } from './access.js';
import { DEVIDEN_RUN } from './entities.js';
import * as q from './queries.js';

/**
 * Distribution runs (issue 29 part B): per branch and month, each deviden setting in force gives one line (the
 * investor's share of the branch's profit or revenue from the finance reports, or of the procedures paid at the till);
 * withholding follows the investor's tax treatment (`devidenTax`). A run waits for a second person
 * ('deviden.approve_run', mandatory); approval posts the journal in its transaction: Dr the treatment's account, Cr the
 * party's payable (party investor / rumahsakit / laboratorium, the payables payment endpoint pays it) and Cr the
 * withheld tax (party 'pajak', tax 'pph_investor').
 */
const ACTION: ApprovalAction = 'deviden.approve_run';

interface Snapshot {
  name: string;
  kind: InvestorKind;
  party_type: InvestorPartyType;
  tax_treatment: TaxTreatment;
  tax_id: string | null;
  notice: string | null;
}

export function monthRange(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}

function lineDto(l: q.RunLineListRow): DevidenRunLineDto {
  const s = l.investor_snapshot as Snapshot;
  return {
    id: l.id,
    setting: l.setting_id,
    investor: l.investor_id,
    investor_name: s.name,
    party_type: s.party_type,
    tax_treatment: s.tax_treatment,
    basis: l.basis as DevidenBasis,
    perawatan: l.perawatan_id,
    perawatan_name: l.perawatan_name,
    qty: l.qty,
    basis_amount: fromSen(asSen(l.basis_amount)),
    percent: l.percent_bp === null ? null : bpToPercent(l.percent_bp),
    unit_amount: l.unit_amount === null ? null : fromSen(asSen(l.unit_amount)),
    gross: fromSen(asSen(l.gross)),
    tax_kind: (l.tax_kind as 'pph23' | 'pph26' | null) ?? null,
    tax_rate: bpToPercent(l.tax_rate_bp),
    tax: fromSen(asSen(l.tax)),
    net: fromSen(asSen(l.net)),
    notice: s.notice,
  };
}

function runDto(r: q.RunRow, lines: q.RunLineListRow[]): DevidenRunDto {
  const total = (f: (l: q.RunLineListRow) => number) => fromSen(sumSen(lines.map((l) => asSen(f(l)))));
  return {
    id: r.id,
    profile_id: r.profile_id,
    period: r.period,
    status: r.status as 'pending' | 'approved',
    revenue: fromSen(asSen(r.revenue)),
    profit: fromSen(asSen(r.profit)),
    applog_id: r.applog_id,
    jurnal_id: r.jurnal_id,
    created_by: r.created_by,
    approved_by: r.approved_by,
    approved_at: r.approved_at,
    lines: lines.map(lineDto),
    totals: { gross: total((l) => l.gross), tax: total((l) => l.tax), net: total((l) => l.net) },
  };
}

/** Review: the runs of the branch (an investor sees the runs with a line of theirs, and only those lines). */
export async function listRuns(ctx: Ctx, query: DevidenRunQuery): Promise<DevidenRunDto[]> {
  const c = requireUser(ctx);
  const own = ownInvestorUser(c);
  const runs = await q.listRuns(c.db, { scope: branchScope(c), period: query.period, investorUser: own });
  const lines = await q.runLines(
    c.db,
    runs.map((r) => r.id),
    own,
  );
  return runs.map((r) =>
    runDto(
      r,
      lines.filter((l) => l.run_id === r.id),
    ),
  );
}

export async function getRun(ctx: Ctx, id: number): Promise<DevidenRunDto> {
  const c = requireUser(ctx);
  await requireAccess(c, DEVIDEN_RUN, [id], 'read');
  const run = await q.findRun(c.db, id);
  if (!run) throw notFound(DEVIDEN_RUN.notFound);
  const own = ownInvestorUser(c);
  const lines = await q.runLines(c.db, [id], own);
  if (own !== null && !lines.length) throw notFound(DEVIDEN_RUN.notFound);
  return runDto(run, lines);
}

/** Each setting's share of the month, with the figures behind it. */
async function computeLines(c: AuthedCtx, runId: number, period: string, settings: q.SettingRow[]) {
  const { from, to } = monthRange(period);
  const pl = await revenueOf(c, from, to);
  const revenue = toSen(pl.revenue);
  const profit = toSen(pl.net);
  const procs = settings.some((s) => s.basis === 'procedure') ? await proceduresPaid(c, from, to) : [];
  const investors = new Map(
    (await q.investorsByIds(c.db, [...new Set(settings.map((s) => s.investor_id))])).map((i) => [i.id, i]),
  );
  const lines = settings.map((s) => {
    const inv = investors.get(s.investor_id)!;
    let qty = 0;
    let basisAmount = 0;
    let gross = 0;
    if (s.basis === 'procedure') {
      // Sessions performed on the days the setting was in force within the month are not split: a setting in force
      // on any day of the month takes the month's procedures (settings change at month boundaries in practice).
      const p = procs.find((x) => x.perawatan === s.perawatan_id);
      qty = Math.max(0, p?.qty ?? 0);
      basisAmount = Math.max(0, p?.net ?? 0);
      gross = s.amount !== null ? s.amount * qty : percentFloorRupiah(basisAmount, s.percent_bp ?? 0);
    } else {
      basisAmount = Math.max(0, s.basis === 'profit' ? profit : revenue);
      gross = percentFloorRupiah(basisAmount, s.percent_bp ?? 0);
    }
    const partyType = inv.party_type as InvestorPartyType;
    const treatment = inv.tax_treatment as TaxTreatment;
    const t = devidenTax(partyType, treatment, hasValidTaxId(inv));
    const tax = t.kind ? percentFloorRupiah(gross, t.rateBp) : 0;
    const snapshot: Snapshot = {
      name: inv.name,
      kind: inv.kind as InvestorKind,
      party_type: partyType,
      tax_treatment: treatment,
      tax_id: inv.npwp ?? inv.nik ?? null,
      notice: t.notice,
    };
    return {
      run_id: runId,
      profile_id: c.branchId,
      period,
      setting_id: s.id,
      investor_id: s.investor_id,
      basis: s.basis,
      perawatan_id: s.perawatan_id,
      qty,
      basis_amount: basisAmount,
      percent_bp: s.percent_bp,
      unit_amount: s.amount,
      gross,
      tax_kind: t.kind,
      tax_rate_bp: t.kind ? t.rateBp : 0,
      tax,
      net: gross - tax,
      investor_snapshot: snapshot,
    };
  });
  return { revenue, profit, lines };
}

/**
 * POST /api/finance/deviden/runs: computes (or recomputes, while nobody has decided it) the branch's run of a month
 * that has ended and files it for approval. One run per branch and month, one line per setting and month (unique).
 */
export async function createRun(ctx: Ctx, input: DevidenRunInput): Promise<DevidenRunDto> {
  const c = requireUser(ctx);
  if (input.profile_id !== c.branchId) throw notFound('Cabang tidak ditemukan');
  const { from, to } = monthRange(input.period);
  if (to >= (await c.today()))
    throw badRequest('Periode belum berakhir; distribusi dihitung setelah akhir bulan', 'period');
  const id = await inTransaction(c, async (tx) => {
    const t = requireUser(tx);
    let run = await q.lockRunOf(tx.db, c.branchId, input.period);
    if (run?.status === 'approved') throw conflict('Distribusi periode ini sudah disetujui');
    if (run && (await pendingRequests(tx, ACTION, 'deviden_run', [run.id])).length)
      throw conflict('Distribusi periode ini masih menunggu persetujuan');
    const settings = await q.settingsInForce(tx.db, c.branchId, from, to);
    if (!settings.length) throw badRequest('Belum ada pengaturan deviden yang berlaku pada periode ini', 'period');
    if (!run) run = await q.insertRun(tx.db, { profile_id: c.branchId, period: input.period, created_by: c.user.id });
    else await q.deleteRunLines(tx.db, run.id);
    const computed = await computeLines(t, run.id, input.period, settings);
    await q.insertRunLines(tx.db, computed.lines);
    const gross = fromSen(sumSen(computed.lines.map((l) => asSen(l.gross))));
    const rule = await approvalRuleFor(t, ACTION);
    if (!rule) throw conflict('Aturan persetujuan distribusi deviden tidak ditemukan');
    const req = await storeRequest(tx, rule, {
      action: ACTION,
      message: `Distribusi investor ${periodLabel(input.period)}: ${formatRupiah(gross)}`,
      entity: 'deviden_run',
      entityId: run.id,
      payload: { run_id: run.id },
      url: '/finance/master/devidensetting',
    });
    const updated = await q.updateRun(tx.db, run.id, {
      revenue: computed.revenue,
      profit: computed.profit,
      applog_id: req.applog_id,
      created_by: c.user.id,
    });
    await audit(tx, { action: 'compute', entity: 'deviden_run', entityId: run.id, after: updated });
    return run.id;
  });
  return getRun(c, id);
}

/** Approval of 'deviden.approve_run' (by a second person: the engine refuses the requester): posts the journal. */
const approveRun: ApprovalExecutor = async (tx, payload, req) => {
  const c = requireUser(tx);
  const runId = Number((payload as { run_id?: unknown }).run_id);
  await requireOwnBranch(tx, DEVIDEN_RUN, [runId]);
  const run = await q.lockRun(tx.db, runId);
  if (!run || run.applog_id !== req.id) throw notFound(DEVIDEN_RUN.notFound);
  if (run.status === 'approved') throw conflict('Distribusi periode ini sudah disetujui');
  const lines = (await q.runLines(tx.db, [run.id])).filter((l) => l.gross > 0);
  const { to } = monthRange(run.period);
  let jurnalId: number | null = null;
  if (lines.length) {
    const posting: PostingLine[] = [];
    for (const l of lines) {
      const s = l.investor_snapshot as Snapshot;
      const what = `${s.name} ${l.perawatan_name ?? ''}`.trim();
      posting.push({
        akun: debitAccount(s.tax_treatment),
        description: `Bagi hasil ${what}`,
        debit: asSen(l.gross),
        credit: asSen(0),
      });
      if (l.tax > 0)
        posting.push({
          akun: auto(l.tax_kind === 'pph26' ? 'hutangPph26' : 'hutangPph23'),
          description: `${l.tax_kind === 'pph26' ? 'PPh 26' : 'PPh 23'} ${what}`,
          debit: asSen(0),
          credit: asSen(l.tax),
          party: {
            type: 'pajak',
            name: 'Kantor Pajak',
            tax: 'pph_investor',
            masa: run.period,
            recipient: { id: null, name: s.name, tax_id: s.tax_id },
          },
        });
      const party = payablePartyOf(s.kind);
      posting.push({
        akun: auto(party === 'investor' ? 'hutangInvestor' : 'hutangLabRumahSakit'),
        description: `Hutang bagi hasil ${what}`,
        debit: asSen(0),
        credit: asSen(l.net),
        party: { type: party, id: l.investor_id, name: s.name },
      });
    }
    const j = await postJournal(tx, {
      transaction_at: to,
      memo: `Distribusi investor ${periodLabel(run.period)}`,
      source_type: 'deviden_run',
      source_id: run.id,
      lines: posting.filter((p) => p.debit > 0 || p.credit > 0),
    });
    jurnalId = j.id;
  }
  const updated = await q.updateRun(tx.db, run.id, {
    status: 'approved',
    approved_by: c.user.id,
    approved_at: tx.now().toISOString(),
    jurnal_id: jurnalId,
  });
  await audit(tx, { action: 'approve', entity: 'deviden_run', entityId: run.id, before: run, after: updated });
};

function debitAccount(t: TaxTreatment): string {
  switch (t) {
    case 'dividend':
      return auto('dividenDibagikan');
    case 'interest':
      return auto('bebanBungaPinjaman');
    case 'equipment_rent':
      return auto('bebanSewaAlat');
    case 'partnership':
      return auto('bebanBagiHasilMitra');
  }
}

export const investorsApprovalExecutors: Partial<Record<ApprovalAction, ApprovalExecutor>> = {
  [ACTION]: approveRun,
};

/** '/finance/income/tindakanmedis/deviden': per procedure and period, what each investor earned from it. */
export async function devidenIncome(ctx: Ctx, query: DevidenIncomeQuery): Promise<DevidenIncomeRowDto[]> {
  const c = requireUser(ctx);
  if (query.to < query.from) throw badRequest('Tanggal akhir tidak boleh sebelum tanggal awal', 'to');
  const rows = await q.incomeByProcedure(c.db, {
    scope: branchScope(c),
    from: query.from,
    to: query.to,
    perawatan: query.perawatan,
    investorUser: ownInvestorUser(c),
  });
  return rows.map((r) => ({
    period: r.period,
    perawatan: r.perawatan ?? 0,
    perawatan_name: r.perawatan_name ?? '-',
    investor: r.investor,
    investor_name: r.investor_name,
    qty: r.qty,
    basis_amount: fromSen(asSen(r.basis_amount)),
    gross: fromSen(asSen(r.gross)),
    status: r.status as 'pending' | 'approved',
  }));
}
