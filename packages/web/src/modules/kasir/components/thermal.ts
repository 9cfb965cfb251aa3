import { formatDate, formatRupiah, terbilang, type PaymentDto } from '@klinik/shared';
import { escapeHtml } from '@klinik/shared';

const esc = escapeHtml;

/** The thermal receipt (58 or 80 mm roll) as a small HTML document printed from the browser. */
export function thermalHtml(
  p: PaymentDto,
  branch: { name: string; address?: string | null; phone?: string | null },
  width: 58 | 80,
  copy: boolean,
): string {
  const lines = (p.lines ?? [])
    .map(
      (l) => `<div class="row"><span>${esc(l.name)}${l.covered_by_paket ? ' (paket)' : ''}</span></div>
      <div class="row"><span>${l.qty} x ${esc(formatRupiah(l.price))}${l.discount ? ` - ${esc(formatRupiah(l.discount))}` : ''}</span><span>${esc(formatRupiah(l.total))}</span></div>`,
    )
    .join('');
  const tenders = (p.tenders ?? [])
    .map((t) => `<div class="row"><span>${esc(t.methodname)}</span><span>${esc(formatRupiah(t.tendered))}</span></div>`)
    .join('');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Struk ${esc(p.code)}</title><style>
  @page { size: ${width}mm auto; margin: 2mm; }
  body { width: ${width - 4}mm; margin: 0 auto; font-family: 'DejaVu Sans Mono', monospace; font-size: ${width === 58 ? 8 : 9.5}pt; color: #000; }
  .c { text-align: center; } .b { font-weight: bold; }
  .row { display: flex; justify-content: space-between; gap: 4px; }
  hr { border: 0; border-top: 1px dashed #000; margin: 4px 0; }
</style></head><body>
<div class="c b">${esc(branch.name)}</div>
<div class="c">${esc(branch.address ?? '')}</div>
<div class="c">${branch.phone ? `Telp. ${esc(branch.phone)}` : ''}</div>
<hr>
${copy ? '<div class="c b">SALINAN</div>' : ''}
${p.status === 'void' ? '<div class="c b">DIBATALKAN</div>' : ''}
<div>${esc(p.code)}</div>
<div>${esc(formatDate(p.paid_date))} · ${esc(p.kindname)}</div>
<div>${esc(p.customer ? `${p.customer.name} (${p.customer.username})` : 'Umum')}</div>
<hr>${lines}<hr>
${p.discount ? `<div class="row"><span>Diskon</span><span>-${esc(formatRupiah(p.discount))}</span></div>` : ''}
${p.tax ? `<div class="row"><span>PPN</span><span>${esc(formatRupiah(p.tax))}</span></div>` : ''}
<div class="row b"><span>TOTAL</span><span>${esc(formatRupiah(p.total))}</span></div>
${tenders}
<div class="row"><span>Kembali</span><span>${esc(formatRupiah(p.change))}</span></div>
${(p.settlements ?? [])
  .filter((x) => x.status !== 'void')
  .map((x) => `<div class="row"><span>Pelunasan ${esc(x.code)}</span><span>${esc(formatRupiah(x.paid))}</span></div>`)
  .join('')}
${p.kind === 'visit' && p.status !== 'void' && p.paid < p.total ? `<div class="row"><span>Sisa</span><span>${esc(formatRupiah(p.outstanding))}</span></div>` : ''}
${p.parent ? `<div>Pelunasan ${esc(p.parent.code)}; sisa ${esc(formatRupiah(p.outstanding))}</div>` : ''}
<hr><div>Terbilang: ${esc(terbilang(p.total))}</div>
<div>Kasir: ${esc(p.cashier.name)}</div>
<div class="c">Terima kasih</div>
<script>window.onload = function () { window.print(); };</script>
</body></html>`;
}
