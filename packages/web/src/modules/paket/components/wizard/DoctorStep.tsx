import type { UserDto } from '@klinik/shared';
import { Combobox } from '../../../../components/ui/combobox';
import { FormField } from '../../../../components/ui/form';
import { PersonCard, searchUsers } from './parts';

/** Step 3 'Pilih Dokter'. */
export function DoctorStep({
  branchId,
  doctor,
  onDoctor,
}: {
  branchId: number | null | undefined;
  doctor: UserDto | null;
  onDoctor: (d: UserDto | null) => void;
}) {
  return (
    <section className="grid max-w-xl gap-3">
      <FormField label="Dokter" htmlFor="wizard-doctor" required>
        <Combobox<UserDto>
          id="wizard-doctor"
          queryKey={['users', 'doctors', 'wizard', branchId]}
          search={(text, signal) => searchUsers(2, text, signal)}
          value={doctor}
          onChange={onDoctor}
          getKey={(u) => u.id}
          getLabel={(u) => u.name}
          placeholder="Pilih dokter"
          searchPlaceholder="Nama dokter"
        />
      </FormField>
      {doctor ? <PersonCard user={doctor} label="Dokter" /> : null}
    </section>
  );
}
