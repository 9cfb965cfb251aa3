import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  formatRupiah,
  transferReceiveInput,
  type ErrorItem,
  type TransferReceiveInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { Button } from '../../../components/ui/button';
import { qtyFmt, useRefreshStock } from '../lib';
import { statusBadge } from './TransferList';

interface Values {
  note: string;
  items: { item: number; batch: string; qty: string }[];
}

/** A transfer's lines; the receiving branch confirms what arrived (a difference needs its reason). */
export function TransferDetailDialog({
  id,
  onOpenChange,
  readOnly = false,
}: {
  id: number | null;
  onOpenChange: (o: boolean) => void;
  readOnly?: boolean;
}) {
  const trpc = useTRPC();
  const refreshStock = useRefreshStock();
  const detail = useQuery({ ...trpc.stockFlows.transfer.queryOptions({ id: id ?? 0 }), enabled: !!id });
  const t = detail.data;
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, TransferReceiveInput>({
    resolver: zodResolver(transferReceiveInput) as never,
    defaultValues: { note: '', items: [] },
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    if (t)
      reset({
        note: '',
        items: (t.items ?? []).map((l) => ({ item: l.item, batch: l.batch ?? '', qty: String(l.qty) })),
      });
    setServerErrors([]);
  }, [t, reset]);
  const receive = useMutation(
    trpc.stockFlows.receive.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        await refreshStock();
        onOpenChange(false);
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const canReceive = !readOnly && !!t?.can_receive;
  return (
    <Dialog open={!!id} onOpenChange={(o) => !receive.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Mutasi {t?.code ?? ''}</DialogTitle>
        </DialogHeader>
        {detail.isLoading ? <p className="text-sm text-muted-foreground">Memuat...</p> : null}
        {detail.isError ? <p className="text-sm text-destructive">Mutasi gagal dimuat.</p> : null}
        {t ? (
          <form
            onSubmit={(e) => void handleSubmit((d) => (setServerErrors([]), receive.mutate({ id: t.id, data: d })))(e)}
            className="grid gap-3"
            noValidate
          >
            <div className="grid gap-1 text-sm sm:grid-cols-2">
              <div>
                <span className="text-muted-foreground">Dari: </span>
                {t.from_warehouse_name} ({t.from_branch})
              </div>
              <div>
                <span className="text-muted-foreground">Ke: </span>
                {t.to_warehouse_name} ({t.to_branch})
              </div>
              <div>
                <span className="text-muted-foreground">Dikirim: </span>
                {formatDate(t.sent_at)} oleh {t.created_by_name ?? '-'}
              </div>
              <div>
                <span className="text-muted-foreground">Status: </span>
                {statusBadge(t)}
              </div>
              {t.note ? <div className="sm:col-span-2">Catatan: {t.note}</div> : null}
              {t.receive_note ? <div className="sm:col-span-2">Alasan selisih: {t.receive_note}</div> : null}
            </div>
            <div className="max-h-80 overflow-auto rounded-md border">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-muted">
                  <tr>
                    <th className="p-2 text-left">Item</th>
                    <th className="p-2 text-left">Batch</th>
                    <th className="p-2 text-right">Dikirim</th>
                    <th className="p-2 text-right">Diterima</th>
                    <th className="hidden p-2 text-right sm:table-cell">Nilai</th>
                  </tr>
                </thead>
                <tbody>
                  {(t.items ?? []).map((l, i) => (
                    <tr key={l.id} className="border-t">
                      <td className="p-2">
                        {l.name}
                        <div className="text-xs text-muted-foreground">{l.code}</div>
                      </td>
                      <td className="p-2 whitespace-nowrap">
                        {l.batch ? `${l.batch} (${formatDate(l.expired_at)})` : '-'}
                      </td>
                      <td className="p-2 text-right tabular-nums">
                        {qtyFmt(l.qty)} {l.unit}
                      </td>
                      <td className="p-2 text-right">
                        {canReceive ? (
                          <div className="grid justify-end gap-1">
                            <Input
                              id={`terima-qty-${i}`}
                              aria-label={`Diterima ${l.name}`}
                              className="w-24 text-right"
                              inputMode="numeric"
                              aria-invalid={!!errors.items?.[i]?.qty}
                              {...register(`items.${i}.qty`)}
                            />
                            {errors.items?.[i]?.qty ? (
                              <span className="text-xs text-destructive">{errors.items[i]?.qty?.message}</span>
                            ) : null}
                          </div>
                        ) : (
                          <span className="tabular-nums">{qtyFmt(l.received)}</span>
                        )}
                      </td>
                      <td className="hidden p-2 text-right tabular-nums sm:table-cell">{formatRupiah(l.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="text-right text-sm">
              Nilai dikirim <b>{formatRupiah(t.value)}</b>
              {t.difference_value ? (
                <>
                  {' '}
                  · selisih <b className="text-destructive">{formatRupiah(t.difference_value)}</b>
                </>
              ) : null}
            </div>
            {canReceive ? (
              <>
                <FormField
                  label="Alasan selisih"
                  htmlFor="terima-note"
                  error={errors.note}
                  description="Wajib diisi bila jumlah diterima berbeda dari yang dikirim."
                >
                  <Textarea id="terima-note" rows={2} {...register('note')} />
                </FormField>
                <ErrorList items={serverErrors} />
                <FormDialogFooter
                  busy={receive.isPending}
                  onCancel={() => onOpenChange(false)}
                  submitTestId="mutasi-receive"
                />
              </>
            ) : (
              <div className="flex justify-end">
                <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                  Tutup
                </Button>
              </div>
            )}
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
