import { describe, expect, it } from 'vitest';
import { installmentMismatch, installmentTotalSen, paketInput } from './schemas/paket.js';

describe('instalment sum (one function for the package dialog and the server schema)', () => {
  it('sums DP and instalments in sen, exactly', () => {
    expect(installmentTotalSen(0.1, 0.2, 1)).toBe(30);
    expect(installmentTotalSen(600_000, 800_000, 3)).toBe(300_000_000);
  });

  it('is null when DP + n x cicilan equals the price, else the Indonesian message', () => {
    expect(installmentMismatch(3_000_000, 600_000, 800_000, 3)).toBeNull();
    expect(installmentMismatch(3_000_000, 600_000, 700_000, 3)).toBe(
      'DP Rp600.000 + 3 x cicilan Rp700.000 = Rp2.700.000, tidak sama dengan harga paket Rp3.000.000',
    );
    expect(installmentMismatch(100.5, 0.5, 50, 2)).toBeNull();
    expect(installmentMismatch(100.5, 0, 50, 2)).toContain('Rp100,50');
  });

  it('the schema reports the same message on cicilan_amount', () => {
    const r = paketInput.safeParse({
      code: 'P1',
      name: 'Paket',
      paket_type_id: 1,
      active_at: '2026-01-01',
      price: 3_000_000,
      status: 1,
      installment_schema: 1,
      dp_amount: 600_000,
      cicilan_amount: 700_000,
      cicilan_attempt: 3,
    });
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path.join('.') === 'cicilan_amount');
    expect(issue?.message).toBe(installmentMismatch(3_000_000, 600_000, 700_000, 3));
  });
});
