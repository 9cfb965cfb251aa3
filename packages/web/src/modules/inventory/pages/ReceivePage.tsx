import * as React from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { ErrorItem, PurchaseDto, PurchaseLineDto } from '@klinik/shared';
import { api, errorItems } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { formatDate, formatNumber, formatRupiah, parseRupiah } from '../../../lib/format';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SuccessDialog } from '../../../components/ui/success-dialog';

interface Line {
  line: PurchaseLineDto;
  qty: string;
  price: string;
  batch: string;
  expired_at: string;
}

/** /inventory/purchase/receive: receive all or part of an open order, with batch numbers and expiry dates. */
export default function ReceivePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const open = useQuery({
    queryKey: ['inventory', 'purchase', 'open'],
    queryFn: ({ signal }) =>
      api.get<{ data: PurchaseDto[] }>('/api/inventory/purchase', { query: { open: 1, limit: 100 }, signal }),
    select: (r) => r.data,
  });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Penerimaan Barang"
        description="Terima barang pesanan ke gudang dengan nomor batch, tanggal kedaluwarsa dan harga sebenarnya."
      />
      <FormField label="Pesanan" htmlFor="rcv-order">
        <Select value={id} onValueChange={(v) => setParams({ id: v })}>
          <SelectTrigger id="rcv-order" className="max-w-lg">
            <SelectValue placeholder={open.data?.length === 0 ? 'Tidak ada pesanan terbuka' : 'Pilih pesanan'} />
          </SelectTrigger>
          <SelectContent>
            {(open.data ?? []).map((p) => (
              <SelectItem key={p.id} value={String(p.id)}>
                {p.code} · {p.vendor_name} · {p.status_label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {id ? <ReceiveForm key={id} id={Number(id)} /> : null}
    </div>
  );
}

function ReceiveForm({ id }: { id: number }) {
  const qc = useQueryClient();
  const today = useBranchToday();
  const order = useQuery({
    queryKey: ['inventory', 'purchase-detail', id],
    queryFn: ({ signal }) => api.get<{ data: PurchaseDto }>(`/api/inventory/purchase/${id}`, { signal }),
    select: (r) => r.data,
    meta: { inlineErrors: true },
  });
  const [lines, setLines] = React.useState<Line[]>([]);
  const [receivedAt, setReceivedAt] = React.useState(today);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [done, setDone] = React.useState<string | null>(null);
  const [key, setKey] = React.useState(newIdempotencyKey);
  React.useEffect(() => {
    if (order.data?.items)
      setLines(
        order.data.items
          .filter((l) => l.remaining > 0)
          .map((l) => ({ line: l, qty: String(l.remaining), price: formatNumber(l.price), batch: '', expired_at: '' })),
      );
  }, [order.data]);
  const save = useMutation({
    mutationFn: () =>
      api.post<{ data: PurchaseDto & { receipt: { code: string; jurnal_code: string | null; total: number } } }>(
        `/api/inventory/purchase/${id}/receive`,
        {
          received_at: receivedAt,
          items: lines.map((l) => ({
            item: l.line.item,
            qty: /^\d+$/.test(l.qty.trim()) ? Number(l.qty.trim()) : l.qty,
            price: parseRupiah(l.price) ?? l.price,
            batch: l.line.track_batch ? l.batch : undefined,
            expired_at: l.line.track_batch ? l.expired_at : undefined,
          })),
        },
        { idempotencyKey: key },
      ),
    onSuccess: (r) => {
      setDone(
        `Penerimaan ${r.data.receipt.code} sebesar ${formatRupiah(r.data.receipt.total)} tersimpan${
          r.data.receipt.jurnal_code ? ` (jurnal ${r.data.receipt.jurnal_code})` : ''
        }.`,
      );
      setErrors([]);
      setKey(newIdempotencyKey());
      void qc.invalidateQueries({ queryKey: ['inventory'] });
    },
    onError: (e) => setErrors(errorItems(e)),
    meta: { inlineErrors: true },
  });
  const byField = Object.fromEntries(errors.filter((e) => e.field).map((e) => [e.field!, e.message]));
  const set = (i: number, patch: Partial<Line>) => setLines(lines.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  if (order.error) return <ErrorList items={errorItems(order.error)} />;
  const d = order.data;
  if (!d) return <p className="text-sm text-muted-foreground">Memuat...</p>;
  const total = lines.reduce((s, l) => s + (Number(l.qty) || 0) * (parseRupiah(l.price) ?? 0), 0);
  return (
    <Card>
      <CardContent className="grid gap-3 p-4">
        <div className="text-sm">
          <b>{d.code}</b> · {d.vendor_name} · gudang <b>{d.warehouse_name}</b> · dipesan {formatDate(d.ordered_at)}
        </div>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">Semua item pesanan ini sudah diterima.</p>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <FormField label="Tanggal Terima" htmlFor="rcv-date" error={byField.received_at} required>
              <DateInput id="rcv-date" value={receivedAt} onChange={setReceivedAt} max={today} className="w-44" />
            </FormField>
            {lines.map((l, i) => (
              <div
                key={i}
                className="grid gap-2 rounded border p-2 md:grid-cols-[minmax(0,1fr)_5rem_8rem_8rem_10rem_auto]"
              >
                <div className="text-sm">
                  <div className="font-medium">{l.line.name}</div>
                  <div className="text-xs text-muted-foreground">
                    Sisa {l.line.remaining} {l.line.purchase_unit} (isi {l.line.conversion} {l.line.unit})
                  </div>
                  {byField[`items.${i}.item`] ? (
                    <p className="text-xs text-destructive">{byField[`items.${i}.item`]}</p>
                  ) : null}
                </div>
                <FormField label="Jumlah" htmlFor={`rcv-qty-${i}`} error={byField[`items.${i}.qty`]}>
                  <Input
                    id={`rcv-qty-${i}`}
                    inputMode="numeric"
                    value={l.qty}
                    aria-invalid={!!byField[`items.${i}.qty`]}
                    onChange={(e) => set(i, { qty: e.target.value })}
                  />
                </FormField>
                <FormField label="Harga (Rp)" htmlFor={`rcv-price-${i}`} error={byField[`items.${i}.price`]}>
                  <Input
                    id={`rcv-price-${i}`}
                    inputMode="decimal"
                    value={l.price}
                    aria-invalid={!!byField[`items.${i}.price`]}
                    onChange={(e) => set(i, { price: e.target.value })}
                  />
                </FormField>
                {l.line.track_batch ? (
                  <>
                    <FormField label="Batch" htmlFor={`rcv-batch-${i}`} error={byField[`items.${i}.batch`]} required>
                      <Input
                        id={`rcv-batch-${i}`}
                        value={l.batch}
                        aria-invalid={!!byField[`items.${i}.batch`]}
                        onChange={(e) => set(i, { batch: e.target.value })}
                      />
                    </FormField>
                    <FormField
                      label="Kedaluwarsa"
                      htmlFor={`rcv-exp-${i}`}
                      error={byField[`items.${i}.expired_at`]}
                      required
                    >
                      <DateInput
                        id={`rcv-exp-${i}`}
                        value={l.expired_at}
                        onChange={(v) => set(i, { expired_at: v })}
                        aria-invalid={!!byField[`items.${i}.expired_at`]}
                      />
                    </FormField>
                  </>
                ) : (
                  <div className="text-xs text-muted-foreground md:col-span-2 md:self-center">Tanpa batch</div>
                )}
                <div className="flex items-end gap-1">
                  {l.line.track_batch ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Tambah batch ${l.line.name}`}
                      onClick={() =>
                        setLines([
                          ...lines.slice(0, i + 1),
                          { ...l, qty: '1', batch: '', expired_at: '' },
                          ...lines.slice(i + 1),
                        ])
                      }
                    >
                      <Plus />
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`Hapus baris ${l.line.name}`}
                    disabled={lines.length === 1}
                    onClick={() => setLines(lines.filter((_, j) => j !== i))}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </div>
            ))}
            <ErrorList items={errors.filter((e) => !e.field || !(e.field in byField) || e.field === 'items')} />
            <div className="flex items-center justify-between">
              <span className="text-sm">
                Nilai diterima: <b className="tabular-nums">{formatRupiah(total)}</b>
              </span>
              <Button type="submit" disabled={save.isPending}>
                Terima Barang
              </Button>
            </div>
          </form>
        )}
      </CardContent>
      <SuccessDialog open={done !== null} onClose={() => setDone(null)} description={done ?? undefined} />
    </Card>
  );
}
