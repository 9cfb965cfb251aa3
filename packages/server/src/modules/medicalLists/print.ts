import { ageOn, bmiText, escapeHtml, formatDate, formatDateTime } from '@klinik/shared';
import type { PrintEntry, PrintHead } from './queries.js';

/**
 * HTML of the medical printouts (issue 12 item 6), rendered to PDF by the shared warm Chromium
 * (ctx.services.pdf): the visit summary (resume medis), a prescription (resep) and the sick-leave letter (surat
 * keterangan sakit). Each has the branch letterhead, the patient's identity, and the doctor's name with the SIP
 * (Surat Izin Praktik) of that branch (doctor_practice.sip_number; a blank line to fill in when none is recorded).
 * Pure functions: the service gathers the data (and the logo as a data: URL).
 */
export interface PrintDoc {
  head: PrintHead;
  logoDataUrl: string | null;
  /** The day printed (branch's today), for the signature line. */
  printedOn: string;
  allergies: string[];
}

const esc = escapeHtml;
/** Text with its line breaks kept. */
const para = (s: string | null | undefined) => (s && s.trim() ? esc(s).replace(/\n/g, '<br>') : '-');

const STYLE = `
  * { box-sizing: border-box; }
  @page { size: A4; margin: 14mm 14mm 16mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10pt; color: #111; margin: 0; }
  .head { display: flex; align-items: center; gap: 14px; border-bottom: 3px double #333; padding-bottom: 8px; margin-bottom: 10px; }
  .logo { width: 60px; height: 60px; object-fit: contain; }
  .logo-ph { width: 60px; height: 60px; border-radius: 50%; background: #0f766e; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 20pt; font-weight: bold; }
  .head h1 { font-size: 15pt; margin: 0 0 2px; }
  .head .info { font-size: 9pt; color: #333; }
  h2 { text-align: center; font-size: 13pt; margin: 6px 0 2px; text-decoration: underline; letter-spacing: .5px; }
  .sub { text-align: center; font-size: 9pt; margin-bottom: 10px; }
  h3 { font-size: 10.5pt; margin: 12px 0 4px; border-bottom: 1px solid #999; padding-bottom: 2px; }
  table { width: 100%; border-collapse: collapse; }
  table.kv td { padding: 1.5px 4px; vertical-align: top; }
  table.kv td.k { width: 30%; }
  table.grid th, table.grid td { border: 1px solid #888; padding: 3px 5px; vertical-align: top; text-align: left; }
  table.grid th { background: #eef2f2; font-size: 9pt; }
  .c { text-align: center; } .r { text-align: right; white-space: nowrap; }
  .muted { color: #555; font-size: 8.5pt; }
  .soap td.k { width: 18%; font-weight: bold; }
  .rx { margin: 6px 0 8px; padding-left: 4px; }
  .rx .r-sym { font-family: serif; font-size: 15pt; font-weight: bold; font-style: italic; margin-right: 6px; }
  .rx .item { font-weight: bold; }
  .rx .signa { margin-left: 26px; font-style: italic; }
  .letter p { line-height: 1.6; margin: 6px 0; text-align: justify; }
  .sign { margin-top: 26px; margin-left: auto; width: 46%; text-align: center; page-break-inside: avoid; }
  .sign .line { margin-top: 60px; font-weight: bold; text-decoration: underline; }
  .allergy { color: #9b1c1c; font-weight: bold; }
  .void-stamp { position: fixed; top: 38%; left: 0; right: 0; text-align: center; transform: rotate(-24deg);
    font-size: 96pt; font-weight: bold; letter-spacing: 12px; color: rgba(185, 28, 28, .22); z-index: 10; pointer-events: none; }
  .void-note { border: 2px solid #b91c1c; color: #b91c1c; font-weight: bold; padding: 4px 8px; margin: 6px 0 8px; text-align: center; }
  .voided .item, .voided .signa { text-decoration: line-through; }
`;

function letterhead(d: PrintDoc): string {
  const h = d.head;
  const initials = h.branch_name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  const address = [h.branch_address, h.branch_city && !h.branch_address?.includes(h.branch_city) ? h.branch_city : null]
    .filter(Boolean)
    .join(', ');
  return `<div class="head">
  ${d.logoDataUrl ? `<img class="logo" src="${esc(d.logoDataUrl)}" alt="logo">` : `<div class="logo-ph">${esc(initials)}</div>`}
  <div><h1>${esc(h.branch_name)}</h1>
  <div class="info">${esc(address || null)}<br>Telp. ${esc(h.branch_phone)}${h.branch_email ? ` · ${esc(h.branch_email)}` : ''}</div></div>
</div>`;
}

