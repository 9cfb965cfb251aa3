function lastDayOf(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The attendance range of a payroll period (YYYY-MM): the calendar month, or from the day after the cut-off of the
 * month before. Shared so the Penggajian page can warn about a range that reaches past today before computing it.
 */
export function periodRange(period: string, cutoffDay: number): { from: string; to: string } {
  if (cutoffDay === 0) return { from: `${period}-01`, to: lastDayOf(period) };
  const [y, m] = period.split('-').map(Number);
  const prev = new Date(Date.UTC(y, m - 2, cutoffDay + 1)).toISOString().slice(0, 10);
  return { from: prev, to: `${period}-${String(cutoffDay).padStart(2, '0')}` };
}
