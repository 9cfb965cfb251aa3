import { ICD10_PATTERN, ICD9CM_PATTERN, icdLabels } from '@klinik/shared';
import { api } from '../lib/api';
import { Combobox } from './ui/combobox';

/** One code of ICD-10 (diagnoses) or ICD-9-CM (procedures), as GET /api/master/{icd10|icd9cm}?keyword= answers. */
export interface IcdOption {
  code: string;
  name_id: string;
  name_en: string;
}
export type IcdList = 'icd10' | 'icd9cm';

const TYPED = 'Kode diketik (diperiksa saat disimpan)';

/**
 * Searches a code list by code or by words in Indonesian or English (the ICD search endpoints). A code typed in full
 * ('J06.9', '86.3') can be used as it is; the server refuses a code that is not in the list, next to the field.
 */
export async function searchIcd(list: IcdList, text: string, signal: AbortSignal): Promise<IcdOption[]> {
  const keyword = text.trim();
  let found: IcdOption[] = [];
  try {
    const res = await api.get<{ data: IcdOption[] }>(`/api/master/${list}`, { query: { keyword }, signal });
    found = res.data;
  } catch (err) {
    if (signal.aborted) throw err;
    found = [];
  }
  const code = keyword.toUpperCase();
  const pattern = list === 'icd10' ? ICD10_PATTERN : ICD9CM_PATTERN;
  if (pattern.test(code) && !found.some((o) => o.code === code))
    found = [...found, { code, name_id: TYPED, name_en: '' }];
  return found;
}

/** The name shown first and second: ICD-10 in Indonesian first; ICD-9-CM in English first (its Indonesian text is
 * machine-translated in places, docs/decisions.md). */
const labels = (list: IcdList, o: IcdOption): [string, string] =>
  o.name_id === TYPED ? [TYPED, ''] : icdLabels(list, o);

/** A combobox over ICD-10 or ICD-9-CM: code, the main name, the other language's name. */
export function IcdPicker({
  list,
  value,
  onChange,
  id,
  invalid,
  placeholder,
}: {
  list: IcdList;
  value: IcdOption | null;
  onChange: (v: IcdOption | null) => void;
  id?: string;
  invalid?: boolean;
  placeholder?: string;
}) {
  return (
    <Combobox<IcdOption>
      id={id}
      queryKey={['icd', list]}
      search={(text, signal) => searchIcd(list, text, signal)}
      value={value}
      onChange={onChange}
      getKey={(o) => o.code}
      getLabel={(o) => `${o.code} ${labels(list, o)[0]}`}
      renderItem={(o) => (
        <div className="flex flex-col">
          <span>
            <span className="font-mono font-semibold">{o.code}</span> {labels(list, o)[0]}
          </span>
          {labels(list, o)[1] ? <span className="text-xs text-muted-foreground">{labels(list, o)[1]}</span> : null}
        </div>
      )}
      minChars={2}
      placeholder={placeholder ?? (list === 'icd10' ? 'Cari diagnosis ICD-10...' : 'Cari prosedur ICD-9-CM...')}
      searchPlaceholder="Kode atau kata (Indonesia/Inggris)"
      invalid={invalid}
    />
  );
}
