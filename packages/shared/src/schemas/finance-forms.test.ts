import { describe, expect, it } from 'vitest';
import { jurnalFormInput, jurnalInput, periodeFormInput, periodeInput, reverseFormInput } from './finance.js';
import { journalTotalsProblem, ledgerTotals, lineAmountProblem } from '../ledger.js';
import { typedSen } from '../money.js';

const line = (akun: string, debit: string | number, credit: string | number, description = '') => ({
  akun,
  description,
  debit,
  credit,
});
const journal = (details: ReturnType<typeof line>[], extra: Partial<{ code: string; memo: string }> = {}) => ({
  code: '',
  transaction_at: '2026-11-24',
  memo: '',
  details,
  ...extra,
});
/** The issues of a parse as { path: message } (several at one path joined with ' | ', so none hides). */
function issues(r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) {
    const key = i.path.join('.');
    out[key] = key in out ? `${out[key]} | ${i.message}` : i.message;
  }
  return out;
}

describe('typedSen', () => {
  it('reads Indonesian typing in sen; blank is 0, anything else unreadable', () => {
    expect(typedSen('1.500.000,50')).toBe(150_000_050);
    expect(typedSen('250000')).toBe(25_000_000);
    expect(typedSen('')).toBe(0);
    expect(typedSen(1500.5)).toBe(150_050);
    expect(typedSen('abc')).toBeNaN();
    expect(typedSen('1,555')).toBeNaN();
  });
});

describe('journal line rules (ledger.ts, shared with the posting service)', () => {
  it('wants each line one-sided, readable and not negative', () => {
    expect(lineAmountProblem(100, 0)).toBeNull();
    expect(lineAmountProblem(0, 100)).toBeNull();
    expect(lineAmountProblem(100, 100)).toBe('both');
    expect(lineAmountProblem(0, 0)).toBe('none');
    expect(lineAmountProblem(-1, 0)).toBe('negative');
    expect(lineAmountProblem(NaN, 0)).toBe('unreadable');
  });

  it('wants the totals balanced and not zero', () => {
    expect(
      journalTotalsProblem(
        ledgerTotals([
          { debit: 100, credit: 0 },
          { debit: 0, credit: 100 },
        ]),
      ),
    ).toBeNull();
    expect(
      journalTotalsProblem(
        ledgerTotals([
          { debit: 15_000_000, credit: 0 },
          { debit: 0, credit: 10_000_000 },
        ]),
      ),
    ).toBe('Jurnal tidak seimbang: total debit Rp150.000 tidak sama dengan total kredit Rp100.000');
    expect(journalTotalsProblem(ledgerTotals([]))).toBe('Jurnal tidak boleh bernilai nol');
  });
});

describe('jurnalFormInput (Jurnal Umum Baru)', () => {
  it('turns a balanced form into the payload the server takes, rows without an account left out', () => {
    const r = jurnalFormInput.safeParse(
      journal([line('6103', '1.500.000,50', '', ' Sewa '), line('1101', '', '1.500.000,50'), line('', '', '')], {
        code: ' JU-1 ',
        memo: ' Sewa ruko ',
      }),
    );
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      code: 'JU-1',
      transaction_at: '2026-11-24',
      memo: 'Sewa ruko',
      details: [
        { akun: '6103', description: 'Sewa', debit: 1_500_000.5, credit: 0 },
        { akun: '1101', description: undefined, debit: 0, credit: 1_500_000.5 },
      ],
    });
    expect(jurnalInput.safeParse(r.data).success).toBe(true);
  });

  it('refuses an unbalanced or zero journal at details, in the server words', () => {
    expect(
      issues(jurnalFormInput.safeParse(journal([line('6103', '250.000', ''), line('1101', '', '200.000')]))),
    ).toEqual({
      details: 'Jurnal tidak seimbang: total debit Rp250.000 tidak sama dengan total kredit Rp200.000',
    });
    expect(issues(jurnalFormInput.safeParse(journal([line('', '', ''), line('', '', '')])))).toEqual({
      details: 'Detail jurnal wajib diisi',
    });
  });

  it('names the bad line next to its amount', () => {
    expect(
      issues(
        jurnalFormInput.safeParse(
          journal([line('6103', '250.000', ''), line('1101', '', '250.000'), line('1102', '', '')]),
        ),
      ),
    ).toEqual({
      'details.2.debit': 'Baris 3: isi debit atau kredit, atau hapus barisnya',
    });
    expect(issues(jurnalFormInput.safeParse(journal([line('6103', '-100', ''), line('1101', '', '-100')])))).toEqual({
      'details.0.debit': 'Baris 1: debit dan kredit tidak boleh negatif',
      'details.1.credit': 'Baris 2: debit dan kredit tidak boleh negatif',
    });
    expect(issues(jurnalFormInput.safeParse(journal([line('6103', '100', ''), line('1101', '', 'abc')])))).toEqual({
      'details.1.credit': 'Baris 2: debit dan kredit harus berupa angka',
    });
    expect(issues(jurnalFormInput.safeParse(journal([line('6103', '100', '100')])))).toEqual({
      'details.0.debit': 'Baris 1: isi debit atau kredit saja, tidak keduanya',
    });
    expect(
      issues(jurnalFormInput.safeParse(journal([line('6103', '10.000.000.000.001', ''), line('1101', '', '1')]))),
    ).toEqual({ 'details.0.debit': 'Baris 1: jumlah terlalu besar' });
  });

  it('wants a transaction date and keeps code and memo within their lengths', () => {
    const ok = [line('6103', '100', ''), line('1101', '', '100')];
    expect(issues(jurnalFormInput.safeParse({ ...journal(ok), transaction_at: '' }))).toEqual({
      transaction_at: 'Tanggal transaksi wajib diisi',
    });
    expect(issues(jurnalFormInput.safeParse(journal(ok, { code: 'x'.repeat(61) })))).toEqual({
      code: 'Kode maksimal 60 karakter',
    });
  });
});

