/**
 * Money is exact: the database keeps integer sen (1 rupiah = 100 sen) in bigint columns; the API speaks
 * rupiah with at most two decimals. Arithmetic on totals is done in sen integers, never on floats.
 */
export function toSen(rupiah: number): number {
  if (!Number.isFinite(rupiah)) throw new RangeError('Jumlah tidak valid');
  return Math.round(rupiah * 100);
}

export function fromSen(sen: number | bigint | string): number {
  return Number(sen) / 100;
}

/** True when the value has at most two decimals (checked on its sen representation). */
export function hasAtMostTwoDecimals(rupiah: number): boolean {
  return Math.abs(rupiah * 100 - Math.round(rupiah * 100)) < 1e-6;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * `Rp1.500.000,00` style: dots for thousands, comma for decimals, no space after Rp.
 * `decimals: false` drops the ,00 part when the amount is whole (used in compact tables).
 */
export function formatRupiah(rupiah: number | null | undefined, opts: { decimals?: boolean } = {}): string {
  const value = rupiah ?? 0;
  const sen = Math.round(value * 100);
  const negative = sen < 0;
  const abs = Math.abs(sen);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  const showDecimals = opts.decimals ?? true;
  let out = 'Rp' + groupThousands(String(whole));
  if (showDecimals || frac !== 0) out += ',' + String(frac).padStart(2, '0');
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
