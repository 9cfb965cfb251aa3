import { PARTY_LABEL } from '@klinik/shared';
import { selectClass } from './lib';
import { PAYABLE_PARTY_TYPES, partyKey, type PartyRef } from './hutang/party';

/** value -> label pairs of a native select, in order. */
export type NativeOptions = ReadonlyArray<readonly [string | number, string]>;

/** The payable party types with their labels ('Vendor', 'Laboratorium', ...). */
export const PAYABLE_PARTY_OPTIONS: NativeOptions = PAYABLE_PARTY_TYPES.map((t) => [t, PARTY_LABEL[t]]);

/** Rows with an id and a name (payment methods, categories) as options. */
export const namedOptions = (rows: readonly { id: number; name: string }[] | undefined): NativeOptions =>
  (rows ?? []).map((r) => [r.id, r.name]);

/** Parties as options: one value per party (`partyKey`), its name as the label. */
export const partyOptions = (parties: readonly PartyRef[]): NativeOptions => parties.map((p) => [partyKey(p), p.name]);

/**
 * A native select styled like the inputs (keyboard and phones friendly) over fixed options; `placeholder` is a
 * first option with the empty value ('Semua', 'Pilih ...').
 */
export function NativeSelect({
  id,
  value,
  onChange,
  options,
  placeholder,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: NativeOptions;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <select
      id={id}
      className={selectClass}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}
