import { describe, expect, it } from 'vitest';
import {
  asRupiah,
  asSen,
  formatRupiah,
  fromSen,
  hasAtMostTwoDecimals,
  MAX_RUPIAH,
  MAX_SEN,
  mulDivSen,
  percentOf,
  sumSen,
  toSen,
  type Rupiah,
  type Sen,
} from './money.js';

/** What a DTO amount goes through between the server and a client: JSON out, JSON back in. */
const overJson = (v: number): number => JSON.parse(JSON.stringify({ v })).v as number;

describe('Sen and Rupiah', () => {
  it('adds 0.1 and 0.2 rupiah exactly in sen, and rounds away float noise of a computed sum', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // why sen exist
    expect(toSen(0.1) + toSen(0.2)).toBe(toSen(0.3));
    expect(toSen(0.1 + 0.2)).toBe(30);
    expect(fromSen(sumSen([toSen(0.1), toSen(0.2)]))).toBe(0.3);
    expect(fromSen(sumSen(Array.from({ length: 10 }, () => toSen(0.1))))).toBe(1);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(0.305)).toBe(false);
  });

  it('keeps every amount up to Rp10.000.000.000.000 exact through sen, the database bigint and JSON', () => {
    const samples = [
      0.01,
      0.1,
      0.2,
      0.3,
      1.005,
      1_500_000.5,
      123_456_789.99,
      316_227_766.03, // refused as 'three decimals' by the old float tolerance
      1_234_567_890_123.45,
      9_007_199_254_740.99,
      9_999_999_999_999.99,
      MAX_RUPIAH,
    ];
    // Plus a deterministic spread over the whole range, cents included.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5_000; i++) samples.push(Math.floor(next() * MAX_SEN) / 100);
    for (const text of samples.map((r) => r.toFixed(2))) {
      const r = Number(text); // as a client sends it
      expect(hasAtMostTwoDecimals(r), text).toBe(true);
      const s = toSen(r);
      expect(Number.isSafeInteger(s), text).toBe(true);
      expect(String(s), text).toBe(text.replace('.', '').replace(/^0+(?=\d)/, '')); // the bigint column
      const back = fromSen(BigInt(s).toString()); // read back from the bigint column (pg answers a string)
      expect(overJson(back), text).toBe(r);
      expect(back.toFixed(2), text).toBe(text);
    }
  });

  it('formats the largest amount exactly', () => {
    expect(formatRupiah(fromSen(MAX_SEN))).toBe('Rp10.000.000.000.000');
    expect(formatRupiah(9_999_999_999_999.99)).toBe('Rp9.999.999.999.999,99');
  });

  it('refuses what is not money instead of rounding it silently', () => {
    expect(() => asSen(10.5)).toThrow(RangeError);
    expect(() => asSen(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
    expect(() => toSen(Number.NaN)).toThrow(RangeError);
    expect(() => asRupiah(1.005)).toThrow(RangeError);
    expect(asSen('999999999999999')).toBe(999_999_999_999_999);
    expect(hasAtMostTwoDecimals(1_234_567_890_123.456)).toBe(false);
  });

  it('keeps the two units apart in the type system', () => {
    const price: Sen = toSen(1_500_000);
    const shown: Rupiah = fromSen(price);
    // @ts-expect-error a plain number is not Sen: it must go through toSen or asSen
    const wrong: Sen = 150_000_000;
    // @ts-expect-error rupiah is not sen
    const mixed: Sen = shown;
    expect([price, shown, wrong, mixed]).toEqual([150_000_000, 1_500_000, 150_000_000, 1_500_000]);
  });
});

describe('percentOf / mulDivSen (exact shares and taxes of sen)', () => {
  it('PPN of Rp6.8 billion and more is exact to the sen, where doubles lose it', () => {
    // 11/12 of the price at 12%: DPP nilai lain (PMK 131/2024); Rp 6.800.000.000,01 in sen.
    const gross = 680_000_000_001;
    expect(mulDivSen(gross, 11 * 1200, 12 * 10_000)).toBe(74_800_000_000);
    // Rp 90 trillion-scale: a double product passes 2^53, BigInt does not.
    expect(percentOf(999_999_999_999_999, 1100)).toBe(110_000_000_000_000);
    expect(percentOf(999_999_999_999_999, 1100, 'floor')).toBe(109_999_999_999_999);
  });

  it('rounds half away from zero, or down on floor', () => {
    expect(percentOf(50, 1000)).toBe(5);
    expect(percentOf(5, 1000)).toBe(1); // 0.5 -> 1
    expect(percentOf(-5, 1000)).toBe(-1); // -0.5 -> -1
    expect(percentOf(4, 1000)).toBe(0);
    expect(percentOf(9, 1000, 'floor')).toBe(0);
    expect(percentOf(-1, 1000, 'floor')).toBe(-1);
  });

  it('refuses what is not whole sen and a zero divisor', () => {
    expect(() => percentOf(1.5, 1000)).toThrow(RangeError);
    expect(() => mulDivSen(100, 1, 0)).toThrow(RangeError);
  });
});
