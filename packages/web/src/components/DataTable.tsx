import * as React from 'react';
import { MSG } from '@klinik/shared';
import { cn } from '../lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';
import { Skeleton, SKELETON_ROWS } from './ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, rowsLabel } from './pagination';
import { PageButtons } from './ListPager';
import { BREAKPOINTS, useMinWidth } from '../layouts/useMediaQuery';

export interface Column<T> {
  key: string;
  header: React.ReactNode;
  /** Cell content; default: row[key]. */
  cell?: (row: T, index: number) => React.ReactNode;
  className?: string;
  headerClassName?: string;
  /**
   * What the column holds: `number` (money, quantities: right-aligned tabular figures, never wrapped), `date`
   * (tabular, never wrapped: a date does not break over three lines), `action` (buttons, right-aligned, never hidden).
   */
  kind?: 'number' | 'date' | 'action';
  /**
   * Which columns give way on narrow screens instead of making the table scroll sideways: 2 is hidden below 768 px,
   * 3 below 1024 px. Columns without a priority always show.
   */
  priority?: 2 | 3;
  /**
   * The column that names the row (the patient): on a phone (below 768 px) it comes first, so the part of the table
   * in view says whose row it is, not only a date and a code (issue 26 item 6).
   */
  primary?: boolean;
}

const KIND_CLASS: Record<NonNullable<Column<unknown>['kind']>, string> = {
  number: 'text-right tabular-nums whitespace-nowrap',
  date: 'tabular-nums whitespace-nowrap',
  action: 'text-right whitespace-nowrap',
};
const PRIORITY_CLASS: Record<2 | 3, string> = { 2: 'hidden md:table-cell', 3: 'hidden lg:table-cell' };

/** The classes a column's kind and priority give its header and cells. */
export function columnClass<T>(c: Column<T>): string {
  return cn(c.kind && KIND_CLASS[c.kind], c.priority && PRIORITY_CLASS[c.priority]);
}

export interface ServerPagination {
  page: number;
  pageSize: number;
  /** Total rows on the server (the REST envelope's `count`). */
  total: number;
  /** `total` is a capped count's "more than total - 1" (the visit history): shown as such. */
  more?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** Server-side paging. Without it the table pages `rows` itself (page sizes 8/20/30/50, default 20). */
  pagination?: ServerPagination;
  /** Set false to show every row without a pager. */
  paginate?: boolean;
  emptyText?: string;
  onRowClick?: (row: T) => void;
  className?: string;
  /**
   * A Tailwind max-height class: the table then scrolls inside its card with the header kept in view (sticky), for
   * long lists shown whole (paginate false). By default (`none`) it grows with the page and its pager stays in the
   * page's flow (an inner scroll would push the pager under the announcement footer).
   */
  maxHeightClass?: string;
  /** The table's `data-testid` (on its card). */
  testId?: string;
}

/** A cell without a renderer: strings and numbers as they are, anything else empty. */
function plain(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** The columns in the order shown: the primary column first on a phone. */
export function orderedColumns<T>(columns: Column<T>[], phone: boolean): Column<T>[] {
  if (!phone) return columns;
  return [...columns.filter((c) => c.primary), ...columns.filter((c) => !c.primary)];
}

export function DataTable<T>({
  columns: given,
  rows,
  rowKey,
  loading,
  pagination,
  paginate = true,
  emptyText = MSG.empty,
  onRowClick,
  className,
  maxHeightClass = 'none',
  testId,
}: DataTableProps<T>) {
  const columns = orderedColumns(given, !useMinWidth(BREAKPOINTS.md));
  const [localPage, setLocalPage] = React.useState(1);
  const [localSize, setLocalSize] = React.useState<number>(DEFAULT_PAGE_SIZE);
  const all = rows ?? [];
  const page = pagination?.page ?? localPage;
  const pageSize = pagination?.pageSize ?? localSize;
  const total = pagination?.total ?? all.length;
  const pages = pageCount(total, pageSize);
  const current = Math.min(page, pages);
  const visible = pagination || !paginate ? all : all.slice((current - 1) * pageSize, current * pageSize);

  const setPage = (p: number) => (pagination ? pagination.onPageChange(p) : setLocalPage(p));
  const setSize = (s: number) => {
    if (pagination) {
      pagination.onPageSizeChange(s);
      pagination.onPageChange(1);
    } else {
      setLocalSize(s);
      setLocalPage(1);
    }
  };

  return (
    <div className={cn('overflow-hidden rounded-lg border bg-card', className)} data-testid={testId}>
      <Table containerClassName={maxHeightClass === 'none' ? undefined : cn(maxHeightClass, 'overflow-y-auto')}>
        <TableHeader className="sticky top-0 z-10 bg-muted shadow-[inset_0_-1px_0] shadow-border">
          <TableRow className="hover:bg-transparent">
            {columns.map((c) => (
              <TableHead key={c.key} className={cn(columnClass(c), c.headerClassName)}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={`s${i}`} aria-hidden>
                {columns.map((c) => (
                  <TableCell key={c.key} className={columnClass(c)}>
                    <Skeleton className="h-5 w-full" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : visible.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            visible.map((row, i) => (
              <TableRow
                key={rowKey(row)}
                className={cn(onRowClick && 'cursor-pointer')}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (e) => (e.key === 'Enter' ? onRowClick(row) : undefined) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} className={cn(columnClass(c), c.className)}>
                    {c.cell ? c.cell(row, i) : plain((row as Record<string, unknown>)[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {paginate && !loading ? (
        <Pager
          page={current}
          pages={pages}
          pageSize={pageSize}
          total={total}
          more={pagination?.more}
          onPage={setPage}
          onSize={setSize}
        />
      ) : null}
    </div>
  );
}

function Pager({
  page,
  pages,
  pageSize,
  total,
  more,
  onPage,
  onSize,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  more?: boolean;
  onPage: (p: number) => void;
  onSize: (s: number) => void;
}) {
  return (
    <nav
      aria-label="Halaman"
      className="flex flex-col items-center justify-between gap-2 border-t px-3 py-2 text-sm sm:flex-row"
    >
      <div className="flex items-center gap-2 text-muted-foreground">
        <span>Baris per halaman</span>
        <PageSizeSelect value={pageSize} onChange={onSize} className="h-8 w-20" />
        <span>{rowsLabel(page, pageSize, total, more)}</span>
      </div>
      <PageButtons page={page} pages={pages} onPage={onPage} />
    </nav>
  );
}

/** The 'Baris per halaman' select: the page sizes every list offers (spec 9). */
export function PageSizeSelect({
  value,
  onChange,
  className,
}: {
  value: number;
  onChange: (size: number) => void;
  className?: string;
}) {
  return (
    <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
      <SelectTrigger className={className} aria-label="Baris per halaman">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PAGE_SIZES.map((s) => (
          <SelectItem key={s} value={String(s)}>
            {s}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
