import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/**
 * A form dropdown over labels whose value is the label's index ('0', '1', ...: gender, blood type, religion); an
 * empty value shows 'Pilih...'.
 */
export function IndexSelect({
  id,
  value,
  onValueChange,
  labels,
  invalid,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  labels: readonly string[];
  invalid?: boolean;
}) {
  return (
    <Select value={value || undefined} onValueChange={onValueChange}>
      <SelectTrigger id={id} className="w-full" aria-invalid={invalid}>
        <SelectValue placeholder="Pilih..." />
      </SelectTrigger>
      <SelectContent>
        {labels.map((l, i) => (
          <SelectItem key={l} value={String(i)}>
            {l}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
