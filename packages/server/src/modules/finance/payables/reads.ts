/**
 * Reads of the payables sub-ledger: items, payments, ageing per party and the statement of one party (PDF through
 * the warm Chromium, Excel through lib/xlsx.ts). Branch scope: the current branch; top-level users may name
 * another (branch / profile_id) or all (isallbranch=1), as every finance list.
 */
import {
  PARTY_WITHHOLDING_TAX,
  type PartyTaxDto,
  type PartyTaxQuery,
  asSen,
  escapeHtml,
  formatDate,
  formatRupiah,
  fromSen,
  HUTANG_AGEING_BUCKETS,
  HUTANG_AGEING_LABEL,
  PARTY_LABEL,
  toSen,
  type HutangAgeingBucket,
  type HutangAgeingQuery,
  type HutangAgeingRow,
  type HutangItemDto,
  type HutangItemQuery,
  type HutangPaymentDto,
  type HutangPaymentQuery,
  type HutangStatementQuery,
  type PartyType,
} from '@klinik/shared';
import { branchScope } from '../../../http/access-scope.js';
import { requireUser, type AuthedCtx, type Ctx } from '../../../http/context.js';
import { notFound } from '../../../http/errors.js';
import { buildXlsx } from '../../../lib/xlsx.js';
import * as q from '../queries/payables.js';

function scope(c: AuthedCtx, f: { branch?: number; isallbranch?: number }) {
  return branchScope(c, { profile_id: f.branch, isallbranch: f.isallbranch }).branches as number[] | null;
}

function itemDto(r: Awaited<ReturnType<typeof q.listItems>>[number]): HutangItemDto {
  const i = r.i;
  return {
    id: i.id,
    profile_id: i.profile_id,
    party_type: i.party_type as PartyType,
    party: i.party_id,
    party_name: i.party_name,
    tax: i.tax,
    masa: i.masa,
    recipient_name: i.recipient_name,
    recipient_tax_id: i.recipient_tax_id,
    source_type: i.source_type,
    source_id: i.source_id,
    doc_date: i.doc_date,
    due_date: i.due_date,
    amount: fromSen(asSen(i.amount)),
    paid: fromSen(asSen(i.paid)),
    outstanding: fromSen(asSen(i.amount - i.paid)),
    status: i.status,
    akun: r.akun_code,
    akun_name: r.akun_name,
  };
}

/** GET /api/finance/hutang/items: open and paid items (cancelled ones are left out), oldest first. */
export async function listItems(ctx: Ctx, f: HutangItemQuery): Promise<HutangItemDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listItems(c.db, {
    profileIds: scope(c, f),
    partyType: f.party_type,
    partyId: f.party,
    partyName: f.party === undefined ? f.party_name : undefined,
    status: f.status,
  });
  return rows.map(itemDto);
}

export async function listPayments(ctx: Ctx, f: HutangPaymentQuery): Promise<HutangPaymentDto[]> {
  const c = requireUser(ctx);
  const rows = await q.listPayments(c.db, {
    profileIds: scope(c, f),
    partyType: f.party_type,
    partyId: f.party,
    partyName: f.party === undefined ? f.party_name : undefined,
    kind: f.kind,
    status: f.status,
    from: f.from,
    to: f.to,
  });
  const allocs = await q.allocationsOf(
    c.db,
    rows.map((r) => r.p.id),
  );
  return rows.map(({ p, method_name, jurnal_code }) => ({
    id: p.id,
    profile_id: p.profile_id,
    code: p.code,
    kind: p.kind,
    party_type: p.party_type as PartyType,
    party: p.party_id,
    party_name: p.party_name,
    method: p.payment_method_id,
    method_name,
    date: p.date,
    total: fromSen(asSen(p.total)),
    withheld: fromSen(asSen(p.withheld)),
    cash: fromSen(asSen(p.total - p.withheld)),
    memo: p.memo,
    status: p.status as 'posted' | 'voided',
    journal: jurnal_code,
    void_reason: p.void_reason,
    allocations: allocs
      .filter((a) => a.payment_id === p.id)
      .map((a) => ({
        item: a.item_id,
        amount: fromSen(asSen(a.amount)),
        source_type: a.source_type,
        source_id: a.source_id,
        doc_date: a.doc_date,
      })),
  }));
}

