import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorItem, PajakDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { usePostableAccounts } from '../components/AkunPicker';
import { AccountSelect, ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { useFinanceManage } from '../lib';

/** /finance/master/pajak: taxes with their rate and payable account. */
export default function PajakPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const manage = useFinanceManage();
  const list = useQuery({ ...trpc.finance.pajak.list.queryOptions(), meta: { silent: true } });
  const accounts = (usePostableAccounts().data ?? []).filter((a) => a.category === 2);
  const [editing, setEditing] = React.useState<PajakDto | null>(null);
  const [open, setOpen] = React.useState(false);
  const [f, setF] = React.useState({ code: '', name: '', rate: '', akun_id: '' });
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  const done = async () => {
    await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
    setOpen(false);
  };
  const create = useMutation(
    trpc.finance.pajak.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const update = useMutation(
    trpc.finance.pajak.update.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const edit = (p: PajakDto | null) => {
    setEditing(p);
    setErrors(null);
    setF(
      p
        ? { code: p.code, name: p.name, rate: String(p.rate).replace('.', ','), akun_id: String(p.akun_id) }
        : { code: '', name: '', rate: '', akun_id: '' },
    );
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
  const rate = Number(f.rate.replace(',', '.'));
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{editing ? 'Ubah Pajak' : 'Pajak Baru'}</DialogTitle>
          </DialogHeader>
          <FormField label="Kode" htmlFor="pajak-code" required>
            <Input id="pajak-code" value={f.code} onChange={(e) => setF({ ...f, code: e.target.value })} />
          </FormField>
          <FormField label="Nama" htmlFor="pajak-name" required>
            <Input id="pajak-name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
          </FormField>
          <FormField label="Tarif (%)" htmlFor="pajak-rate" required>
            <Input
              id="pajak-rate"
              inputMode="decimal"
              value={f.rate}
              onChange={(e) => setF({ ...f, rate: e.target.value })}
            />
          </FormField>
          <FormField label="Akun Hutang Pajak" htmlFor="pajak-akun" required>
            <AccountSelect
              id="pajak-akun"
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
              disabled={
                !f.code.trim() ||
                !f.name.trim() ||
                !f.akun_id ||
                !Number.isFinite(rate) ||
                create.isPending ||
                update.isPending
              }
              onClick={() => {
                const data = { code: f.code, name: f.name, rate, akun_id: Number(f.akun_id) };
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
