import { describe, expect, it } from 'vitest';
import { formatRupiah, parseRupiah, toSen, fromSen, hasAtMostTwoDecimals, formatNumber } from './money.js';
import { terbilang } from './terbilang.js';
import { nikMatchesBirth, nikBirthParts, isNikFormat } from './nik.js';
import { normalizePhone, waLink } from './phone.js';
import { addMonths, ageOn, isValidDate, todayIn, formatDate } from './dates.js';
import { changePasswordInput, newPatientInput } from './schemas/users.js';
import { bmiCategory, bmiOf, bmiText } from './schemas/medical-records.js';

describe('money', () => {
  it('formats rupiah with dots for thousands and a comma with decimals only where there are sen (issue 26)', () => {
    expect(formatRupiah(1500000)).toBe('Rp1.500.000');
    expect(formatRupiah(1234567.5)).toBe('Rp1.234.567,50');
    expect(formatRupiah(0)).toBe('Rp0');
    expect(formatRupiah(-2500)).toBe('-Rp2.500');
    expect(formatRupiah(999.99)).toBe('Rp999,99');
    expect(formatRupiah(0.05)).toBe('Rp0,05');
    expect(formatRupiah(0.1 + 0.2)).toBe('Rp0,30');
  });
  it('converts to and from sen exactly', () => {
    expect(toSen(0.1 + 0.2)).toBe(30);
    expect(toSen(1234567.89)).toBe(123456789);
    expect(fromSen(123456789)).toBe(1234567.89);
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });
  it('parses what people type', () => {
    expect(parseRupiah('Rp 1.500.000')).toBe(1500000);
    expect(parseRupiah('1.500.000,50')).toBe(1500000.5);
    expect(parseRupiah('abc')).toBeNull();
    expect(formatNumber(1500000.5)).toBe('1.500.000,5');
  });
});

describe('terbilang', () => {
  it.each([
    [0, 'nol rupiah'],
    [1, 'satu rupiah'],
    [11, 'sebelas rupiah'],
    [15, 'lima belas rupiah'],
    [100, 'seratus rupiah'],
    [1000, 'seribu rupiah'],
    [1100, 'seribu seratus rupiah'],
    [21500, 'dua puluh satu ribu lima ratus rupiah'],
    [1500000, 'satu juta lima ratus ribu rupiah'],
    [2000000000, 'dua miliar rupiah'],
    [1001001, 'satu juta seribu satu rupiah'],
    [125000.5, 'seratus dua puluh lima ribu rupiah lima puluh sen'],
  ])('%d -> %s', (n, words) => {
    expect(terbilang(n)).toBe(words);
  });
});

describe('NIK', () => {
  it('reads the birth date, women with day + 40', () => {
    expect(nikBirthParts('3174056108790001')).toEqual({ day: 21, month: 8, yy: 79, female: true });
    expect(nikMatchesBirth('3174056108790001', '1979-08-21', 1)).toBe(true);
    expect(nikMatchesBirth('3174052108790001', '1979-08-21', 0)).toBe(true);
    expect(nikMatchesBirth('3174052108790001', '1979-08-22')).toBe(false);
    expect(isNikFormat('123')).toBe(false);
  });
});

describe('phone', () => {
  it('replaces a leading 0 by 62 for chat links', () => {
    expect(normalizePhone('0812-3456-7890')).toBe('6281234567890');
    expect(normalizePhone('+6281234567890')).toBe('6281234567890');
    expect(waLink('081234567890')).toBe('https://wa.me/6281234567890');
    expect(waLink('')).toBeNull();
  });
});

describe('dates', () => {
  it('validates, adds months with clamping, computes age', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-11-15', 3)).toBe('2025-02-15');
    expect(ageOn('1990-11-23', '2026-11-22')).toBe(35);
    expect(ageOn('1990-11-22', '2026-11-22')).toBe(36);
    expect(formatDate('2026-11-22')).toBe('22 November 2026');
  });
  it("gives a branch's today in its own time zone", () => {
    const instant = new Date('2026-11-22T16:30:00Z');
    expect(todayIn('Asia/Jakarta', instant)).toBe('2026-11-22');
    expect(todayIn('Asia/Jayapura', instant)).toBe('2026-11-23');
  });
});

