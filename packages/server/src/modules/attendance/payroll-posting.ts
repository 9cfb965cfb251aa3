/**
 * What an approved payroll run posts (split out of payroll.ts): the expenses in total, and the payables per person
 * for the payables sub-ledger (issue 28): net pay per employee to 2104 (party 'pegawai'), PPh 21 per employee to
 * 2201 (party 'pajak', tax 'pph_pegawai', masa = the run's month, recipient the employee), BPJS to 2204 (party
 * 'pajak', tax 'bpjs'). A correction run posts the difference per account and per employee against the run it
 * corrects (a negative difference is a debit: a debit note on that person's payable).
 */
import { asSen, toSen } from '@klinik/shared';
import { ACCOUNT, type PayableParty, type PostingLine } from '../finance/index.js';

interface RunLike {
  period: string;
  lines: {
    employee: number;
    name: string;
    earnings: number;
    deductions: number;
    pph21: number;
    net: number;
    bpjs: {
      jkn_employer: number;
      jkn_employee: number;
      jht_employer: number;
      jht_employee: number;
      jp_employer: number;
      jp_employee: number;
      jkk: number;
      jkm: number;
    };
  }[];
}

/** What a run posts per account in total, in sen (debit-side accounts positive as debits, the others as credits). */
function postingAmounts(run: RunLike) {
  const s = (v: number) => toSen(v);
  const lines = run.lines;
  const tot = (f: (l: (typeof lines)[number]) => number) => lines.reduce((a, l) => a + s(f(l)), 0);
  const otherDeductions =
    tot((l) => l.deductions) -
    tot((l) => l.pph21) -
    tot((l) => l.bpjs.jkn_employee + l.bpjs.jht_employee + l.bpjs.jp_employee);
  const employer = tot((l) => l.bpjs.jkn_employer + l.bpjs.jht_employer + l.bpjs.jp_employer + l.bpjs.jkk + l.bpjs.jkm);
  return {
    salaryExpense: tot((l) => l.earnings) - otherDeductions,
    employer,
    bpjsPayable: employer + tot((l) => l.bpjs.jkn_employee + l.bpjs.jht_employee + l.bpjs.jp_employee),
  };
}

/** The run's journal lines; `corrected`: the run a correction replaces (only the differences are posted). */
export function payrollPostingLines(run: RunLike, corrected: RunLike | null): PostingLine[] {
  const amounts = postingAmounts(run);
  if (corrected) {
    const was = postingAmounts(corrected);
    for (const k of Object.keys(amounts) as (keyof typeof amounts)[]) amounts[k] -= was[k];
  }
  const posting: PostingLine[] = [];
  const add = (akun: string, description: string, sen: number, debitSide: boolean, party?: PayableParty) => {
    if (sen === 0) return;
    const isDebit = sen > 0 ? debitSide : !debitSide;
    const v = asSen(Math.abs(sen));
    posting.push({ akun, description, debit: isDebit ? v : asSen(0), credit: isDebit ? asSen(0) : v, party });
  };
  add(ACCOUNT.bebanGaji, 'Beban gaji', amounts.salaryExpense, true);
  add(ACCOUNT.bebanBpjs, 'BPJS bagian pemberi kerja', amounts.employer, true);
  // Per employee, in the run's order: PPh 21 and net pay (differences against the corrected run).
  const people = new Map<number, { name: string; pph: number; net: number }>();
  for (const l of run.lines) people.set(l.employee, { name: l.name, pph: toSen(l.pph21), net: toSen(l.net) });
  for (const l of corrected?.lines ?? []) {
    const p = people.get(l.employee) ?? { name: l.name, pph: 0, net: 0 };
    p.pph -= toSen(l.pph21);
    p.net -= toSen(l.net);
    people.set(l.employee, p);
  }
  for (const [id, p] of people)
    add(ACCOUNT.hutangPph21, `PPh 21 dipotong: ${p.name}`, p.pph, false, {
      type: 'pajak',
      name: 'Kantor Pajak',
      tax: 'pph_pegawai',
      masa: run.period,
      recipient: { id, name: p.name },
    });
  add(ACCOUNT.hutangBpjs, 'BPJS pegawai dan pemberi kerja', amounts.bpjsPayable, false, {
    type: 'pajak',
    name: 'BPJS',
    tax: 'bpjs',
    masa: run.period,
  });
  for (const [id, p] of people)
    add(ACCOUNT.hutangGaji, `Gaji bersih: ${p.name}`, p.net, false, { type: 'pegawai', id, name: p.name });
  return posting;
}
