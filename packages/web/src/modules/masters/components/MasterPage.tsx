import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Pencil, Plus } from 'lucide-react';
import { canFeature, formatNumber, formatRupiah, parseRupiah, type ErrorItem, type Resource } from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { api, errorItems } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { statusLabel } from '../../../lib/status';

export interface MasterField {
  key: string;
  label: string;
  kind: 'text' | 'money';
  required?: boolean;
}

export interface MasterConfig {
  title: string;
  description: string;
  /** REST base, e.g. /api/master/tindakanmedis. */
  base: string;
  resource: Resource;
  fields: MasterField[];
}

type Row = Record<string, string | number | null> & { id: number; code: string; name: string; status: number };

/** A master list (search, pagination, create, edit, deactivate, Excel) for procedures, items and lab forms. */
export function MasterPage({ config }: { config: MasterConfig }) {
  const me = useSession();
  const qc = useQueryClient();
  const canManage = canFeature(me, config.resource, 'manage');
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState('1');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const key = ['masters', config.base];
  const query = { keyword: keyword.trim(), status: status === 'all' ? '' : status };
  const list = useQuery({
    queryKey: [...key, query, page, limit],
    queryFn: ({ signal }) =>
      api.get<{ data: Row[]; count: number }>(config.base, { query: { ...query, page, limit }, signal }),
    meta: { inlineErrors: true },
  });
  const [editing, setEditing] = React.useState<Row | 'new' | null>(null);
  const [values, setValues] = React.useState<Record<string, string>>({});
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [deactivating, setDeactivating] = React.useState<Row | null>(null);
  const [success, setSuccess] = React.useState(false);

  const open = (row: Row | 'new') => {
    setErrors([]);
    setValues(
      Object.fromEntries(
        config.fields.map((f) => [
          f.key,
          row === 'new' ? '' : f.kind === 'money' ? formatNumber(Number(row[f.key] ?? 0)) : String(row[f.key] ?? ''),
        ]),
      ),
    );
    setEditing(row);
  };
  const save = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = { status: editing && editing !== 'new' ? editing.status : 1 };
      for (const f of config.fields) {
        const v = (values[f.key] ?? '').trim();
        body[f.key] = f.kind === 'money' ? (v === '' ? undefined : (parseRupiah(v) ?? v)) : v || null;
      }
      return editing && editing !== 'new' ? api.put(`${config.base}/${editing.id}`, body) : api.post(config.base, body);
    },
    onSuccess: () => {
      setEditing(null);
      setSuccess(true);
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setErrors(errorItems(err)),
    meta: { inlineErrors: true },
  });
  const deactivate = useMutation({
    mutationFn: (row: Row) => api.delete(`${config.base}/${row.id}`),
    onSuccess: () => {
      setDeactivating(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const byField = Object.fromEntries(errors.filter((e) => e.field).map((e) => [e.field!, e.message]));

  const columns: Column<Row>[] = [
    { key: 'code', header: 'Kode', cell: (r) => <span className="font-mono">{r.code}</span> },
    ...config.fields
      .filter((f) => f.key !== 'code')
      .map((f): Column<Row> => ({
        key: f.key,
        header: f.label,
        className: f.kind === 'money' ? 'text-right' : undefined,
        headerClassName: f.kind === 'money' ? 'text-right' : undefined,
        cell: (r) => (f.kind === 'money' ? formatRupiah(Number(r[f.key] ?? 0)) : String(r[f.key] ?? '-')),
      })),
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge variant={r.status === 1 ? 'success' : 'warning'}>{statusLabel(r.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        canManage ? (
          <div className="flex justify-end gap-1">
            <Button size="sm" variant="ghost" onClick={() => open(r)} aria-label={`Ubah ${r.code}`}>
              <Pencil />
            </Button>
            {r.status === 1 ? (
              <Button size="sm" variant="ghost" onClick={() => setDeactivating(r)} aria-label={`Nonaktifkan ${r.code}`}>
                <Ban />
              </Button>
            ) : null}
          </div>
        ) : null,
    },
  ];

  const exportAll = async () => {
    const res = await api.get<{ data: Row[] }>(config.base, { query: { ...query, limit: 500 } });
    await exportToExcel(
      config.title.toLowerCase().replace(/\s+/g, '-'),
      [
        ...config.fields.map((f) => ({
          header: f.label,
          value: (r: Row) => (f.kind === 'money' ? Number(r[f.key] ?? 0) : (r[f.key] ?? '')),
          numFmt: f.kind === 'money' ? '#,##0.00' : undefined,
          width: f.kind === 'money' ? 16 : 24,
        })),
        { header: 'Status', value: (r: Row) => statusLabel(r.status) },
      ],
      res.data,
      config.title,
    );
  };

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-6xl gap-4">
      <PageHeader
        title={config.title}
        description={config.description}
        actions={
          <>
            <ExportExcelButton onExport={exportAll} disabled={!list.data?.count} />
            {canManage ? (
              <Button onClick={() => open('new')}>
                <Plus /> Tambah
              </Button>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <Input
          className="max-w-sm"
          placeholder="Cari kode atau nama"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          aria-label="Cari"
        />
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        >
          <SelectTrigger className="w-40" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="1">Aktif</SelectItem>
            <SelectItem value="0">Tidak Aktif</SelectItem>
            <SelectItem value="all">Semua</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isPending}
        pagination={{
          page,
          pageSize: limit,
          total: list.data?.count ?? 0,
          onPageChange: setPage,
          onPageSizeChange: setLimit,
        }}
      />

      <Dialog open={editing !== null} onOpenChange={(o) => (o ? undefined : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? `Tambah ${config.title}` : `Ubah ${config.title}`}</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            {config.fields.map((f) => (
              <FormField
                key={f.key}
                label={f.label}
                htmlFor={`m-${f.key}`}
                error={byField[f.key]}
                required={f.required}
              >
                <Input
                  id={`m-${f.key}`}
                  inputMode={f.kind === 'money' ? 'decimal' : undefined}
                  value={values[f.key] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                  aria-invalid={!!byField[f.key]}
                />
              </FormField>
            ))}
            <ErrorList items={errors.filter((e) => !e.field || !(e.field in values))} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setEditing(null)}>
                Batal
              </Button>
              <Button type="submit" disabled={save.isPending}>
                Simpan
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(o) => (o ? undefined : setDeactivating(null))}
        title="Nonaktifkan data?"
        description={
          deactivating ? `${deactivating.code} · ${deactivating.name} tidak dapat dipilih lagi untuk paket baru.` : ''
        }
        onConfirm={async () => {
          if (deactivating) await deactivate.mutateAsync(deactivating);
        }}
      />
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
