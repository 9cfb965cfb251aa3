import { ICD10_PATTERN, ICD9CM_PATTERN } from '@klinik/shared';
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

/** A combobox over ICD-10 or ICD-9-CM: code, Indonesian name, English name. */
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
      getLabel={(o) => `${o.code} ${o.name_id}`}
      renderItem={(o) => (
        <div className="flex flex-col">
          <span>
            <span className="font-mono font-semibold">{o.code}</span> {o.name_id}
          </span>
          {o.name_en ? <span className="text-xs text-muted-foreground">{o.name_en}</span> : null}
        </div>
      )}
      minChars={2}
      placeholder={placeholder ?? (list === 'icd10' ? 'Cari diagnosis ICD-10...' : 'Cari prosedur ICD-9-CM...')}
      searchPlaceholder="Kode atau kata (Indonesia/Inggris)"
      invalid={invalid}
    />
  );
}
