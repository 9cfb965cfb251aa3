/**
 * What an approved payroll run posts (split out of payroll.ts): the expenses in total, and the payables per person
 * for the payables sub-ledger (issue 28): net pay per employee to 2104 (party 'pegawai'), PPh 21 per employee to
 * 2201 (party 'pajak', tax 'pph_pegawai', masa = the run's month, recipient the employee), BPJS to 2204 (party
 * 'pajak', tax 'bpjs'). A correction run posts its own figures whole: the runs it replaces are reversed from their
 * stored lines first (finance reverseDocument, issue 28 item 8). Accounts are automatic-journal keys.
 */
import { asSen, toSen } from '@klinik/shared';
import { auto, type PayableParty, type PostingLine } from '../finance/index.js';

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

/** The run's journal lines (a correction's too: its figures whole). */
export function payrollPostingLines(run: RunLike): PostingLine[] {
  const amounts = postingAmounts(run);
  const posting: PostingLine[] = [];
  const add = (akun: string, description: string, sen: number, debitSide: boolean, party?: PayableParty) => {
    if (sen === 0) return;
    const isDebit = sen > 0 ? debitSide : !debitSide;
    const v = asSen(Math.abs(sen));
    posting.push({ akun, description, debit: isDebit ? v : asSen(0), credit: isDebit ? asSen(0) : v, party });
  };
  add(auto('bebanGaji'), 'Beban gaji', amounts.salaryExpense, true);
  add(auto('bebanBpjs'), 'BPJS bagian pemberi kerja', amounts.employer, true);
  // Per employee, in the run's order: PPh 21 and net pay.
  const people = new Map<number, { name: string; pph: number; net: number }>();
  for (const l of run.lines) people.set(l.employee, { name: l.name, pph: toSen(l.pph21), net: toSen(l.net) });
  for (const [id, p] of people)
    add(auto('hutangPph21'), `PPh 21 dipotong: ${p.name}`, p.pph, false, {
      type: 'pajak',
      name: 'Kantor Pajak',
      tax: 'pph_pegawai',
      masa: run.period,
      recipient: { id, name: p.name },
    });
  add(auto('hutangBpjs'), 'BPJS pegawai dan pemberi kerja', amounts.bpjsPayable, false, {
    type: 'pajak',
    name: 'BPJS',
    tax: 'bpjs',
    masa: run.period,
  });
  for (const [id, p] of people)
    add(auto('hutangGaji'), `Gaji bersih: ${p.name}`, p.net, false, { type: 'pegawai', id, name: p.name });
  return posting;
}
