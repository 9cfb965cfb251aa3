import {
  bpToPercent,
  fromSen,
  pph21Year,
  taxRulesFor,
  todayIn,
  toSen,
  type Pph21SimInput,
  type Pph21SimResult,
} from '@klinik/shared';
import type { Ctx } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';

/**
 * The PPh 21 simulator: one employee's months of one tax year through the same engine as the payroll run
 * (`pph21Year`). Rupiah in, rupiah out. For a permanent employee the last month given is the last tax period.
 */
export function simulatePph21(_ctx: Ctx, input: Pph21SimInput): Pph21SimResult {
  const year = input.year ?? Number(todayIn('Asia/Jakarta', _ctx.now()).slice(0, 4));
  const rules = taxRulesFor(year);
  let r;
  try {
    r = pph21Year(
      {
        ptkp: input.ptkp,
        employment: input.employment,
        startMonth: input.start_month,
        months: input.months.map((m) => ({
          month: m.month,
          bruto: toSen(m.bruto),
          iuranPensiun: m.iuran_pensiun === undefined ? undefined : toSen(m.iuran_pensiun),
        })),
      },
      rules,
    );
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(err.message, 'months');
    throw err;
  }
  const last = r.last;
  return {
    year,
    months: r.months.map((m) => ({
      month: m.month,
      bruto: fromSen(m.bruto),
      category: m.category,
      rate: bpToPercent(m.rateBp),
      pph21: fromSen(m.pph21),
    })),
    last: last && {
      month: last.month,
      bulan_kerja: last.monthsWorked,
      bruto_setahun: fromSen(last.brutoSetahun),
      biaya_jabatan: fromSen(last.biayaJabatan),
      iuran_pensiun: fromSen(last.iuranPensiun),
      neto: fromSen(last.neto),
      ptkp: fromSen(last.ptkp),
      pkp: fromSen(last.pkp),
      pph_setahun: fromSen(last.pphSetahun),
      dipotong: fromSen(last.dipotong),
      pph21: fromSen(last.pph21),
    },
    total_pph21: fromSen(r.months.reduce((s, m) => s + m.pph21, 0)),
  };
}
