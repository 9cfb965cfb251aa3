import { escapeHtml, formatRupiah, periodLabel, terbilang } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { getRun } from './payroll.js';
import * as q from './queries/index.js';

/**
 * Payslips (issue 15 item 5): one page per employee of an approved run, as PDF through the warm browser
 * (ctx.services.pdf). HR prints one or all; an employee gets only their own ('Gaji Saya').
 */

type Run = Awaited<ReturnType<typeof getRun>>;
type Line = Run['lines'][number];

const esc = escapeHtml;
const rp = (v: number) => esc(formatRupiah(v));

const EMPLOYMENT: Record<string, string> = {
  tetap: 'Pegawai tetap',
  tidak_tetap: 'Pegawai tidak tetap',
  bukan_pegawai: 'Bukan pegawai',
};

function slipHtml(branch: { name: string; address: string | null; phone: string | null }, run: Run, l: Line): string {
  const row = (label: string, v: number) => `<tr><td>${esc(label)}</td><td class="num">${rp(v)}</td></tr>`;
  const earnings = l.components.filter((c) => c.kind === 'earning');
  const others = l.components.filter((c) => c.kind === 'deduction');
  const bpjsEmployee = [
    ['BPJS Kesehatan (1%)', l.bpjs.jkn_employee],
    ['BPJS JHT (2%)', l.bpjs.jht_employee],
    ['BPJS JP (1%)', l.bpjs.jp_employee],
  ] as const;
  const employer = l.bpjs.jkn_employer + l.bpjs.jht_employer + l.bpjs.jp_employer + l.bpjs.jkk + l.bpjs.jkm;
  const pphLabel =
    l.pph21_method === 'ter'
      ? `PPh 21 (TER ${l.pph21_rate}%)`
      : l.pph21_method === 'pasal17_tahunan'
        ? l.pph21 < 0
          ? 'PPh 21 (lebih potong, dikembalikan)'
          : 'PPh 21 (perhitungan tahunan)'
        : `PPh 21 (bukan pegawai, ${l.pph21_rate}%)`;
  const net = l.net;
  return `<section class="slip">
  <header>
    <div><div class="brand">${esc(branch.name)}</div><div class="small">${esc(branch.address ?? '')}${branch.phone ? ` · ${esc(branch.phone)}` : ''}</div></div>
    <h1 class="title">${slipHeading(run)}<br/><span class="small">${esc(periodLabel(run.period))}</span></h1>
  </header>
  <table class="who">
    <tr><td>Nama</td><td>: ${esc(l.name)}</td><td>Periode absensi</td><td>: ${esc(run.date_from)} s/d ${esc(run.date_to)}</td></tr>
    <tr><td>Username</td><td>: ${esc(l.username)}</td><td>Group</td><td>: ${esc(run.group_name)}</td></tr>
    <tr><td>Status</td><td>: ${esc(EMPLOYMENT[l.employment] ?? l.employment)} · PTKP ${esc(l.ptkp)}</td><td>Kehadiran</td><td>: ${l.days_present} hari, terlambat ${l.late_minutes} menit</td></tr>
  </table>
  <div class="cols">
    <table class="list"><thead><tr><th colspan="2">PENDAPATAN</th></tr></thead><tbody>
      ${earnings.map((c) => row(c.name, c.amount)).join('')}
      <tr class="total"><td>Total Pendapatan</td><td class="num">${rp(l.earnings)}</td></tr>
    </tbody></table>
    <table class="list"><thead><tr><th colspan="2">POTONGAN</th></tr></thead><tbody>
      ${others.map((c) => row(c.name, c.amount)).join('')}
      ${bpjsEmployee
        .filter(([, v]) => v > 0)
        .map(([n, v]) => row(n, v))
        .join('')}
      ${row(pphLabel, l.pph21)}
      <tr class="total"><td>Total Potongan</td><td class="num">${rp(l.deductions)}</td></tr>
    </tbody></table>
  </div>
  <div class="net">GAJI DITERIMA <span>${rp(net)}</span></div>
  <div class="small terbilang">Terbilang: ${esc(terbilang(Math.max(0, Math.round(net))))}</div>
  <div class="small">Penghasilan bruto (dasar PPh 21): ${rp(l.bruto)} · BPJS dibayar perusahaan: ${rp(employer)}</div>
  <div class="small">Status proses gaji: ${run.status === 1 ? 'Disetujui' : run.status === 2 ? `Diganti ${esc(run.superseded_label ?? 'koreksi')}` : 'Draft'}${run.corrects_run_id !== null ? ` · ${esc(run.label ?? 'Koreksi')} atas ${esc(run.corrects_label ?? '')}` : ''}${run.jurnal_code ? ` · Jurnal ${esc(run.jurnal_code)}` : ''}</div>
</section>`;
}

