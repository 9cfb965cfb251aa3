import { splitSen, toSen } from './money.js';

const ONES = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan', 'sepuluh', 'sebelas'];
const SCALES: [number, string][] = [
  [1e12, 'triliun'],
  [1e9, 'miliar'],
  [1e6, 'juta'],
];

function below1000(n: number): string {
  const parts: string[] = [];
  // eslint-disable-next-line no-restricted-syntax -- the hundreds of a number said in words (n < 1000), not money
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) parts.push('seratus');
  else if (hundreds > 1) parts.push(ONES[hundreds] + ' ratus');
  if (rest > 0) {
    if (rest < 12) parts.push(ONES[rest]);
    else if (rest < 20) parts.push(ONES[rest - 10] + ' belas');
    else {
      const tens = Math.floor(rest / 10);
      const ones = rest % 10;
      parts.push(ONES[tens] + ' puluh' + (ones ? ' ' + ONES[ones] : ''));
    }
  }
  return parts.join(' ');
}

function wholeWords(n: number): string {
  if (n === 0) return 'nol';
  const parts: string[] = [];
  let rest = n;
  for (const [value, name] of SCALES) {
    if (rest >= value) {
      const count = Math.floor(rest / value);
      parts.push(wholeWords(count) + ' ' + name);
      rest = rest % value;
    }
  }
  if (rest >= 1000) {
    const thousands = Math.floor(rest / 1000);
    parts.push(thousands === 1 ? 'seribu' : below1000(thousands) + ' ribu');
    rest = rest % 1000;
  }
  if (rest > 0) parts.push(below1000(rest));
  return parts.join(' ');
}

/**
 * The amount in words, unabbreviated, ending in "rupiah": 1500000 -> "satu juta lima ratus ribu rupiah".
 * Sen, when present, are read after the rupiah: "... rupiah lima puluh sen".
 */
export function terbilang(rupiah: number): string {
  const { whole, frac } = splitSen(toSen(Math.abs(rupiah)));
  let out = wholeWords(whole) + ' rupiah';
  if (frac > 0) out += ' ' + wholeWords(frac) + ' sen';
  return (rupiah < 0 ? 'minus ' : '') + out;
}
