import { describe, expect, it } from 'vitest';
import { toSen } from '../money.js';
import { proposeWithholding, withholdingBasis } from './withholding.js';

describe('withholding rule', () => {
  it('classifies items by party and source', () => {
    expect(withholdingBasis('vendor', 'stock_receipt')).toBe('none');
    expect(withholdingBasis('vendor', 'expense')).toBe('service');
    expect(withholdingBasis('laboratorium', 'kasir_payment')).toBe('service');
    expect(withholdingBasis('vendor', 'jurnal_umum')).toBe('open');
    expect(withholdingBasis('doctor', 'sharing_run')).toBe('none');
    expect(withholdingBasis('pegawai', 'payroll_run')).toBe('none');
    expect(withholdingBasis('doctor', 'kasir_payment')).toBe('open');
    expect(withholdingBasis('pajak', 'expense')).toBe('none');
  });

  it('proposes PPh 23 on the service part only, 2% or 4% without NPWP, down to whole rupiah', () => {
    const lines = [
      { source_type: 'expense', amount: toSen(1_000_000) },
      { source_type: 'stock_receipt', amount: toSen(5_000_000) },
    ];
    expect(proposeWithholding({ party_type: 'vendor', has_tax_id: true, lines })).toEqual({
      tax: 'pph23',
      base: toSen(1_000_000),
      rate_bp: 200,
      amount: toSen(20_000),
      allowed: true,
    });
    expect(
      proposeWithholding({
        party_type: 'vendor',
        has_tax_id: false,
        lines: [{ source_type: 'expense', amount: 1_234_599 }],
      }),
    ).toMatchObject({ rate_bp: 400, amount: toSen(493) });
    expect(proposeWithholding({ party_type: 'vendor', has_tax_id: true, lines: [lines[1]] })).toMatchObject({
      amount: 0,
      allowed: false,
    });
    expect(
      proposeWithholding({
        party_type: 'doctor',
        has_tax_id: true,
        lines: [{ source_type: 'kasir_payment', amount: 100 }],
      }),
    ).toMatchObject({ tax: 'pph_doctor', amount: 0, allowed: true });
  });
});
