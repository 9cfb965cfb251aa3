import { errorItems } from '../lib/errors';
import { DataTable, type DataTableProps, type ServerPagination } from './DataTable';
import { ErrorList } from './ui/error-list';

/** What a server-paged list query holds: a page of rows and the count (the REST `{ data, count }` envelope). */
export interface PagedQuery<T> {
  data?: { data: T[]; count: number };
  error: unknown;
  isPending: boolean;
}

const byId = (row: unknown): string | number => (row as { id: string | number }).id;

/**
 * A server-paged list: the query's error above the table, its rows with the skeleton while the first page loads,
 * the page size select and the pager. `pagination` is `usePaging().pagination`; `loading` overrides the query's
 * pending state (e.g. `isLoading` for a query that waits on a filter). Rows are keyed by their `id` unless `rowKey`
 * says otherwise.
 */
export function PagedQueryTable<T>({
  query,
  pagination,
  loading,
  rowKey = byId,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'loading' | 'pagination' | 'rowKey'> & {
  query: PagedQuery<T>;
  pagination: (total: number | undefined) => ServerPagination;
  loading?: boolean;
  /** Default: the row's `id`. */
  rowKey?: DataTableProps<T>['rowKey'];
}) {
  return (
    <>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        {...table}
        rowKey={rowKey}
        rows={query.data?.data}
        loading={loading ?? query.isPending}
        pagination={pagination(query.data?.count)}
      />
    </>
  );
}
