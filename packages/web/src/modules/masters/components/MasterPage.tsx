import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Pencil, Plus } from 'lucide-react';
import { canFeature, hasAnyTopLevel, type ErrorItem, type Resource, type z } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { api, errorItems } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { statusLabel } from '../../../lib/status';
import { SearchInput } from '../../../components/ListFilters';
import { usePaging } from '../../../lib/use-paging';
import { DateInput } from '../../../components/ui/date-input';
import { ChainBadge } from '../../../components/ChainBadge';
import { cellValue, initialValue, NONE, toBody, type MasterField, type Values } from './master-fields';

export type { MasterField };

export interface MasterConfig {
  title: string;
  description: string;
  /** REST base, e.g. /api/master/tindakanmedis. */
  base: string;
  /** The branch master's resource; a chain master (`chain`) is the head office's instead. */
  resource?: Resource;
  /**
   * The head office's master of the chain (issue 30 item 2, /api/backoffice/master/{kind}): rows are chain records
   * (their values under `fields`, the branches using them), managed by top-level users, deactivated by a PUT.
   */
  chain?: boolean;
  /** On a branch page: the fields a branch still sets on a row the head office keeps (the others are read-only). */
  branchFields?: string[];
  fields: MasterField[];
  /** Rows without a code (categories): the list and the confirmations name them by name. */
  noCode?: boolean;
  /** The shared schema the server's endpoint parses the body with: the form checks the same rules before sending. */
  schema: z.ZodType;
}

type Row = Record<string, string | number | boolean | null> & {
  id: number;
  code: string;
  name: string;
  status: number;
};

interface ChainRow {
  id: number;
  key: string;
  name: string;
  status: number;
  category: string | null;
  fields: Record<string, string | number | boolean | null>;
  branches: { profile_name: string }[];
}

/** A chain record as a list row: its values, and the branches using it as one text. */
function chainRowOf(r: ChainRow): Row {
  return {
    ...r.fields,
    id: r.id,
    code: String(r.fields.code ?? r.key),
    name: r.name,
    status: r.status,
    category: r.category,
    branches: r.branches.map((b) => b.profile_name).join(', '),
  };
}

type Query = Record<string, string | number | boolean | null | undefined>;

async function fetchRows(config: MasterConfig, query: Query, signal?: AbortSignal) {
  const res = await api.get<{ data: Row[]; count: number }>(config.base, { query, signal });
  return config.chain ? { ...res, data: (res.data as unknown as ChainRow[]).map(chainRowOf) } : res;
}

/**
 * The master's shared schema run over the body the form will send; issues land on their fields. `raw` keeps the body
 * itself as the submitted data, so the server receives what it always did (e.g. null for a cleared category).
 */
function masterResolver(schema: z.ZodType, fields: MasterField[]): Resolver<Values> {
  const inner = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<Values>;
  return (values, ctx, options) => inner(toBody(fields, values) as Values, ctx, options);
}

/** Options of a select field: fixed, or the active rows of a list endpoint. */
function useFieldOptions(fields: MasterField[]) {
  const urls = [...new Set(fields.map((f) => f.optionsFrom).filter((u): u is string => !!u))];
  const lists = useQuery({
    queryKey: ['masters-options', urls],
    queryFn: async ({ signal }) =>
      Object.fromEntries(
        await Promise.all(
          urls.map(
            async (u) =>
              [
                u,
                (
                  await api.get<{ data: { id: number; name: string }[] }>(u, {
                    query: { status: 1, limit: 500 },
                    signal,
                  })
                ).data,
              ] as const,
          ),
        ),
      ),
    enabled: urls.length > 0,
  });
  return (f: MasterField) =>
    f.options ?? (lists.data?.[f.optionsFrom ?? ''] ?? []).map((o) => ({ value: String(o.id), label: o.name }));
}