/** 'SLIP GAJI', 'SLIP GAJI KOREKSI', with '(DRAFT)' or '(DIGANTI KOREKSI)' as the run stands. */
function slipHeading(run: Run): string {
  const kind = run.corrects_run_id !== null ? ' KOREKSI' : '';
  const state = run.status === 0 ? ' (DRAFT)' : run.status === 2 ? ' (DIGANTI KOREKSI)' : '';
  return `SLIP GAJI${kind}${state}`;
}

export function payslipsHtml(
  branch: { name: string; address: string | null; phone: string | null },
  run: Run,
  lines: Line[],
): string {
  // The document's title names it (PDF viewers and screen readers show it; issue 26 item 7).
  const who = lines.length === 1 ? lines[0].name : run.group_name;
  const title = `${slipHeading(run)} ${periodLabel(run.period)} - ${who} - ${branch.name}`;
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"/><title>${esc(title)}</title><style>
  @page { size: A5 landscape; margin: 10mm; }
  body { font-family: Arial, Helvetica, sans-serif; font-size: 10px; color: #111; }
  .slip { page-break-after: always; }
  .slip:last-child { page-break-after: auto; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid #111; padding-bottom: 4px; margin-bottom: 6px; }
  .brand { font-size: 14px; font-weight: bold; }
  .title { font-size: 14px; font-weight: bold; text-align: right; margin: 0; }
  .small { font-size: 9px; color: #333; }
  table { border-collapse: collapse; width: 100%; }
  .who td { padding: 1px 4px; }
  .cols { display: flex; gap: 10px; margin-top: 6px; }
  .list th { text-align: left; border-bottom: 1px solid #111; }
  .list td { padding: 2px 4px; border-bottom: 1px dotted #bbb; }
  .num { text-align: right; white-space: nowrap; }
  .total td { font-weight: bold; border-top: 1px solid #111; }
  .net { margin-top: 8px; font-size: 13px; font-weight: bold; display: flex; justify-content: space-between; border: 1px solid #111; padding: 4px 8px; }
  .terbilang { font-style: italic; margin: 2px 0 4px; }
</style></head><body>${lines.map((l) => slipHtml(branch, run, l)).join('')}</body></html>`;
}

/** PDF of the payslips of a run: one employee (`employee`) or every line; an employee's own (`own`) when approved. */
export async function payslipPdf(
  ctx: Ctx,
  runId: number,
  opts: { employee?: number; own?: boolean } = {},
): Promise<{ pdf: Buffer; filename: string }> {
  const u = requireUser(ctx).user;
  const run = await getRun(ctx, runId);
  // HR may preview the slips of a draft (marked DRAFT); an employee sees only approved ones.
  if (opts.own && run.status !== 1) throw notFound();
  const who = opts.own ? u.id : opts.employee;
  const lines = who === undefined ? run.lines : run.lines.filter((l) => l.employee === who);
  if (!lines.length) {
    if (opts.own) throw notFound();
    throw badRequest('Pegawai ini tidak ada dalam proses gaji tersebut', 'employee');
  }
  const branch = (await q.branchLetterhead(ctx.db, run.profile_id)) ?? { name: '', address: null, phone: null };
  const pdf = await ctx.services.pdf.render(payslipsHtml(branch, run, lines));
  await audit(ctx, {
    action: 'export',
    entity: 'payroll_run',
    entityId: run.id,
    after: { file: 'slip_gaji', employees: lines.map((l) => l.employee) },
  });
  const who_ = lines.length === 1 ? lines[0].username : 'semua';
  return { pdf, filename: `slip-gaji-${run.period}-${who_}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') };
}
