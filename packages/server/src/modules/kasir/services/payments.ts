/** Reading payments: one with its lines and tenders, the lists, the nota (A5 PDF) and the thermal receipt's data. */
import { branchScope, requireAccess } from '../../../http/access-scope.js';
import {
  formatDate,
  formatRupiah,
  fromSen,
  terbilang,
  LINE_KINDS,
  type LineKind,
  type Paged,
  type PaymentDto,
  type PaymentListQuery,
} from '@klinik/shared';
import { escapeHtml } from '@klinik/shared';
import { inTransaction, requireUser, type Ctx } from '../../../http/context.js';
import { notFound } from '../../../http/errors.js';
import { audit, auditRecordReads } from '../../../lib/audit.js';
import { logoDataUrl, type Letterhead } from '../../../lib/letterhead.js';
import { KASIR_PAYMENT } from '../entities.js';
import * as q from '../queries.js';
import { lineFigures, toPaymentDto } from './core.js';
import { settlementsOf } from './settle.js';

export async function getPayment(ctx: Ctx, id: number, action: 'read' | 'export' = 'read'): Promise<PaymentDto> {
  const c = requireUser(ctx);
  await requireAccess(c, KASIR_PAYMENT, [id], 'read');
  const row = await q.paymentListRow(c.db, id);
  if (!row) throw notFound(KASIR_PAYMENT.notFound);
  const [lines, tenders, settlements] = await Promise.all([
    q.linesOf(c.db, id),
    q.tendersOf(c.db, id),
    row.kind === 'visit' ? settlementsOf(c, id) : Promise.resolve(undefined),
  ]);
  // A visit's payment lists the record's treatments, drugs and lab forms: a read of clinical data (lib/audit.ts).
  if (row.kind === 'visit' && row.customer_id && lines.length)
    await auditRecordReads(
      c,
      action,
      [{ customer: Number(row.customer_id), visit: Number(row.visit_id), branch: Number(row.profile_id) }],
      { what: 'nota', payment: id },
    );
  return {
    ...toPaymentDto(row),
    settlements,
    lines: lines.map((l) => ({
      kind: l.kind as LineKind,
      ...lineFigures(l),
      tax: fromSen(l.tax),
      total: fromSen(l.total),
    })),
    tenders: tenders.map((t) => ({
      method: t.method,
      methodname: t.methodname,
      amount: fromSen(t.amount),
      tendered: fromSen(t.tendered),
      change: fromSen(t.change),
    })),
  };
}

export async function listPayments(ctx: Ctx, query: PaymentListQuery): Promise<Paged<PaymentDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listPayments(c.db, {
    scope: branchScope(c, query),
    kind: query.kind,
    status: query.status,
    fromdate: query.fromdate ?? undefined,
    todate: query.todate ?? undefined,
    session: query.session,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toPaymentDto), count };
}

/**
 * Counts a print of the receipt (nota or thermal); from the second print on it is a copy ('SALINAN'). Printing is a
 * write of the payment's branch (issue 25 finding 8): a top-level user of another branch reads the nota, never
 * prints it, and the request is a POST (a cross-site link cannot make one).
 */
export async function markPrinted(ctx: Ctx, id: number): Promise<{ copy: boolean; print_count: number }> {
  const c = requireUser(ctx);
  await requireAccess(c, KASIR_PAYMENT, [id], 'write');
  return inTransaction(c, async (tx) => {
    const count = await q.bumpPrintCount(tx.db, id);
    await audit(tx, { action: 'print', entity: 'kasir_payment', entityId: id, after: { print_count: count } });
    return { copy: count > 1, print_count: count };
  });
}

const esc = escapeHtml;

export interface NotaData {
  branch: Letterhead;
  payment: PaymentDto;
  copy: boolean;
}

