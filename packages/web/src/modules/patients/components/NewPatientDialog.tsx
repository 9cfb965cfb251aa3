import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { GENDER_LABELS, newPatientInput, type ErrorItem, type NewPatientInput, type UserDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import {
  compactPatientPayload,
  EMPTY_PATIENT,
  nikBirthWarning,
  valuesForValidation,
  WALI_FIELDS,
  type NewPatientValues,
  type PatientField,
} from '../lib';

const schemaResolver = zodResolver(newPatientInput as never) as unknown as Resolver<
  Record<string, unknown>,
  unknown,
  NewPatientInput
>;

/** zodResolver(newPatientInput) on what the form shows: the guardian's fields only while 'Data Wali' is on. */
const patientResolver: Resolver<NewPatientValues, unknown, NewPatientInput> = (values, context, options) =>
  schemaResolver(valuesForValidation(values), context, options as never);

/**
 * 'Pasien Baru' (spec 3 "New patient payload"): the patient, and a guardian behind the 'Data Wali' switch.
 * A NIK whose date part disagrees with the birth date is only a warning. Server errors go under their fields
 * or into the list above the buttons; on success the dialog closes and the caller shows the success dialog.
 */
export function NewPatientDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (u: UserDto) => void;
}) {
  const trpc = useTRPC();
  const mutation = useMutation({ ...trpc.users.createPatient.mutationOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<NewPatientValues, unknown, NewPatientInput>({
    resolver: patientResolver,
    defaultValues: EMPTY_PATIENT,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, clearErrors, formState } = form;
  const errors = formState.errors;
  const [idcard, birthDate, gender, withWali] = useWatch({
    control,
    name: ['idcard', 'birth_date', 'gender', 'withWali'],
  });
  const nikWarning = nikBirthWarning(idcard, birthDate, gender);

  React.useEffect(() => {
    if (open) {
      reset(EMPTY_PATIENT);
      setServerErrors([]);
    }
  }, [open, reset]);

  const submit = handleSubmit(async (parsed) => {
    setServerErrors([]);
    try {
      const created = await mutation.mutateAsync(compactPatientPayload(parsed));
      onOpenChange(false);
      onCreated(created);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  const id = (k: PatientField) => `np-${k}`;
  const describedBy = (k: PatientField) => (errors[k] ? `${id(k)}-error` : undefined);
  const text = (
    k: PatientField,
    label: string,
    opts: {
      type?: string;
      required?: boolean;
      inputMode?: 'numeric' | 'tel' | 'email';
      placeholder?: string;
      autoComplete?: string;
    } = {},
  ) => (
    <FormField label={label} htmlFor={id(k)} error={errors[k]} required={opts.required}>
      <Input
        id={id(k)}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        autoComplete={opts.autoComplete ?? 'off'}
        aria-invalid={!!errors[k]}
        aria-describedby={describedBy(k)}
        {...register(k)}
      />
    </FormField>
  );
  const area = (k: PatientField, label: string) => (
    <FormField label={label} htmlFor={id(k)} error={errors[k]} className="sm:col-span-2">
      <Textarea id={id(k)} rows={2} aria-invalid={!!errors[k]} aria-describedby={describedBy(k)} {...register(k)} />
    </FormField>
  );
  const genderSelect = (k: 'gender' | 'wali_gender', label: string, required?: boolean) => (
    <FormField label={label} htmlFor={id(k)} error={errors[k]} required={required}>
      <Controller
        control={control}
        name={k}
        render={({ field }) => (
          <Select value={field.value || undefined} onValueChange={(v) => field.onChange(v)}>
            <SelectTrigger
              id={id(k)}
              className="w-full"
              aria-invalid={!!errors[k]}
              aria-describedby={describedBy(k)}
              onBlur={field.onBlur}
            >
              <SelectValue placeholder="Pilih jenis kelamin" />
            </SelectTrigger>
            <SelectContent>
              {GENDER_LABELS.map((g, i) => (
                <SelectItem key={g} value={String(i)}>
                  {g}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-3xl" data-testid="new-patient-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Pasien Baru</DialogTitle>
            <DialogDescription>NO RM. dibuat otomatis saat data disimpan.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {text('name', 'Nama Lengkap', { required: true, autoComplete: 'off' })}
            {genderSelect('gender', 'Jenis Kelamin', true)}
            <FormField label="NIK" htmlFor={id('idcard')} error={errors.idcard}>
              <Input
                id={id('idcard')}
                inputMode="numeric"
                maxLength={16}
                placeholder="16 digit"
                autoComplete="off"
                aria-invalid={!!errors.idcard}
                aria-describedby={errors.idcard ? `${id('idcard')}-error` : nikWarning ? 'np-nik-warning' : undefined}
                {...register('idcard')}
              />
              {nikWarning && !errors.idcard ? (
                <p
                  id="np-nik-warning"
                  role="status"
                  data-testid="nik-warning"
                  className="flex items-start gap-1 text-xs font-medium text-amber-700 dark:text-amber-400"
                >
                  <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
                  {nikWarning}
                </p>
              ) : null}
            </FormField>
            {text('birth_place', 'Tempat Lahir')}
            {text('birth_date', 'Tanggal Lahir', { type: 'date' })}
            {text('phone', 'Telepon', { type: 'tel', inputMode: 'tel', placeholder: '08xxxxxxxxxx' })}
            {text('email', 'Email', { type: 'email', inputMode: 'email' })}
            {text('instagram', 'Instagram', { placeholder: '@username' })}
            {area('address', 'Alamat')}
          </div>

          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium">
            <Controller
              control={control}
              name="withWali"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    if (!on) clearErrors([...WALI_FIELDS]);
                  }}
                  aria-label="Data Wali"
                  data-testid="wali-switch"
                />
              )}
            />
            Data Wali
          </label>
          {withWali ? (
            <fieldset className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2" data-testid="wali-fields">
              <legend className="px-1 text-sm font-semibold">Data Wali</legend>
              {text('wali_name', 'Nama Wali')}
              {text('wali_idcard', 'NIK Wali', { inputMode: 'numeric', placeholder: '16 digit' })}
              {genderSelect('wali_gender', 'Jenis Kelamin Wali')}
              {text('wali_phone', 'Telepon Wali', { type: 'tel', inputMode: 'tel', placeholder: '08xxxxxxxxxx' })}
              {text('wali_email', 'Email Wali', { type: 'email', inputMode: 'email' })}
              {area('wali_address', 'Alamat Wali')}
            </fieldset>
          ) : null}

          <ErrorList items={serverErrors} />
          <FormDialogFooter
            busy={mutation.isPending}
            onCancel={() => onOpenChange(false)}
            submitTestId="new-patient-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
