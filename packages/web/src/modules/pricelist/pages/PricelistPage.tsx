import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, type PricelistDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { ErrorList } from '../../../components/ui/error-list';
import { useDebouncedValue } from '../../applog/components/ApplogFilterBar';

const COLUMNS: Column<PricelistDto>[] = [
  { key: 'name', header: 'Nama', cell: (r) => r.name },
  { key: 'status', header: 'Status', cell: (r) => (r.status === 1 ? 'Aktif' : 'Tidak Aktif') },
  { key: 'created_at', header: 'Dibuat', cell: (r) => formatDateTime(r.created_at), className: 'whitespace-nowrap' },
];

/** /backoffice/pricelist: the branch's pricelist list with search and pages. */
export default function PricelistPage() {
  const trpc = useTRPC();
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const setKeywordAt1 = resetting(setKeyword);
  const kw = useDebouncedValue(keyword.trim());
  const query = useQuery({
    ...trpc.pricelist.list.queryOptions({ page, limit: size, keyword: kw || undefined }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Pricelist" />
      <SearchInput
        wrapperClassName="sm:max-w-sm"
        value={keyword}
        onChange={(e) => setKeywordAt1(e.target.value)}
        placeholder="Cari nama..."
        aria-label="Cari nama"
      />
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        columns={COLUMNS}
        rows={query.data?.data}
        rowKey={(r) => r.id}
        loading={query.isPending}
        pagination={pagination(query.data?.count)}
      />
    </div>
  );
}
