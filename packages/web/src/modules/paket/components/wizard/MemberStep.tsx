import type { NewPatientInput, UserDto } from '@klinik/shared';
import type { UseFormReturn } from 'react-hook-form';
import { cn } from '../../../../lib/utils';
import { PatientPicker } from '../../../../components/PatientPicker';
import { FormField } from '../../../../components/ui/form';
import { PatientFields, type NewPatientValues } from '../../../patients';
import { PersonCard, searchUsers, type PatientKind } from './parts';

/** Step 1 'Informasi Member': 'Pasien Lama' chosen by search, or 'Pasien Baru' on the shared patient fields. */
export function MemberStep({
  kind,
  onKind,
  patient,
  onPatient,
  createdPatient,
  patientForm,
}: {
  kind: PatientKind | null;
  onKind: (k: PatientKind) => void;
  patient: UserDto | null;
  onPatient: (u: UserDto | null) => void;
  createdPatient: UserDto | null;
  patientForm: UseFormReturn<NewPatientValues, unknown, NewPatientInput>;
}) {
  return (
    <section className="grid gap-4">
      <div role="radiogroup" aria-label="Jenis Pasien" className="inline-flex w-fit rounded-lg border p-1">
        {(['lama', 'baru'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            onClick={() => onKind(k)}
            className={cn(
              'rounded-md px-4 py-2 text-sm font-medium',
              kind === k ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {k === 'lama' ? 'Pasien Lama' : 'Pasien Baru'}
          </button>
        ))}
      </div>
      {kind === null ? <p className="text-sm text-muted-foreground">Pilih jenis pasien terlebih dahulu.</p> : null}
      {kind === 'lama' ? (
        <div className="grid max-w-xl gap-3">
          <FormField label="Cari Pasien" htmlFor="wizard-patient" required>
            <PatientPicker<UserDto>
              id="wizard-patient"
              cacheKey="paket-wizard"
              search={(text, signal) => searchUsers(1, text, signal)}
              value={patient}
              onChange={onPatient}
            />
          </FormField>
          {patient ? <PersonCard user={patient} /> : null}
        </div>
      ) : null}
      {kind === 'baru' ? (
        <div className="grid gap-4">
          {createdPatient ? <PersonCard user={createdPatient} label="Pasien baru tersimpan" /> : null}
          <PatientFields form={patientForm} wide waliLabel="Dengan Wali" />
        </div>
      ) : null}
    </section>
  );
}
