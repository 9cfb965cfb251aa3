import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pajakInput, type ErrorItem, type PajakDto, type PajakInput } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { usePostableAccounts } from '../components/AkunPicker';
import { AccountSelect, ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { useFinanceManage } from '../lib';

interface Values {
  code: string;
  name: string;
  /** As typed, with a decimal comma ('11' or '0,5'). */
  rate: string;
  akun_id: string;
}
const blank: Values = { code: '', name: '', rate: '', akun_id: '' };
const toValues = (p: PajakDto | null): Values =>
  p ? { code: p.code, name: p.name, rate: String(p.rate).replace('.', ','), akun_id: String(p.akun_id) } : blank;

/** The shared pajakInput on what was typed: a decimal comma reads as the point. */
const resolver: Resolver<Values, unknown, PajakInput> = (values, ctx, options) =>
  (zodResolver(pajakInput) as unknown as Resolver<Values, unknown, PajakInput>)(
    { ...values, rate: values.rate.trim().replace(',', '.') },
    ctx,
    options,
  );

/** /finance/master/pajak: taxes with their rate and payable account. */
export default function PajakPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const manage = useFinanceManage();
  const list = useQuery({ ...trpc.finance.pajak.list.queryOptions(), meta: { silent: true } });
  const accounts = (usePostableAccounts().data ?? []).filter((a) => a.category === 2);
  const [editing, setEditing] = React.useState<PajakDto | null>(null);
  const [open, setOpen] = React.useState(false);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, PajakInput>({ resolver, defaultValues: blank, mode: 'onTouched' });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  const onError = (e: unknown) => setServerErrors(applyServerErrors(form, errorItems(e)));
  const done = async () => {
    await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
    setOpen(false);
  };
  const create = useMutation(
    trpc.finance.pajak.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError,
    }),
  );
  const update = useMutation(
    trpc.finance.pajak.update.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError,
    }),
  );
  const edit = (p: PajakDto | null) => {
    setEditing(p);
    setServerErrors([]);
    reset(toValues(p));
    setOpen(true);
  };
  const columns: Column<PajakDto>[] = [
    { key: 'code', header: 'Kode', cell: (p) => <span className="font-mono text-xs">{p.code}</span> },
    { key: 'name', header: 'Nama' },
    {
      key: 'rate',
      header: 'Tarif',
      kind: 'number',
      cell: (p) => `${String(p.rate).replace('.', ',')}%`,
    },
    { key: 'akun', header: 'Akun Hutang Pajak', cell: (p) => `${p.akuncode} ${p.akunname}` },
    { key: 'status', header: 'Status', cell: (p) => <ActiveBadge status={p.status} /> },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (p) =>
        manage ? (
          <MasterRowActions
            status={p.status}
            onEdit={() => edit(p)}
            onToggle={(status) => update.mutate({ id: p.id, data: { status } })}
          />
        ) : null,
    },
  ];
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    if (editing) update.mutate({ id: editing.id, data });
    else create.mutate(data);
  });
  const busy = create.isPending || update.isPending;
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-2">
      <PageHeader
        title="Master Pajak"
        description="Tarif dapat berubah menurut peraturan; ubah di sini, bukan di kode."
        actions={
          <>
            <ExportExcelButton
              disabled={!list.data?.length}
              onExport={() =>
                exportToExcel(
                  'master-pajak',
                  [
                    { header: 'Kode', value: 'code' },
                    { header: 'Nama', value: 'name', width: 30 },
                    { header: 'Tarif (%)', value: 'rate' },
                    { header: 'Kode Akun', value: 'akuncode' },
                    { header: 'Akun', value: 'akunname', width: 26 },
                  ],
                  list.data ?? [],
                  'Pajak',
                )
              }
            />
            {manage ? <Button onClick={() => edit(null)}>Pajak Baru</Button> : null}
          </>
        }
      />
      <DataTable columns={columns} rows={list.data} rowKey={(p) => p.id} loading={list.isLoading} />
      <Dialog open={open} onOpenChange={(o) => !busy && setOpen(o)}>
        <DialogContent className="max-w-md">
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{editing ? 'Ubah Pajak' : 'Pajak Baru'}</DialogTitle>
            </DialogHeader>
            <FormField label="Kode" htmlFor="pajak-code" error={errors.code} required>
              <Input id="pajak-code" aria-invalid={!!errors.code} {...register('code')} />
            </FormField>
            <FormField label="Nama" htmlFor="pajak-name" error={errors.name} required>
              <Input id="pajak-name" aria-invalid={!!errors.name} {...register('name')} />
            </FormField>
            <FormField label="Tarif (%)" htmlFor="pajak-rate" error={errors.rate} required>
              <Input id="pajak-rate" inputMode="decimal" aria-invalid={!!errors.rate} {...register('rate')} />
            </FormField>
            <FormField label="Akun Hutang Pajak" htmlFor="pajak-akun" error={errors.akun_id} required>
              <Controller
                control={control}
                name="akun_id"
                render={({ field }) => (
                  <AccountSelect
                    id="pajak-akun"
                    value={field.value}
                    onValueChange={field.onChange}
                    accounts={accounts}
                  />
                )}
              />
            </FormField>
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={busy} onCancel={() => setOpen(false)} submitTestId="pajak-save" />
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
