import { describe, expect, it } from 'vitest';
import { devidenSettingInput, devidenTax, investorInput, payablePartyOf } from './investors.js';

describe('devidenTax: withholding by party type and tax treatment (issue 29 part B)', () => {
  it('PPh 23: 2% on equipment rent, 15% on interest, 100% higher without NPWP/NIK', () => {
    expect(devidenTax('company', 'equipment_rent', true)).toMatchObject({ kind: 'pph23', rateBp: 200 });
    expect(devidenTax('company', 'equipment_rent', false)).toMatchObject({ kind: 'pph23', rateBp: 400 });
    expect(devidenTax('individual', 'interest', true)).toMatchObject({ kind: 'pph23', rateBp: 1500 });
    expect(devidenTax('individual', 'interest', false)).toMatchObject({ kind: 'pph23', rateBp: 3000 });
  });

  it('PPh 26 20% to any foreign party; a dividend to an Indonesian party is paid gross', () => {
    expect(devidenTax('foreign', 'dividend', false)).toMatchObject({ kind: 'pph26', rateBp: 2000, notice: null });
    expect(devidenTax('foreign', 'equipment_rent', true)).toMatchObject({ kind: 'pph26', rateBp: 2000 });
    const individual = devidenTax('individual', 'dividend', true);
    expect(individual).toMatchObject({ kind: null, rateBp: 0 });
    expect(individual.notice).toContain('PPh final 10%');
    expect(devidenTax('company', 'dividend', true)).toEqual({ kind: null, rateBp: 0, notice: null });
  });

  it('hospitals and laboratories are paid as their own payables party; investors and partners as investor', () => {
    expect(['investor', 'partner', 'rumahsakit', 'laboratorium'].map((k) => payablePartyOf(k as never))).toEqual([
      'investor',
      'investor',
      'rumahsakit',
      'laboratorium',
    ]);
  });
});

describe('schemas', () => {
  it('NIK and NPWP are normalised and validated; a company has no NIK', () => {
    const ok = investorInput.parse({
      kind: 'investor',
      party_type: 'individual',
      name: ' Ibu Sari ',
      nik: '3171 0145 0780 0002',
      npwp: '01.234.567.8-901.000',
      tax_treatment: 'dividend',
    });
    expect(ok).toMatchObject({ name: 'Ibu Sari', nik: '3171014507800002', npwp: '012345678901000' });
    const bad = investorInput.safeParse({
      kind: 'investor',
      party_type: 'company',
      name: 'PT A',
      nik: '3171014507800002',
      npwp: '123',
      tax_treatment: 'dividend',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['nik', 'npwp']);
  });

  it('a procedure share has one of amount and percent; a branch share a percent only', () => {
    const base = { investor: 1, effective_from: '2026-01-01' };
    expect(devidenSettingInput.safeParse({ ...base, basis: 'procedure', perawatan: 2, amount: 1000 }).success).toBe(
      true,
    );
    expect(
      devidenSettingInput.safeParse({ ...base, basis: 'procedure', perawatan: 2, amount: 1000, percent: 5 }).success,
    ).toBe(false);
    expect(devidenSettingInput.safeParse({ ...base, basis: 'profit', percent: 5, amount: 10 }).success).toBe(false);
    expect(
      devidenSettingInput.safeParse({ ...base, basis: 'revenue', percent: 5, effective_to: '2025-12-31' }).success,
    ).toBe(false);
  });
});
