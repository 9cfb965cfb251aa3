import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { APPLOG_PAGE_SIZE, type ApplogListQuery } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { EmptyState } from '../../../components/EmptyState';
import { ListPager } from '../../../components/ListPager';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApplogItem } from './ApplogItem';

export type ApplogFilters = Partial<Omit<ApplogListQuery, 'page' | 'limit'>>;

/** The activity list with approve/reject, 30 per page (spec 9); used by the drawer, /confirmation and the profile. */
export function ApplogList({
  filters,
  page,
  onPage,
  onNavigate,
}: {
  filters: ApplogFilters;
  page: number;
  onPage: (p: number) => void;
  onNavigate?: () => void;
}) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.applog.list.queryOptions({ ...filters, page, limit: APPLOG_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  if (query.isPending)
    return (
      <div className="grid gap-2" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  if (query.error) return <ErrorList items={errorItems(query.error)} />;
  const { data, count } = query.data;
  if (data.length === 0) return <EmptyState />;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" data-testid="applog-list">
        {data.map((item) => (
          <ApplogItem key={item.id} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      {count > APPLOG_PAGE_SIZE ? (
        <ListPager page={page} pageSize={APPLOG_PAGE_SIZE} total={count} onPage={onPage} />
      ) : null}
    </div>
  );
}
