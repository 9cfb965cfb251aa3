import {
  escapeHtml as esc,
  formatRupiah,
  periodLabel,
  TAX_TREATMENT_LABEL,
  DEVIDEN_BASIS_LABEL,
  INVESTOR_PARTY_TYPE_LABEL,
  type DevidenRunDto,
  type DevidenRunLineDto,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { SLIP_STYLE } from '../../lib/slip-style.js';
import { getRun } from './runs.js';
import * as q from './queries.js';

/** The distribution slip of one investor in a run (PDF through ctx.services.pdf), issue 29 part B. */
const rp = (v: number) => formatRupiah(v);

function basisText(l: DevidenRunLineDto): string {
  if (l.basis === 'procedure') {
    const how = l.unit_amount !== null ? `${l.qty} x ${rp(l.unit_amount)}` : `${l.percent}% x ${rp(l.basis_amount)}`;
    return `${esc(l.perawatan_name)} (${l.qty} tindakan): ${how}`;
  }
  return `${DEVIDEN_BASIS_LABEL[l.basis]}: ${l.percent}% x ${rp(l.basis_amount)}`;
}

function section(run: DevidenRunDto, lines: DevidenRunLineDto[], branch: { name: string; address: string | null }) {
  const first = lines[0];
  const sum = (f: (l: DevidenRunLineDto) => number) => lines.reduce((s, l) => s + f(l), 0);
  const state = run.status === 'approved' ? '' : ' (MENUNGGU PERSETUJUAN)';
  const notice = lines.find((l) => l.notice)?.notice ?? null;
  return `<section class="slip">
<header><div><div class="brand">${esc(branch.name)}</div><div>${esc(branch.address, '')}</div></div>
<div class="title">SLIP BAGI HASIL${state}<br/>${esc(periodLabel(run.period))}</div></header>
<table><tbody>
<tr><td>Penerima</td><td>${esc(first.investor_name)}</td><td>Tipe</td><td>${esc(INVESTOR_PARTY_TYPE_LABEL[first.party_type])}</td></tr>
<tr><td>Perlakuan pajak</td><td>${esc(TAX_TREATMENT_LABEL[first.tax_treatment])}</td><td>Status</td><td>${run.status === 'approved' ? 'Disetujui' : 'Menunggu persetujuan'}</td></tr>
</tbody></table>
<table><thead><tr><th>Dasar</th><th class="num">Bruto</th><th class="num">Potongan pajak</th><th class="num">Diterima</th></tr></thead><tbody>
${lines
  .map(
    (l) =>
      `<tr><td>${basisText(l)}</td><td class="num">${rp(l.gross)}</td><td class="num">${
        l.tax_kind ? `${l.tax_kind === 'pph26' ? 'PPh 26' : 'PPh 23'} ${l.tax_rate}%: ${rp(l.tax)}` : '-'
      }</td><td class="num">${rp(l.net)}</td></tr>`,
  )
  .join('')}
<tr class="total"><td>Total</td><td class="num">${rp(sum((l) => l.gross))}</td><td class="num">${rp(
    sum((l) => l.tax),
  )}</td><td class="num">${rp(sum((l) => l.net))}</td></tr>
</tbody></table>
${notice ? `<div class="notice">${esc(notice)}</div>` : ''}
</section>`;
}

/** The slips of a run, one page per investor (in the order of the run's lines). */
export function slipHtml(
  branch: { name: string; address: string | null },
  run: DevidenRunDto,
  lines: DevidenRunLineDto[],
): string {
  const groups = new Map<number, DevidenRunLineDto[]>();
  for (const l of lines) groups.set(l.investor, [...(groups.get(l.investor) ?? []), l]);
  const who = groups.size === 1 ? lines[0].investor_name : 'semua penerima';
  const title = `SLIP BAGI HASIL ${periodLabel(run.period)} - ${who} - ${branch.name}`;
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"/><title>${esc(title)}</title><style>${SLIP_STYLE}
  .notice { margin-top: 8px; border: 1px solid #111; padding: 4px 8px; }
</style></head><body>${[...groups.values()].map((g) => section(run, g, branch)).join('')}</body></html>`;
}

/** One investor's slip (`investorId`), or every slip of the run the caller may read. */
export async function slipPdf(ctx: Ctx, runId: number, investorId?: number) {
  const c = requireUser(ctx);
  const run = await getRun(c, runId);
  const lines = investorId === undefined ? run.lines : run.lines.filter((l) => l.investor === investorId);
  if (!lines.length) throw badRequest('Investor ini tidak ada dalam distribusi tersebut', 'investor');
  const branch = await q.branchInfo(c.db, run.profile_id);
  const pdf = await c.services.pdf.render(slipHtml(branch, run, lines));
  await audit(c, {
    action: 'export',
    entity: 'deviden_run',
    entityId: run.id,
    after: { file: 'slip_bagi_hasil', investors: [...new Set(lines.map((l) => l.investor))] },
  });
  return { pdf, filename: `slip-bagi-hasil-${run.period}-${investorId ?? 'semua'}.pdf` };
}
