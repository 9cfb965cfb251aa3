import type * as React from 'react';
import { errorItems } from '../../../lib/trpc';
import { DataTable, type DataTableProps } from '../../../components/DataTable';
import { ErrorList } from '../../../components/ui/error-list';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

/**
 * A cashier tab's list ('Tagihan Kunjungan', 'Cicilan Paket'): the filter card, the query's error, the table, and the
 * dialog of the row chosen (its content is rendered while a row is chosen).
 */
export function ListWithDetail<T>({
  filters,
  filtersClassName = '',
  error,
  table,
  detail,
}: {
  filters: React.ReactNode;
  filtersClassName?: string;
  error: unknown;
  table: DataTableProps<T>;
  detail: { open: boolean; onClose: () => void; title: string; description: string; content: React.ReactNode };
}) {
  return (
    <div className="grid gap-3">
      <div className={`rounded-lg border bg-card p-3 ${filtersClassName}`.trim()}>{filters}</div>
      {error ? <ErrorList items={errorItems(error)} /> : null}
      <DataTable {...table} />
      <Dialog open={detail.open} onOpenChange={(o) => (o ? null : detail.onClose())}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{detail.title}</DialogTitle>
            <DialogDescription>{detail.description}</DialogDescription>
          </DialogHeader>
          {detail.open ? detail.content : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
