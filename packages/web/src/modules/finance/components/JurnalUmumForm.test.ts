import { describe, expect, it } from 'vitest';
import { canSaveJournal, journalDirty, journalTotals } from './JurnalUmumForm';

const akun = { id: 1 };
const line = (debit: string, credit: string, withAkun = true) => ({ akun: withAkun ? akun : null, debit, credit });

describe('Jurnal Umum form rules (spec 5, issue 16)', () => {
  it('sums debit and credit in sen, Indonesian typing included', () => {
    const t = journalTotals([line('1.500.000,50', ''), line('', '1.500.000,50')]);
    expect(t).toMatchObject({ debit: 150_000_050, credit: 150_000_050, lines: 2, invalid: false, zeroLines: [] });
    expect(canSaveJournal(true, t)).toBe(true);
  });

  it('keeps Save disabled for a line with an account and no amount, and names the line', () => {
    const t = journalTotals([line('250.000', ''), line('', '250.000'), line('', '')]);
    expect(t.zeroLines).toEqual([3]);
    expect(canSaveJournal(true, t)).toBe(false);
    expect(canSaveJournal(true, journalTotals([line('0', ''), line('', '0')]))).toBe(false);
  });

  it('ignores rows without an account, refuses unbalanced, negative or unreadable amounts and a missing period', () => {
    expect(canSaveJournal(true, journalTotals([line('100', ''), line('', '100'), line('', '', false)]))).toBe(true);
    expect(canSaveJournal(true, journalTotals([line('100', ''), line('', '90')]))).toBe(false);
    expect(canSaveJournal(true, journalTotals([line('-100', ''), line('', '-100')]))).toBe(false);
    expect(canSaveJournal(true, journalTotals([line('abc', ''), line('', 'abc')]))).toBe(false);
    expect(canSaveJournal(false, journalTotals([line('100', ''), line('', '100')]))).toBe(false);
    expect(canSaveJournal(true, journalTotals([]))).toBe(false);
  });

  it('knows when closing would throw typed work away', () => {
    const blank = { akun: null, description: '', debit: '', credit: '' };
    expect(journalDirty({ code: '', memo: '', rows: [blank, blank] })).toBe(false);
    expect(journalDirty({ code: '', memo: ' ', rows: [blank] })).toBe(false);
    expect(journalDirty({ code: '', memo: 'Sewa', rows: [blank] })).toBe(true);
    expect(journalDirty({ code: '', memo: '', rows: [{ ...blank, akun }] })).toBe(true);
    expect(journalDirty({ code: '', memo: '', rows: [{ ...blank, debit: '5' }] })).toBe(true);
  });
});
