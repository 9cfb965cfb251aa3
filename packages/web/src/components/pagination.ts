/** Page sizes offered by every list (spec 9) and the default. */
export const PAGE_SIZES = [8, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** How many page numbers are shown around the current page (spec 9). */
export const PAGE_WINDOW = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The page numbers to show: at most `size` consecutive pages with the current one as centred as the ends allow.
 * pageWindow(1, 10) -> [1,2,3,4,5]; pageWindow(6, 10) -> [4,5,6,7,8]; pageWindow(10, 10) -> [6,7,8,9,10].
 */
export function pageWindow(current: number, totalPages: number, size: number = PAGE_WINDOW): number[] {
  const total = Math.max(1, Math.floor(totalPages));
  const cur = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(size, total);
  let start = cur - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * The pager's rows label: '21-40 dari 65'; with `more` (a capped count, the visit history) `total` is one past the
 * cap: '1-20 dari lebih dari 1000'.
 */
export function rowsLabel(page: number, pageSize: number, total: number, more = false): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from}-${to} dari ${more ? `lebih dari ${total - 1}` : total}`;
}
