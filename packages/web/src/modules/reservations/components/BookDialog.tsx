import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDate, type ErrorItem, type ReservationDto } from '@klinik/shared';
import { api, errorItems } from '../../../lib/trpc';
import { newIdempotencyKey } from '../../../lib/api';
import { NewPatientDialog } from '../../patients/components/NewPatientDialog';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Textarea } from '../../../components/ui/textarea';
import { bookReservation, type PatientOption } from '../api';

export interface SlotChoice {
  doctor: number;
  doctor_name: string;
  date: string;
  time: string;
  end: string;
  booked: number;
  capacity: number;
}

/** Books a patient (searched, or registered on the spot) into a chosen slot. */
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
  const [patient, setPatient] = React.useState<PatientOption | null>(null);
  const [note, setNote] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [busy, setBusy] = React.useState(false);
  const [newPatient, setNewPatient] = React.useState(false);
  const key = React.useRef(newIdempotencyKey());

  React.useEffect(() => {
    if (slot) {
      setPatient(null);
      setNote('');
      setErrors([]);
      key.current = newIdempotencyKey();
    }
  }, [slot]);

  const submit = async () => {
    if (!slot) return;
    if (!patient) {
      setErrors([{ field: 'customer', message: 'Pasien wajib dipilih' }]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const r = await bookReservation(
        { customer: patient.id, doctor: slot.doctor, date: slot.date, time: slot.time, note: note.trim() || null },
        key.current,
      );
      toast.success(`Reservasi ${r.code} tersimpan`);
      await qc.invalidateQueries();
      onBooked(r);
    } catch (err) {
      setErrors(errorItems(err));
      key.current = newIdempotencyKey();
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
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
          <div className="grid gap-3">
            <FormField label="Pasien" htmlFor="book-patient" error={fieldError('customer')} required>
              <div className="flex gap-2">
                <div className="flex-1">
                  <Combobox<PatientOption>
                    id="book-patient"
                    queryKey={['reservations', 'searchcustomer']}
                    search={async (text, signal) =>
                      (
                        await api.get<{ data: PatientOption[] }>('/api/service/registration/searchcustomer', {
                          query: { keyword: text },
                          signal,
                        })
                      ).data
                    }
                    value={patient}
                    onChange={setPatient}
                    getKey={(p) => p.id}
                    getLabel={(p) => `${p.name} (${p.username})`}
                    placeholder="Cari nama, NO RM., telepon"
                  />
                </div>
                <Button type="button" variant="outline" onClick={() => setNewPatient(true)}>
                  Pasien Baru
                </Button>
              </div>
            </FormField>
            <FormField label="Catatan" htmlFor="book-note" error={fieldError('note')}>
              <Textarea id="book-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
            </FormField>
            <ErrorList items={errors.filter((e) => e.field !== 'customer' && e.field !== 'note')} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Batal
              </Button>
              <Button type="button" onClick={() => void submit()} disabled={busy} data-testid="book-submit">
                {busy ? 'Menyimpan...' : 'Simpan Reservasi'}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
      <NewPatientDialog
        fromReservation
        open={newPatient}
        onOpenChange={setNewPatient}
        onCreated={(u) => setPatient({ id: u.id, name: u.name, username: u.username, phone: u.phone ?? null })}
      />
    </>
  );
}