describe('periodeFormInput (Periode Keuangan Baru)', () => {
  const saldo = (akun: string, debit: string | number, credit: string | number) => ({ akun, debit, credit });

  it('sends the nonzero opening balances as a serialized list', () => {
    const r = periodeFormInput.safeParse({
      start_date: '2026-11-01',
      saldo_awal: [saldo('1101', '5.000.000', ''), saldo('1102', '', ''), saldo('3101', '', 5_000_000)],
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({
      start_date: '2026-11-01',
      saldo_awal: JSON.stringify([
        { akun: '1101', debit: 5_000_000, credit: 0 },
        { akun: '3101', debit: 0, credit: 5_000_000 },
      ]),
    });
    expect(periodeInput.safeParse(r.data).success).toBe(true);
  });

  it('allows no opening balances but refuses unbalanced or bad ones', () => {
    expect(periodeFormInput.safeParse({ start_date: '2026-11-01', saldo_awal: [saldo('1101', '', '')] }).success).toBe(
      true,
    );
    expect(
      issues(periodeFormInput.safeParse({ start_date: '2026-11-01', saldo_awal: [saldo('1101', '5.000.000', '')] })),
    ).toEqual({
      saldo_awal: 'Saldo awal tidak seimbang: total debit Rp5.000.000 tidak sama dengan total kredit Rp0',
    });
    expect(
      issues(periodeFormInput.safeParse({ start_date: '2026-11-01', saldo_awal: [saldo('1101', '5', '5')] })),
    ).toEqual({ 'saldo_awal.0.debit': 'Akun 1101: isi debit atau kredit saja, tidak keduanya' });
    expect(issues(periodeFormInput.safeParse({ start_date: '', saldo_awal: [] }))).toEqual({
      start_date: 'Tanggal mulai wajib diisi',
    });
  });
});

describe('reverseFormInput (Batalkan Jurnal)', () => {
  const schema = reverseFormInput({ periodStart: '2026-11-01', jurnalDate: '2026-11-10' });
  it('wants a date inside the active period and not before the original journal', () => {
    expect(schema.safeParse({ transaction_at: '2026-11-24' }).success).toBe(true);
    expect(issues(schema.safeParse({ transaction_at: '2026-10-31' }))).toEqual({
      transaction_at: 'Tanggal harus di dalam periode aktif (mulai 1 November 2026)',
    });
    expect(issues(schema.safeParse({ transaction_at: '2026-11-09' }))).toEqual({
      transaction_at: 'Tanggal pembatalan tidak boleh sebelum tanggal jurnal asal (10 November 2026)',
    });
    expect(issues(schema.safeParse({ transaction_at: '' }))).toEqual({
      transaction_at: 'Tanggal pembatalan wajib diisi',
    });
    expect(
      issues(
        reverseFormInput({ periodStart: null, jurnalDate: '2026-11-10' }).safeParse({ transaction_at: '2026-11-24' }),
      ),
    ).toEqual({ transaction_at: 'Tidak ada periode pembukuan aktif' });
  });
});
