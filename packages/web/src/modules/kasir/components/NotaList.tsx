import * as React from 'react';
import { formatDate, formatRupiah, type PaymentDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { usePaging } from '../../../lib/use-paging';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import { KeywordField } from '../../../components/FilterFields';

/** The filters of a nota list (the cashier's 'Nota' tab and /backoffice/nota): a date range (today by default) and a keyword. */
export function useNotaFilters() {
  const today = useBranchToday();
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [keyword, setKeyword] = React.useState('');
  const paging = usePaging();
  const input = {
    page: paging.page,
    limit: paging.size,
    keyword: keyword.trim() || undefined,
    fromdate: from || today,
    todate: to || today,
  };
  return { today, from, to, keyword, setFrom, setTo, setKeyword, paging, input };
}

export type NotaFilterState = ReturnType<typeof useNotaFilters>;

/**
 * The columns of a nota list: number, (branch,) date, patient, kind, cashier, total, status and the row's actions.
 * The backoffice list adds the branch; the cashier's tab shows a pending void in the status.
 */
export function notaColumns({
  branch = false,
  status = (r) => r.statusname,
  actions,
}: {
  branch?: boolean;
  status?: (r: PaymentDto) => React.ReactNode;
  actions: (r: PaymentDto) => React.ReactNode;
}): Column<PaymentDto>[] {
  return [
    { key: 'code', header: 'No. Nota', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    ...(branch ? [{ key: 'branchname', header: 'Cabang', priority: 2 } satisfies Column<PaymentDto>] : []),
    { key: 'paid_date', header: 'Tanggal', kind: 'date', priority: 3, cell: (r) => formatDate(r.paid_date) },
    { key: 'customer', header: 'Pasien', primary: true, cell: (r) => r.customer?.name ?? 'Umum' },
    { key: 'kindname', header: 'Jenis', priority: 3 },
    { key: 'cashier', header: 'Kasir', priority: 3, cell: (r) => r.cashier.name },
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
    { key: 'statusname', header: 'Status', cell: status },
    { key: 'act', header: '', kind: 'action', cell: actions },
  ];
}

/** A nota list: its filter bar, the query's error and the paged table of payments. */
export function NotaList({
  idPrefix,
  state,
  query,
  columns,
}: {
  idPrefix: string;
  state: NotaFilterState;
  query: { data?: { data: PaymentDto[]; count: number }; error: unknown; isPending: boolean };
  columns: Column<PaymentDto>[];
}) {
  const { today, from, to, keyword, paging } = state;
  return (
    <>
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <FormField label="Dari" htmlFor={`${idPrefix}-from`}>
          <DateInput id={`${idPrefix}-from`} value={from || today} onChange={paging.resetting(state.setFrom)} />
        </FormField>
        <FormField label="Sampai" htmlFor={`${idPrefix}-to`}>
          <DateInput id={`${idPrefix}-to`} value={to || today} onChange={paging.resetting(state.setTo)} />
        </FormField>
        <KeywordField
          id={`${idPrefix}-keyword`}
          value={keyword}
          onChange={paging.resetting(state.setKeyword)}
          placeholder="No. nota, pasien"
        />
      </div>
      <PagedQueryTable
        query={query}
        pagination={paging.cappedPagination}
        columns={columns}

        emptyText="Belum ada nota"
      />
    </>
  );
}
