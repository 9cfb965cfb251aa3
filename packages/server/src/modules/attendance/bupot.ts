import ExcelJS from 'exceljs';
import type { Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { getRun } from './payroll.js';
import * as q from './queries/index.js';

/**
 * The PPh 21 list of an approved run in the layout of the tax office's import (issue 15 item 5; docs/decisions.md,
 * 'e-Bupot'): Coretax's Excel converter sheets, one row per withholding slip.
 * - BPMP: monthly slips of permanent employees (TER months, tax object 21-100-01);
 * - BP21: slips of everyone else (non-permanent employees 21-100-03, non-employees such as doctors paid by fee
 *   21-100-07 at 50% of gross);
 * - A1: the annual recomputation (December or the month an employee leaves), whose slip is the yearly 1721-A1.
 * Rows whose recipient has neither NIK nor NPWP are still listed, with a note, so nothing is silently dropped.
 */

type Run = Awaited<ReturnType<typeof getRun>>;
type Line = Run['lines'][number];

export const TAX_OBJECT = { tetap: '21-100-01', tidak_tetap: '21-100-03', bukan_pegawai: '21-100-07' } as const;

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** The recipient's tax id: NIK (the 16-digit NPWP of a resident) or else the NPWP, digits only. */
export function recipientTin(id: { nik: string | null; npwp: string | null } | undefined): string {
  const nik = digits(id?.nik);
  if (nik.length === 16) return nik;
  return digits(id?.npwp);
}

/** The withholding date: the last day of the run's period, dd/mm/yyyy. */
export function withholdingDate(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(last).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

export interface BupotRows {
  bpmp: (string | number)[][];
  bp21: (string | number)[][];
  a1: (string | number)[][];
}

/** The columns both withholding sheets (BPMP, BP21) end with: the rate, the withholder and the tax withheld. */
const WITHHOLDING_COLUMNS = ['Tarif', 'ID TKU', 'Tgl Pemotongan', 'Nama', 'PPh 21', 'Catatan'];

export const BPMP_HEADER = [
  'Masa Pajak',
  'Tahun Pajak',
  'Status Pegawai',
  'NPWP/NIK/TIN',
  'Nomor Passport',
  'Status PTKP',
  'Posisi',
  'Sertifikat/Fasilitas',
  'Kode Objek Pajak',
  'Penghasilan Kotor',
  ...WITHHOLDING_COLUMNS,
];
export const BP21_HEADER = [
  'Masa Pajak',
  'Tahun Pajak',
  'NPWP/NIK',
  'ID TKU Penerima Penghasilan',
  'Sertifikat/Fasilitas',
  'Kode Objek Pajak',
  'Penghasilan Kotor',
  'DPP (%)',
  ...WITHHOLDING_COLUMNS,
];
export const A1_HEADER = [
  'Tahun Pajak',
  'Masa Pajak Akhir',
  'NPWP/NIK',
  'Nama',
  'Status PTKP',
  'Posisi',
  'Kode Objek Pajak',
  'Bruto Setahun',
  'Biaya Jabatan',
  'Iuran Pensiun/JHT',
  'Neto Setahun',
  'PTKP',
  'PKP',
  'PPh 21 Setahun',
  'Sudah Dipotong',
  'PPh 21 Masa Ini',
  'Catatan',
];

/** Pure: the rows of the three sheets for a run and its employees' identities. */
export function bupotRows(
  run: Pick<Run, 'period'>,
  lines: Line[],
  ids: Map<number, { nik: string | null; npwp: string | null; position: string | null }>,
): BupotRows {
  const month = Number(run.period.slice(5, 7));
  const year = Number(run.period.slice(0, 4));
  const date = withholdingDate(run.period);
  const out: BupotRows = { bpmp: [], bp21: [], a1: [] };
  for (const l of lines) {
    const id = ids.get(l.employee);
    const tin = recipientTin(id);
    const note = tin ? '' : 'NIK/NPWP pegawai belum diisi';
    // The WITHHOLDING_COLUMNS of a BPMP or BP21 row (ID TKU empty).
    const withheld = [l.pph21_rate, '', date, l.name, l.pph21, note];
    if (l.employment === 'tetap' && l.annual) {
      const a = l.annual;
      out.a1.push([
        year,
        month,
        tin,
        l.name,
        l.ptkp,
        id?.position ?? '',
        TAX_OBJECT.tetap,
        a.bruto_setahun,
        a.biaya_jabatan,
        a.iuran_pensiun,
        a.neto,
        a.ptkp,
        a.pkp,
        a.pph_setahun,
        a.dipotong,
        l.pph21,
        [note, l.pph21 < 0 ? 'lebih potong dikembalikan' : ''].filter(Boolean).join('; '),
      ]);
    } else if (l.employment === 'tetap') {
      out.bpmp.push([
        month,
        year,
        'Resident',
        tin,
        '',
        l.ptkp,
        id?.position ?? '',
        'N/A',
        TAX_OBJECT.tetap,
        l.bruto,
        ...withheld,
      ]);
    } else {
      const kind = l.employment === 'bukan_pegawai' ? 'bukan_pegawai' : 'tidak_tetap';
      out.bp21.push([
        month,
        year,
        tin,
        '',
        'N/A',
        TAX_OBJECT[kind],
        l.bruto,
        kind === 'bukan_pegawai' ? 50 : 100,
        ...withheld,
      ]);
    }
  }
  return out;
}

function sheet(wb: ExcelJS.Workbook, name: string, header: string[], rows: (string | number)[][], moneyCols: number[]) {
  const ws = wb.addWorksheet(name);
  ws.addRow(header);
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  header.forEach((h, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.max(12, h.length + 2);
    if (moneyCols.includes(i)) col.numFmt = '#,##0';
    // Tax ids keep their leading zeros: text cells.
    if (/NPWP|NIK|TKU/.test(h)) col.numFmt = '@';
  });
}

/** The workbook of a run (HR only; a draft is marked as such for checking; audited like the payslips). */
export async function bupotXlsx(ctx: Ctx, id: number): Promise<{ buffer: Buffer; filename: string }> {
  const run = await getRun(ctx, id);
  const draft = run.status === 0;
  const ids = new Map(
    (
      await q.taxIdentities(
        ctx.db,
        run.lines.map((l) => l.employee),
      )
    ).map((r) => [r.user_id, r] as const),
  );
  const rows = bupotRows(run, run.lines, ids);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Klinik';
  sheet(wb, 'BPMP', BPMP_HEADER, rows.bpmp, [9, 14]);
  sheet(wb, 'BP21', BP21_HEADER, rows.bp21, [6, 12]);
  sheet(wb, 'A1', A1_HEADER, rows.a1, [7, 8, 9, 10, 11, 12, 13, 14, 15]);
  const info = wb.addWorksheet('Keterangan');
  [
    ['Status', draft ? 'DRAFT - belum disetujui, hanya untuk diperiksa; jangan diunggah' : 'Disetujui'],
    ['Periode', run.period],
    ['Group', run.group_name],
    ['Jumlah BPMP', rows.bpmp.length],
    ['Jumlah BP21', rows.bp21.length],
    ['Jumlah A1', rows.a1.length],
    ['ID TKU', 'Isi dengan NITKU pemotong (NPWP 16 digit + 000000) sebelum diunggah ke Coretax'],
    ['Sumber', 'Susunan kolom mengikuti converter Excel Coretax DJP (BPMP, BP21); periksa dengan template terbaru'],
  ].forEach((r) => info.addRow(r));
  info.getColumn(1).width = 16;
  info.getColumn(2).width = 90;
  await audit(ctx, {
    action: 'export',
    entity: 'payroll_run',
    entityId: run.id,
    profileId: run.profile_id,
    after: { file: 'ebupot_pph21', rows: rows.bpmp.length + rows.bp21.length + rows.a1.length },
  });
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { buffer, filename: `ebupot-pph21-${run.period}-${run.id}${draft ? '-draft' : ''}.xlsx` };
}
