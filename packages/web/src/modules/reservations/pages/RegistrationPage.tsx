import * as React from 'react';
import { useNavigate } from 'react-router';
import { useBranchToday } from '../../../lib/branch-today';
import { PageHeader } from '../../../components/PageHeader';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import type { DoctorOption } from '../types';
import { BookDialog, type SlotChoice } from '../components/BookDialog';
import { DoctorPicker } from '../components/DoctorPicker';
import { SlotGrid } from '../components/SlotGrid';

/** 'Registrasi Reservasi' (/service/registration/reservation): doctor, date, a free slot, then the patient. */
export default function RegistrationPage() {
  const today = useBranchToday();
  const navigate = useNavigate();
  const [doctor, setDoctor] = React.useState<DoctorOption | null>(null);
  const [date, setDate] = React.useState(today);
  const [slot, setSlot] = React.useState<SlotChoice | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Registrasi Reservasi"
        description="Pilih dokter, tanggal dan slot yang masih tersedia, lalu pasien."
      />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2">
        <FormField label="Dokter" htmlFor="reg-doctor" required>
          <DoctorPicker id="reg-doctor" value={doctor} onChange={setDoctor} />
        </FormField>
        <FormField label="Tanggal" htmlFor="reg-date" required>
          <DateInput id="reg-date" value={date} min={today} onChange={(d) => setDate(d || today)} />
        </FormField>
      </div>
      {doctor ? (
        <div className="rounded-lg border bg-card p-3">
          <h2 className="mb-2 font-semibold">Slot {doctor.name}</h2>
          <SlotGrid
            doctor={doctor.id}
            date={date}
            onPick={(s) => setSlot({ ...s, doctor: doctor.id, doctor_name: doctor.name, date })}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Pilih dokter untuk melihat slot.</p>
      )}
      <BookDialog slot={slot} onClose={() => setSlot(null)} onBooked={() => void navigate('/service/reservasi')} />
    </div>
  );
}
