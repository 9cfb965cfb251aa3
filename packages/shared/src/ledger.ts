import { formatRupiah, fromSen } from './money.js';

/**
 * The one rule for "debit equals credit" (issue 9 item 5): the journal form, the opening balances of the period
 * dialog and the server's posting and period validation all sum their lines here, in integer sen, and word the
 * mismatch with `unbalancedMessage`. A line whose amount could not be read (NaN) or is negative makes the whole
 * set `invalid`; such lines are left out of the totals.
 */
export interface LedgerTotals {
  /** Total debit in sen. */
  debit: number;
  /** Total credit in sen. */
  credit: number;
  /** Some line had an unreadable or negative amount. */
  invalid: boolean;
  /** Debit equals credit (and nothing is invalid). */
  balanced: boolean;
}

export function ledgerTotals(lines: Iterable<{ debit: number; credit: number }>): LedgerTotals {
  let debit = 0;
  let credit = 0;
  let invalid = false;
  for (const l of lines) {
    if (Number.isNaN(l.debit) || Number.isNaN(l.credit) || l.debit < 0 || l.credit < 0) {
      invalid = true;
      continue;
    }
    debit += l.debit;
    credit += l.credit;
  }
  return { debit, credit, invalid, balanced: !invalid && debit === credit };
}

/** A journal may be posted only when balanced and not zero (spec 5 "Journal"). */
export function isPostableJournal(t: LedgerTotals): boolean {
  return t.balanced && t.debit > 0;
}

/** 'Jurnal tidak seimbang: total debit Rp... tidak sama dengan total kredit Rp...' (label 'Jurnal' or 'Saldo awal'). */
export function unbalancedMessage(label: string, t: { debit: number; credit: number }): string {
  return `${label} tidak seimbang: total debit ${formatRupiah(fromSen(t.debit))} tidak sama dengan total kredit ${formatRupiah(fromSen(t.credit))}`;
}

/** Why one journal line's amounts (in sen) cannot be posted; see `lineAmountProblem`. */
export type LineAmountProblem = 'unreadable' | 'negative' | 'both' | 'none';

/** The server's wording of each line problem (after 'Baris n: '). */
export const LINE_AMOUNT_MESSAGES: Record<LineAmountProblem, string> = {
  unreadable: 'debit dan kredit harus berupa angka',
  negative: 'debit dan kredit tidak boleh negatif',
  both: 'isi debit atau kredit saja, tidak keduanya',
  none: 'debit atau kredit wajib diisi',
};

/** Each journal line is one-sided: a readable, non-negative debit or credit, not both and not neither. */
export function lineAmountProblem(debit: number, credit: number): LineAmountProblem | null {
  if (!Number.isFinite(debit) || !Number.isFinite(credit)) return 'unreadable';
  if (debit < 0 || credit < 0) return 'negative';
  if (debit > 0 && credit > 0) return 'both';
  if (debit === 0 && credit === 0) return 'none';
  return null;
}

/** What is wrong with a journal's totals (label 'Jurnal'): not balanced, or zero; null when it may be posted. */
export function journalTotalsProblem(t: LedgerTotals, label = 'Jurnal'): string | null {
  if (!t.balanced) return unbalancedMessage(label, t);
  if (!isPostableJournal(t)) return `${label} tidak boleh bernilai nol`;
  return null;
}
