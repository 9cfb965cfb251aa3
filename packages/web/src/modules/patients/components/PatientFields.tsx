import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { GENDER_LABELS, newPatientInput, type NewPatientInput } from '@klinik/shared';
import { cn } from '../../../lib/utils';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { useBranchToday } from '../../../lib/branch-today';
import {
  EMPTY_PATIENT,
  guardianHint,
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

/** zodResolver(newPatientInput) on what the form shows: the guardian's fields only while the switch is on. */
const patientResolver: Resolver<NewPatientValues, unknown, NewPatientInput> = (values, context, options) =>
  schemaResolver(valuesForValidation(values), context, options as never);

export type PatientForm = UseFormReturn<NewPatientValues, unknown, NewPatientInput>;

/** The 'Pasien Baru' form state on the shared schema (spec 3 "New patient payload"), for `PatientFields`. */
export function usePatientForm(): PatientForm {
  return useForm<NewPatientValues, unknown, NewPatientInput>({
    resolver: patientResolver,
    defaultValues: EMPTY_PATIENT,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The 'Pasien Baru' fields, one component for the patient list's dialog and the package wizard's first step
 * (issue 9 item 5): the patient, a NIK/birth-date warning (only a warning: a NIK is permanent), and the guardian
 * behind a switch. Field ids are `np-<field>`; errors show under their field (`np-<field>-error`).
 */
export function PatientFields({
  form,
  wide,
  waliLabel = 'Data Wali',
}: {
  form: PatientForm;
  /** Three columns on large screens (the full-screen wizard); two otherwise. */
  wide?: boolean;
  /** The switch's label: 'Data Wali' in the patient list, 'Dengan Wali' in the wizard (kept as they were). */
  waliLabel?: string;
}) {
  const { register, control, clearErrors, formState } = form;
  const errors = formState.errors;
  const [idcard, birthDate, gender, withWali] = useWatch({
    control,
    name: ['idcard', 'birth_date', 'gender', 'withWali'],
  });
  const nikWarning = nikBirthWarning(idcard, birthDate, gender);
  const today = useBranchToday();
  const waliHint = guardianHint(birthDate, today, withWali);
  const grid = wide ? 'md:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2';

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
    } = {},
  ) => (
    <FormField label={label} htmlFor={id(k)} error={errors[k]} required={opts.required}>
      <Input
        id={id(k)}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        autoComplete="off"
        aria-invalid={!!errors[k]}
        aria-describedby={describedBy(k)}
        {...register(k)}
      />
    </FormField>
  );
  const area = (k: PatientField, label: string) => (
    <FormField label={label} htmlFor={id(k)} error={errors[k]} className={wide ? undefined : 'sm:col-span-2'}>
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
    <>
      <div className={cn('grid gap-3', grid)}>
        {text('name', 'Nama Lengkap', { required: true })}
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
              aria-label={waliLabel}
              data-testid="wali-switch"
            />
          )}
        />
        {waliLabel}
      </label>
      {waliHint ? (
        <p
          role="status"
          data-testid="wali-hint"
          className="-mt-2 flex items-start gap-1 text-xs font-medium text-amber-700 dark:text-amber-400"
        >
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
          {waliHint}
        </p>
      ) : null}
      {withWali ? (
        <fieldset className={cn('grid gap-3 rounded-lg border p-3', grid)} data-testid="wali-fields">
          <legend className="px-1 text-sm font-semibold">Data Wali</legend>
          {text('wali_name', 'Nama Wali', { required: true })}
          {text('wali_idcard', 'NIK Wali', { inputMode: 'numeric', placeholder: '16 digit' })}
          {genderSelect('wali_gender', 'Jenis Kelamin Wali')}
          {text('wali_phone', 'Telepon Wali', { type: 'tel', inputMode: 'tel', placeholder: '08xxxxxxxxxx' })}
          {text('wali_email', 'Email Wali', { type: 'email', inputMode: 'email' })}
          {area('wali_address', 'Alamat Wali')}
        </fieldset>
      ) : null}
    </>
  );
}
