import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { bhpCorrectionInput, bhpInput, produkCorrectionInput, produkInput, resepCorrectionInput } from '@klinik/shared';
import { AllergyBanner, AllergyMatch } from '../../../../components/AllergyOverride';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { type EntryDialogProps, useEntrySave, ReasonField, s, type Option, ItemPicker } from './entry-dialog';

interface ItemValues {
  item: number | undefined;
  qty: string;
  signa: string;
  reason: string;
}

/** A product, a consumable (BHP) or, when correcting, one prescription item (with signa). */
export function ItemDialog(p: EntryDialogProps & { kind: 'produk' | 'bhp' | 'resep' }) {
  const correcting = !!p.entry;
  const v = p.entry?.current;
  const schema =
    p.kind === 'resep'
      ? resepCorrectionInput
      : p.kind === 'produk'
        ? correcting
          ? produkCorrectionInput
          : produkInput
        : correcting
          ? bhpCorrectionInput
          : bhpInput;
  const defaults = (): ItemValues => ({
    item: v?.item?.id,
    qty: v?.qty ? String(v.qty) : '1',
    signa: s(v?.signa),
    reason: '',
  });
  const form = useForm<ItemValues>({
    resolver: zodResolver(schema) as unknown as Resolver<ItemValues>,
    defaultValues: defaults(),
  });
  const { register, handleSubmit, reset, formState, setValue } = form;
  const errors = formState.errors;
  const [item, setItem] = React.useState<Option | null>(null);
  const { save, busy, errors: rest, overrideDialog } = useEntrySave<ItemValues>(p.kind, p, form);
  React.useEffect(() => {
    if (p.open) {
      reset(defaults());
      setItem(v?.item ? { ...v.item, price: v.price ?? 0 } : null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the dialog opens
  }, [p.open]);
  const title = { produk: 'Produk', bhp: 'BHP', resep: 'Item Resep' }[p.kind];
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-w-lg" data-testid={`${p.kind}-dialog`}>
        <form
          onSubmit={(e) =>
            void handleSubmit((d) => save(p.kind === 'resep' ? d : { item: d.item, qty: d.qty, reason: d.reason }))(e)
          }
          className="grid gap-3"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>
              {correcting ? 'Perbaiki' : 'Tambah'} {title}
            </DialogTitle>
            <DialogDescription>Item dari master cabang ini dan jumlahnya.</DialogDescription>
          </DialogHeader>
          {p.kind === 'resep' ? <AllergyBanner allergies={p.allergies} /> : null}
          <FormField label="Item" htmlFor={`${p.kind}-item`} error={errors.item} required>
            <ItemPicker
              id={`${p.kind}-item`}
              value={item}
              onChange={(o) => {
                setItem(o);
                setValue('item', o?.id, { shouldValidate: true });
              }}
              invalid={!!errors.item}
            />
          </FormField>
          {p.kind === 'resep' ? <AllergyMatch allergies={p.allergies} item={item} /> : null}
          <FormField label="Jumlah" htmlFor={`${p.kind}-qty`} error={errors.qty} required>
            <Input id={`${p.kind}-qty`} inputMode="numeric" aria-invalid={!!errors.qty} {...register('qty')} />
          </FormField>
          {p.kind === 'resep' ? (
            <FormField label="Signa (aturan pakai)" htmlFor="resep-signa" error={errors.signa} required>
              <Input id="resep-signa" aria-invalid={!!errors.signa} {...register('signa')} />
            </FormField>
          ) : null}
          <ReasonField show={correcting || p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId={`${p.kind}-save`} />
        </form>
        {overrideDialog}
      </DialogContent>
    </Dialog>
  );
}
