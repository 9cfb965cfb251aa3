import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { pajakInput, type PajakDto, type PajakInput } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/FormDialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { usePostableAccounts } from '../components/AkunPicker';
import { AccountSelect, ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { useMasterEditor } from '../components/use-master-editor';
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
  const manage = useFinanceManage();
  const list = useQuery({ ...trpc.finance.pajak.list.queryOptions(), meta: { silent: true } });
  const accounts = (usePostableAccounts().data ?? []).filter((a) => a.category === 2);
  const create = useMutation({ ...trpc.finance.pajak.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.finance.pajak.update.mutationOptions(), meta: { inlineErrors: true } });
  const editor = useMasterEditor({
    resolver,
    toValues,
    save: (row: PajakDto | null, data: PajakInput) =>
      row ? update.mutateAsync({ id: row.id, data }) : create.mutateAsync(data),
  });
  const { form, editing, edit, serverErrors } = editor;
  const { register, control, formState } = form;
  const errors = formState.errors;
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
            onToggle={(status) =>
              update.mutate({ id: p.id, data: { status } }, { onSuccess: () => void editor.refresh() })
            }
          />
        ) : null,
    },
  ];
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
      <FormDialog
        open={editor.open}
        onClose={editor.close}
        title={editing ? 'Ubah Pajak' : 'Pajak Baru'}
        submit={editor.submit}
        busy={busy}
        className="max-w-md"
        submitTestId="pajak-save"
      >
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
              <AccountSelect id="pajak-akun" value={field.value} onValueChange={field.onChange} accounts={accounts} />
            )}
          />
        </FormField>
        <ErrorList items={serverErrors} />
      </FormDialog>
    </div>
  );
}