export function notaHtml(d: NotaData): string {
  const p = d.payment;
  const rows = (p.lines ?? [])
    .map(
      (l, i) =>
        `<tr><td class="c">${i + 1}</td><td>${esc(l.name)}<div class="muted">${esc(LINE_KINDS[l.kind] ?? l.kind)}${
          l.covered_by_paket ? ' · ditanggung paket' : ''
        }</div></td><td class="c">${l.qty}</td><td class="r">${esc(formatRupiah(l.price))}</td><td class="r">${esc(
          formatRupiah(l.discount),
        )}</td><td class="r">${esc(formatRupiah(l.total))}</td></tr>`,
    )
    .join('');
  const tenders = (p.tenders ?? [])
    .map((t) => `<tr><td>${esc(t.methodname)}</td><td class="r">${esc(formatRupiah(t.tendered))}</td></tr>`)
    .join('');
  // A visit payment paid in part lists its settlements (pelunasan) after its own tenders, then what is left.
  const settlementRows = (p.settlements ?? [])
    .filter((x) => x.status !== 'void')
    .map(
      (x) =>
        `<tr><td>Pelunasan ${esc(x.code)} (${esc(formatDate(x.paid_date))})</td><td class="r">${esc(formatRupiah(x.paid))}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Nota ${esc(p.code)}</title>
<style>
  @page { size: A5; margin: 10mm; }
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9pt; color: #111; margin: 0; }
  .head { display: flex; align-items: center; gap: 10px; border-bottom: 2px solid #333; padding-bottom: 6px; margin-bottom: 8px; }
  .logo { width: 44px; height: 44px; object-fit: contain; }
  .head h1 { font-size: 13pt; margin: 0; }
  .info { font-size: 8pt; color: #333; }
  h2 { font-size: 11pt; margin: 4px 0; text-align: center; letter-spacing: 1px; }
  .copy { text-align: center; font-weight: bold; color: #b91c1c; border: 2px solid #b91c1c; padding: 2px; margin: 4px auto; width: 40%; }
  .void { text-align: center; font-weight: bold; color: #b91c1c; }
  table { width: 100%; border-collapse: collapse; }
  table.kv td { padding: 1px 2px; }
  table.grid th, table.grid td { border-bottom: 1px solid #bbb; padding: 3px 4px; vertical-align: top; }
  table.grid th { background: #eef2f2; text-align: left; }
  .c { text-align: center; } .r { text-align: right; white-space: nowrap; }
  .muted { color: #555; font-size: 7.5pt; }
  .tot td { padding: 2px 4px; }
  .words { font-style: italic; margin-top: 6px; }
  .sign { margin-top: 18px; display: flex; justify-content: flex-end; }
  .sign div { width: 45%; text-align: center; }
  .sign .line { margin-top: 40px; border-top: 1px solid #111; padding-top: 2px; font-weight: bold; }
</style></head><body>
<div class="head">
  ${d.branch.logoDataUrl ? `<img class="logo" src="${esc(d.branch.logoDataUrl)}" alt="logo">` : ''}
  <div><h1>${esc(d.branch.name)}</h1><div class="info">${esc(d.branch.address)} · Telp. ${esc(d.branch.phone)}</div></div>
</div>
<h2>NOTA PEMBAYARAN</h2>
${d.copy ? '<div class="copy">SALINAN</div>' : ''}
${p.status === 'void' ? '<div class="void">DIBATALKAN</div>' : ''}
<table class="kv">
  <tr><td>No. Nota</td><td>: ${esc(p.code)}</td><td>Tanggal</td><td>: ${esc(formatDate(p.paid_date))}</td></tr>
  <tr><td>Pasien</td><td>: ${esc(p.customer ? `${p.customer.name} (${p.customer.username})` : 'Umum')}</td><td>Jenis</td><td>: ${esc(p.kindname)}${
    p.membership ? ` ${esc(p.membership.code)}` : ''
  }</td></tr>
</table>
<table class="grid" style="margin-top:6px">
  <thead><tr><th class="c">No</th><th>Uraian</th><th class="c">Qty</th><th class="r">Harga</th><th class="r">Diskon</th><th class="r">Jumlah</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<table class="tot" style="margin-top:4px; width: 60%; margin-left: 40%">
  <tr><td>Subtotal</td><td class="r">${esc(formatRupiah(p.subtotal))}</td></tr>
  ${p.discount ? `<tr><td>Diskon</td><td class="r">- ${esc(formatRupiah(p.discount))}</td></tr>` : ''}
  ${p.tax ? `<tr><td>PPN</td><td class="r">${esc(formatRupiah(p.tax))}</td></tr>` : ''}
  <tr><td><b>Total</b></td><td class="r"><b>${esc(formatRupiah(p.total))}</b></td></tr>
  ${tenders}
  <tr><td>Kembali</td><td class="r">${esc(formatRupiah(p.change))}</td></tr>
  ${settlementRows}
  ${p.kind === 'visit' && p.status !== 'void' && p.paid < p.total ? `<tr><td><b>Sisa Tagihan</b></td><td class="r"><b>${esc(formatRupiah(p.outstanding))}</b></td></tr>` : ''}
</table>
${p.parent ? `<div class="muted" style="margin-top:4px">Pelunasan tagihan ${esc(p.parent.code)}${p.outstanding > 0 ? `; sisa tagihan ${esc(formatRupiah(p.outstanding))}` : '; tagihan lunas'}.</div>` : ''}
<div class="words">Terbilang: ${esc(terbilang(p.total))}</div>
<div class="sign"><div>Kasir<div class="line">${esc(p.cashier.name)}</div></div></div>
</body></html>`;
}

/**
 * GET /api/kasir/payment/{id}/nota: the A5 nota, a pure read (issue 25 finding 8). It shows what the recorded prints
 * say: 'SALINAN' once the payment was printed more than once (POST .../printed records each print first).
 */
export async function notaPdf(ctx: Ctx, id: number): Promise<{ pdf: Buffer; filename: string }> {
  const c = requireUser(ctx);
  const payment = await getPayment(c, id, 'export');
  const branch = await q.findBranch(c.db, payment.profile_id);
  if (!branch) throw notFound('Cabang tidak ditemukan');
  const copy = payment.print_count > 1;
  const html = notaHtml({
    branch: {
      name: branch.name,
      address: branch.address,
      phone: branch.phone,
      email: branch.email,
      logoDataUrl: await logoDataUrl(c.config.uploadDir, branch.logo, Number(branch.id)),
    },
    payment,
    copy,
  });
  const pdf = await c.services.pdf.render(html);
  return { pdf, filename: `nota-${payment.code}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') };
}