const GENDER = (g: number | null) => (g === 1 ? 'Perempuan' : g === 0 ? 'Laki-laki' : '-');

function patientBlock(d: PrintDoc, opts: { allergies?: boolean } = {}): string {
  const h = d.head;
  const age = h.patient_birth_date ? `${ageOn(h.patient_birth_date, h.visit_date)} tahun` : null;
  const born = [h.patient_birth_place, h.patient_birth_date ? formatDate(h.patient_birth_date) : null]
    .filter(Boolean)
    .join(', ');
  return `<table class="kv">
  <tr><td class="k">Nama Pasien</td><td>: ${esc(h.patient_name)}</td></tr>
  <tr><td class="k">NO RM.</td><td>: ${esc(h.patient_norm)}</td></tr>
  <tr><td class="k">NIK</td><td>: ${esc(h.patient_idcard)}</td></tr>
  <tr><td class="k">Tempat, Tanggal Lahir</td><td>: ${esc(born || null)}${age ? ` (${esc(age)})` : ''}</td></tr>
  <tr><td class="k">Jenis Kelamin</td><td>: ${esc(GENDER(h.patient_gender))}</td></tr>
  <tr><td class="k">Alamat</td><td>: ${esc([h.patient_address, h.patient_city].filter(Boolean).join(', ') || null)}</td></tr>
  ${opts.allergies ? `<tr><td class="k">Alergi</td><td>: ${d.allergies.length ? `<span class="allergy">${esc(d.allergies.join(', '))}</span>` : 'Tidak ada yang tercatat'}</td></tr>` : ''}
</table>`;
}

