import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller } from 'react-hook-form';
import { doctorPracticeInput, type DoctorPracticeInput } from '@klinik/shared';
import { resolverOver } from '../../../lib/resolver-over';
import { useEditDialogForm } from '../../../lib/use-edit-dialog-form';
import { api, useTRPC } from '../../../lib/trpc';
import { FormDialog } from '../../../components/FormDialog';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../components/OptionSelect';
import { Combobox } from '../../../components/ui/combobox';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import type { Candidate, Practice } from './types';

interface PracticeValues {
  doctor_id: Candidate | null;
  sip_number: string;
  specialization: string;
  status: string;
}

/** The shared `doctorPracticeInput` over the picked doctor and the texts (what the dialog has always sent). */
const practiceResolver = resolverOver<PracticeValues, unknown, DoctorPracticeInput>(doctorPracticeInput, (v) => ({
  doctor_id: v.doctor_id?.id,
  sip_number: v.sip_number || null,
  specialization: v.specialization || null,
  status: Number(v.status),
}));

const practiceValues = (edit: Practice | null): PracticeValues => ({
  doctor_id: edit
    ? {
        id: edit.doctor_id,
        name: edit.doctor_name,
        username: edit.doctor_username,
        home_branch: edit.home_branch,
        practising: true,
      }
    : null,
  sip_number: edit?.sip_number ?? '',
  specialization: edit?.specialization ?? '',
  status: String(edit?.status ?? 1),
});

export function PracticeDialog({ edit, open, onClose }: { edit: Practice | null; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const add = useMutation({ ...trpc.doctors.addPractice.mutationOptions(), meta: { inlineErrors: true } });
  const upd = useMutation({ ...trpc.doctors.updatePractice.mutationOptions(), meta: { inlineErrors: true } });
  const { form, serverErrors, submit } = useEditDialogForm({
    resolver: practiceResolver,
    valuesOf: practiceValues,
    edit,
    open,
    save: async (data) => {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Praktik dokter tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    },
  });
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={edit ? 'Ubah Praktik Dokter' : 'Tambah Dokter'}
      submit={submit}
      busy={add.isPending || upd.isPending}
    >
      <div className="grid gap-3">
        <FormField label="Dokter" htmlFor="practice-doctor" error={errors.doctor_id?.message} required>
          <Controller
            control={control}
            name="doctor_id"
            render={({ field }) => (
              <Combobox<Candidate>
                id="practice-doctor"
                invalid={!!errors.doctor_id}
                queryKey={['doctors', 'candidates']}
                search={async (text, signal) =>
                  (
                    await api.get<{ data: Candidate[] }>('/api/service/doctor/candidates', {
                      query: { keyword: text },
                      signal,
                    })
                  ).data
                }
                value={field.value}
                onChange={field.onChange}
                getKey={(d) => d.id}
                getLabel={(d) => `${d.name} (${d.home_branch})`}
                disabled={!!edit}
                placeholder="Cari akun dokter semua cabang"
              />
            )}
          />
        </FormField>
        <FormField label="No SIP" htmlFor="practice-sip" error={errors.sip_number}>
          <Input id="practice-sip" maxLength={60} aria-invalid={!!errors.sip_number} {...register('sip_number')} />
        </FormField>
        <FormField label="Spesialisasi" htmlFor="practice-spec" error={errors.specialization}>
          <Input
            id="practice-spec"
            maxLength={100}
            aria-invalid={!!errors.specialization}
            {...register('specialization')}
          />
        </FormField>
        <FormField label="Status" htmlFor="practice-status" error={errors.status}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <OptionSelect
                id="practice-status"
                value={field.value}
                onValueChange={field.onChange}
                options={ACTIVE_STATUS_OPTIONS}
              />
            )}
          />
        </FormField>
        <ErrorList items={serverErrors} />
      </div>
    </FormDialog>
  );
}
