import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AKUN_CATEGORIES, akunInput, formatRupiah, type AkunDto, type AkunInput, type ErrorItem } from '@klinik/shared';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
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
import { Switch } from '../../../components/ui/switch';
import { ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { RUPIAH_FMT, useFinanceManage } from '../lib';
import { statusLabel } from '../../../lib/status';

interface Values {
  code: string;
  name: string;
  category: string;
  isheader: boolean;
  parent_id: string;
  normal: 'D' | 'K';
  description: string;
}
const blank: Values = {
  code: '',
  name: '',
  category: '1',
  isheader: false,
  parent_id: 'none',
  normal: 'D',
  description: '',
};
const toValues = (a: AkunDto | null): Values =>
  a
    ? {
        code: a.code,
        name: a.name,
        category: String(a.category),
        isheader: a.isheader,
        parent_id: a.parent_id ? String(a.parent_id) : 'none',
        normal: a.normal,
        description: a.description ?? '',
      }
    : blank;

/** The shared akunInput on what was picked: 'Tanpa induk' is no parent, an empty description none. */
const resolver: Resolver<Values, unknown, AkunInput> = (values, ctx, options) =>
  (zodResolver(akunInput) as unknown as Resolver<Values, unknown, AkunInput>)(
    {
      ...values,
      parent_id: values.parent_id === 'none' ? null : values.parent_id,
      description: values.description.trim() || null,
    } as unknown as Values,
    ctx,
    options,
  );

function AkunDialog({
  akun,
  all,
  open,
  onClose,
}: {
  akun: AkunDto | null;
  all: AkunDto[];
  open: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, AkunInput>({ resolver, defaultValues: blank, mode: 'onTouched' });
  const { register, control, handleSubmit, reset, setValue, watch, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    if (!open) return;
    setServerErrors([]);
    reset(toValues(akun));
  }, [open, akun, reset]);
  const done = async () => {
    toast.success('Akun tersimpan', { duration: TOAST_MS });
    await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
    onClose();
  };
  const onError = (e: unknown) => setServerErrors(applyServerErrors(form, errorItems(e)));
  const create = useMutation(
    trpc.finance.akun.create.mutationOptions({ meta: { inlineErrors: true }, onSuccess: done, onError }),
  );
  const update = useMutation(
    trpc.finance.akun.update.mutationOptions({ meta: { inlineErrors: true }, onSuccess: done, onError }),
  );
  const category = watch('category');
  const parents = all.filter((a) => a.isheader && String(a.category) === category && a.id !== akun?.id);
  const submit = handleSubmit((data) => {
    setServerErrors([]);
    // The status is changed from the list ('Aktifkan' / 'Nonaktifkan'), never by saving the form.
    const { status: _status, ...fields } = data;
    if (akun) update.mutate({ id: akun.id, data: fields });
    else create.mutate(data);
  });
  const busy = create.isPending || update.isPending;
  const locked = !!akun?.hasposting;
  return (
    <Dialog open={open} onOpenChange={(o) => (o || busy ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{akun ? 'Ubah Akun' : 'Akun Baru'}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Kode" htmlFor="akun-code" error={errors.code} required>
              {locked ? (
                // An account with postings keeps its code: shown, not part of what is typed.
                <Input id="akun-code" value={akun.code} disabled readOnly />
              ) : (
                <Input id="akun-code" aria-invalid={!!errors.code} {...register('code')} />
              )}
            </FormField>
            <FormField label="Nama" htmlFor="akun-name" error={errors.name} required>
              <Input id="akun-name" aria-invalid={!!errors.name} {...register('name')} />
            </FormField>
            <FormField label="Kategori" htmlFor="akun-category" error={errors.category}>
              <Controller
                control={control}
                name="category"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(v) => {
                      field.onChange(v);
                      setValue('parent_id', 'none');
                      setValue('normal', ['2', '3', '4', '7'].includes(v) ? 'K' : 'D');
                    }}
                    disabled={locked}
                  >
                    <SelectTrigger id="akun-category">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {Object.entries(AKUN_CATEGORIES).map(([k, v]) => (
                        <SelectItem key={k} value={k}>
                          {k} {v}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField label="Saldo Normal" htmlFor="akun-normal" error={errors.normal}>
              <Controller
                control={control}
                name="normal"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(v) => field.onChange(v === 'K' ? 'K' : 'D')}
                    disabled={locked}
                  >
                    <SelectTrigger id="akun-normal">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="D">Debit</SelectItem>
                      <SelectItem value="K">Kredit</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField label="Akun Induk" htmlFor="akun-parent" error={errors.parent_id}>
              <Controller
                control={control}
                name="parent_id"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="akun-parent">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="none">Tanpa induk</SelectItem>
                      {parents.map((p) => (
                        <SelectItem key={p.id} value={String(p.id)}>
                          {p.code} {p.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField
              label="Akun Header"
              htmlFor="akun-header"
              description="Header hanya mengelompokkan, tidak dapat diposting"
            >
              <Controller
                control={control}
                name="isheader"
                render={({ field }) => (
                  <Switch id="akun-header" checked={field.value} onCheckedChange={field.onChange} />
                )}
              />
            </FormField>
            <FormField label="Keterangan" htmlFor="akun-desc" error={errors.description} className="sm:col-span-2">
              <Input id="akun-desc" aria-invalid={!!errors.description} {...register('description')} />
            </FormField>
          </div>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={busy} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /finance/master/akun: the chain's chart of accounts with balances of the current branch. */
export default function AkunPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const manage = useFinanceManage();
  const [keyword, setKeyword] = React.useState('');
  const [editing, setEditing] = React.useState<AkunDto | null>(null);
  const [dialog, setDialog] = React.useState(false);
  const [deleting, setDeleting] = React.useState<AkunDto | null>(null);
  const list = useQuery({ ...trpc.finance.akun.list.queryOptions({}), meta: { silent: true } });
  const all = list.data ?? [];
  const kw = keyword.trim().toLowerCase();
  const rows = kw ? all.filter((a) => a.code.toLowerCase().includes(kw) || a.name.toLowerCase().includes(kw)) : all;
  const invalidate = () => qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
  const update = useMutation(trpc.finance.akun.update.mutationOptions({ onSuccess: invalidate }));
  const remove = useMutation(trpc.finance.akun.remove.mutationOptions({ onSuccess: invalidate }));
  const columns: Column<AkunDto>[] = [
    {
      key: 'code',
      header: 'Kode',
      cell: (a) => <span className={`font-mono text-xs ${a.isheader ? 'font-bold' : ''}`}>{a.code}</span>,
    },
    {
      key: 'name',
      header: 'Nama',
      cell: (a) => <span className={a.isheader ? 'font-semibold' : a.parent_id ? 'pl-4' : ''}>{a.name}</span>,
    },
    { key: 'categoryname', header: 'Kategori' },
    {
      key: 'isheader',
      header: 'Jenis',
      cell: (a) => (a.isheader ? <Badge variant="outline">Header</Badge> : 'Detail'),
    },
    { key: 'normal', header: 'Normal', cell: (a) => (a.normal === 'D' ? 'Debit' : 'Kredit') },
    {
      key: 'debit',
      header: 'Debit',
      kind: 'number',
      cell: (a) => (a.debit ? formatRupiah(a.debit) : ''),
    },
    {
      key: 'credit',
      header: 'Kredit',
      kind: 'number',
      cell: (a) => (a.credit ? formatRupiah(a.credit) : ''),
    },
    { key: 'status', header: 'Status', cell: (a) => <ActiveBadge status={a.status} /> },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (a) =>
        manage ? (
          <MasterRowActions
            status={a.status}
            onEdit={() => {
              setEditing(a);
              setDialog(true);
            }}
            onToggle={(status) => update.mutate({ id: a.id, data: { status } })}
          >
            {!a.hasposting ? (
              <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setDeleting(a)}>
                Hapus
              </Button>
            ) : null}
          </MasterRowActions>
        ) : null,
    },
  ];
  const exportIt = () =>
    exportToExcel(
      'master-akun',
      [
        { header: 'Kode', value: 'code', width: 10 },
        { header: 'Nama', value: 'name', width: 34 },
        { header: 'Kategori', value: 'categoryname', width: 20 },
        { header: 'Header', value: (a) => (a.isheader ? 'Ya' : 'Tidak') },
        { header: 'Induk', value: (a) => a.parentcode ?? '' },
        { header: 'Normal', value: 'normal' },
        { header: 'Debit', value: 'debit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Kredit', value: 'credit', numFmt: RUPIAH_FMT, width: 18 },
        { header: 'Status', value: (a) => statusLabel(a.status) },
      ],
      rows,
      'Akun',
    );
  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-2">
      <PageHeader
        title="Master Akun"
        description="Bagan akun bersama seluruh cabang; saldo untuk cabang aktif."
        actions={
          <>
            <ExportExcelButton onExport={exportIt} disabled={!rows.length} />
            {manage ? (
              <Button
                onClick={() => {
                  setEditing(null);
                  setDialog(true);
                }}
              >
                Akun Baru
              </Button>
            ) : null}
          </>
        }
      />
      <NoPeriodBanner />
      <Input
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder="Cari kode atau nama akun"
        className="max-w-sm"
        aria-label="Cari akun"
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        loading={list.isLoading}
        paginate={false}
        maxHeightClass="max-h-[70vh]"
      />
      <AkunDialog akun={editing} all={all} open={dialog} onClose={() => setDialog(false)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Hapus Akun"
        description={deleting ? `Hapus akun ${deleting.code} ${deleting.name}?` : ''}
        destructive
        confirmLabel="Hapus"
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync({ id: deleting.id });
        }}
      />
    </div>
  );
}
