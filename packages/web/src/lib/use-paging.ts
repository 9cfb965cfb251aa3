import * as React from 'react';
import { listCountCapped } from '@klinik/shared';
import { DEFAULT_PAGE_SIZE } from '../components/pagination';
import type { ServerPagination } from '../components/DataTable';

/**
 * The page and page size of a server-paged list: `pagination(count)` is what `DataTable` takes, and `resetting(set)`
 * wraps a filter's setter so a new filter value shows page 1 again. `cappedPagination(count)` is the pager of a
 * list whose count is capped at the page plus LIST_COUNT_CAP (the patient, account and visit lists): one past the
 * cap reads "lebih dari".
 */
export function usePaging(initialSize: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = React.useState(1);
  const [size, setSize] = React.useState(initialSize);
  const pagination = (total: number | undefined, more = false): ServerPagination => ({
    page,
    pageSize: size,
    total: total ?? 0,
    more,
    onPageChange: setPage,
    onPageSizeChange: setSize,
  });
  const resetting =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  const cappedPagination = (total: number | undefined) => pagination(total, listCountCapped(total ?? 0, page, size));
  return { page, size, setPage, pagination, cappedPagination, resetting };
}