/** A master list (search, pagination, create, edit, deactivate, Excel) for procedures, items and lab forms. */
export function MasterPage({ config }: { config: MasterConfig }) {
  const me = useSession();
  const qc = useQueryClient();
  const canManage = config.chain ? hasAnyTopLevel(me) : !!config.resource && canFeature(me, config.resource, 'manage');
  /** A branch page's row the head office keeps: badge 'Pusat', only the branch's own fields editable. */
  const isChainRow = (r: Row | 'new' | null) => !config.chain && !!r && r !== 'new' && r.chain_id != null;
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState('1');
  const { page, size: limit, pagination, resetting } = usePaging();
  const key = ['masters', config.base];
  const query = { keyword: keyword.trim(), status: status === 'all' ? '' : status };
  const list = useQuery({
    queryKey: [...key, query, page, limit],
    queryFn: ({ signal }) => fetchRows(config, { ...query, page, limit }, signal),
    meta: { inlineErrors: true },
  });
  const formFields = config.fields.filter((f) => !f.listOnly);
  const [editing, setEditing] = React.useState<Row | 'new' | null>(null);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [deactivating, setDeactivating] = React.useState<Row | null>(null);
  const [success, setSuccess] = React.useState(false);
  const form = useForm<Values>({
    resolver: masterResolver(config.schema, formFields),
    defaultValues: {},
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const fieldErrors = formState.errors;

  const open = (row: Row | 'new') => {
    setServerErrors([]);
    reset(Object.fromEntries(formFields.map((f) => [f.key, initialValue(f, row)])));
    setEditing(row);
  };
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      editing && editing !== 'new' ? api.put(`${config.base}/${editing.id}`, body) : api.post(config.base, body),
    onSuccess: () => {
      setEditing(null);
      setSuccess(true);
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setServerErrors(applyServerErrors(form, errorItems(err))),
    meta: { inlineErrors: true },
  });
  const deactivate = useMutation({
    mutationFn: (row: Row) =>
      config.chain
        ? api.put(`${config.base}/${row.id}`, {
            ...toBody(formFields, Object.fromEntries(formFields.map((f) => [f.key, initialValue(f, row)]))),
            status: 0,
          })
        : api.delete(`${config.base}/${row.id}`),
    onSuccess: () => {
      setDeactivating(null);
      void qc.invalidateQueries({ queryKey: key });
    },
  });

  const optionsOf = useFieldOptions(config.fields);
  const label = (r: Row) => (config.noCode ? r.name : `${r.code} · ${r.name}`);
  const columns: Column<Row>[] = [
    ...(config.noCode
      ? []
      : [{ key: 'code', header: 'Kode', cell: (r: Row) => <span className="font-mono">{r.code}</span> }]),
    ...config.fields
      .filter((f) => f.key !== 'code' && !f.formOnly)
      .map((f, i): Column<Row> => ({
        key: f.key,
        header: f.label,
        kind: f.kind === 'money' || f.kind === 'number' ? 'number' : undefined,
        priority: i < 2 ? undefined : i < 4 ? 3 : 2,
        cell: (r) => cellValue(f, r),
      })),
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={r.status === 1 ? 'success' : 'warning'}>{statusLabel(r.status)}</Badge>
          {isChainRow(r) ? <ChainBadge chainId={Number(r.chain_id)} /> : null}
        </div>
      ),
    },
    ...(config.chain
      ? [
          {
            key: 'branches',
            header: 'Dipakai cabang',
            cell: (r: Row) => String(r.branches || '-'),
            priority: 3 as const,
          },
        ]
      : []),
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        canManage && (!isChainRow(r) || !!config.branchFields?.length) ? (
          <div className="flex justify-end gap-1">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => open(r)}
              aria-label={`Ubah ${config.noCode ? r.name : r.code}`}
            >
              <Pencil />
            </Button>
            {r.status === 1 && !isChainRow(r) ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDeactivating(r)}
                aria-label={`Nonaktifkan ${config.noCode ? r.name : r.code}`}
              >
                <Ban />
              </Button>
            ) : null}
          </div>
        ) : null,
    },
  ];

  const exportAll = async () => {
    const res = await fetchRows(config, { ...query, limit: 500 });
    await exportToExcel(
      config.title.toLowerCase().replace(/\s+/g, '-'),
      [
        ...config.fields.map((f) => ({
          header: f.label,
          value: (r: Row) => (f.kind === 'money' ? Number(r[f.key] ?? 0) : cellValue(f, r)),
          numFmt: f.kind === 'money' ? '#,##0.00' : undefined,
          width: f.kind === 'money' ? 16 : 24,
        })),
        { header: 'Status', value: (r: Row) => statusLabel(r.status) },
        ...(config.chain ? [{ header: 'Dipakai cabang', value: (r: Row) => String(r.branches ?? '') }] : []),
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
        <SearchInput
          wrapperClassName="w-full max-w-sm"
          placeholder="Cari kode atau nama"
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
          aria-label="Cari"
        />
        <Select value={status} onValueChange={resetting(setStatus)}>
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
      <PagedQueryTable query={list} pagination={pagination} columns={columns} />

      <Dialog open={editing !== null} onOpenChange={(o) => (o ? undefined : setEditing(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? `Tambah ${config.title}` : `Ubah ${config.title}`}</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) =>
              void handleSubmit((body) => {
                setServerErrors([]);
                save.mutate({ status: editing && editing !== 'new' ? editing.status : 1, ...body });
              })(e)
            }
          >
            {isChainRow(editing) ? (
              <p className="text-sm text-muted-foreground">
                Data ini dikelola kantor pusat; cabang hanya mengubah isian miliknya.
              </p>
            ) : null}
            {formFields.map((f) => {
              const err = fieldErrors[f.key]?.message;
              const locked = isChainRow(editing) && !config.branchFields?.includes(f.key);
              return (
                <FormField key={f.key} label={f.label} htmlFor={`m-${f.key}`} error={err} required={f.required}>
                  {f.custom || f.kind === 'date' ? (
                    <Controller
                      control={control}
                      name={f.key}
                      render={({ field }) =>
                        f.custom ? (
                          <>
                            {f.custom.render({
                              id: `m-${f.key}`,
                              value: field.value,
                              onChange: field.onChange,
                              disabled: locked,
                            })}
                          </>
                        ) : (
                          <DateInput
                            id={`m-${f.key}`}
                            value={field.value}
                            onChange={field.onChange}
                            disabled={locked}
                          />
                        )
                      }
                    />
                  ) : f.kind === 'boolean' || f.kind === 'select' ? (
                    <Controller
                      control={control}
                      name={f.key}
                      render={({ field }) => (
                        <Select
                          value={field.value}
                          disabled={locked}
                          onValueChange={(v) => {
                            field.onChange(v);
                            field.onBlur();
                          }}
                        >
                          <SelectTrigger id={`m-${f.key}`} aria-invalid={!!err}>
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {f.kind === 'boolean' ? (
                              <>
                                <SelectItem value="true">Ya</SelectItem>
                                <SelectItem value="false">Tidak</SelectItem>
                              </>
                            ) : (
                              <>
                                {f.required ? null : <SelectItem value={NONE}>- Tidak ada -</SelectItem>}
                                {optionsOf(f).map((o) => (
                                  <SelectItem key={o.value} value={o.value}>
                                    {o.label}
                                  </SelectItem>
                                ))}
                              </>
                            )}
                          </SelectContent>
                        </Select>
                      )}
                    />
                  ) : (
                    <Input
                      id={`m-${f.key}`}
                      inputMode={f.kind === 'money' ? 'decimal' : f.kind === 'number' ? 'numeric' : undefined}
                      aria-invalid={!!err}
                      aria-describedby={err ? `m-${f.key}-error` : undefined}
                      readOnly={locked}
                      {...register(f.key)}
                    />
                  )}
                  {f.hint ? <p className="text-xs text-muted-foreground">{f.hint}</p> : null}
                </FormField>
              );
            })}
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={save.isPending} onCancel={() => setEditing(null)} />
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(o) => (o ? undefined : setDeactivating(null))}
        title="Nonaktifkan data?"
        description={deactivating ? `${label(deactivating)} tidak dapat dipilih lagi untuk data baru.` : ''}
        onConfirm={async () => {
          if (deactivating) await deactivate.mutateAsync(deactivating);
        }}
      />
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
