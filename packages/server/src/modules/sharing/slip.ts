/** The fee slip of one doctor in a payout run (PDF through ctx.services.pdf), issue 29 item 3. */
import {
  escapeHtml as esc,
  formatRupiah,
  periodLabel,
  type SharingRunDoctorDto,
  type SharingRunDto,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { SLIP_STYLE } from '../../lib/slip-style.js';
import { getRun } from './runs.js';
import { branchInfo } from './queries/runs.js';

const rp = (v: number) => formatRupiah(v);

function section(branch: { name: string; address: string | null }, run: SharingRunDto, d: SharingRunDoctorDto): string {
  const state = run.status === 'approved' ? '' : ' (BELUM DISETUJUI)';
  const rows = d.lines
    .map(
      (l) =>
        `<tr><td>${esc(l.service_date)}</td><td>${esc(l.perawatan_name ?? '-')}${
          l.clawback_of ? ' (koreksi / clawback)' : ''
        }</td><td class="num">${rp(l.share)}</td><td class="num">${rp(l.tax_base)}</td></tr>`,
    )
    .join('');
  return `<section class="slip">
<header><div><div class="brand">${esc(branch.name)}</div><div>${esc(branch.address, '')}</div></div>
<div class="title">SLIP JASA DOKTER${state}<br/>${esc(periodLabel(run.period))}</div></header>
<table><tbody>
<tr><td>Dokter</td><td>${esc(d.doctor_name)}</td><td>NPWP/NIK</td><td>${esc(d.tax_id ?? 'tidak ada (tarif +20%)')}</td></tr>
<tr><td>Tanggal batas</td><td>${esc(run.cutoff)}</td><td>Status</td><td>${run.status === 'approved' ? 'Disetujui' : 'Belum disetujui'}</td></tr>
</tbody></table>
<table><thead><tr><th>Tanggal</th><th>Tindakan</th><th class="num">Jasa</th><th class="num">Dasar pajak</th></tr></thead><tbody>
${rows}
<tr class="total"><td colspan="2">Bruto</td><td class="num">${rp(d.gross)}</td><td class="num">${rp(d.tax_base)}</td></tr>
</tbody></table>
<table><tbody>
<tr><td>Dasar pengenaan (50% x dasar pajak, PMK 168/2023)</td><td class="num">${rp(d.dpp)}</td></tr>
<tr><td>PPh 21 (tarif Pasal 17 ${d.rate}%${d.surcharge ? `, +${d.surcharge}% tanpa NPWP/NIK` : ''})</td><td class="num">${rp(d.pph21)}</td></tr>
<tr class="total"><td>Diterima (neto)</td><td class="num">${rp(d.net)}</td></tr>
</tbody></table>
</section>`;
}

/** The slips of the given doctors of a run, one page each (a run without doctors: one page saying so). */
export function runSlipHtml(
  branch: { name: string; address: string | null },
  run: SharingRunDto,
  doctors: SharingRunDoctorDto[],
): string {
  const who = doctors.length === 1 ? doctors[0].doctor_name : 'semua dokter';
  const title = `SLIP JASA DOKTER ${periodLabel(run.period)} - ${who} - ${branch.name}`;
  const pages = doctors.length
    ? doctors.map((d) => section(branch, run, d)).join('')
    : `<section class="slip"><p>Belum ada jasa dokter dalam perhitungan ini.</p></section>`;
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"/><title>${esc(title)}</title><style>${SLIP_STYLE}
</style></head><body>${pages}</body></html>`;
}

/** One doctor's slip (`doctorId`), or every doctor's slip of the run. */
export async function runSlipPdf(ctx: Ctx, runId: number, doctorId?: number) {
  const c = requireUser(ctx);
  const run = await getRun(c, runId);
  const d = doctorId === undefined ? run.doctors : run.doctors.filter((x) => x.doctor === doctorId);
  if (doctorId !== undefined && !d.length)
    throw badRequest('Dokter ini tidak ada dalam perhitungan tersebut', 'doctor');
  const branch = await branchInfo(c.db, c.branchId);
  const pdf = await c.services.pdf.render(runSlipHtml(branch, run, d));
  await audit(c, {
    action: 'export',
    entity: 'sharing_run',
    entityId: run.id,
    after: { file: 'slip_jasa_dokter', doctors: d.map((x) => x.doctor) },
  });
  return { pdf, filename: `slip-jasa-dokter-${run.period}-${doctorId ?? 'semua'}.pdf` };
}