/** The doctor's signature block: name and SIP (a line to fill in by hand when the branch has none on file). */
function signature(d: PrintDoc): string {
  const h = d.head;
  const city = h.branch_city ?? '';
  return `<div class="sign">
  <div>${esc(city ? `${city}, ` : '')}${esc(formatDate(d.printedOn))}</div>
  <div>Dokter Pemeriksa,</div>
  <div class="line">${esc(h.doctor_name)}</div>
  <div>SIP: ${h.doctor_sip ? esc(h.doctor_sip) : '....................................'}</div>
</div>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function vitalsLine(e: PrintEntry): string | null {
  const parts = [
    e.sistole !== null && e.diastole !== null ? `TD ${e.sistole}/${e.diastole} mmHg` : null,
    e.nadi !== null ? `Nadi ${e.nadi} x/menit` : null,
    e.respirasi !== null ? `RR ${e.respirasi} x/menit` : null,
    e.suhu !== null ? `Suhu ${e.suhu} °C` : null,
    e.spo2 !== null ? `SpO2 ${e.spo2}%` : null,
    e.berat !== null ? `BB ${e.berat} kg` : null,
    e.tinggi !== null ? `TB ${e.tinggi} cm` : null,
    e.bmi !== null ? `IMT ${bmiText(Number(e.bmi))}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** Resume medis: the visit's SOAP notes, vital signs, diagnoses (ICD-10), procedures (ICD-9-CM), treatments, products, prescriptions. */
export function resumeHtml(d: PrintDoc, entries: PrintEntry[], prescriptions: Map<number, string>): string {
  const h = d.head;
  const soaps = entries.filter((e) => e.kind === 'soap');
  const treatments = entries.filter((e) => e.kind === 'treatment');
  const produk = entries.filter((e) => e.kind === 'produk');
  const resep = entries.filter((e) => e.kind === 'resep');
  const diagnoses = soaps.flatMap((e) => e.diagnoses ?? []);
  const procedures = [
    ...soaps.flatMap((e) => e.procedures ?? []),
    ...treatments.filter((t) => t.icd9cm).map((t) => ({ code: t.icd9cm!, name_en: t.icd9cm_name_en ?? '' })),
  ].filter((p, i, all) => all.findIndex((x) => x.code === p.code) === i);
  const soapHtml = soaps.length
    ? soaps
        .map((e) => {
          const vitals = vitalsLine(e);
          return `<table class="kv soap">
  <tr><td class="k">S (Subjektif)</td><td>${para(e.subjective)}</td></tr>
  <tr><td class="k">O (Objektif)</td><td>${para(e.objective)}${vitals ? `<div class="muted">${esc(vitals)}</div>` : ''}</td></tr>
  <tr><td class="k">A (Asesmen)</td><td>${para(e.assessment)}</td></tr>
  <tr><td class="k">P (Rencana)</td><td>${para(e.plan)}</td></tr>
</table>${e.version > 1 ? `<div class="muted">Versi ${e.version} (telah dikoreksi)</div>` : ''}`;
        })
        .join('')
    : '<div class="muted">Belum ada catatan SOAP.</div>';
  const dxHtml = diagnoses.length
    ? `<table class="grid"><tr><th style="width:14%">Kode</th><th>Diagnosis</th><th style="width:14%">Jenis</th></tr>${diagnoses
        .map(
          (x) =>
            `<tr><td>${esc(x.code)}</td><td>${esc(x.name_id)}<div class="muted">${esc(x.name_en)}</div></td><td>${x.primary ? 'Utama' : 'Sekunder'}</td></tr>`,
        )
        .join('')}</table>`
    : '<div class="muted">Belum ada diagnosis.</div>';
  const procHtml = procedures.length
    ? `<table class="grid"><tr><th style="width:14%">Kode</th><th>Prosedur (ICD-9-CM)</th></tr>${procedures
        .map((x) => `<tr><td>${esc(x.code)}</td><td>${esc(x.name_en)}</td></tr>`)
        .join('')}</table>`
    : '';
  const tx = treatments.length
    ? `<table class="grid"><tr><th>Tindakan</th><th class="c" style="width:8%">Qty</th><th style="width:30%">Dilakukan oleh</th></tr>${treatments
        .map(
          (t) =>
            `<tr><td>${esc(t.perawatan_name)}${t.icd9cm ? ` <span class="muted">(ICD-9-CM ${esc(t.icd9cm)})</span>` : ''}</td><td class="c">${esc(t.qty)}</td><td>${esc(t.performer_name)}</td></tr>`,
        )
        .join('')}</table>`
    : '<div class="muted">Tidak ada tindakan.</div>';
  const pr = produk.length
    ? `<table class="grid"><tr><th>Produk</th><th class="c" style="width:12%">Qty</th></tr>${produk
        .map((p) => `<tr><td>${esc(p.item_name)}</td><td class="c">${esc(p.qty)} ${esc(p.item_unit ?? '')}</td></tr>`)
        .join('')}</table>`
    : '';
  const rx = resep.length
    ? `<table class="grid"><tr><th style="width:20%">No. Resep</th><th>Obat</th><th class="c" style="width:12%">Qty</th><th style="width:30%">Signa</th></tr>${resep
        .map(
          (r) =>
            `<tr><td>${esc(prescriptions.get(r.prescription_id ?? 0) ?? '')}</td><td>${esc(r.item_name)}</td><td class="c">${esc(r.qty)} ${esc(r.item_unit ?? '')}</td><td>${esc(r.signa)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const status =
    h.record_status === 'finished'
      ? `Selesai ${esc(formatDateTime(h.finished_at, h.branch_timezone))}`
      : h.record_status === 'draft'
        ? 'Draf (belum diselesaikan)'
        : 'Belum diisi';
  return page(
    `Resume Medis ${h.visit_code}`,
    `${letterhead(d)}
<h2>RESUME MEDIS</h2>
<div class="sub">Kunjungan ${esc(h.visit_code)} · ${esc(formatDate(h.visit_date))} · Status rekam medis: ${status}</div>
<h3>Identitas Pasien</h3>
${patientBlock(d, { allergies: true })}
<table class="kv"><tr><td class="k">Dokter</td><td>: ${esc(h.doctor_name)}${h.doctor_specialization ? ` (${esc(h.doctor_specialization)})` : ''}</td></tr>
<tr><td class="k">Keluhan saat daftar</td><td>: ${esc(h.complaint)}</td></tr></table>
<h3>Catatan SOAP</h3>
${soapHtml}
<h3>Diagnosis (ICD-10)</h3>
${dxHtml}
${procHtml ? `<h3>Prosedur</h3>${procHtml}` : ''}
<h3>Tindakan</h3>
${tx}
${pr ? `<h3>Produk</h3>${pr}` : ''}
${rx ? `<h3>Resep</h3>${rx}` : ''}
${signature(d)}`,
  );
}

/** A prescription: R/ item, quantity, signa per line, the patient's age and allergies, the doctor's name and SIP. */
export function resepHtml(
  d: PrintDoc,
  prescription: {
    code: string;
    note: string | null;
    created_at: string;
    pharmacy_status?: string;
    voided_at?: string | null;
    void_reason?: string | null;
  },
  items: PrintEntry[],
): string {
  const h = d.head;
  const cancelled = prescription.pharmacy_status === 'batal';
  const lines = items.length
    ? items
        .map(
          (i) =>
            `<div class="rx${cancelled ? ' voided' : ''}"><span class="r-sym">R/</span><span class="item">${esc(i.item_name)}</span> &nbsp; No. ${esc(i.qty)} ${esc(i.item_unit ?? '')}<div class="signa">S. ${esc(i.signa)}</div>${
              i.allergy_override
                ? `<div class="signa allergy">Diresepkan meski alergi: ${esc(i.allergy_override)}</div>`
                : ''
            }</div>`,
        )
        .join('')
    : '<div class="muted">Semua obat resep ini telah dibatalkan.</div>';
  const voidNote = cancelled
    ? `<div class="void-stamp">BATAL</div>
<div class="void-note">RESEP INI DIBATALKAN DAN TIDAK BERLAKU${
        prescription.voided_at ? ` (${esc(formatDateTime(prescription.voided_at, h.branch_timezone))})` : ''
      }${prescription.void_reason ? `: ${esc(prescription.void_reason)}` : ''}</div>`
    : '';
  return page(
    `Resep ${prescription.code}${cancelled ? ' (BATAL)' : ''}`,
    `${letterhead(d)}
${voidNote}
<h2>${cancelled ? 'RESEP - BATAL' : 'RESEP'}</h2>
<div class="sub">No. ${esc(prescription.code)} · ${esc(formatDate(h.visit_date))} · Kunjungan ${esc(h.visit_code)}</div>
<table class="kv"><tr><td class="k">Dokter</td><td>: ${esc(h.doctor_name)}${h.doctor_specialization ? ` (${esc(h.doctor_specialization)})` : ''}</td></tr>
<tr><td class="k">SIP</td><td>: ${esc(h.doctor_sip)}</td></tr></table>
<h3>Pasien</h3>
${patientBlock(d, { allergies: true })}
<h3>Obat</h3>
${lines}
${prescription.note ? `<div class="muted">Catatan: ${esc(prescription.note)}</div>` : ''}
${signature(d)}`,
  );
}

/** Surat keterangan sakit: the patient needs rest for `days` days, from `from` to `to` inclusive. */
export function suratSakitHtml(
  d: PrintDoc,
  letter: { number: string; days: number; from: string; to: string; diagnosis: string | null },
): string {
  const h = d.head;
  const words = [
    'nol',
    'satu',
    'dua',
    'tiga',
    'empat',
    'lima',
    'enam',
    'tujuh',
    'delapan',
    'sembilan',
    'sepuluh',
    'sebelas',
    'dua belas',
    'tiga belas',
    'empat belas',
  ];
  const inWords = words[letter.days] ?? String(letter.days);
  return page(
    `Surat Keterangan Sakit ${h.patient_name}`,
    `${letterhead(d)}
<h2>SURAT KETERANGAN SAKIT</h2>
<div class="sub">No. ${esc(letter.number)}</div>
<div class="letter">
<p>Yang bertanda tangan di bawah ini, dokter pada ${esc(h.branch_name)}, menerangkan bahwa:</p>
${patientBlock(d)}
<p>telah diperiksa pada tanggal ${esc(formatDate(h.visit_date))}${letter.diagnosis ? ` dengan diagnosis <b>${esc(letter.diagnosis)}</b>` : ''} dan berdasarkan hasil pemeriksaan tersebut
perlu beristirahat karena sakit selama <b>${esc(letter.days)} (${esc(inWords)}) hari</b>, terhitung mulai tanggal
<b>${esc(formatDate(letter.from))}</b> sampai dengan tanggal <b>${esc(formatDate(letter.to))}</b>.</p>
<p>Demikian surat keterangan ini dibuat dengan sebenarnya untuk dapat dipergunakan sebagaimana mestinya.</p>
</div>
${signature(d)}`,
  );
}
