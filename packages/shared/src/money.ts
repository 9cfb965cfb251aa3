/**
 * Money is exact. The database keeps integer sen (1 rupiah = 100 sen) in bigint columns; inside the server, and
 * across every call from one module to another (the posting service included), amounts are `Sen`: integer sen.
 * `Rupiah` (a number with at most two decimals) exists only at the edge, in the REST and tRPC DTOs that keep the
 * spec's rupiah fields. Convert once at that edge with `toSen` / `fromSen`; sum sen, never floats.
 *
 * Both are branded numbers: a plain number, or a `Rupiah`, cannot be passed where `Sen` is expected (and the other
 * way round) without going through a conversion that checks it. Every amount up to `MAX_RUPIAH`
 * (Rp10.000.000.000.000) is exact in both forms (1e15 sen is below 2^53).
 */
declare const SEN: unique symbol;
declare const RUPIAH: unique symbol;
/** Integer sen. */
export type Sen = number & { readonly [SEN]: true };
/** Rupiah with at most two decimals, for DTOs only. */
export type Rupiah = number & { readonly [RUPIAH]: true };

/** The largest amount the app promises to keep exact: Rp10.000.000.000.000 (ten trillion). */
export const MAX_RUPIAH = 10_000_000_000_000;
export const MAX_SEN = (MAX_RUPIAH * 100) as Sen;

/** Rupiah (a DTO's number, at most two decimals) to sen. Rounds away float noise: 0.1 + 0.2 gives 30 sen. */
export function toSen(rupiah: number): Sen {
  if (!Number.isFinite(rupiah)) throw new RangeError('Jumlah tidak valid');
  const sen = Math.round(rupiah * 100);
  if (!Number.isSafeInteger(sen)) throw new RangeError('Jumlah terlalu besar');
  return sen as Sen;
}

/** Sen (from the database or a computation) to rupiah for a DTO. Exact: sen / 100 is the nearest double. */
export function fromSen(sen: Sen | number | bigint | string): Rupiah {
  return (Number(sen) / 100) as Rupiah;
}

/**
 * A value already in sen (a bigint column read as number or string, a literal in code) as `Sen`; refuses
 * anything that is not a safe integer rather than rounding it silently.
 */
export function asSen(value: number | bigint | string): Sen {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Bukan jumlah sen yang utuh: ${String(value)}`);
  return n as Sen;
}

/** A value already in rupiah (at most two decimals) as `Rupiah`; for DTO builders that receive plain numbers. */
export function asRupiah(value: number): Rupiah {
  if (!Number.isFinite(value) || !hasAtMostTwoDecimals(value)) throw new RangeError(`Jumlah tidak valid: ${value}`);
  return value as Rupiah;
}

/**
 * amount × numerator / denominator, computed exactly on BigInt and rounded half away from zero ('round') or toward
 * negative infinity ('floor'). For shares and taxes of an amount: a double loses sen past about Rp90 billion × a
 * rate (PPN of Rp6.8 billion already), BigInt never does.
 */
export function mulDivSen(
  amount: Sen | number,
  numerator: number | bigint,
  denominator: number | bigint,
  rounding: 'round' | 'floor' = 'round',
): Sen {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Bukan jumlah sen yang utuh: ${String(amount)}`);
  let num = BigInt(amount) * BigInt(numerator);
  let den = BigInt(denominator);
  if (den === 0n) throw new RangeError('Pembagi nol');
  if (den < 0n) [num, den] = [-num, -den];
  let q = num / den;
  const r = num % den;
  if (rounding === 'floor') {
    if (r < 0n) q -= 1n;
  } else if ((r < 0n ? -r : r) * 2n >= den) q += num < 0n ? -1n : 1n;
  return asSen(q);
}

/** A percentage in basis points (1100 = 11%) of a sen amount, exact (BigInt), rounded half up unless 'floor'. */
export function percentOf(amount: Sen | number, bp: number, rounding: 'round' | 'floor' = 'round'): Sen {
  return mulDivSen(amount, bp, 10_000, rounding);
}

/** A percentage as people type it (11.5) to basis points (1150), and back: rates are stored in basis points. */
export function percentToBp(percent: number): number {
  return Math.round(percent * 100);
}
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** A non-negative sen amount as whole rupiah and the sen left over (terbilang reads them apart): 150050 -> 1500, 50. */
export function splitSen(sen: Sen | number): { whole: number; frac: number } {
  return { whole: Math.floor(sen / 100), frac: sen % 100 };
}

/** Sum of sen amounts (integers, so exact). */
export function sumSen(values: Iterable<Sen | number>): Sen {
  let total = 0;
  for (const v of values) total += v;
  return asSen(total);
}

/**
 * True when the value has at most two decimals. Exact for every amount up to MAX_RUPIAH (the nearest double of
 * 9999999999999.99 times 100 is not an integer, but back from the rounded sen it is the same double), and
 * tolerant of the float noise of small computed sums (0.1 + 0.2).
 */
export function hasAtMostTwoDecimals(rupiah: number): boolean {
  if (!Number.isFinite(rupiah)) return false;
  const scaled = rupiah * 100;
  const rounded = Math.round(scaled);
  return rounded / 100 === rupiah || Math.abs(scaled - rounded) < 1e-6;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The one way the app writes an amount (issue 26 item 7): `Rp1.500.000`, dots for thousands, no space after Rp,
 * and the comma with two decimals only where there are sen (`Rp1.234.567,50`), on screen, in PDFs and in messages.
 */
export function formatRupiah(rupiah: number | null | undefined): string {
  const value = rupiah ?? 0;
  const sen = Math.round(value * 100);
  const negative = sen < 0;
  const abs = Math.abs(sen);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  let out = 'Rp' + groupThousands(String(whole));
  if (frac !== 0) out += ',' + String(frac).padStart(2, '0');
  return negative ? '-' + out : out;
}

/** Plain number in id-ID style without the currency sign: 1.500.000,5 */
export function formatNumber(value: number, maxDecimals = 2): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [whole, frac] = fixed.split('.');
  const trimmed = (frac ?? '').replace(/0+$/, '');
  return (negative ? '-' : '') + groupThousands(whole) + (trimmed ? ',' + trimmed : '');
}

/** Parses what a person types: "1.500.000", "1500000", "1.500.000,50", "Rp 1.500.000". */
export function parseRupiah(text: string): number | null {
  const cleaned = text.replace(/rp/i, '').replace(/\s/g, '').replace(/\./g, '').replace(',', '.');
  if (cleaned === '' || !/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * A rupiah amount as a person types it in a form ('1.500.000,50', '250000'; blank is 0) in integer sen, or NaN
 * when it cannot be read (letters, more than two decimals). The forms sum and compare these; never floats.
 */
export function typedSen(v: string | number | null | undefined): number {
  if (v === null || v === undefined || v === '') return 0;
  const n = typeof v === 'number' ? v : parseRupiah(String(v));
  return n !== null && Number.isFinite(n) ? Math.round(n * 100) : NaN;
}
