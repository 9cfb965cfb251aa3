import { describe, expect, it } from 'vitest';
import { isPostableJournal, ledgerTotals, unbalancedMessage } from './ledger.js';

describe('ledgerTotals', () => {
  it('sums sen and says whether debit equals credit', () => {
    const t = ledgerTotals([
      { debit: 10, credit: 0 },
      { debit: 20, credit: 0 },
      { debit: 0, credit: 30 },
    ]);
    expect(t).toEqual({ debit: 30, credit: 30, invalid: false, balanced: true });
    expect(isPostableJournal(t)).toBe(true);
  });

  it('is not balanced when the sides differ', () => {
    const t = ledgerTotals([
      { debit: 100, credit: 0 },
      { debit: 0, credit: 99 },
    ]);
    expect(t.balanced).toBe(false);
    expect(isPostableJournal(t)).toBe(false);
  });

  it('an empty or all-zero set balances but is not a postable journal', () => {
    expect(ledgerTotals([]).balanced).toBe(true);
    expect(isPostableJournal(ledgerTotals([{ debit: 0, credit: 0 }]))).toBe(false);
  });

  it('an unreadable or negative amount makes the set invalid and unbalanced', () => {
    expect(ledgerTotals([{ debit: NaN, credit: 0 }])).toMatchObject({ invalid: true, balanced: false });
    expect(
      ledgerTotals([
        { debit: -5, credit: 0 },
        { debit: 0, credit: -5 },
      ]),
    ).toMatchObject({ invalid: true, balanced: false, debit: 0, credit: 0 });
  });

  it('stays exact up to Rp10.000.000.000.000', () => {
    const t = ledgerTotals([
      { debit: 999_999_999_999_999, credit: 0 },
      { debit: 1, credit: 0 },
      { debit: 0, credit: 1_000_000_000_000_000 },
    ]);
    expect(t.balanced).toBe(true);
  });
});

describe('unbalancedMessage', () => {
  it('words the mismatch in rupiah', () => {
    expect(unbalancedMessage('Jurnal', { debit: 150_000, credit: 100_000 })).toBe(
      'Jurnal tidak seimbang: total debit Rp1.500 tidak sama dengan total kredit Rp1.000',
    );
  });
});
