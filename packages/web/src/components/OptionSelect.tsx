import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

/** value -> label pairs; a record lists in Object.entries order (integer-like keys ascending), an array in its own order. */
export type SelectOptions = Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;

/** 'Aktif' (1) then 'Tidak Aktif' (0), for a form's Status field. */
export const ACTIVE_STATUS_OPTIONS: SelectOptions = [
  ['1', 'Aktif'],
  ['0', 'Tidak Aktif'],
];

/** A form dropdown over fixed options (a label map such as PAKET_TYPE_KINDS, or ordered pairs). */
export function OptionSelect({
  id,
  value,
  onValueChange,
  options,
}: {
  id: string;
  value: string;
  onValueChange: (v: string) => void;
  options: SelectOptions;
}) {
  const pairs = Array.isArray(options) ? options : Object.entries(options);
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {pairs.map(([k, label]) => (
          <SelectItem key={k} value={k}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
