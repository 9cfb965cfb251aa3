import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';

/** The nota lists' filter bar (the cashier's 'Nota' tab and /backoffice/nota): date range and a keyword. */
export function NotaFilters({
  idPrefix,
  today,
  from,
  to,
  keyword,
  onFrom,
  onTo,
  onKeyword,
}: {
  idPrefix: string;
  today: string;
  from: string;
  to: string;
  keyword: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  onKeyword: (v: string) => void;
}) {
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
      <FormField label="Dari" htmlFor={`${idPrefix}-from`}>
        <DateInput id={`${idPrefix}-from`} value={from || today} onChange={onFrom} />
      </FormField>
      <FormField label="Sampai" htmlFor={`${idPrefix}-to`}>
        <DateInput id={`${idPrefix}-to`} value={to || today} onChange={onTo} />
      </FormField>
      <FormField label="Cari" htmlFor={`${idPrefix}-keyword`}>
        <Input
          id={`${idPrefix}-keyword`}
          value={keyword}
          onChange={(e) => onKeyword(e.target.value)}
          placeholder="No. nota, pasien"
        />
      </FormField>
    </div>
  );
}
