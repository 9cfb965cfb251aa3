import * as React from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { resepInput } from '@klinik/shared';
import { AllergyBanner, AllergyMatch } from '../../../../components/AllergyOverride';
import { FormDialogFooter } from '../../../../components/FormDialogFooter';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { type EntryDialogProps, useEntrySave, ReasonField, type Option, ItemPicker } from './entry-dialog';

interface ResepValues {
  items: { item: number | undefined; qty: string; signa: string }[];
  note: string;
  reason: string;
}

export function ResepDialog(p: EntryDialogProps) {
  const form = useForm<ResepValues>({
    resolver: zodResolver(resepInput) as unknown as Resolver<ResepValues>,
    defaultValues: { items: [{ item: undefined, qty: '1', signa: '' }], note: '', reason: '' },
  });
  const { register, handleSubmit, reset, formState, control, setValue } = form;
  const errors = formState.errors;
  const items = useFieldArray({ control, name: 'items' });
  const [picked, setPicked] = React.useState<Record<string, Option | null>>({});
  const { save, busy, errors: rest, overrideDialog } = useEntrySave<ResepValues>('resep', { ...p, entry: null }, form);
  React.useEffect(() => {
    if (p.open) {
      reset({ items: [{ item: undefined, qty: '1', signa: '' }], note: '', reason: '' });
      setPicked({});
    }
  }, [p.open, reset]);
  return (
    <Dialog open={p.open} onOpenChange={(o) => !busy && p.onOpenChange(o)}>
      <DialogContent className="max-h-[95vh] max-w-2xl overflow-y-auto" data-testid="resep-dialog">
        <form onSubmit={(e) => void handleSubmit(save)(e)} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>Tulis Resep</DialogTitle>
            <DialogDescription>Obat, jumlah dan signa; apotek menyerahkannya dari resep ini.</DialogDescription>
          </DialogHeader>
          <AllergyBanner allergies={p.allergies} />
          {items.fields.map((f, i) => (
            <div
              key={f.id}
              className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_6rem_1fr_auto]"
              data-testid="resep-row"
            >
              <FormField label="Obat" htmlFor={`resep-item-${i}`} error={errors.items?.[i]?.item}>
                <ItemPicker
                  id={`resep-item-${i}`}
                  value={picked[f.id] ?? null}
                  onChange={(o) => {
                    setPicked((x) => ({ ...x, [f.id]: o }));
                    setValue(`items.${i}.item`, o?.id, { shouldValidate: true });
                  }}
                  invalid={!!errors.items?.[i]?.item}
                />
                <AllergyMatch allergies={p.allergies} item={picked[f.id]} />
              </FormField>
              <FormField label="Jumlah" htmlFor={`resep-qty-${i}`} error={errors.items?.[i]?.qty}>
                <Input id={`resep-qty-${i}`} inputMode="numeric" {...register(`items.${i}.qty`)} />
              </FormField>
              <FormField label="Signa" htmlFor={`resep-signa-${i}`} error={errors.items?.[i]?.signa}>
                <Input id={`resep-signa-${i}`} placeholder="3 x 1 sesudah makan" {...register(`items.${i}.signa`)} />
              </FormField>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="self-end"
                aria-label="Hapus obat"
                disabled={items.fields.length === 1}
                onClick={() => items.remove(i)}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          {errors.items?.message ? (
            <p role="alert" className="text-xs font-medium text-destructive">
              {errors.items.message}
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            onClick={() => items.append({ item: undefined, qty: '1', signa: '' })}
          >
            <Plus /> Tambah obat
          </Button>
          <FormField label="Catatan" htmlFor="resep-note" error={errors.note}>
            <Input id="resep-note" {...register('note')} />
          </FormField>
          <ReasonField show={p.finished} error={errors.reason?.message} register={register('reason')} />
          <ErrorList items={rest} />
          <FormDialogFooter busy={busy} onCancel={() => p.onOpenChange(false)} submitTestId="resep-save" />
        </form>
        {overrideDialog}
      </DialogContent>
    </Dialog>
  );
}
