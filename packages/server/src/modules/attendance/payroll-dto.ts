import { bpToPercent, fromSen, type pph21Annual } from '@klinik/shared';
import type * as q from './queries/index.js';

/** Payroll rows as the endpoints answer them: sen to rupiah, basis points to percent (split out of payroll.ts). */

export function componentDto(r: q.ComponentRow) {
  return {
    id: r.id,
    profile_id: r.profile_id,
    name: r.name,
    kind: r.kind,
    method: r.method,
    amount: fromSen(r.amount),
    rate: bpToPercent(r.rate_bp),
    taxable: r.taxable,
    bpjs_base: r.bpjs_base,
    status: r.status,
  };
}

/** What a run line keeps besides its figures (JSON in its detail column): components, attendance, the annual sum. */
export interface LineDetail {
  components: { name: string; kind: string; amount: number; taxable: boolean }[];
  days_present: number;
  late_minutes: number;
  missing_checkout: number;
  last_period: boolean;
  annual: ReturnType<typeof pph21Annual> | null;
}

export function lineDto(l: q.RunLineRow & { name: string; username: string }) {
  const d = JSON.parse(l.detail) as LineDetail;
  const r = (v: number) => fromSen(v);
  return {
    employee: l.user_id,
    name: l.name,
    username: l.username,
    employment: l.employment,
    ptkp: l.ptkp,
    base_salary: r(l.base_salary),
    earnings: r(l.earnings),
    deductions: r(l.deductions),
    bruto: r(l.bruto),
    bpjs: {
      jkn_employer: r(l.jkn_employer),
      jkn_employee: r(l.jkn_employee),
      jht_employer: r(l.jht_employer),
      jht_employee: r(l.jht_employee),
      jp_employer: r(l.jp_employer),
      jp_employee: r(l.jp_employee),
      jkk: r(l.jkk),
      jkm: r(l.jkm),
    },
    pph21: r(l.pph21),
    pph21_method: l.pph21_method,
    pph21_rate: bpToPercent(l.pph21_rate_bp),
    net: r(l.net),
    days_present: d.days_present,
    late_minutes: d.late_minutes,
    missing_checkout: d.missing_checkout,
    components: d.components.map((c) => ({ ...c, amount: r(c.amount) })),
    annual: d.annual && {
      bruto_setahun: r(d.annual.brutoSetahun),
      biaya_jabatan: r(d.annual.biayaJabatan),
      iuran_pensiun: r(d.annual.iuranPensiun),
      neto: r(d.annual.neto),
      ptkp: r(d.annual.ptkp),
      pkp: r(d.annual.pkp),
      pph_setahun: r(d.annual.pphSetahun),
      dipotong: r(d.annual.dipotong),
      pph21: r(d.annual.pph21),
    },
  };
}
