import * as React from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MAX_RUPIAH, toSen, type ErrorItem, type Sen } from '@klinik/shared';
import { Input } from '../../../components/ui/input';

/** The server's message for a field of the form, when it named one. */
export const fieldOf = (items: ErrorItem[]) => (f: string) => items.find((i) => i.field === f)?.message;

/** Money typed at the till: digits and a decimal point only (what the inputs have always accepted). */
export const moneyText = (v: string) => v.replace(/[^0-9.]/g, '');

/** Rupiah as typed in the cashier's fields ('150000', '150000.50') in sen; unreadable counts as 0 until fixed. */
export function typedRupiahSen(v: string | number): Sen {
  const n = Number(v || 0);
  return Number.isFinite(n) && Math.abs(n) <= MAX_RUPIAH ? toSen(n) : toSen(0);
}

/** A form's money field at the till: keeps only what moneyText allows, marked invalid while its field has an error. */
export function MoneyInput<T extends FieldValues, O = T>({
  control,
  name,
  ...props
}: { control: Control<T, unknown, O>; name: FieldPath<T> } & Omit<
  React.ComponentProps<typeof Input>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
>) {
  const { field, fieldState } = useController<T, FieldPath<T>, O>({ control, name });
  return (
    <Input
      inputMode="decimal"
      aria-invalid={!!fieldState.error}
      {...props}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onBlur={field.onBlur}
      onChange={(e) => field.onChange(moneyText(e.target.value))}
    />
  );
}
