import { formatNumber } from '@klinik/shared';

/** 'Rp 12,5 jt' for chart axes, where full amounts do not fit. */
export function compactRupiah(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}Rp ${(abs / 1e9).toLocaleString('id-ID', { maximumFractionDigits: 1 })} M`;
  if (abs >= 1e6) return `${sign}Rp ${(abs / 1e6).toLocaleString('id-ID', { maximumFractionDigits: 1 })} jt`;
  if (abs >= 1e3) return `${sign}Rp ${(abs / 1e3).toLocaleString('id-ID', { maximumFractionDigits: 0 })} rb`;
  return `${sign}Rp ${formatNumber(abs)}`;
}
