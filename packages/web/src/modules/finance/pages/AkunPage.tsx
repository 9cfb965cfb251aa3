import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AKUN_CATEGORIES, formatRupiah, type AkunDto, type ErrorItem } from '@klinik/shared';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { ActiveBadge, MasterRowActions } from '../components/MasterControls';
import { NoPeriodBanner } from '../components/NoPeriodBanner';
import { RUPIAH_FMT, useFinanceManage } from '../lib';
import { statusLabel } from '../../../lib/status';

interface Form {
  code: string;
  name: string;
  category: string;
  isheader: boolean;
  parent_id: string;
  normal: 'D' | 'K';
  description: string;
}

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
  const [f, setF] = React.useState<Form>({
    code: '',
    name: '',
    category: '1',
    isheader: false,
    parent_id: 'none',
    normal: 'D',
    description: '',
  });
  const [errors, setErrors] = React.useState<ErrorItem[] | null>(null);
  React.useEffect(() => {
    if (!open) return;
    setErrors(null);
    setF(
      akun
        ? {
            code: akun.code,
            name: akun.name,
            category: String(akun.category),
            isheader: akun.isheader,
            parent_id: akun.parent_id ? String(akun.parent_id) : 'none',
            normal: akun.normal,
            description: akun.description ?? '',
          }
        : { code: '', name: '', category: '1', isheader: false, parent_id: 'none', normal: 'D', description: '' },
    );
  }, [open, akun]);
  const done = async () => {
    toast.success('Akun tersimpan', { duration: TOAST_MS });
    await qc.invalidateQueries({ queryKey: trpc.finance.pathKey() });
    onClose();
  };
  const create = useMutation(
    trpc.finance.akun.create.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const update = useMutation(
    trpc.finance.akun.update.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: done,
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const parents = all.filter((a) => a.isheader && String(a.category) === f.category && a.id !== akun?.id);
  const submit = () => {
    const data = {
      code: f.code,
      name: f.name,
      category: Number(f.category),
      isheader: f.isheader,
      parent_id: f.parent_id === 'none' ? null : Number(f.parent_id),
      normal: f.normal,
      description: f.description || null,
    };
    if (akun) update.mutate({ id: akun.id, data });
    else create.mutate(data);
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{akun ? 'Ubah Akun' : 'Akun Baru'}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Kode" htmlFor="akun-code" required>
            <Input
              id="akun-code"
              value={f.code}
              onChange={(e) => setF({ ...f, code: e.target.value })}
              disabled={!!akun?.hasposting}
            />
          </FormField>
          <FormField label="Nama" htmlFor="akun-name" required>
            <Input id="akun-name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
          </FormField>
          <FormField label="Kategori" htmlFor="akun-category">
            <Select
              value={f.category}
              onValueChange={(v) =>
                setF({ ...f, category: v, parent_id: 'none', normal: ['2', '3', '4', '7'].includes(v) ? 'K' : 'D' })
              }
              disabled={!!akun?.hasposting}
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
          </FormField>
          <FormField label="Saldo Normal" htmlFor="akun-normal">
            <Select
              value={f.normal}
              onValueChange={(v) => setF({ ...f, normal: v === 'K' ? 'K' : 'D' })}
              disabled={!!akun?.hasposting}
            >
              <SelectTrigger id="akun-normal">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="D">Debit</SelectItem>
                <SelectItem value="K">Kredit</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <FormField label="Akun Induk" htmlFor="akun-parent">
            <Select value={f.parent_id} onValueChange={(v) => setF({ ...f, parent_id: v })}>
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
          </FormField>
          <FormField
            label="Akun Header"
            htmlFor="akun-header"
            description="Header hanya mengelompokkan, tidak dapat diposting"
          >
            <Switch id="akun-header" checked={f.isheader} onCheckedChange={(v) => setF({ ...f, isheader: v })} />
          </FormField>
          <FormField label="Keterangan" htmlFor="akun-desc" className="sm:col-span-2">
            <Input id="akun-desc" value={f.description} onChange={(e) => setF({ ...f, description: e.target.value })} />
          </FormField>
        </div>
        <ErrorList items={errors} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={submit} disabled={!f.code.trim() || !f.name.trim() || create.isPending || update.isPending}>
            Simpan
          </Button>
        </DialogFooter>
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
