import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { type ErrorItem, type NewPatientInput, type PatientDuplicateDto, type UserDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors } from '../../../components/ui/form';
import { compactPatientPayload, EMPTY_PATIENT } from '../lib';
import { DuplicatePatientsDialog, useDuplicateCheck } from './DuplicatePatientsDialog';
import { PatientFields, usePatientForm } from './PatientFields';

/**
 * 'Pasien Baru' (spec 3 "New patient payload"): the patient, and a guardian behind the 'Data Wali' switch.
 * A NIK whose date part disagrees with the birth date is only a warning. Server errors go under their fields
 * or into the list above the buttons; on success the dialog closes and the caller shows the success dialog.
 */
export function NewPatientDialog({
  open,
  onOpenChange,
  onCreated,
  onUseExisting,
  fromReservation = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (u: UserDto) => void;
  /** A likely duplicate the user chose instead of registering anew (issue 26); the dialog closes. */
  onUseExisting: (p: PatientDuplicateDto) => void;
  /** The reservation forms register through POST /api/service/registration/storecustomer (same rules). */
  fromReservation?: boolean;
}) {
  const trpc = useTRPC();
  const viaUsers = useMutation({ ...trpc.users.createPatient.mutationOptions(), meta: { inlineErrors: true } });
  const viaReservation = useMutation({
    ...trpc.reservations.storeCustomer.mutationOptions(),
    meta: { inlineErrors: true },
  });
  const mutation = fromReservation ? viaReservation : viaUsers;
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = usePatientForm();
  const { handleSubmit, reset } = form;

  React.useEffect(() => {
    if (open) {
      reset(EMPTY_PATIENT);
      setServerErrors([]);
    }
  }, [open, reset]);

  const duplicates = useDuplicateCheck();
  const save = async (payload: NewPatientInput) => {
    duplicates.clear();
    try {
      const created = await mutation.mutateAsync(payload);
      onOpenChange(false);
      onCreated(created);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  };
  // Likely duplicates first (issue 26): the user picks the existing patient or saves anyway.
  const submit = handleSubmit(async (parsed) => {
    setServerErrors([]);
    const payload = compactPatientPayload(parsed);
    if (await duplicates.check(payload)) await save(payload);
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-3xl" data-testid="new-patient-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Pasien Baru</DialogTitle>
            <DialogDescription>NO RM. dibuat otomatis saat data disimpan.</DialogDescription>
          </DialogHeader>
          <PatientFields form={form} />

          <ErrorList items={serverErrors} />
          <FormDialogFooter
            busy={mutation.isPending || duplicates.checking}
            onCancel={() => onOpenChange(false)}
            submitTestId="new-patient-submit"
          />
        </form>
      </DialogContent>
      <DuplicatePatientsDialog
        pending={duplicates.pending}
        busy={mutation.isPending}
        onUse={(p) => {
          duplicates.clear();
          onOpenChange(false);
          onUseExisting(p);
        }}
        onSaveAnyway={(payload) => void save(payload)}
        onCancel={duplicates.clear}
      />
    </Dialog>
  );
}
