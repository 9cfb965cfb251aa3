import * as React from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileSpreadsheet, Printer } from 'lucide-react';
import {
  adjustmentInput,
  canFeature,
  formatDate,
  formatRupiah,
  type AdjustmentDto,
  type AdjustmentInput,
  type ErrorItem,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { DataTable, type Column } from '../../../components/DataTable';
import { OptionSelect } from '../../../components/OptionSelect';
import { DEFAULT_PAGE_SIZE } from '../../../components/pagination';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { qtyFmt, useWarehouses, useRefreshStock } from '../lib';

interface Values {
  warehouse: string;
  reason: string;
  items: { item: number; batch: string; counted: string }[];
}

/** Stok opname: the count sheet of a warehouse (print, Excel), counted quantities, differences posted or sent for approval. */
export function StockCountPanel() {
  const trpc = useTRPC();
  const refreshStock = useRefreshStock();
  const me = useSession();
  const canCount = canFeature(me, 'STOCK_ITEM', 'manage');
  const warehouses = useWarehouses();
  const [warehouse, setWarehouse] = React.useState('');
  const [done, setDone] = React.useState<string | null>(null);
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const sheet = useQuery({
    ...trpc.stockFlows.countSheet.queryOptions({ warehouse: Number(warehouse) || 0 }),
    enabled: !!warehouse,
  });
  const setting = useQuery({ ...trpc.stockFlows.adjustmentSetting.queryOptions({}), meta: { silent: true } });
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(DEFAULT_PAGE_SIZE);
  const counts = useQuery({
    ...trpc.stockFlows.adjustments.queryOptions({ page, limit }),
    placeholderData: keepPreviousData,
  });
  const form = useForm<Values, unknown, AdjustmentInput>({
    resolver: zodResolver(adjustmentInput) as never,
    defaultValues: { warehouse: '', reason: '', items: [] },
  });
  const { register, handleSubmit, reset, control, formState, watch } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    reset({
      warehouse,
      reason: '',
      items: (sheet.data?.lines ?? []).map((l) => ({
        item: l.item,
        batch: l.batch_id ? String(l.batch_id) : '',
        counted: String(l.system),
      })),
    });
    setServerErrors([]);
  }, [sheet.data, warehouse, reset]);
  const adjust = useMutation(
    trpc.stockFlows.adjust.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async (r) => {
        setDone(
          r.pending
            ? `${r.code}: ${r.message}`
            : `${r.code} diposting${r.jurnal_code ? ` (jurnal ${r.jurnal_code})` : ''}`,
        );
        setKey(newIdempotencyKey());
        await refreshStock();
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const items = watch('items');
  const columns: Column<AdjustmentDto>[] = [
    { key: 'code', header: 'Nomor', cell: (c) => <span className="font-mono text-xs">{c.code}</span> },
    { key: 'counted_at', header: 'Tanggal', kind: 'date', cell: (c) => formatDate(c.counted_at) },
    { key: 'warehouse', header: 'Gudang', cell: (c) => c.warehouse_name },
    { key: 'reason', header: 'Alasan', priority: 3 },
    { key: 'loss', header: 'Kurang', kind: 'number', cell: (c) => formatRupiah(c.loss) },
    { key: 'gain', header: 'Lebih', kind: 'number', priority: 2, cell: (c) => formatRupiah(c.gain) },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <Badge variant={c.status === 2 ? 'success' : c.status === 1 ? 'warning' : 'destructive'}>
          {c.status_label}
        </Badge>
      ),
    },
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2 print:hidden">
        <FormField label="Gudang" htmlFor="opname-gudang" className="w-64">
          <OptionSelect
            id="opname-gudang"
            value={warehouse}
            onValueChange={(v) => (setWarehouse(v), setDone(null))}
            options={warehouses.map((w) => [String(w.id), w.name] as [string, string])}
          />
        </FormField>
        <Button type="button" variant="outline" disabled={!sheet.data} onClick={() => window.print()}>
          <Printer className="size-4" /> Cetak Lembar
        </Button>
        {warehouse ? (
          <Button asChild variant="outline">
            <a href={`/api/inventory/adjustment/sheet/export?warehouse=${warehouse}`} download>
              <FileSpreadsheet className="size-4" /> Excel
            </a>
          </Button>
        ) : null}
        {setting.data ? (
          <p className="ml-auto text-xs text-muted-foreground">
            Selisih di atas {formatRupiah(setting.data.approval_threshold)}{' '}
            {setting.data.needs_approval ? 'menunggu persetujuan' : 'langsung diposting'}.
          </p>
        ) : null}
      </div>
      {done ? <p className="rounded-md border border-success bg-success/10 p-2 text-sm">{done}</p> : null}
      {sheet.isLoading ? <p className="text-sm text-muted-foreground">Memuat lembar opname...</p> : null}
      {sheet.data ? (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) =>
            void handleSubmit(
              (d) => (setServerErrors([]), setDone(null), adjust.mutate({ ...d, idempotency_key: key })),
            )(e)
          }
        >
          <h2 className="hidden text-lg font-semibold print:block">
            Lembar Stok Opname {sheet.data.warehouse.name} - {formatDate(sheet.data.date)}
          </h2>
          {sheet.data.lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">Gudang ini belum punya stok.</p>
          ) : (
            <div className="max-h-[28rem] overflow-auto rounded-md border print:max-h-none">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-muted">
                  <tr>
                    <th className="p-2 text-left">Item</th>
                    <th className="p-2 text-left">Batch</th>
                    <th className="p-2 text-right">Sistem</th>
                    <th className="p-2 text-right">Hitung</th>
                    <th className="hidden p-2 text-right sm:table-cell">Selisih</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.data.lines.map((l, i) => {
                    const counted = Number(items[i]?.counted);
                    const diff = Number.isFinite(counted) && items[i]?.counted !== '' ? counted - l.system : null;
                    return (
                      <tr key={`${l.item}:${l.batch_id ?? ''}`} className="border-t">
                        <td className="p-2">
                          {l.name}
                          <div className="text-xs text-muted-foreground">
                            {l.code} · {l.unit}
                          </div>
                        </td>
                        <td className="p-2 whitespace-nowrap">
                          {l.batch ? `${l.batch} (${formatDate(l.expired_at)})` : '-'}
                        </td>
                        <td className="p-2 text-right tabular-nums">{qtyFmt(l.system)}</td>
                        <td className="p-2 text-right">
                          {canCount ? (
                            <div className="grid justify-end gap-1">
                              <Input
                                aria-label={`Jumlah hitung ${l.name}`}
                                className="w-24 text-right print:hidden"
                                inputMode="numeric"
                                aria-invalid={!!errors.items?.[i]?.counted}
                                {...register(`items.${i}.counted`)}
                              />
                              <span className="hidden print:inline">______</span>
                              {errors.items?.[i]?.counted ? (
                                <span className="text-xs text-destructive">{errors.items[i]?.counted?.message}</span>
                              ) : null}
                            </div>
                          ) : (
                            '______'
                          )}
                        </td>
                        <td
                          className={`hidden p-2 text-right tabular-nums sm:table-cell ${diff && diff < 0 ? 'text-destructive' : ''}`}
                        >
                          {diff === null ? '-' : diff > 0 ? `+${diff}` : diff}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {canCount && sheet.data.lines.length ? (
            <div className="grid gap-2 print:hidden">
              <Controller control={control} name="warehouse" render={() => <></>} />
              <FormField label="Alasan" htmlFor="opname-reason" error={errors.reason} required>
                <Textarea id="opname-reason" rows={2} {...register('reason')} />
              </FormField>
              <ErrorList items={serverErrors} />
              <div className="flex justify-end">
                <Button type="submit" disabled={adjust.isPending} data-testid="opname-save">
                  Simpan Stok Opname
                </Button>
              </div>
            </div>
          ) : null}
        </form>
      ) : null}
      <div className="grid gap-2 print:hidden">
        <h2 className="text-sm font-semibold">Riwayat Stok Opname</h2>
        <DataTable
          columns={columns}
          rows={counts.data?.data}
          rowKey={(c) => c.id}
          loading={counts.isLoading}
          emptyText="Belum ada stok opname"
          pagination={{
            page,
            pageSize: limit,
            total: counts.data?.count ?? 0,
            onPageChange: setPage,
            onPageSizeChange: (s) => (setLimit(s), setPage(1)),
          }}
        />
      </div>
    </div>
  );
}
