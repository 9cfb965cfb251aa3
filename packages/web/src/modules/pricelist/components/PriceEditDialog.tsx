import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  formatNumber,
  PRICE_KIND_LABEL,
  priceListUpdateInput,
  type ErrorItem,
  type PriceListEntryDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { resolverOver } from '../../../lib/resolver-over';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';

interface Values {
  effective_at: string;
  price: string;
  note: string;
}
type Output = ReturnType<typeof priceListUpdateInput.parse>;

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(/\./g, '').replace(',', '.')));

/**
 * 'Ubah Harga': a waiting price's date, amount and note (PUT /api/backoffice/pricelist/{id}). What it prices and
 * for which branch stay; an approved price is never edited (it is replaced by a newer one). Saved, it still waits
 * for a second person.
 */
export function PriceEditDialog({ entry, onClose }: { entry: PriceListEntryDto | null; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const resolver = React.useMemo(
    () =>
      resolverOver<Values, unknown, Output>(priceListUpdateInput, (v) => ({
        effective_at: v.effective_at,
        price: num(v.price),
        note: v.note || null,
      })),
    [],
  );
  const form = useForm<Values, unknown, Output>({ resolver, mode: 'onTouched' });
  const { register, control, handleSubmit, reset, formState } = form;
  React.useEffect(() => {
    if (!entry) return;
    setServerErrors([]);
    reset({
      effective_at: entry.effective_at,
      price: formatNumber(entry.price).replace(/\./g, ''),
      note: entry.note ?? '',
    });
  }, [entry, reset]);
  const update = useMutation(
    trpc.pricelist.update.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        toast.success('Harga diubah; menunggu persetujuan');
        await qc.invalidateQueries({ queryKey: trpc.pricelist.pathKey() });
        onClose();
      },
      onError: (e) => setServerErrors(applyServerErrors(form, errorItems(e))),
    }),
  );
  const err = formState.errors;
  const busy = update.isPending;
  return (
    <Dialog open={!!entry} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto" data-testid="price-edit-dialog">
        <form
          onSubmit={(e) => void handleSubmit((data) => entry && update.mutate({ id: entry.id, data }))(e)}
          className="grid gap-3"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>Ubah Harga</DialogTitle>
            <DialogDescription>
              {entry
                ? `${PRICE_KIND_LABEL[entry.kind]} ${entry.code} ${entry.name ?? ''} · ${entry.profile_name ?? 'Semua cabang'}. `
                : ''}
              Harga yang diubah tetap menunggu persetujuan orang lain.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Berlaku mulai" htmlFor="price-edit-from" error={err.effective_at}>
              <Controller
                control={control}
                name="effective_at"
                render={({ field }) => <DateInput id="price-edit-from" value={field.value} onChange={field.onChange} />}
              />
            </FormField>
            <FormField label="Harga (Rp)" htmlFor="price-edit-price" error={err.price}>
              <Input id="price-edit-price" inputMode="decimal" aria-invalid={!!err.price} {...register('price')} />
            </FormField>
          </div>
          <FormField label="Catatan" htmlFor="price-edit-note" error={err.note}>
            <Textarea id="price-edit-note" rows={2} {...register('note')} />
          </FormField>
          <ErrorList items={serverErrors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Batal
            </Button>
            <Button type="submit" disabled={busy} data-testid="price-edit-save">
              Simpan
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
