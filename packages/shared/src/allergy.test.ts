import { describe, expect, it } from 'vitest';
import { allergyMatches, matchingAllergies } from './allergy.js';

describe('allergy matching', () => {
  it('matches the allergy in the name or the active ingredient, at word level, case and spaces folded', () => {
    expect(allergyMatches('Amoxicillin', { name: 'Amoxicillin 500 mg' })).toBe(true);
    expect(allergyMatches('  amoxicillin ', { name: 'AMOXICILLIN  500mg' })).toBe(true);
    expect(allergyMatches('Amoxicillin', { name: 'Amoxsan', generic_name: 'Amoxicillin' })).toBe(true);
    expect(allergyMatches('Amoxicillin', { name: 'Amoxsan', generic_name: 'Amoxicillin trihydrate' })).toBe(true);
    expect(allergyMatches('asam  mefenamat', { name: 'Ponstan', generic_name: 'Asam Mefenamat' })).toBe(true);
    expect(allergyMatches('Alergi amoxicillin (ruam)', { name: 'X', generic_name: 'Amoxicillin' })).toBe(true);
    expect(allergyMatches('Clavulanic acid', { name: 'Co-amox', generic_name: 'Amoxicillin, Clavulanic acid' })).toBe(
      true,
    );
  });

  it('does not match parts of words or other drugs', () => {
    expect(allergyMatches('Amox', { name: 'Amoxicillin 500 mg' })).toBe(false);
    expect(allergyMatches('Amoxicillin', { name: 'Amoxsan' })).toBe(false);
    expect(allergyMatches('Amoxicillin', { name: 'Paracetamol 500 mg', generic_name: 'Paracetamol' })).toBe(false);
    expect(allergyMatches('', { name: 'Paracetamol' })).toBe(false);
    expect(allergyMatches('Paracetamol sirup', { name: 'Paracetamol 500 mg' })).toBe(false);
  });

  it('answers each matching allergy once', () => {
    expect(
      matchingAllergies(['Amoxicillin', 'Udang', 'amoxicillin'], { name: 'Amoxsan', generic_name: 'Amoxicillin' }),
    ).toEqual(['Amoxicillin', 'amoxicillin']);
  });
});
