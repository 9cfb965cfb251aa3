import { api } from '../../../lib/trpc';
import { Combobox } from '../../../components/ui/combobox';
import type { DoctorOption } from '../types';

/** Doctors practising in this branch (GET /api/service/registration/searchdoctor). */
export function DoctorPicker({
  id,
  value,
  onChange,
  placeholder = 'Pilih dokter',
}: {
  id: string;
  value: DoctorOption | null;
  onChange: (d: DoctorOption | null) => void;
  placeholder?: string;
}) {
  return (
    <Combobox<DoctorOption>
      id={id}
      queryKey={['reservations', 'searchdoctor']}
      search={async (text, signal) =>
        (
          await api.get<{ data: DoctorOption[] }>('/api/service/registration/searchdoctor', {
            query: { keyword: text },
            signal,
          })
        ).data
      }
      value={value}
      onChange={onChange}
      getKey={(d) => d.id}
      getLabel={(d) => d.name}
      placeholder={placeholder}
    />
  );
}
