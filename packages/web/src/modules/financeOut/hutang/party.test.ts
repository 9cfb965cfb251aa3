import { describe, expect, it } from 'vitest';
import { PARTY_WITHHOLDING_TAX } from '@klinik/shared';
import { isParty, partiesOf, partyKey, statementUrl, PAYABLE_PARTY_TYPES } from './party';

describe('payables parties in the pages', () => {
  const rows = [
    { party: 7, party_name: 'PT Satu', party_type: 'vendor' as const },
    { party: null, party_name: 'Saldo awal', party_type: 'vendor' as const },
    { party: 7, party_name: 'PT Satu', party_type: 'vendor' as const },
    { party: null, party_name: 'Apotek Lama', party_type: 'vendor' as const },
  ];

  it('lists each party once (by id, or by name when it has none), sorted by name', () => {
    expect(partiesOf('vendor', rows).map((p) => [p.id, p.name])).toEqual([
      [null, 'Apotek Lama'],
      [7, 'PT Satu'],
      [null, 'Saldo awal'],
    ]);
    expect(partiesOf('vendor', undefined)).toEqual([]);
    expect(partyKey({ id: 7, name: 'x' })).toBe('id:7');
    expect(partyKey({ id: null, name: 'Saldo awal' })).toBe('name:Saldo awal');
  });

  it('matches rows of the party only: same type, same id, or no id and the same name', () => {
    const byId = { type: 'vendor' as const, id: 7, name: 'PT Satu' };
    const byName = { type: 'vendor' as const, id: null, name: 'Saldo awal' };
    expect(rows.filter((r) => isParty(byId, r))).toHaveLength(2);
    expect(rows.filter((r) => isParty(byName, r))).toHaveLength(1);
    expect(isParty(byId, { party: 7, party_name: 'PT Satu', party_type: 'doctor' })).toBe(false);
    expect(isParty(byName, { party: 3, party_name: 'Saldo awal', party_type: 'vendor' })).toBe(false);
  });

  it('addresses the statement by id or by name, PDF or Excel, as of a date', () => {
    expect(statementUrl({ type: 'vendor', id: 7, name: 'PT Satu' }, 'pdf', '2026-03-31')).toBe(
      '/api/finance/hutang/statement?party_type=vendor&format=pdf&party=7&as_of=2026-03-31',
    );
    expect(statementUrl({ type: 'laboratorium', id: null, name: 'Lab Prodia & Co' }, 'xlsx')).toBe(
      '/api/finance/hutang/statement?party_type=laboratorium&format=xlsx&party_name=Lab+Prodia+%26+Co',
    );
  });

  it('offers a withholding tax for every party type a payment pays', () => {
    for (const t of PAYABLE_PARTY_TYPES) expect(PARTY_WITHHOLDING_TAX[t]).toBeTruthy();
    expect(PARTY_WITHHOLDING_TAX.laboratorium).toBe('pph23');
    expect(PARTY_WITHHOLDING_TAX.doctor).toBe('pph_doctor');
  });
});
