import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { canFeature, PAYMENT_METHOD_TYPES, type ErrorItem, type PaymentMethodDto } from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { usePostableAccounts } from '../components/AkunPicker';
import { AccountSelect, ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { statusLabel } from '../../../lib/status';

/** /finance/master/paymentmethod: payment methods, each posting to its cash or bank account. */
export default function PaymentMethodPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const manage = canFeature(me, 'MASTER_PAYMENTMETHOD', 'manage');
  const list = useQuery({ ...trpc.finance.paymentMethod.list.queryOptions(), meta: { silent: true } });
  const accounts = (usePostableAccounts().data ?? []).filter((a) => a.category === 1);
  const [editing, setEditing] = React.useState<PaymentMethodDto | null>(null);
  const [open, setOpen] = React.useState(false);
  const [f, setF] = React.useState({ name: '', type: 'tunai', akun_id: '' });
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  const done = async () => {
    await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
    setOpen(false);
  };
  const create = useMutation(
    trpc.finance.paymentMethod.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const update = useMutation(
    trpc.finance.paymentMethod.update.mutationOptions({
      onSuccess: done,
      meta: { inlineErrors: true },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const edit = (m: PaymentMethodDto | null) => {
    setEditing(m);
    setErrors(null);
    setF(m ? { name: m.name, type: m.type, akun_id: String(m.akun_id) } : { name: '', type: 'tunai', akun_id: '' });
    setOpen(true);
  };
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
            onToggle={(status) => update.mutate({ id: m.id, data: { status } })}
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
      <DataTable columns={columns} rows={list.data} rowKey={(m) => m.id} loading={list.isLoading} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{editing ? 'Ubah Metode Pembayaran' : 'Metode Pembayaran Baru'}</DialogTitle>
          </DialogHeader>
          <FormField label="Nama" htmlFor="pm-name" required>
            <Input id="pm-name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
          </FormField>
          <FormField label="Jenis" htmlFor="pm-type">
            <Select value={f.type} onValueChange={(v) => setF({ ...f, type: v })}>
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
          </FormField>
          <FormField label="Akun Kas/Bank" htmlFor="pm-akun" required>
            <AccountSelect
              id="pm-akun"
              value={f.akun_id}
              onValueChange={(v) => setF({ ...f, akun_id: v })}
              accounts={accounts}
            />
          </FormField>
          <ErrorList items={errors} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Batal
            </Button>
            <Button
              disabled={!f.name.trim() || !f.akun_id || create.isPending || update.isPending}
              onClick={() => {
                const data = {
                  name: f.name,
                  type: f.type as (typeof PAYMENT_METHOD_TYPES)[number],
                  akun_id: Number(f.akun_id),
                };
                if (editing) update.mutate({ id: editing.id, data });
                else create.mutate(data);
              }}
            >
              Simpan
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
