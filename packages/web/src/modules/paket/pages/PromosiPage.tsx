import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  canFeature,
  formatDate,
  formatNumber,
  formatRupiah,
  INSTALLMENT_SCHEMAS,
  parseRupiah,
  installmentMismatchMessage,
  PAKET_ITEM_TYPES,
  PAKET_TYPE_KINDS,
  toSen,
  type ErrorItem,
  type PaketHistoryDto,
  type PaketInput,
  type PaketTypeDto,
} from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../components/OptionSelect';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { statusLabel } from '../../../lib/status';

function fieldErrorsOf(items: ErrorItem[]): { byField: Record<string, string>; rest: ErrorItem[] } {
  const byField: Record<string, string> = {};
  const rest: ErrorItem[] = [];
  for (const i of items) {
    if (i.field) byField[i.field] = i.message;
    else rest.push(i);
  }
  return { byField, rest: rest.length ? rest : items };
}

// ------------------------------------------------------------------------------------------------ types

function TypeDialog({
  type,
  open,
  onClose,
  onSaved,
}: {
  type: PaketTypeDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.createType.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.updateType.mutationOptions(), meta: { inlineErrors: true } });
  const [v, setV] = React.useState({ name: '', type: '1', start_at: '', end_at: '', status: '1' });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (open) {
      setV(
        type
          ? {
              name: type.name,
              type: String(type.type),
              start_at: type.start_at,
              end_at: type.end_at ?? '',
              status: String(type.status),
            }
          : { name: '', type: '1', start_at: today, end_at: '', status: '1' },
      );
      setErrors([]);
    }
  }, [open, type, today]);
  const { byField, rest } = fieldErrorsOf(errors);
  const save = async () => {
    const data = {
      name: v.name,
      type: Number(v.type),
      start_at: v.start_at,
      end_at: v.end_at || null,
      status: Number(v.status) as 0 | 1,
    };
    try {
      if (type) await update.mutateAsync({ id: type.id, data });
      else await create.mutateAsync(data);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{type ? 'Ubah Jenis Paket' : 'Jenis Paket Baru'}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3">
          <FormField label="Nama" htmlFor="type-name" error={byField.name} required>
            <Input id="type-name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </FormField>
          <FormField label="Jenis" htmlFor="type-type" error={byField.type} required>
            <OptionSelect
              id="type-type"
              value={v.type}
              onValueChange={(x) => setV({ ...v, type: x })}
              options={PAKET_TYPE_KINDS}
            />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Mulai" htmlFor="type-start" error={byField.start_at} required>
              <Input
                id="type-start"
                type="date"
                value={v.start_at}
                onChange={(e) => setV({ ...v, start_at: e.target.value })}
              />
            </FormField>
            <FormField label="Berakhir" htmlFor="type-end" error={byField.end_at}>
              <Input
                id="type-end"
                type="date"
                value={v.end_at}
                onChange={(e) => setV({ ...v, end_at: e.target.value })}
              />
            </FormField>
          </div>
          <FormField label="Status" htmlFor="type-status">
            <OptionSelect
              id="type-status"
              value={v.status}
              onValueChange={(x) => setV({ ...v, status: x })}
              options={ACTIVE_STATUS_OPTIONS}
            />
          </FormField>
          <ErrorList
            items={
              Object.keys(byField).length
                ? errors.filter((e) => !e.field || !['name', 'type', 'start_at', 'end_at'].includes(e.field))
                : rest
            }
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={() => void save()} disabled={create.isPending || update.isPending}>
            Simpan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// ------------------------------------------------------------------------------------------------ packages

/** Fields the package form shows an inline error under; anything else goes to the list above the buttons. */
const SHOWN_FIELD =
  /^(code|name|paket_type_id|active_at|price|dp_amount|cicilan_amount|cicilan_attempt|items\.\d+\.(ref_id|free_slot|expired_duration))$/;

interface ItemRow {
  type: string;
  ref_id: string;
  free_slot: string;
  expired_duration: string;
}

function PaketDialog({
  paket,
  open,
  onClose,
  onSaved,
  types,
}: {
  paket: PaketHistoryDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  types: PaketTypeDto[];
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.update.mutationOptions(), meta: { inlineErrors: true } });
  const masterQuery = { page: 1, limit: 500, status: 1 };
  const tindakan = useQuery({
    ...trpc.masters.tindakan.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const items = useQuery({
    ...trpc.masters.item.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const labs = useQuery({
    ...trpc.masters.formlab.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const options: Record<string, { id: number; code: string; name: string }[]> = {
    '1': tindakan.data?.data ?? [],
    '2': items.data?.data ?? [],
    '3': labs.data?.data ?? [],
  };
  const blank = {
    code: '',
    name: '',
    paket_type_id: '',
    active_at: today,
    price: '',
    description: '',
    status: '1',
    installment_schema: '0',
    dp_amount: '0',
    cicilan_amount: '0',
    cicilan_attempt: '0',
  };
  const [v, setV] = React.useState(blank);
  const [rows, setRows] = React.useState<ItemRow[]>([]);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (!open) return;
    setErrors([]);
    if (paket) {
      setV({
        code: paket.code,
        name: paket.name,
        paket_type_id: String(paket.pakettypedata.id),
        active_at: paket.active_at,
        price: formatNumber(paket.price),
        description: paket.description ?? '',
        status: String(paket.status),
        installment_schema: String(paket.installment_schema),
        dp_amount: formatNumber(paket.dp_amount),
        cicilan_amount: formatNumber(paket.cicilan_amount),
        cicilan_attempt: String(paket.cicilan_attempt),
      });
      setRows(
        (paket.items ?? []).map((i) => ({
          type: String(i.type),
          ref_id: String(i.ref_id),
          free_slot: String(i.free_slot),
          expired_duration: String(i.expired_duration),
        })),
      );
    } else {
      setV(blank);
      setRows([]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, paket]);
  const { byField } = fieldErrorsOf(errors);
  const instal = v.installment_schema === '1';
  const num = (s: string) => parseRupiah(s) ?? NaN;
  const mismatch =
    instal &&
    [v.price, v.dp_amount, v.cicilan_amount, v.cicilan_attempt].every((x) => Number.isFinite(num(x))) &&
    toSen(num(v.dp_amount)) + toSen(num(v.cicilan_amount)) * num(v.cicilan_attempt) !== toSen(num(v.price))
      ? installmentMismatchMessage(num(v.price), num(v.dp_amount), num(v.cicilan_amount), num(v.cicilan_attempt))
      : null;

  const save = async () => {
    const data = {
      code: v.code,
      name: v.name,
      paket_type_id: Number(v.paket_type_id),
      active_at: v.active_at,
      price: num(v.price),
      description: v.description || null,
      status: Number(v.status),
      installment_schema: Number(v.installment_schema),
      dp_amount: num(v.dp_amount) || 0,
      cicilan_amount: num(v.cicilan_amount) || 0,
      cicilan_attempt: num(v.cicilan_attempt) || 0,
      items: rows.map((r) => ({
        type: Number(r.type),
        ref_id: Number(r.ref_id),
        free_slot: Number(r.free_slot),
        expired_duration: Number(r.expired_duration),
      })),
    } as unknown as PaketInput;
    try {
      if (paket) await update.mutateAsync({ id: paket.paket_id, data });
      else await create.mutateAsync(data);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setV({ ...v, [k]: e.target.value });
  const setRow = (i: number, patch: Partial<ItemRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent fullScreen aria-describedby={undefined}>
        <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-4">
          <DialogHeader>
            <DialogTitle>{paket ? `Ubah Paket ${paket.code} (versi baru)` : 'Paket Baru'}</DialogTitle>
            {paket ? (
              <DialogDescription>
                Setiap perubahan disimpan sebagai versi baru; registrasi lama tetap memakai versi saat dijual.
              </DialogDescription>
            ) : null}
          </DialogHeader>
          <div className="grid gap-3 md:grid-cols-3">
            <FormField label="Kode" htmlFor="pk-code" error={byField.code} required>
              <Input id="pk-code" value={v.code} onChange={set('code')} />
            </FormField>
            <FormField label="Nama Paket" htmlFor="pk-name" error={byField.name} required className="md:col-span-2">
              <Input id="pk-name" value={v.name} onChange={set('name')} />
            </FormField>
            <FormField label="Jenis Paket" htmlFor="pk-type" error={byField.paket_type_id} required>
              <Select value={v.paket_type_id} onValueChange={(x) => setV({ ...v, paket_type_id: x })}>
                <SelectTrigger id="pk-type">
                  <SelectValue placeholder="Pilih jenis paket" />
                </SelectTrigger>
                <SelectContent>
                  {types
                    .filter((t) => t.status === 1)
                    .map((t) => (
                      <SelectItem key={t.id} value={String(t.id)}>
                        {t.name}
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField label="Berlaku Mulai" htmlFor="pk-active" error={byField.active_at} required>
              <Input id="pk-active" type="date" value={v.active_at} onChange={set('active_at')} />
            </FormField>
            <FormField label="Status" htmlFor="pk-status">
              <OptionSelect
                id="pk-status"
                value={v.status}
                onValueChange={(x) => setV({ ...v, status: x })}
                options={ACTIVE_STATUS_OPTIONS}
              />
            </FormField>
            <FormField label="Harga (Rp)" htmlFor="pk-price" error={byField.price} required>
              <Input id="pk-price" inputMode="decimal" value={v.price} onChange={set('price')} />
            </FormField>
            <FormField label="Skema Pembayaran" htmlFor="pk-schema">
              <OptionSelect
                id="pk-schema"
                value={v.installment_schema}
                onValueChange={(x) => setV({ ...v, installment_schema: x })}
                options={INSTALLMENT_SCHEMAS}
              />
            </FormField>
            {instal ? (
              <>
                <FormField label="DP (Rp)" htmlFor="pk-dp" error={byField.dp_amount}>
                  <Input id="pk-dp" inputMode="decimal" value={v.dp_amount} onChange={set('dp_amount')} />
                </FormField>
                <FormField label="Nominal Cicilan (Rp)" htmlFor="pk-cicilan" error={byField.cicilan_amount}>
                  <Input
                    id="pk-cicilan"
                    inputMode="decimal"
                    value={v.cicilan_amount}
                    onChange={set('cicilan_amount')}
                  />
                </FormField>
                <FormField label="Jumlah Cicilan" htmlFor="pk-attempt" error={byField.cicilan_attempt}>
                  <Input
                    id="pk-attempt"
                    inputMode="numeric"
                    value={v.cicilan_attempt}
                    onChange={set('cicilan_attempt')}
                  />
                </FormField>
              </>
            ) : null}
            <FormField label="Keterangan" htmlFor="pk-desc" className="md:col-span-3">
              <Textarea id="pk-desc" rows={2} value={v.description} onChange={set('description')} />
            </FormField>
          </div>
          {mismatch && !byField.cicilan_amount ? <p className="text-sm text-destructive">{mismatch}</p> : null}

          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold">Isi Paket</h3>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRows([...rows, { type: '1', ref_id: '', free_slot: '1', expired_duration: '90' }])}
              >
                <Plus /> Tambah Item
              </Button>
            </div>
            {rows.length === 0 ? <p className="text-sm text-muted-foreground">{'Tidak ada Perawatan'}</p> : null}
            {rows.map((r, i) => (
              <div
                key={i}
                className="grid items-end gap-2 rounded-md border p-2 md:grid-cols-[140px_1fr_110px_130px_auto]"
              >
                <FormField label="Jenis" htmlFor={`it-type-${i}`}>
                  <OptionSelect
                    id={`it-type-${i}`}
                    value={r.type}
                    onValueChange={(x) => setRow(i, { type: x, ref_id: '' })}
                    options={PAKET_ITEM_TYPES}
                  />
                </FormField>
                <FormField label="Nama" htmlFor={`it-ref-${i}`} error={byField[`items.${i}.ref_id`]}>
                  <Select value={r.ref_id} onValueChange={(x) => setRow(i, { ref_id: x })}>
                    <SelectTrigger id={`it-ref-${i}`}>
                      <SelectValue placeholder="Pilih" />
                    </SelectTrigger>
                    <SelectContent>
                      {options[r.type].map((o) => (
                        <SelectItem key={o.id} value={String(o.id)}>
                          {o.code} · {o.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
                <FormField label="Slot" htmlFor={`it-slot-${i}`} error={byField[`items.${i}.free_slot`]}>
                  <Input
                    id={`it-slot-${i}`}
                    inputMode="numeric"
                    value={r.free_slot}
                    onChange={(e) => setRow(i, { free_slot: e.target.value })}
                  />
                </FormField>
                <FormField
                  label="Berlaku (hari)"
                  htmlFor={`it-exp-${i}`}
                  error={byField[`items.${i}.expired_duration`]}
                >
                  <Input
                    id={`it-exp-${i}`}
                    inputMode="numeric"
                    value={r.expired_duration}
                    onChange={(e) => setRow(i, { expired_duration: e.target.value })}
                  />
                </FormField>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Hapus item"
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
          </div>
          <ErrorList items={errors.filter((e) => !e.field || !SHOWN_FIELD.test(e.field))} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button onClick={() => void save()} disabled={create.isPending || update.isPending}>
              Simpan
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function VersionsDialog({ paketId, onClose }: { paketId: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.paket.get.queryOptions({ id: paketId ?? 0 }),
    enabled: paketId !== null,
    meta: { inlineErrors: true },
  });
  return (
    <Dialog open={paketId !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Riwayat Versi {q.data?.current.code ?? ''}</DialogTitle>
        </DialogHeader>
        {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
        <ul className="grid gap-2">
          {(q.data?.versions ?? []).map((h) => (
            <li key={h.id} className="rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <b>Versi {h.version}</b>
                {h.is_current ? <Badge variant="success">Berlaku</Badge> : <Badge variant="secondary">Arsip</Badge>}
                <span className="text-muted-foreground">dibuat {formatDate(h.created_at)}</span>
              </div>
              <p>
                {h.name} · {formatRupiah(h.price)} · {INSTALLMENT_SCHEMAS[h.installment_schema as 0 | 1]}
                {h.installment_schema === 1
                  ? ` (DP ${formatRupiah(h.dp_amount)} + ${h.cicilan_attempt}x ${formatRupiah(h.cicilan_amount)})`
                  : ''}
              </p>
              <p className="text-muted-foreground">
                {(h.items ?? [])
                  .map(
                    (i) =>
                      `${(i.perawatandata ?? i.itemdata ?? i.formlabdata)?.name} (${i.free_slot} slot, ${i.expired_duration} hari)`,
                  )
                  .join(' · ') || 'Tidak ada Perawatan'}
              </p>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

/** /paket/promosi: package types, packages (every change a new version) and their contents. */
export default function PromosiPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const canManage = canFeature(me, 'MASTER_PAKET', 'manage');
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const types = useQuery({ ...trpc.paket.types.queryOptions({}), meta: { inlineErrors: true } });
  const list = useQuery({
    ...trpc.paket.history.queryOptions({ keyword: keyword.trim() || undefined, page, limit }),
    meta: { inlineErrors: true },
  });
  const [editPaket, setEditPaket] = React.useState<PaketHistoryDto | null | 'new'>(null);
  const [editType, setEditType] = React.useState<PaketTypeDto | null | 'new'>(null);
  const [versions, setVersions] = React.useState<number | null>(null);
  const [success, setSuccess] = React.useState(false);
  const saved = () => {
    setEditPaket(null);
    setEditType(null);
    void qc.invalidateQueries({ queryKey: trpc.paket.pathKey() });
    setSuccess(true);
  };

  const paketColumns: Column<PaketHistoryDto>[] = [
    { key: 'code', header: 'Kode', cell: (p) => <span className="font-mono">{p.code}</span> },
    {
      key: 'name',
      header: 'Nama',
      cell: (p) => (
        <div>
          <p>{p.name}</p>
          <p className="text-xs text-muted-foreground">
            {p.pakettypedata.name} · versi {p.version}
          </p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Harga',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (p) => formatRupiah(p.price),
    },
    {
      key: 'schema',
      header: 'Pembayaran',
      cell: (p) =>
        p.installment_schema === 1
          ? `DP ${formatRupiah(p.dp_amount)} + ${p.cicilan_attempt}x ${formatRupiah(p.cicilan_amount)}`
          : 'Lunas',
    },
    { key: 'items', header: 'Isi', cell: (p) => `${p.items?.length ?? 0} item` },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Badge variant={p.status === 1 ? 'success' : 'warning'}>{statusLabel(p.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => setVersions(p.paket_id)} aria-label={`Riwayat ${p.code}`}>
            <History />
          </Button>
          {canManage ? (
            <Button size="sm" variant="ghost" onClick={() => setEditPaket(p)} aria-label={`Ubah ${p.code}`}>
              <Pencil />
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const typeColumns: Column<PaketTypeDto>[] = [
    { key: 'name', header: 'Nama' },
    { key: 'typename', header: 'Jenis' },
    { key: 'start_at', header: 'Mulai', cell: (t) => formatDate(t.start_at) },
    { key: 'end_at', header: 'Berakhir', cell: (t) => (t.end_at ? formatDate(t.end_at) : '-') },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => <Badge variant={t.status === 1 ? 'success' : 'warning'}>{statusLabel(t.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (t) =>
        canManage ? (
          <Button size="sm" variant="ghost" onClick={() => setEditType(t)} aria-label={`Ubah ${t.name}`}>
            <Pencil />
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-4">
      <PageHeader
        title="Paket Promosi"
        description="Jenis paket, paket dan isinya. Setiap perubahan paket menjadi versi baru."
      />
      <Tabs defaultValue="paket">
        <TabsList>
          <TabsTrigger value="paket">Paket</TabsTrigger>
          <TabsTrigger value="jenis">Jenis Paket</TabsTrigger>
        </TabsList>
        <TabsContent value="paket" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Input
              className="max-w-sm"
              placeholder="Cari kode, nama atau jenis paket"
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                setPage(1);
              }}
              aria-label="Cari paket"
            />
            {canManage ? (
              <Button onClick={() => setEditPaket('new')}>
                <Plus /> Paket Baru
              </Button>
            ) : null}
          </div>
          {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
          <DataTable
            columns={paketColumns}
            rows={list.data?.data}
            rowKey={(p) => p.id}
            loading={list.isPending}
            pagination={{
              page,
              pageSize: limit,
              total: list.data?.count ?? 0,
              onPageChange: setPage,
              onPageSizeChange: setLimit,
            }}
          />
        </TabsContent>
        <TabsContent value="jenis" className="grid gap-3">
          {canManage ? (
            <div className="flex justify-end">
              <Button onClick={() => setEditType('new')}>
                <Plus /> Jenis Paket Baru
              </Button>
            </div>
          ) : null}
          {types.error ? <ErrorList items={errorItems(types.error)} /> : null}
          <DataTable columns={typeColumns} rows={types.data} rowKey={(t) => t.id} loading={types.isPending} />
        </TabsContent>
      </Tabs>
      <PaketDialog
        paket={editPaket === 'new' ? null : editPaket}
        open={editPaket !== null}
        onClose={() => setEditPaket(null)}
        onSaved={saved}
        types={types.data ?? []}
      />
      <TypeDialog
        type={editType === 'new' ? null : editType}
        open={editType !== null}
        onClose={() => setEditType(null)}
        onSaved={saved}
      />
      <VersionsDialog paketId={versions} onClose={() => setVersions(null)} />
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
