import { describe, expect, it } from 'vitest';
import { passwordRules } from './PasswordDialog';

describe('password rules stated before submitting (issue 16)', () => {
  it('lists every rule, the common-password one included, before anything is typed', () => {
    const rules = passwordRules('', '');
    expect(rules.map((r) => r.label)).toEqual([
      'Minimal 5 karakter',
      'Tanpa spasi',
      'Bukan password yang umum atau mudah ditebak (mis. 123456, password, klinik123)',
      'Ulangi password sama persis',
    ]);
    expect(rules.map((r) => r.met)).toEqual([false, false, null, false]);
  });

  it('ticks the rules the typed password meets', () => {
    expect(passwordRules('abc', '').map((r) => r.met)).toEqual([false, true, null, false]);
    expect(passwordRules('ada spasi', 'ada spasi').map((r) => r.met)).toEqual([true, false, null, true]);
    expect(passwordRules('Benar123', 'Benar12').map((r) => r.met)).toEqual([true, true, null, false]);
    expect(passwordRules('Benar123', 'Benar123').map((r) => r.met)).toEqual([true, true, null, true]);
  });
});