describe('schemas', () => {
  it('password: at least 5 characters, no spaces, repeat equal', () => {
    expect(changePasswordInput.safeParse({ password: 'abc12', repeatpassword: 'abc12' }).success).toBe(true);
    const short = changePasswordInput.safeParse({ password: 'abc', repeatpassword: 'abc' });
    expect(short.error?.issues[0].message).toBe('Password minimal 5 karakter');
    const spaced = changePasswordInput.safeParse({ password: 'abc 123', repeatpassword: 'abc 123' });
    expect(spaced.error?.issues[0].message).toBe('Password tidak boleh mengandung spasi');
    const differ = changePasswordInput.safeParse({ password: 'abcde1', repeatpassword: 'abcde2' });
    expect(differ.error?.issues[0]).toMatchObject({
      path: ['repeatpassword'],
      message: 'Ulangi password harus sama dengan password',
    });
  });
  it("new patient: gender '0'/'1', optional guardian, Indonesian messages", () => {
    const ok = newPatientInput.safeParse({ name: 'Ani', gender: '1', wali_name: '', email: '' });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ gender: 1 });
    const bad = newPatientInput.safeParse({ gender: '1', birth_date: '2999-01-01' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Wajib diisi', 'Tanggal lahir tidak boleh di masa depan']);
  });
  it("new patient: 'Dengan Wali' on needs the guardian's name, shown with the other missing fields", () => {
    const off = newPatientInput.safeParse({ name: 'Ani', gender: 1, with_wali: false });
    expect(off.success).toBe(true);
    const on = newPatientInput.safeParse({ with_wali: true, wali_name: '  ' });
    expect(on.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'wali_name',
      'Nama wali wajib diisi',
    ]);
    expect(on.error?.issues.map((i) => i.path.join('.'))).toEqual(['name', 'gender', 'wali_name']);
    expect(newPatientInput.safeParse({ name: 'Ani', gender: 1, with_wali: 'true', wali_name: 'Budi' }).success).toBe(
      true,
    );
  });
});

describe('schema regressions', () => {
  it("optional gender codes accept '' as not chosen", async () => {
    const { userUpdateInput } = await import('./schemas/users.js');
    const r = userUpdateInput.safeParse({ gender: '', wali_gender: '', marital: '1' });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ marital: 1 });
    expect(r.data?.gender).toBeUndefined();
    const missing = newPatientInput.safeParse({ name: 'Ani' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['gender'], message: 'Jenis kelamin wajib dipilih' });
  });
  it('a partial branch update names only what it changes', async () => {
    const { branchUpdateInput, branchInput } = await import('./schemas/branches.js');
    expect(branchUpdateInput.parse({ status: 0 })).toEqual({ status: 0 });
    expect(branchInput.parse({ name: 'Cabang' })).toMatchObject({ status: 1, timezone: 'Asia/Jakarta' });
  });
});

describe('BMI (issue 26 item 7)', () => {
  it('rounds halves up without float error, as the database does', () => {
    expect(bmiOf(60.8, 160)).toBe(23.8);
    expect(bmiOf(70, 170)).toBe(24.2);
    expect(bmiOf(null, 170)).toBeNull();
  });
  it('gives the category of the figure shown, with one decimal always', () => {
    // 18,46 is shown as 18,5: its category is the one of 18,5.
    expect(bmiText(18.5)).toBe('18,5 kg/m² (Normal)');
    expect(bmiText(bmiOf(47.3, 160)!)).toBe('18,5 kg/m² (Normal)');
    expect(bmiText(23)).toBe('23,0 kg/m² (Berat badan lebih)');
    expect(bmiText(22.9)).toBe('22,9 kg/m² (Normal)');
    expect(bmiCategory(24.999)).toBe('Obesitas I');
  });
});