/** Days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The bucket of an item on `asOf`: days past its due date, or past its document date when it has none. */
export function bucketOf(item: { due_date: string | null; doc_date: string }, asOf: string): HutangAgeingBucket {
  const late = daysBetween(item.due_date ?? item.doc_date, asOf);
  if (late <= 0) return 'not_due';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'over_90';
}

/**
 * GET /api/finance/hutang/ageing: per party, what is open on `as_of` (default today) in the buckets not due, 1-30,
 * 31-60, 61-90 and over 90 days past the due date or, for an item without one, past the document date (due that day).
 * Items dated after as_of are left out; what was paid after as_of is still counted as open on as_of.
 */
export async function ageing(ctx: Ctx, f: HutangAgeingQuery): Promise<HutangAgeingRow[]> {
  const c = requireUser(ctx);
  const asOf = f.as_of ?? (await c.today());
  const rows = await q.ageingItems(c.db, {
    profileIds: scope(c, f),
    partyType: f.party_type,
    partyId: f.party,
    asOf,
  });
  const byParty = new Map<string, HutangAgeingRow & { sen: Record<HutangAgeingBucket, number> }>();
  for (const r of rows) {
    const open = r.amount - r.paid_as_of;
    if (open === 0) continue;
    const key = `${r.party_type}|${r.party_id ?? ''}|${r.party_id ? '' : r.party_name}`;
    let p = byParty.get(key);
    if (!p) {
      p = {
        party_type: r.party_type as PartyType,
        party: r.party_id,
        party_name: r.party_name,
        buckets: { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
        total: 0,
        sen: { not_due: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 },
      };
      byParty.set(key, p);
    }
    p.sen[bucketOf(r, asOf)] += open;
  }
  return [...byParty.values()]
    .map(({ sen, ...p }) => {
      const buckets = { ...sen };
      for (const b of HUTANG_AGEING_BUCKETS) buckets[b] = fromSen(asSen(sen[b]));
      const total = fromSen(asSen(HUTANG_AGEING_BUCKETS.reduce((s, b) => s + sen[b], 0)));
      return { ...p, buckets, total };
    })
    .sort((a, b) => a.party_name.localeCompare(b.party_name, 'id'));
}

/** The statement of one party: its items (open and paid), its payments and what it is owed, for PDF and Excel. */
export async function statement(ctx: Ctx, f: HutangStatementQuery) {
  const c = requireUser(ctx);
  const asOf = f.as_of ?? (await c.today());
  const items = await listItems(c, { party_type: f.party_type, party: f.party, party_name: f.party_name });
  const payments = await listPayments(c, {
    party_type: f.party_type,
    party: f.party,
    party_name: f.party === undefined ? f.party_name : undefined,
  });
  const name = items[0]?.party_name ?? payments[0]?.party_name;
  if (!name) throw notFound('Tidak ada hutang untuk pihak ini');
  const branch = await q.branchName(c.db, c.branchId);
  return {
    branch: branch ?? '',
    party_type: f.party_type,
    party_name: name,
    as_of: asOf,
    items: items.filter((i) => i.doc_date <= asOf),
    payments: payments.filter((p) => p.date <= asOf),
    outstanding: fromSen(asSen(items.filter((i) => i.doc_date <= asOf).reduce((s, i) => s + toSen(i.outstanding), 0))),
  };
}

type Statement = Awaited<ReturnType<typeof statement>>;

export function statementHtml(s: Statement): string {
  const e = escapeHtml;
  const rows = s.items
    .map(
      (i) =>
        `<tr><td>${e(formatDate(i.doc_date))}</td><td>${e(i.source_type)} #${e(i.source_id)}</td><td>${e(i.due_date ? formatDate(i.due_date) : '-')}</td><td class="n">${e(formatRupiah(i.amount))}</td><td class="n">${e(formatRupiah(i.paid))}</td><td class="n">${e(formatRupiah(i.outstanding))}</td></tr>`,
    )
    .join('');
  const pays = s.payments
    .map(
      (p) =>
        `<tr><td>${e(formatDate(p.date))}</td><td>${e(p.code)}</td><td>${e(p.method_name)}</td><td class="n">${e(formatRupiah(p.total))}</td><td>${p.status === 'voided' ? 'Dibatalkan' : 'Diposting'}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Kartu Hutang ${e(s.party_name)}</title>
<style>body{font-family:Arial,sans-serif;font-size:11px;margin:24px}h1{font-size:16px;margin:0}table{width:100%;border-collapse:collapse;margin-top:8px}
td,th{border:1px solid #999;padding:3px 5px;text-align:left}.n{text-align:right}h2{font-size:13px;margin-top:16px}</style></head><body>
<h1>Kartu Hutang ${e(PARTY_LABEL[s.party_type])}: ${e(s.party_name)}</h1>
<div>${e(s.branch)} &middot; per ${e(formatDate(s.as_of))}</div>
<h2>Rincian Hutang</h2>
<table><thead><tr><th>Tanggal</th><th>Dokumen</th><th>Jatuh Tempo</th><th class="n">Jumlah</th><th class="n">Dibayar</th><th class="n">Sisa</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">Tidak ada hutang</td></tr>'}</tbody>
<tfoot><tr><th colspan="5">Total Sisa Hutang</th><th class="n">${e(formatRupiah(s.outstanding))}</th></tr></tfoot></table>
<h2>Riwayat Pembayaran</h2>
<table><thead><tr><th>Tanggal</th><th>Nomor</th><th>Metode</th><th class="n">Jumlah</th><th>Status</th></tr></thead>
<tbody>${pays || '<tr><td colspan="5">Belum ada pembayaran</td></tr>'}</tbody></table>
</body></html>`;
}

export async function statementPdf(ctx: Ctx, f: HutangStatementQuery) {
  const c = requireUser(ctx);
  const s = await statement(c, f);
  const pdf = await c.services.pdf.render(statementHtml(s));
  return { pdf, filename: `kartu-hutang-${s.party_name}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_') };
}

export async function statementXlsx(ctx: Ctx, f: HutangStatementQuery) {
  const s = await statement(ctx, f);
  const buf = await buildXlsx(
    'Kartu Hutang',
    [
      { header: 'Tanggal', width: 12, value: (r: Statement['items'][number]) => formatDate(r.doc_date) },
      { header: 'Dokumen', width: 24, value: (r) => `${r.source_type} #${r.source_id}` },
      { header: 'Jatuh Tempo', width: 12, value: (r) => (r.due_date ? formatDate(r.due_date) : null) },
      { header: 'Akun', width: 8, value: (r) => r.akun },
      { header: 'Jumlah', width: 16, value: (r) => r.amount },
      { header: 'Dibayar', width: 16, value: (r) => r.paid },
      { header: 'Sisa', width: 16, value: (r) => r.outstanding },
    ],
    s.items,
  );
  return { buf, filename: `kartu-hutang-${s.party_name}.xlsx`.replace(/[^A-Za-z0-9._-]/g, '_') };
}

/** GET /api/finance/hutang/payments/export: the payment transactions of the filters as Excel. */
export async function paymentsXlsx(ctx: Ctx, f: HutangPaymentQuery) {
  const rows = await listPayments(ctx, f);
  const buf = await buildXlsx(
    'Transaksi Pembayaran',
    [
      { header: 'Tanggal', width: 12, value: (r: HutangPaymentDto) => formatDate(r.date) },
      { header: 'Nomor', width: 22, value: (r) => r.code },
      { header: 'Jenis Pihak', width: 14, value: (r) => PARTY_LABEL[r.party_type] },
      { header: 'Pihak', width: 28, value: (r) => r.party_name },
      { header: 'Metode', width: 18, value: (r) => r.method_name },
      { header: 'Jumlah', width: 16, value: (r) => r.total },
      { header: 'Potongan Pajak', width: 16, value: (r) => r.withheld },
      { header: 'Dibayar Kas/Bank', width: 16, value: (r) => r.cash },
      { header: 'Jurnal', width: 22, value: (r) => r.journal },
      { header: 'Status', width: 12, value: (r) => (r.status === 'posted' ? 'Diposting' : 'Dibatalkan') },
      { header: 'Alasan Batal', width: 28, value: (r) => r.void_reason },
    ],
    rows,
  );
  return { buf, filename: 'transaksi-pembayaran-hutang.xlsx' };
}

export { HUTANG_AGEING_LABEL };

/** The party's tax treatment for the pay dialog's proposal (`proposeWithholding` of @klinik/shared). */
export async function partyTax(ctx: Ctx, f: PartyTaxQuery): Promise<PartyTaxDto> {
  const c = requireUser(ctx);
  return {
    tax: PARTY_WITHHOLDING_TAX[f.party_type],
    has_tax_id: await q.partyHasTaxId(c.db, c.branchId, f.party_type, f.party),
  };
}
