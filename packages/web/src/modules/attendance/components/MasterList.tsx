import * as React from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { z } from '@klinik/shared';
import { errorItems } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel, type ExcelColumn } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { statusLabel } from '../../../lib/status';
import { SchemaFormDialog, type FieldSpec, type FormValues } from './SchemaForm';
import { SearchInput } from '../../../components/ListFilters';

export const STATUS_FIELD: FieldSpec = {
  key: 'status',
  label: 'Status',
  kind: 'select',
  options: [
    { value: '1', label: 'Aktif' },
    { value: '0', label: 'Tidak Aktif' },
  ],
};

export function StatusBadge({ status }: { status: number }) {
  return <Badge variant={status === 1 ? 'success' : 'warning'}>{statusLabel(status)}</Badge>;
}

/**
 * A master list of attendance or payroll (departments, shifts, offices, components, groups): search, table with
 * loading/empty/error states, Excel, and a create/edit dialog over the shared schema. Rows are never deleted;
 * 'Tidak Aktif' hides them from new use.
 */
export function MasterList<T extends { id: number; name: string; status: number }>({
  title,
  description,
  noun,
  rows,
  loading,
  error,
  columns,
  excel,
  fields,
  schema,
  toValues,
  save,
  canEdit = true,
  extraActions,
}: {
  title: string;
  description: string;
  noun: string;
  rows: T[] | undefined;
  loading: boolean;
  error: unknown;
  columns: Column<T>[];
  excel: ExcelColumn<T>[];
  fields: FieldSpec[];
  schema: z.ZodType;
  toValues: (row: T | null) => FormValues;
  save: (id: number | null, data: Record<string, unknown>) => Promise<unknown>;
  canEdit?: boolean;
  extraActions?: React.ReactNode;
}) {
  const [keyword, setKeyword] = React.useState('');
  const [editing, setEditing] = React.useState<T | null>(null);
  const [open, setOpen] = React.useState(false);
  const shown = React.useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return rows?.filter((r) => !k || r.name.toLowerCase().includes(k));
  }, [rows, keyword]);
  const edit = (row: T | null) => {
    setEditing(row);
    setOpen(true);
  };
  const all: Column<T>[] = [
    ...columns,
    { key: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: '',
      className: 'text-right',
      cell: (r) =>
        canEdit ? (
          <Button size="sm" variant="ghost" onClick={() => edit(r)} aria-label={`Ubah ${r.name}`}>
            <Pencil />
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {extraActions}
            <ExportExcelButton
              disabled={!rows?.length}
              onExport={() =>
                exportToExcel(
                  title.toLowerCase().replace(/\s+/g, '-'),
                  [...excel, { header: 'Status', value: (r: T) => statusLabel(r.status) }],
                  shown ?? [],
                  title,
                )
              }
            />
            {canEdit ? (
              <Button onClick={() => edit(null)}>
                <Plus /> Tambah
              </Button>
            ) : null}
          </>
        }
      />
      <SearchInput
        wrapperClassName="w-full max-w-sm"
        placeholder="Cari nama"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        aria-label="Cari"
      />
      {error ? <ErrorList items={errorItems(error)} /> : null}
      <DataTable
        columns={all}
        rows={shown}
        rowKey={(r) => r.id}
        loading={loading}
        emptyText={keyword ? 'Tidak ada yang cocok dengan pencarian.' : `Belum ada ${noun}.`}
      />
      <SchemaFormDialog
        open={open}
        onOpenChange={setOpen}
        title={editing ? `Ubah ${noun}` : `Tambah ${noun}`}
        description={editing ? editing.name : undefined}
        fields={fields}
        schema={schema}
        initial={toValues(editing)}
        onSubmit={(data) => save(editing?.id ?? null, data)}
        testId="master-dialog"
      />
    </div>
  );
}
