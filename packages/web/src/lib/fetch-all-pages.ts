/** Rows asked for per call when a list is exported whole (the list endpoints take up to 500). */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every row of a server-paged list, for an export of all that matches the filters (not just the page shown): asks
 * page 1, 2, ... of `EXPORT_PAGE_SIZE` rows until the rows reach the list's count or a page comes back short (a capped count, like the visit history's, is
 * only a lower bound).
 * `last` is the last page's answer (a report's totals ride on it).
 */
export async function fetchAllPages<P extends { data: unknown[]; count: number }>(
  fetchPage: (page: number, limit: number) => Promise<P>,
): Promise<{ rows: P['data']; last: P }> {
  const rows: P['data'] = [];
  for (let page = 1; ; page++) {
    const last = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...last.data);
    if (rows.length >= last.count || last.data.length < EXPORT_PAGE_SIZE) return { rows, last };
  }
}
