import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { formatNumber, PRICE_KIND_LABEL, priceListUpdateInput, type PriceListEntryDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { FormDialog } from '../../../components/FormDialog';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { priceNumber } from './price-number';

interface Values {
  effective_at: string;
  price: string;
  note: string;
}
type Output = ReturnType<typeof priceListUpdateInput.parse>;

/** The shared `priceListUpdateInput` over the texts of the form. */
const priceEditResolver = resolverOver<Values, unknown, Output>(priceListUpdateInput, (v) => ({
  effective_at: v.effective_at,
  price: priceNumber(v.price),
  note: v.note || null,
}));

const priceEditValues = (entry: PriceListEntryDto | null): Values => ({
  effective_at: entry?.effective_at ?? '',
  price: entry ? formatNumber(entry.price).replace(/\./g, '') : '',
  note: entry?.note ?? '',
});

/**
 * 'Ubah Harga': a waiting price's date, amount and note (PUT /api/backoffice/pricelist/{id}). What it prices and
 * for which branch stay; an approved price is never edited (it is replaced by a newer one). Saved, it still waits
 * for a second person.
 */
export function PriceEditDialog({ entry, onClose }: { entry: PriceListEntryDto | null; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation({ ...trpc.pricelist.update.mutationOptions(), meta: { inlineErrors: true } });
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: priceEditResolver,
    valuesOf: priceEditValues,
    edit: entry,
    open: !!entry,
    save: async (data) => {
      if (!entry) return;
      await update.mutateAsync({ id: entry.id, data });
      toast.success('Harga diubah; menunggu persetujuan');
      await qc.invalidateQueries({ queryKey: trpc.pricelist.pathKey() });
      onClose();
    },
  });
  const { register, control, formState } = form;
  const err = formState.errors;
  return (
    <FormDialog
      open={!!entry}
      onClose={onClose}
      title="Ubah Harga"
      description={
        <>
          {entry
            ? `${PRICE_KIND_LABEL[entry.kind]} ${entry.code} ${entry.name ?? ''} · ${entry.profile_name ?? 'Semua cabang'}. `
            : ''}
          Harga yang diubah tetap menunggu persetujuan orang lain.
        </>
      }
      submit={submit}
      busy={update.isPending}
      className="max-h-[90vh] max-w-xl overflow-y-auto"
      testId="price-edit-dialog"
      submitTestId="price-edit-save"
    >
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
    </FormDialog>
  );
}
