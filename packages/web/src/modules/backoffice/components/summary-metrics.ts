import { formatNumber, formatRupiah, type BackofficeSummaryTotals } from '@klinik/shared';

export type MetricKey = keyof BackofficeSummaryTotals;

/** The dashboard's figures, in the order of the table; money ones are rupiah. */
export const METRICS: { key: MetricKey; label: string; money: boolean }[] = [
  { key: 'revenue', label: 'Pendapatan', money: true },
  { key: 'visits', label: 'Kunjungan', money: false },
  { key: 'new_patients', label: 'Pasien Baru', money: false },
  { key: 'packages_sold', label: 'Paket Terjual', money: false },
  { key: 'receivables', label: 'Piutang', money: true },
  { key: 'stock_value', label: 'Nilai Stok', money: true },
];

export const formatMetric = (key: MetricKey, v: number) =>
  METRICS.find((m) => m.key === key)?.money ? formatRupiah(v) : formatNumber(v);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];
/** '2026-03-01' -> 'Mar 2026'. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Distinct colours for up to ten branches side by side (then they repeat). */
export const BRANCH_COLOURS = [
  '#2563eb',
  '#16a34a',
  '#ea580c',
  '#9333ea',
  '#0891b2',
  '#dc2626',
  '#ca8a04',
  '#4f46e5',
  '#db2777',
  '#65a30d',
];
