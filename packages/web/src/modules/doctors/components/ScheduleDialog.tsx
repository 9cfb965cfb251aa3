import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller } from 'react-hook-form';
import {
  DAY_OF_WEEK_LABEL,
  DEFAULT_SLOT_CAPACITY,
  DEFAULT_SLOT_MINUTES,
  doctorScheduleInput,
  type DoctorScheduleInput,
} from '@klinik/shared';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/FormDialog';
import { ACTIVE_STATUS_OPTIONS } from '../../../components/OptionSelect';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { Practice, Schedule } from './types';

interface ScheduleValues {
  doctor_id: string;
  day_of_week: string;
  start_time: string;
  end_time: string;
  slot_minutes: string;
  capacity: string;
  status: string;
}

/** The shared `doctorScheduleInput` over the form's text (numbers coerced by the schema, as on the server). */
const scheduleResolver = resolverOver<ScheduleValues, unknown, DoctorScheduleInput>(doctorScheduleInput, (v) => ({
  ...v,
  status: Number(v.status),
}));

const scheduleValues = (edit: Schedule | null): ScheduleValues =>
  edit
    ? {
        doctor_id: String(edit.doctor_id),
        day_of_week: String(edit.day_of_week),
        start_time: edit.start_time.slice(0, 5),
        end_time: edit.end_time.slice(0, 5),
        slot_minutes: String(edit.slot_minutes),
        capacity: String(edit.capacity),
        status: String(edit.status),
      }
    : {
        doctor_id: '',
        day_of_week: '1',
        start_time: '09:00',
        end_time: '12:00',
        slot_minutes: String(DEFAULT_SLOT_MINUTES),
        capacity: String(DEFAULT_SLOT_CAPACITY),
        status: '1',
      };

export function ScheduleDialog({
  edit,
  open,
  doctors,
  onClose,
}: {
  edit: Schedule | null;
  open: boolean;
  doctors: Practice[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const add = useMutation({ ...trpc.doctors.addSchedule.mutationOptions(), meta: { inlineErrors: true } });
  const upd = useMutation({ ...trpc.doctors.updateSchedule.mutationOptions(), meta: { inlineErrors: true } });
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: scheduleResolver,
    valuesOf: scheduleValues,
    edit,
    open,
    save: async (data) => {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Jadwal tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const select = (
    name: 'doctor_id' | 'day_of_week' | 'status',
    id: string,
    options: [string, string][],
    opts: { placeholder?: string; disabled?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange} disabled={opts.disabled}>
          <SelectTrigger id={id} aria-invalid={!!errors[name]}>
            <SelectValue placeholder={opts.placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={edit ? 'Ubah Jadwal Praktik' : 'Tambah Jadwal Praktik'}
      submit={submit}
      busy={add.isPending || upd.isPending}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Dokter" htmlFor="sch-doctor" error={errors.doctor_id} required className="sm:col-span-2">
          {select(
            'doctor_id',
            'sch-doctor',
            doctors.map((d) => [String(d.doctor_id), d.doctor_name]),
            { placeholder: 'Pilih dokter', disabled: !!edit },
          )}
        </FormField>
        <FormField label="Hari" htmlFor="sch-day" error={errors.day_of_week} required>
          {select('day_of_week', 'sch-day', Object.entries(DAY_OF_WEEK_LABEL))}
        </FormField>
        <FormField label="Status" htmlFor="sch-status" error={errors.status}>
          {select('status', 'sch-status', ACTIVE_STATUS_OPTIONS as [string, string][])}
        </FormField>
        <FormField label="Jam Mulai" htmlFor="sch-start" error={errors.start_time} required>
          <Input id="sch-start" type="time" aria-invalid={!!errors.start_time} {...register('start_time')} />
        </FormField>
        <FormField label="Jam Selesai" htmlFor="sch-end" error={errors.end_time} required>
          <Input id="sch-end" type="time" aria-invalid={!!errors.end_time} {...register('end_time')} />
        </FormField>
        <FormField label="Durasi Slot (menit)" htmlFor="sch-slot" error={errors.slot_minutes} required>
          <Input
            id="sch-slot"
            type="number"
            min={5}
            max={240}
            aria-invalid={!!errors.slot_minutes}
            {...register('slot_minutes')}
          />
        </FormField>
        <FormField label="Kapasitas per Slot" htmlFor="sch-cap" error={errors.capacity} required>
          <Input
            id="sch-cap"
            type="number"
            min={1}
            max={50}
            aria-invalid={!!errors.capacity}
            {...register('capacity')}
          />
        </FormField>
        <div className="sm:col-span-2">
          <ErrorList items={serverErrors} />
        </div>
      </div>
    </FormDialog>
  );
}
