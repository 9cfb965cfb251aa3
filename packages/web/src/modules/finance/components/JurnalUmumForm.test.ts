import { describe, expect, it } from 'vitest';
import { jurnalFormInput } from '@klinik/shared';
import { liveIssues } from '../../../lib/live-issues';
import { journalDirty } from './JurnalUmumForm';

const line = (debit: string, credit: string, withAkun = true) => ({
  akun: withAkun ? '6103' : '',
  description: '',
  debit,
  credit,
});
/** What the form checks as the user types (Save also needs an active period). */
const check = (details: ReturnType<typeof line>[]) =>
  liveIssues(jurnalFormInput, { code: '', transaction_at: '2026-11-24', memo: '', details });

describe('Jurnal Umum form rules (spec 5, issue 16), on the shared jurnalFormInput', () => {
  it('takes Indonesian typing in sen', () => {
    const c = check([line('1.500.000,50', ''), line('', '1.500.000,50')]);
    expect(c.ok).toBe(true);
    expect(c.data?.details.map((d) => [d.debit, d.credit])).toEqual([
      [1_500_000.5, 0],
      [0, 1_500_000.5],
    ]);
  });

  it('keeps Save disabled for a line with an account and no amount, and names the line next to it', () => {
    const c = check([line('250.000', ''), line('', '250.000'), line('', '')]);
    expect(c.ok).toBe(false);
    expect(c.at('details.2.debit')).toBe('Baris 3: isi debit atau kredit, atau hapus barisnya');
    expect(check([line('0', ''), line('', '0')]).ok).toBe(false);
  });

  it('ignores rows without an account, refuses unbalanced, negative or unreadable amounts and no lines', () => {
    expect(check([line('100', ''), line('', '100'), line('', '', false)]).ok).toBe(true);
    expect(check([line('100', ''), line('', '90')]).ok).toBe(false);
    expect(check([line('-100', ''), line('', '-100')]).ok).toBe(false);
    expect(check([line('abc', ''), line('', 'abc')]).ok).toBe(false);
    expect(check([]).ok).toBe(false);
  });

  it('knows when closing would throw typed work away', () => {
    const blank = { akun: '', description: '', debit: '', credit: '' };
    expect(journalDirty({ code: '', memo: '', details: [blank, blank] })).toBe(false);
    expect(journalDirty({ code: '', memo: ' ', details: [blank] })).toBe(false);
    expect(journalDirty({ code: '', memo: 'Sewa', details: [blank] })).toBe(true);
    expect(journalDirty({ code: '', memo: '', details: [{ ...blank, akun: '6103' }] })).toBe(true);
    expect(journalDirty({ code: '', memo: '', details: [{ ...blank, debit: '5' }] })).toBe(true);
  });
});
