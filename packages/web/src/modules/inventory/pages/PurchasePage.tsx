import * as React from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Printer, Trash2 } from 'lucide-react';
import { canFeature, purchaseInput, type ErrorItem, type ItemStockDto, type PurchaseDto } from '@klinik/shared';
import { useSession } from '../../../app/auth';
import { api, errorItems } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { formatDate, formatNumber, formatRupiah, parseRupiah } from '../../../lib/format';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useWarehouses } from '../components/common';
import { useVendors } from '../components/vendors';
import { SearchInput } from '../../../components/ListFilters';

const ALL = 'all';
const STATUS_VARIANT: Record<number, 'secondary' | 'warning' | 'success' | 'destructive'> = {
  0: 'destructive',
  1: 'secondary',
  2: 'warning',
  3: 'success',
};

/** /inventory/purchase: purchase orders of the branch; create, detail, print, go to receiving. */
export default function PurchasePage() {
  return <PurchaseList base="/api/inventory/purchase" />;
}

/** The order list (the branch's, or every branch's for the backoffice). */
export function PurchaseList({ base, allBranches = false }: { base: string; allBranches?: boolean }) {
  const me = useSession();
  const canManage = !allBranches && canFeature(me, 'STOCK_BELANJA', 'manage');
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState(ALL);
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const [creating, setCreating] = React.useState(false);
  const [detail, setDetail] = React.useState<number | null>(null);
  const query = { keyword: keyword.trim(), status: status === ALL ? '' : status };
  const list = useQuery({
    queryKey: ['inventory', 'purchase', base, query, page, limit],
    queryFn: ({ signal }) =>
      api.get<{ data: PurchaseDto[]; count: number }>(base, { query: { ...query, page, limit }, signal }),
    meta: { inlineErrors: true },
  });
  const columns: Column<PurchaseDto>[] = [
    { key: 'code', header: 'No. Pesanan', cell: (r) => <span className="font-mono">{r.code}</span> },
    { key: 'ordered_at', header: 'Tanggal', kind: 'date', priority: 2, cell: (r) => formatDate(r.ordered_at) },
    ...(allBranches
      ? [{ key: 'branch', header: 'Cabang', priority: 3 as const, cell: (r: PurchaseDto) => r.branch_name }]
      : []),
    { key: 'vendor', header: 'Vendor', cell: (r) => r.vendor_name },
    { key: 'warehouse', header: 'Gudang', priority: 3, cell: (r) => r.warehouse_name },
    { key: 'total', header: 'Total', kind: 'number', cell: (r) => formatRupiah(r.total) },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => <Badge variant={STATUS_VARIANT[r.status] ?? 'secondary'}>{r.status_label}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => setDetail(r.id)}>
          Detail
        </Button>
      ),
    },
  ];
  const exportAll = async () => {
    const res = await api.get<{ data: PurchaseDto[] }>(base, { query: { ...query, limit: 500 } });
    await exportToExcel(
      'pesanan-pembelian',
      [
        { header: 'No. Pesanan', value: (r: PurchaseDto) => r.code },
        { header: 'Tanggal', value: (r: PurchaseDto) => formatDate(r.ordered_at) },
        { header: 'Cabang', value: (r: PurchaseDto) => r.branch_name },
        { header: 'Vendor', value: (r: PurchaseDto) => r.vendor_name },
        { header: 'Gudang', value: (r: PurchaseDto) => r.warehouse_name },
        { header: 'Total', value: (r: PurchaseDto) => r.total, numFmt: '#,##0.00' },
        { header: 'Diterima', value: (r: PurchaseDto) => r.received_total, numFmt: '#,##0.00' },
        { header: 'Status', value: (r: PurchaseDto) => r.status_label },
      ],
      res.data,
      'Pesanan Pembelian',
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Belanja"
        description={allBranches ? 'Pesanan pembelian semua cabang.' : 'Pesanan pembelian ke vendor dan penerimaannya.'}
        actions={
          <>
            <ExportExcelButton onExport={exportAll} disabled={!list.data?.count} />
            {canManage ? (
              <>
                <Button variant="outline" asChild>
                  <Link to="/inventory/purchase/receive">Penerimaan</Link>
                </Button>
                <Button onClick={() => setCreating(true)}>
                  <Plus /> Pesanan Baru
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="flex flex-wrap gap-2">
        <SearchInput
          wrapperClassName="w-full max-w-xs"
          placeholder="Cari nomor atau vendor"
          aria-label="Cari"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
        />
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        >
          <SelectTrigger className="w-48" aria-label="Status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Semua status</SelectItem>
            <SelectItem value="1">Dipesan</SelectItem>
            <SelectItem value="2">Diterima Sebagian</SelectItem>
            <SelectItem value="3">Diterima</SelectItem>
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
      {canManage ? <PurchaseForm open={creating} onClose={() => setCreating(false)} /> : null}
      <PurchaseDetail id={detail} onClose={() => setDetail(null)} canReceive={canManage} />
    </div>
  );
}

export interface DraftLine {
  item: ItemStockDto | null;
  qty: string;
  price: string;
}

interface PurchaseValues {
  vendor: string;
  warehouse: string;
  items: DraftLine[];
}
const blankLine = (): DraftLine => ({ item: null, qty: '1', price: '' });

/** The order body sent to the server: ids as numbers, quantities and prices read (unreadable text is left as typed). */
function purchaseBody(v: PurchaseValues) {
  return {
    vendor: v.vendor ? Number(v.vendor) : undefined,
    warehouse: v.warehouse ? Number(v.warehouse) : undefined,
    items: v.items.map((l) => ({
      item: l.item?.id,
      qty: /^\d+$/.test(l.qty.trim()) ? Number(l.qty.trim()) : l.qty,
      price: parseRupiah(l.price) ?? l.price,
    })),
  };
}
type PurchaseBody = ReturnType<typeof purchaseBody>;

/** The shared purchaseInput over the body the form sends (raw: the body itself is what is posted). */
const purchaseResolver: Resolver<PurchaseValues, unknown, PurchaseBody> = (values, ctx, options) =>
  (zodResolver(purchaseInput, undefined, { raw: true }) as unknown as Resolver<PurchaseValues, unknown, PurchaseBody>)(
    purchaseBody(values) as unknown as PurchaseValues,
    ctx,
    options,
  );

/** New order: vendor, warehouse and lines (item, quantity in purchase units, price of one purchase unit). */
export function PurchaseForm({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  initial?: DraftLine[];
}) {
  const qc = useQueryClient();
  const vendors = useVendors();
  const warehouses = useWarehouses();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [done, setDone] = React.useState<string | null>(null);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const form = useForm<PurchaseValues, unknown, PurchaseBody>({
    resolver: purchaseResolver,
    defaultValues: { vendor: '', warehouse: '', items: [blankLine()] },
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, getValues, setValue, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'items' });
  const [checkedLines, setCheckedLines] = React.useState(0);
  React.useEffect(() => {
    if (open) {
      setCheckedLines(0);
      setServerErrors([]);
      setKey(newIdempotencyKey());
      // The vendor and warehouse chosen last time stay; the lines start over.
      reset({ ...getValues(), items: initial?.length ? initial : [blankLine()] });
    }
  }, [open, initial, reset, getValues]);
  const warehouse = useWatch({ control, name: 'warehouse' });
  React.useEffect(() => {
    if (!warehouse && warehouses.data?.length)
      setValue('warehouse', String((warehouses.data.find((w) => w.kind === 'gudang') ?? warehouses.data[0]).id));
  }, [warehouse, warehouses.data, setValue]);
  const save = useMutation({
    mutationFn: (body: PurchaseBody) =>
      api.post<{ data: { id: number; code: string } }>('/api/inventory/purchase', body, { idempotencyKey: key }),
    onSuccess: (r) => {
      setDone(r.data.code);
      onClose();
      void qc.invalidateQueries({ queryKey: ['inventory'] });
    },
    onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    meta: { inlineErrors: true },
  });
  const items = useWatch({ control, name: 'items' });
  const total = items.reduce((s, l) => s + (Number(l.qty) || 0) * (parseRupiah(l.price) ?? 0), 0);
  // A line's error shows once the person has been in the field, or for the lines there were at the last 'Simpan':
  // adding a line checks the whole list (react-hook-form's field arrays), which must not flag the new, empty line
  // (issue 26 item 7).
  const lineError = (i: number, f: 'item' | 'qty' | 'price') =>
    formState.touchedFields.items?.[i]?.[f] || i < checkedLines ? errors.items?.[i]?.[f]?.message : undefined;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <>
      <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Pesanan Pembelian Baru</DialogTitle>
          </DialogHeader>
          <form
            className="grid gap-3"
            noValidate
            onSubmit={(e) => {
              setCheckedLines(getValues('items').length);
              void handleSubmit((body) => {
                setServerErrors([]);
                save.mutate(body);
              })(e);
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Vendor" htmlFor="po-vendor" error={errors.vendor} required>
                <Controller
                  control={control}
                  name="vendor"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="po-vendor" aria-invalid={!!errors.vendor}>
                        <SelectValue placeholder="Pilih vendor" />
                      </SelectTrigger>
                      <SelectContent>
                        {(vendors.data ?? []).map((v) => (
                          <SelectItem key={v.id} value={String(v.id)}>
                            {v.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField label="Gudang Tujuan" htmlFor="po-warehouse" error={errors.warehouse} required>
                <Controller
                  control={control}
                  name="warehouse"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="po-warehouse" aria-invalid={!!errors.warehouse}>
                        <SelectValue placeholder="Pilih gudang" />
                      </SelectTrigger>
                      <SelectContent>
                        {(warehouses.data ?? []).map((w) => (
                          <SelectItem key={w.id} value={String(w.id)}>
                            {w.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            </div>
            <div className="grid gap-2">
              {lines.fields.map((f, i) => (
                <div key={f.id} className="grid grid-cols-[minmax(0,1fr)_5rem_8rem_auto] items-start gap-2">
                  <FormField label={i === 0 ? 'Item' : ''} htmlFor={`po-item-${i}`} error={lineError(i, 'item')}>
                    <Controller
                      control={control}
                      name={`items.${i}.item`}
                      render={({ field }) => (
                        <Combobox<ItemStockDto>
                          id={`po-item-${i}`}
                          queryKey={['inventory', 'item-search']}
                          search={async (text, signal) =>
                            (
                              await api.get<{ data: ItemStockDto[] }>('/api/inventory/item', {
                                query: { keyword: text, limit: 20 },
                                signal,
                              })
                            ).data
                          }
                          value={field.value}
                          onBlur={field.onBlur}
                          onChange={(item) => {
                            field.onChange(item);
                            if (!getValues(`items.${i}.price`) && item)
                              setValue(`items.${i}.price`, formatNumber(item.last_purchase_price));
                          }}
                          getKey={(it) => it.id}
                          getLabel={(it) => `${it.code} - ${it.name}`}
                          placeholder="Pilih item"
                          invalid={!!lineError(i, 'item')}
                        />
                      )}
                    />
                  </FormField>
                  <FormField label={i === 0 ? 'Jumlah' : ''} htmlFor={`po-qty-${i}`} error={lineError(i, 'qty')}>
                    <Input
                      id={`po-qty-${i}`}
                      inputMode="numeric"
                      aria-invalid={!!lineError(i, 'qty')}
                      {...register(`items.${i}.qty`)}
                    />
                    {items[i]?.item ? (
                      <span className="text-xs text-muted-foreground">
                        {items[i].item.purchase_unit ?? items[i].item.unit}
                      </span>
                    ) : null}
                  </FormField>
                  <FormField
                    label={i === 0 ? 'Harga (Rp)' : ''}
                    htmlFor={`po-price-${i}`}
                    error={lineError(i, 'price')}
                  >
                    <Input
                      id={`po-price-${i}`}
                      inputMode="decimal"
                      aria-invalid={!!lineError(i, 'price')}
                      {...register(`items.${i}.price`)}
                    />
                  </FormField>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className={i === 0 ? 'mt-6' : ''}
                    aria-label={`Hapus baris ${i + 1}`}
                    disabled={lines.fields.length === 1}
                    onClick={() => lines.remove(i)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              ))}
              {itemsError ? <p className="text-sm text-destructive">{itemsError}</p> : null}
              <div className="flex items-center justify-between">
                <Button type="button" variant="outline" size="sm" onClick={() => lines.append(blankLine())}>
                  <Plus /> Tambah Item
                </Button>
                <span className="text-sm">
                  Total: <b className="tabular-nums">{formatRupiah(total)}</b>
                </span>
              </div>
            </div>
            <ErrorList items={serverErrors} />
            <FormDialogFooter busy={save.isPending} onCancel={onClose} />
          </form>
        </DialogContent>
      </Dialog>
      <SuccessDialog
        open={done !== null}
        onClose={() => setDone(null)}
        description={done ? `Pesanan ${done} tersimpan.` : undefined}
      />
    </>
  );
}

function PurchaseDetail({ id, onClose, canReceive }: { id: number | null; onClose: () => void; canReceive: boolean }) {
  const detail = useQuery({
    queryKey: ['inventory', 'purchase-detail', id],
    queryFn: ({ signal }) => api.get<{ data: PurchaseDto }>(`/api/inventory/purchase/${id}`, { signal }),
    select: (r) => r.data,
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Pesanan {d?.code ?? ''}</DialogTitle>
        </DialogHeader>
        {detail.error ? <ErrorList items={errorItems(detail.error)} /> : null}
        {d ? (
          <div className="grid gap-3 text-sm">
            <div className="grid grid-cols-2 gap-1 sm:grid-cols-4">
              <span className="text-muted-foreground">Tanggal</span>
              <span>{formatDate(d.ordered_at)}</span>
              <span className="text-muted-foreground">Vendor</span>
              <span>{d.vendor_name}</span>
              <span className="text-muted-foreground">Gudang</span>
              <span>{d.warehouse_name}</span>
              <span className="text-muted-foreground">Status</span>
              <span>
                <Badge variant={STATUS_VARIANT[d.status] ?? 'secondary'}>{d.status_label}</Badge>
              </span>
            </div>
            <DataTable
              columns={[
                { key: 'name', header: 'Item', cell: (l) => `${l.code} - ${l.name}` },
                { key: 'qty', header: 'Pesan', kind: 'number', cell: (l) => `${l.qty} ${l.purchase_unit}` },
                { key: 'received', header: 'Diterima', kind: 'number', cell: (l) => formatNumber(l.received) },
                { key: 'price', header: 'Harga', kind: 'number', priority: 2, cell: (l) => formatRupiah(l.price) },
                { key: 'subtotal', header: 'Subtotal', kind: 'number', cell: (l) => formatRupiah(l.subtotal) },
              ]}
              rows={d.items}
              rowKey={(l) => l.id}
              paginate={false}
            />
            <div className="text-right">
              Total <b className="tabular-nums">{formatRupiah(d.total)}</b> · Diterima{' '}
              <b className="tabular-nums">{formatRupiah(d.received_total)}</b>
            </div>
            {d.receipts?.length ? (
              <div className="grid gap-1">
                <div className="font-medium">Penerimaan</div>
                {d.receipts.map((r) => (
                  <div key={r.id} className="rounded border p-2">
                    <div>
                      <span className="font-mono">{r.code}</span> · {formatDate(r.received_at)} ·{' '}
                      {formatRupiah(r.total)}
                      {r.jurnal_code ? ` · Jurnal ${r.jurnal_code}` : ''}
                    </div>
                    <div className="text-xs text-muted-foreground">
                      {r.items
                        .map(
                          (i) =>
                            `${i.name} ${i.qty} (${i.stock_qty})${i.batch ? ` batch ${i.batch} ED ${formatDate(i.expired_at)}` : ''}`,
                        )
                        .join('; ')}
                    </div>
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          {d ? (
            <Button variant="outline" asChild>
              <a href={`/api/inventory/purchase/${d.id}/pdf`} target="_blank" rel="noreferrer">
                <Printer /> Cetak
              </a>
            </Button>
          ) : null}
          {d && canReceive && (d.status === 1 || d.status === 2) ? (
            <Button asChild>
              <Link to={`/inventory/purchase/receive?id=${d.id}`}>Terima Barang</Link>
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
