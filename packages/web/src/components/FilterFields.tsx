import { DateInput } from './ui/date-input';
import { FormField } from './ui/form';
import { Input } from './ui/input';

/** The keyword box of a list's filter card (a labelled field, beside dates and selects). */
export function KeywordField({
  id,
  label = 'Cari',
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <FormField label={label} htmlFor={id}>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} />
    </FormField>
  );
}

/** 'Dari Tanggal' and 'Sampai Tanggal' of a list's filter card; each bounds the other. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onFrom,
  onTo,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <FormField label="Dari Tanggal" htmlFor={`${idPrefix}-from`}>
        <DateInput id={`${idPrefix}-from`} value={from} max={to || undefined} onChange={onFrom} />
      </FormField>
      <FormField label="Sampai Tanggal" htmlFor={`${idPrefix}-to`}>
        <DateInput id={`${idPrefix}-to`} value={to} min={from || undefined} onChange={onTo} />
      </FormField>
    </>
  );
}
