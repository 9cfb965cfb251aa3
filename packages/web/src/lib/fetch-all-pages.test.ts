import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE, fetchAllPages } from './fetch-all-pages';

/** A list of `total` rows served `limit` at a time, counting the calls. */
function server(total: number, count = total) {
  const calls: number[] = [];
  const fetchPage = async (page: number, limit: number) => {
    calls.push(page);
    const from = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
    return { data, count, totals: page };
  };
  return { calls, fetchPage };
}

describe('fetchAllPages', () => {
  it('asks page after page until the rows reach the count, in order', async () => {
    const s = server(EXPORT_PAGE_SIZE * 2 + 3);
    const { rows, last } = await fetchAllPages(s.fetchPage);
    expect(rows).toEqual(Array.from({ length: EXPORT_PAGE_SIZE * 2 + 3 }, (_, i) => i));
    expect(s.calls).toEqual([1, 2, 3]);
    expect(last.totals).toBe(3);
  });

  it('stops at an empty page when the count promised more, and asks once for an empty list', async () => {
    const short = server(EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE + 10);
    expect((await fetchAllPages(short.fetchPage)).rows).toHaveLength(EXPORT_PAGE_SIZE);
    expect(short.calls).toEqual([1, 2]);
    const none = server(0);
    expect((await fetchAllPages(none.fetchPage)).rows).toEqual([]);
    expect(none.calls).toEqual([1]);
  });
});
