import { formatDate, formatRupiah, fromSen, sumSen, terbilang, toSen, INSTALLMENT_SCHEMAS } from '@klinik/shared';
import { escapeHtml } from '@klinik/shared';
import type { Letterhead } from '../../lib/letterhead.js';

/** Everything the instalment agreement shows; built by the service, turned into HTML here (no I/O but the logo). */
export interface AgreementData {
  branch: Letterhead;
  date: string;
  patient: {
    name: string;
    norm: string;
    idcard: string | null;
    birth_place: string | null;
    birth_date: string | null;
    address: string | null;
    phone: string | null;
    wali_name: string | null;
    wali_idcard: string | null;
    wali_phone: string | null;
  };
  doctor: { name: string } | null;
  clinicSigner: string;
  paket: {
    code: string;
    name: string;
    typename: string;
    version: number;
    description: string | null;
    price: number;
    installment_schema: number;
    dp_amount: number;
    cicilan_amount: number;
    cicilan_attempt: number;
  };
  contents: {
    typename: string;
    code: string;
    name: string;
    unit: string | null;
    free_slot: number;
    expired_duration: number;
    expired_at: string;
  }[];
  schedule: { label: string; due_date: string; amount: number }[];
}

const esc = escapeHtml;

export function agreementHtml(d: AgreementData): string {
  const p = d.paket;
  const patientSigner = d.patient.wali_name ? `${d.patient.wali_name} (Wali)` : d.patient.name;
  const initials = d.branch.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  const rows = d.contents
    .map(
      (
        c,
        i,
      ) => `<tr><td class="c">${i + 1}</td><td>${esc(c.typename)}</td><td>${esc(c.code)}</td><td>${esc(c.name)}${c.unit ? ` (${esc(c.unit)})` : ''}</td>
      <td class="c">${c.free_slot}</td><td class="c">${c.expired_duration} hari<br><span class="muted">s.d. ${esc(formatDate(c.expired_at))}</span></td></tr>`,
    )
    .join('');
  const schedule = d.schedule
    .map(
      (s, i) =>
        `<tr><td class="c">${i + 1}</td><td>${esc(s.label)}</td><td>${esc(formatDate(s.due_date))}</td><td class="r">${esc(formatRupiah(s.amount))}</td></tr>`,
    )
    .join('');
  const total = fromSen(sumSen(d.schedule.map((s) => toSen(s.amount))));
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Perjanjian Paket ${esc(p.code)}</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10.5pt; color: #111; margin: 0; }
  .head { display: flex; align-items: center; gap: 14px; border-bottom: 3px double #333; padding-bottom: 8px; margin-bottom: 12px; }
  .logo { width: 64px; height: 64px; object-fit: contain; }
  .logo-ph { width: 64px; height: 64px; border-radius: 50%; background: #0f766e; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 22pt; font-weight: bold; }
  .head h1 { font-size: 16pt; margin: 0 0 2px; }
  .head div.info { font-size: 9.5pt; color: #333; }
  h2 { text-align: center; font-size: 13pt; margin: 6px 0 2px; text-decoration: underline; }
  .sub { text-align: center; font-size: 9.5pt; margin-bottom: 12px; }
  h3 { font-size: 11pt; margin: 14px 0 6px; border-bottom: 1px solid #999; padding-bottom: 2px; }
  table { width: 100%; border-collapse: collapse; }
  table.kv td { padding: 2px 4px; vertical-align: top; }
  table.kv td:first-child { width: 34%; }
  table.grid th, table.grid td { border: 1px solid #777; padding: 4px 6px; vertical-align: top; }
  table.grid th { background: #eef2f2; }
  .c { text-align: center; } .r { text-align: right; white-space: nowrap; }
  .muted { color: #555; font-size: 8.5pt; }
  .words { font-style: italic; margin-top: 4px; }
  ol { margin: 4px 0 0 18px; padding: 0; } ol li { margin-bottom: 3px; }
  .sign { display: flex; justify-content: space-between; margin-top: 26px; page-break-inside: avoid; }
  .sign div { width: 31%; text-align: center; }
  .sign .line { white-space: nowrap; font-size: 9.5pt; margin-top: 64px; border-top: 1px solid #111; padding-top: 3px; font-weight: bold; }
</style></head><body>
<div class="head">
  ${d.branch.logoDataUrl ? `<img class="logo" src="${esc(d.branch.logoDataUrl)}" alt="logo">` : `<div class="logo-ph">${esc(initials)}</div>`}
  <div><h1>${esc(d.branch.name)}</h1>
  <div class="info">${esc(d.branch.address)}<br>Telp. ${esc(d.branch.phone)}${d.branch.email ? ` · ${esc(d.branch.email)}` : ''}</div></div>
</div>
<h2>SURAT PERJANJIAN PEMBELIAN PAKET PROMOSI</h2>
<div class="sub">Paket ${esc(p.code)} · Tanggal ${esc(formatDate(d.date))}</div>

<h3>Identitas Pasien</h3>
<table class="kv">
  <tr><td>Nama Pasien</td><td>: ${esc(d.patient.name)}</td></tr>
  <tr><td>NO RM.</td><td>: ${esc(d.patient.norm)}</td></tr>
  <tr><td>NIK</td><td>: ${esc(d.patient.idcard)}</td></tr>
  <tr><td>Tempat, Tanggal Lahir</td><td>: ${esc(d.patient.birth_place)}, ${esc(d.patient.birth_date ? formatDate(d.patient.birth_date) : null)}</td></tr>
  <tr><td>Alamat</td><td>: ${esc(d.patient.address)}</td></tr>
  <tr><td>Telepon</td><td>: ${esc(d.patient.phone)}</td></tr>
  ${d.patient.wali_name ? `<tr><td>Nama Wali</td><td>: ${esc(d.patient.wali_name)}</td></tr><tr><td>NIK Wali</td><td>: ${esc(d.patient.wali_idcard)}</td></tr><tr><td>Telepon Wali</td><td>: ${esc(d.patient.wali_phone)}</td></tr>` : ''}
  <tr><td>Dokter Penanggung Jawab</td><td>: ${esc(d.doctor?.name ?? null)}</td></tr>
</table>

<h3>Paket</h3>
<table class="kv">
  <tr><td>Kode Paket</td><td>: ${esc(p.code)}</td></tr>
  <tr><td>Nama Paket</td><td>: ${esc(p.name)}</td></tr>
  <tr><td>Jenis Paket</td><td>: ${esc(p.typename)}</td></tr>
  ${p.description ? `<tr><td>Keterangan</td><td>: ${esc(p.description)}</td></tr>` : ''}
</table>
<p style="margin:8px 0 4px">Isi paket:</p>
<table class="grid">
  <thead><tr><th>No</th><th>Jenis</th><th>Kode</th><th>Nama</th><th>Slot</th><th>Masa Berlaku</th></tr></thead>
  <tbody>${rows || '<tr><td colspan="6" class="c">Tidak ada Perawatan</td></tr>'}</tbody>
</table>

<h3>Pembayaran</h3>
<table class="kv">
  <tr><td>Harga Paket</td><td>: ${esc(formatRupiah(p.price))}</td></tr>
  <tr><td>Skema Pembayaran</td><td>: ${esc(INSTALLMENT_SCHEMAS[p.installment_schema as 0 | 1] ?? '-')}</td></tr>
  ${p.installment_schema === 1 ? `<tr><td>Uang Muka (DP)</td><td>: ${esc(formatRupiah(p.dp_amount))}</td></tr><tr><td>Cicilan</td><td>: ${p.cicilan_attempt} x ${esc(formatRupiah(p.cicilan_amount))}</td></tr>` : ''}
</table>
<p style="margin:8px 0 4px">Jadwal pembayaran:</p>
<table class="grid">
  <thead><tr><th>No</th><th>Pembayaran</th><th>Jatuh Tempo</th><th>Jumlah</th></tr></thead>
  <tbody>${schedule}<tr><th colspan="3" class="r">Total</th><th class="r">${esc(formatRupiah(total))}</th></tr></tbody>
</table>
<div class="words">Terbilang: ${esc(terbilang(total))}</div>

<h3>Syarat dan Ketentuan</h3>
<ol>
  <li>Pasien membeli paket promosi di atas dengan harga dan jadwal pembayaran sebagaimana tercantum dalam perjanjian ini.</li>
  <li>Uang muka dibayar pada tanggal registrasi; setiap cicilan dibayar paling lambat pada tanggal jatuh temponya.</li>
  <li>Slot perawatan, item dan form lab hanya dapat digunakan di ${esc(d.branch.name)} selama masa berlakunya; slot yang tidak digunakan sampai masa berlaku berakhir dinyatakan hangus.</li>
  <li>Paket yang telah dibeli tidak dapat diuangkan kembali dan tidak dapat dipindahtangankan kepada orang lain.</li>
  <li>Apabila cicilan belum dilunasi pada tanggal jatuh tempo, klinik berhak menunda penggunaan slot sampai kewajiban pembayaran dipenuhi.</li>
  <li>Tindakan medis dilaksanakan sesuai indikasi dan pertimbangan dokter penanggung jawab.</li>
</ol>

<div class="sign">
  <div>Pasien / Wali<div class="line">${esc(patientSigner)}</div></div>
  <div>Dokter<div class="line">${esc(d.doctor?.name ?? '(.............................)')}</div></div>
  <div>${esc(d.branch.name)}<div class="line">${esc(d.clinicSigner)}</div></div>
</div>
</body></html>`;
}
