/**
 * The payout run's Excel files (issue 29 item 3): the bank's transfer list (one row per doctor with a positive
 * net: bank, account number, account holder, net) and the list the tax office's bukti potong needs (one row per
 * doctor with PPh 21 withheld: NIK/NPWP, name, gross, DPP 50%, rate, PPh 21, withholding date). The files are for
 * an approved run (its figures are frozen); an open run's are a draft, marked so in the sheet name, the file name
 * and every row (the page offers the buttons only once approved), as its slip is marked 'BELUM DISETUJUI'.
 */
import { toSen, type SharingRunDoctorDto } from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { buildXlsx } from '../../lib/xlsx.js';
import { getRun } from './runs.js';
import { doctorsTax, type DoctorTaxRow } from './queries/runs.js';

/** Tax object of a fee paid to a doctor who is not an employee (bukan pegawai, 50% of gross). */
export const DOCTOR_TAX_OBJECT = '21-100-07';

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** NIK when it is a valid 16-digit one (the resident's tax id since 2024), else the NPWP; digits only. */
export function doctorTin(d: Pick<DoctorTaxRow, 'nik' | 'npwp'> | undefined): string {
  const nik = digits(d?.nik);
  return nik.length === 16 ? nik : digits(d?.npwp);
}

/** YYYY-MM-DD as dd/mm/yyyy (the layout of the tax office's import). */
function ddmmyyyy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

async function runOf(ctx: Ctx, id: number) {
  const run = await getRun(ctx, id);
  const who = new Map(
    (
      await doctorsTax(
        ctx.db,
        run.doctors.map((d) => d.doctor),
      )
    ).map((d) => [d.id, d]),
  );
  const draft = run.status !== 'approved';
  return {
    run,
    who,
    draft,
    sheet: (name: string) => (draft ? `${name} (DRAF)` : name),
    file: (name: string) => (draft ? `draf-${name}` : name),
    note: draft ? 'BELUM DISETUJUI' : '',
  };
}

type BankRow = SharingRunDoctorDto & { bank: DoctorTaxRow | undefined };

/** GET /api/finance/sharing/runs/{id}/bank: the transfer list for the bank. */
export async function runBankXlsx(ctx: Ctx, id: number): Promise<{ buffer: Buffer; filename: string }> {
  const { run, who, sheet, file, note } = await runOf(ctx, id);
  const rows: BankRow[] = run.doctors.filter((d) => toSen(d.net) > 0).map((d) => ({ ...d, bank: who.get(d.doctor) }));
  const buffer = await buildXlsx<BankRow>(
    sheet('Transfer'),
    [
      { header: 'Dokter', width: 30, value: (r) => r.doctor_name },
      { header: 'Bank', width: 16, value: (r) => r.bank?.bank_name ?? '' },
      { header: 'No. Rekening', width: 22, value: (r) => r.bank?.bank_account ?? '' },
      { header: 'Nama Rekening', width: 30, value: (r) => r.bank?.bank_holder ?? '' },
      { header: 'Neto', width: 16, value: (r) => r.net },
      { header: 'Keterangan', width: 30, value: () => `Jasa dokter ${run.period}${note ? ` ${note}` : ''}` },
    ],
    rows,
  );
  await audit(ctx, {
    action: 'export',
    entity: 'sharing_run',
    entityId: id,
    after: { file: 'bank', rows: rows.length },
  });
  return { buffer, filename: file(`transfer-jasa-dokter-${run.period}-${run.id}.xlsx`) };
}

/** GET /api/finance/sharing/runs/{id}/bupot: the PPh 21 list for the bukti potong (one row per doctor taxed). */
export async function runBupotXlsx(ctx: Ctx, id: number): Promise<{ buffer: Buffer; filename: string }> {
  const { run, who, sheet, file, note } = await runOf(ctx, id);
  const [year, month] = run.period.split('-');
  const rows = run.doctors.filter((d) => toSen(d.pph21) > 0);
  const buffer = await buildXlsx<SharingRunDoctorDto>(
    sheet('PPh 21 Jasa Dokter'),
    [
      { header: 'Masa Pajak', width: 10, value: () => Number(month) },
      { header: 'Tahun Pajak', width: 10, value: () => Number(year) },
      { header: 'NPWP/NIK', width: 20, value: (d) => doctorTin(who.get(d.doctor)) },
      { header: 'Nama', width: 30, value: (d) => d.doctor_name },
      { header: 'Kode Objek Pajak', width: 16, value: () => DOCTOR_TAX_OBJECT },
      { header: 'Jasa Dokter', width: 16, value: (d) => d.gross },
      // The tax base the rules name (the share, or the doctor fee the patient paid): the gross of PMK 168.
      { header: 'Penghasilan Bruto', width: 16, value: (d) => d.tax_base },
      { header: 'DPP (50%)', width: 16, value: (d) => d.dpp },
      { header: 'Tarif (%)', width: 10, value: (d) => d.rate },
      { header: 'Tambahan tanpa NPWP/NIK (%)', width: 12, value: (d) => d.surcharge },
      { header: 'PPh 21', width: 14, value: (d) => d.pph21 },
      { header: 'Tgl Pemotongan', width: 14, value: () => ddmmyyyy(run.cutoff) },
      {
        header: 'Catatan',
        width: 30,
        value: (d) => [note, doctorTin(who.get(d.doctor)) ? '' : 'Tanpa NPWP/NIK'].filter(Boolean).join('; '),
      },
    ],
    rows,
  );
  await audit(ctx, {
    action: 'export',
    entity: 'sharing_run',
    entityId: id,
    after: { file: 'bupot', rows: rows.length },
  });
  return { buffer, filename: file(`pph21-jasa-dokter-${run.period}-${run.id}.xlsx`) };
}
