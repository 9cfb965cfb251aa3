import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm } from 'react-hook-form';
import {
  formatDate,
  reservationInput,
  type ErrorItem,
  type ReservationDto,
  type ReservationInput,
} from '@klinik/shared';
import { api, errorItems, useTRPCClient } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { resolverOver } from '../../../lib/resolver-over';
import { NewPatientDialog } from '../../patients';
import { Button } from '../../../components/ui/button';
import { PatientPicker } from '../../../components/PatientPicker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { type PatientOption } from '../types';

export interface SlotChoice {
  doctor: number;
  doctor_name: string;
  date: string;
  time: string;
  end: string;
  booked: number;
  capacity: number;
}

interface BookValues {
  customer: PatientOption | null;
  note: string;
}

/** The shared `reservationInput` over the chosen patient and the slot (the form's context): the server's rules. */
const bookResolver = resolverOver<BookValues, SlotChoice | null, ReservationInput>(
  reservationInput,
  (values, slot) => ({
    customer: values.customer?.id,
    doctor: slot?.doctor,
    date: slot?.date,
    time: slot?.time,
    note: values.note.trim() || null,
  }),
);

/**
 * Books a patient (searched, or registered on the spot) into a chosen slot: react-hook-form over the shared
 * `reservationInput` (issue 9 item 5), errors next to their field.
 */
export function BookDialog({
  slot,
  onClose,
  onBooked,
}: {
  slot: SlotChoice | null;
  onClose: () => void;
  onBooked: (r: ReservationDto) => void;
}) {
  const qc = useQueryClient();
  const client = useTRPCClient();
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [newPatient, setNewPatient] = React.useState(false);
  const key = React.useRef(newIdempotencyKey());
  const form = useForm<BookValues, SlotChoice | null, ReservationInput>({
    resolver: bookResolver,
    context: slot,
    defaultValues: { customer: null, note: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, setValue, formState } = form;
  const errors = formState.errors;
  const busy = formState.isSubmitting;

  React.useEffect(() => {
    if (slot) {
      reset({ customer: null, note: '' });
      setServerErrors([]);
      key.current = newIdempotencyKey();
    }
  }, [slot, reset]);

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      // The dialog's key: a double click or a retried request books once (the second answers the first).
      const r = await client.reservations.create.mutate({
        ...data,
        note: data.note || null,
        idempotency_key: key.current,
      });
      toast.success(`Reservasi ${r.code} tersimpan`);
      await qc.invalidateQueries();
      onBooked(r);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
      key.current = newIdempotencyKey();
    }
  });

  return (
    <>
      <Dialog open={slot !== null} onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
        <DialogContent className="max-w-lg" data-testid="book-dialog">
          <DialogHeader>
            <DialogTitle>Reservasi</DialogTitle>
            <DialogDescription>
              {slot
                ? `${slot.doctor_name} · ${formatDate(slot.date)} · ${slot.time}-${slot.end} (terisi ${slot.booked}/${slot.capacity})`
                : ''}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
            <FormField label="Pasien" htmlFor="book-patient" error={errors.customer?.message} required>
              <div className="flex gap-2">
                <div className="flex-1">
                  <Controller
                    control={control}
                    name="customer"
                    render={({ field }) => (
                      <PatientPicker<PatientOption>
                        id="book-patient"
                        invalid={!!errors.customer}
                        cacheKey="reservations-searchcustomer"
                        search={async (text, signal) =>
                          (
                            await api.get<{ data: PatientOption[] }>('/api/service/registration/searchcustomer', {
                              query: { keyword: text },
                              signal,
                            })
                          ).data
                        }
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
                <Button type="button" variant="outline" onClick={() => setNewPatient(true)}>
                  Pasien Baru
                </Button>
              </div>
            </FormField>
            <FormField label="Catatan" htmlFor="book-note" error={errors.note}>
              <Textarea id="book-note" maxLength={500} aria-invalid={!!errors.note} {...register('note')} />
            </FormField>
            <ErrorList items={serverErrors} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Batal
              </Button>
              <Button type="submit" disabled={busy} data-testid="book-submit">
                {busy ? 'Menyimpan...' : 'Simpan Reservasi'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <NewPatientDialog
        fromReservation
        open={newPatient}
        onOpenChange={setNewPatient}
        onCreated={(u) =>
          setValue(
            'customer',
            { id: u.id, name: u.name, username: u.username, phone: u.phone ?? null },
            { shouldValidate: formState.isSubmitted },
          )
        }
        onUseExisting={(u) =>
          setValue(
            'customer',
            { id: u.id, name: u.name, username: u.username, phone: u.phone },
            { shouldValidate: formState.isSubmitted },
          )
        }
      />
    </>
  );
}
