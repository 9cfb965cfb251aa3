import type { CustomerDto } from '@klinik/shared';
import { useTRPCClient } from '../lib/trpc';
import { Combobox } from './ui/combobox';

/** What every patient search answers: enough to name the patient and to tell two namesakes apart. */
export interface PatientRef {
  id: number;
  name: string;
  username: string;
}

/** The row that is exactly what was typed: its NO RM. (any case). A typed NIK is answered by the server first. */
export const isExactPatient = (p: PatientRef, typed: string): boolean =>
  p.username.toLowerCase() === typed.toLowerCase();

/**
 * The one patient picker of the app (issue 26 item 1): reservation, visit registration, medical records, package
 * purchase and a patient's packages. Keyboard-first (the Combobox rule): type a NO RM., a NIK or a name and press
 * Enter, as a barcode scanner or a fast receptionist does, and the patient picked is the patient typed: Enter waits
 * for the server's answer to that text, and a whole NO RM. (or NIK, which the server answers first) wins.
 * `search` answers the page's own patient shape (a module's endpoint); without it the branch's patients come from
 * `users.searchCustomers` and T is CustomerDto.
 */
export function PatientPicker<T extends PatientRef = CustomerDto>({
  id,
  value,
  onChange,
  search,
  cacheKey = 'patients',
  invalid,
  disabled,
  minChars,
  placeholder = 'Cari nama, NO RM., NIK atau telepon',
}: {
  id: string;
  value: PatientRef | null;
  onChange: (p: T | null) => void;
  search?: (text: string, signal: AbortSignal) => Promise<T[]>;
  /** Distinguishes a page's own `search` in the query cache. */
  cacheKey?: string;
  invalid?: boolean;
  disabled?: boolean;
  minChars?: number;
  placeholder?: string;
}) {
  const client = useTRPCClient();
  const searchAll = async (text: string, signal: AbortSignal) =>
    (await client.users.searchCustomers.query(
      { keyword: text || undefined, type: 'patient', limit: 20 },
      { signal },
    )) as unknown as T[];
  return (
    <Combobox<PatientRef>
      id={id}
      queryKey={['patient-picker', search ? cacheKey : 'patients']}
      search={search ?? searchAll}
      value={value}
      onChange={(p) => onChange(p as T | null)}
      getKey={(p) => p.id}
      getLabel={(p) => `${p.name} (${p.username})`}
      renderItem={(p) => (
        <span>
          {p.name} <span className="font-mono text-xs text-muted-foreground">({p.username})</span>
        </span>
      )}
      exact={isExactPatient}
      invalid={invalid}
      disabled={disabled}
      minChars={minChars}
      placeholder={placeholder}
      searchPlaceholder={placeholder}
    />
  );
}
