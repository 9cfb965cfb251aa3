import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  allows,
  FINANCE_ACCESS,
  PAYMENT_METHOD_TYPES,
  paymentMethodInput,
  type PaymentMethodDto,
  type PaymentMethodInput,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/FormDialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { usePostableAccounts } from '../components/AkunPicker';
import { AccountSelect, ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { useMasterEditor } from '../components/use-master-editor';
import { statusLabel } from '../../../lib/status';

interface Values {
  name: string;
  type: string;
  akun_id: string;
}
const toValues = (m: PaymentMethodDto | null): Values =>
  m ? { name: m.name, type: m.type, akun_id: String(m.akun_id) } : { name: '', type: 'tunai', akun_id: '' };

/**
 * Payment methods, each posting to its cash or bank account: one list for the whole chain (issue 30 item 2). The
 * head office (top-level users) manages it here or at /backoffice/master/payment-method; a branch's
 * /finance/master/paymentmethod shows the same rows read-only.
 */
export default function PaymentMethodPage() {
  const trpc = useTRPC();
  const me = useSession();
  const manage = allows(me, FINANCE_ACCESS.paymentMethodManage);
  const list = useQuery({ ...trpc.finance.paymentMethod.list.queryOptions(), meta: { silent: true } });
  const accounts = (usePostableAccounts().data ?? []).filter((a) => a.category === 1);
  const create = useMutation({ ...trpc.finance.paymentMethod.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.finance.paymentMethod.update.mutationOptions(), meta: { inlineErrors: true } });
  const editor = useMasterEditor({
    resolver: zodResolver(paymentMethodInput) as never,
    toValues,
    save: (row: PaymentMethodDto | null, data: PaymentMethodInput) =>
      row ? update.mutateAsync({ id: row.id, data }) : create.mutateAsync(data),
  });
  const { form, editing, edit, serverErrors } = editor;
  const { register, control, formState } = form;
  const errors = formState.errors;
  const busy = create.isPending || update.isPending;
  const columns: Column<PaymentMethodDto>[] = [
    { key: 'name', header: 'Nama' },
    { key: 'type', header: 'Jenis' },
    { key: 'akun', header: 'Akun Kas/Bank', cell: (m) => `${m.akuncode} ${m.akunname}` },
    { key: 'status', header: 'Status', cell: (m) => <ActiveBadge status={m.status} /> },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (m) =>
        manage ? (
          <MasterRowActions
            status={m.status}
            onEdit={() => edit(m)}
            onToggle={(status) =>
              update.mutate({ id: m.id, data: { status } }, { onSuccess: () => void editor.refresh() })
            }
          />
        ) : null,
    },
  ];
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-2">
      <PageHeader
        title="Metode Pembayaran"
        actions={
          <>
            <ExportExcelButton
              disabled={!list.data?.length}
              onExport={() =>
                exportToExcel(
                  'metode-pembayaran',
                  [
                    { header: 'Nama', value: 'name', width: 24 },
                    { header: 'Jenis', value: 'type' },
                    { header: 'Kode Akun', value: 'akuncode' },
                    { header: 'Akun', value: 'akunname', width: 28 },
                    { header: 'Status', value: (m) => statusLabel(m.status) },
                  ],
                  list.data ?? [],
                  'Metode Pembayaran',
                )
              }
            />
            {manage ? <Button onClick={() => edit(null)}>Metode Baru</Button> : null}
          </>
        }
      />
      {manage ? null : (
        <p className="text-sm text-muted-foreground" data-testid="chain-owned-note">
          Data ini dikelola kantor pusat
        </p>
      )}
      <DataTable columns={columns} rows={list.data} rowKey={(m) => m.id} loading={list.isLoading} />
      <FormDialog
        open={editor.open}
        onClose={editor.close}
        title={editing ? 'Ubah Metode Pembayaran' : 'Metode Pembayaran Baru'}
        submit={editor.submit}
        busy={busy}
        className="max-w-md"
        submitTestId="pm-save"
      >
        <FormField label="Nama" htmlFor="pm-name" error={errors.name} required>
          <Input id="pm-name" aria-invalid={!!errors.name} {...register('name')} />
        </FormField>
        <FormField label="Jenis" htmlFor="pm-type" error={errors.type}>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="pm-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PAYMENT_METHOD_TYPES.map((t) => (
                    <SelectItem key={t} value={t}>
                      {t}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField label="Akun Kas/Bank" htmlFor="pm-akun" error={errors.akun_id} required>
          <Controller
            control={control}
            name="akun_id"
            render={({ field }) => (
              <AccountSelect id="pm-akun" value={field.value} onValueChange={field.onChange} accounts={accounts} />
            )}
          />
        </FormField>
        <ErrorList items={serverErrors} />
      </FormDialog>
    </div>
  );
}
