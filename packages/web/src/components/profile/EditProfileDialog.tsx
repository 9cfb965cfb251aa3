import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import {
  GENDER_LABELS,
  MARITAL_LABELS,
  PROFILE_FIELD_KEYS,
  userUpdateInput,
  type ErrorItem,
  type UserDto,
  type UserUpdateInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../lib/trpc';
import { FormDialogFooter } from '../FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { ErrorList } from '../ui/error-list';
import { applyServerErrors, FormField } from '../ui/form';
import { Input } from '../ui/input';
import { IndexSelect } from '../IndexSelect';
import { Separator } from '../ui/separator';
import { Textarea } from '../ui/textarea';
import { emptyAsAbsentResolver } from '../empty-as-absent';
import { WilayahFields } from './WilayahFields';

type FieldName = (typeof PROFILE_FIELD_KEYS)[number];
/** Every field as the inputs hold it: text ('' = empty); gender and marital as '0'/'1'. */
export type ProfileFormValues = Record<FieldName, string>;

function toFormValues(u: UserDto): ProfileFormValues {
  const out = {} as ProfileFormValues;
  for (const f of PROFILE_FIELD_KEYS) {
    const v = (u as unknown as Record<string, unknown>)[f];
    out[f] = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  }
  return out;
}

/** Empty text clears the field (null); absent codes stay unchanged. */
function toPayload(data: UserUpdateInput, isPatient: boolean): UserUpdateInput {
  const out: Record<string, unknown> & UserUpdateInput = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === 'note' && !isPatient) continue;
    out[k] = v === '' ? null : v;
  }
  return out;
}

/** An unchosen gender/marital select is '' in the form and must reach the schema as absent. */
const profileResolver = emptyAsAbsentResolver<ProfileFormValues, UserUpdateInput>(userUpdateInput, [
  'gender',
  'marital',
  'wali_gender',
]);

export interface EditProfileDialogProps {
  user: UserDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (user: UserDto) => void;
}

/** Every editable field of spec 3 for a user or patient, validated with the shared schema. */
export function EditProfileDialog({ user, open, onOpenChange, onSaved }: EditProfileDialogProps) {
  const trpc = useTRPC();
  const isPatient = user.role === 1;
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const mutation = useMutation({ ...trpc.users.update.mutationOptions(), meta: { inlineErrors: true } });
  const form = useForm<ProfileFormValues, unknown, UserUpdateInput>({
    resolver: profileResolver,
    defaultValues: toFormValues(user),
    mode: 'onTouched',
  });
  const { register, handleSubmit, control, formState, reset, watch, setValue } = form;
  const errors = formState.errors;

  React.useEffect(() => {
    if (open) {
      reset(toFormValues(user));
      setServerErrors([]);
    }
  }, [open, user, reset]);

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      const saved = await mutation.mutateAsync({ id: user.id, data: toPayload(data, isPatient) });
      onOpenChange(false);
      onSaved(saved);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  const text = (
    name: FieldName,
    label: string,
    opts: {
      type?: string;
      required?: boolean;
      placeholder?: string;
      className?: string;
      inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
    } = {},
  ) => (
    <FormField
      label={label}
      htmlFor={`pf-${name}`}
      error={errors[name]}
      required={opts.required}
      className={opts.className}
    >
      <Input
        id={`pf-${name}`}
        type={opts.type ?? 'text'}
        placeholder={opts.placeholder}
        inputMode={opts.inputMode}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `pf-${name}-error` : undefined}
        {...register(name)}
      />
    </FormField>
  );

  const choice = (name: FieldName, label: string, labels: readonly string[]) => (
    <FormField label={label} htmlFor={`pf-${name}`} error={errors[name]}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <IndexSelect
            id={`pf-${name}`}
            value={field.value}
            onValueChange={field.onChange}
            labels={labels}
            invalid={!!errors[name]}
          />
        )}
      />
    </FormField>
  );

  const wilayah = watch(['provincy', 'city', 'kecamatan', 'desa']);

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-3xl" data-testid="edit-profile-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Profil</DialogTitle>
            <DialogDescription>
              {isPatient ? `Data pasien ${user.username}` : `Data pengguna ${user.username}`}
            </DialogDescription>
          </DialogHeader>

          <Section title="Identitas">
            {text('name', 'Nama Lengkap', { required: true })}
            {text('medisname', 'Nama Medis')}
            {choice('gender', 'Jenis Kelamin', GENDER_LABELS)}
            {choice('marital', 'Status Pernikahan', MARITAL_LABELS)}
            {text('birth_place', 'Tempat Lahir')}
            {text('birth_date', 'Tanggal Lahir', { type: 'date' })}
            {text('join_at', isPatient ? 'Tanggal Daftar' : 'Tanggal Bergabung', { type: 'date' })}
          </Section>

          <Section title="Nomor Identitas">
            {text('idcard', 'NIK', { inputMode: 'numeric', placeholder: '16 digit' })}
            {text('ihs_number', 'Nomor IHS (SATUSEHAT)')}
            {isPatient ? null : text('attendance_code', 'Kode Absensi')}
          </Section>

          <Section title="Kontak">
            {text('phone', 'No. Telepon / WhatsApp', { type: 'tel', placeholder: '081234567890' })}
            {text('email', 'Email', { type: 'email' })}
            {text('instagram', 'Instagram', { placeholder: '@username' })}
          </Section>

          <Section title="Alamat">
            <FormField label="Alamat" htmlFor="pf-address" error={errors.address} className="sm:col-span-2">
              <Textarea id="pf-address" rows={2} aria-invalid={!!errors.address} {...register('address')} />
            </FormField>
            <WilayahFields
              key={open ? 'open' : 'closed'}
              value={{ provincy: wilayah[0], city: wilayah[1], kecamatan: wilayah[2], desa: wilayah[3] }}
              onChange={(v) => {
                setValue('provincy', v.provincy, { shouldDirty: true });
                setValue('city', v.city, { shouldDirty: true });
                setValue('kecamatan', v.kecamatan, { shouldDirty: true });
                setValue('desa', v.desa, { shouldDirty: true });
              }}
              errors={{
                provincy: errors.provincy?.message,
                city: errors.city?.message,
                kecamatan: errors.kecamatan?.message,
                desa: errors.desa?.message,
              }}
            />
            {text('postalcode', 'Kode Pos', { inputMode: 'numeric' })}
          </Section>

          <Section title="Wali">
            {text('wali_name', 'Nama Wali')}
            {text('wali_idcard', 'NIK Wali', { inputMode: 'numeric' })}
            {choice('wali_gender', 'Jenis Kelamin Wali', GENDER_LABELS)}
            {text('wali_phone', 'Telepon Wali', { type: 'tel' })}
            {text('wali_email', 'Email Wali', { type: 'email' })}
            <FormField
              label="Alamat Wali"
              htmlFor="pf-wali_address"
              error={errors.wali_address}
              className="sm:col-span-2"
            >
              <Textarea id="pf-wali_address" rows={2} {...register('wali_address')} />
            </FormField>
          </Section>

          {isPatient ? (
            <Section title="Catatan Pasien">
              <FormField label="Catatan" htmlFor="pf-note" error={errors.note} className="sm:col-span-2">
                <Textarea id="pf-note" rows={3} {...register('note')} />
              </FormField>
            </Section>
          ) : null}

          <ErrorList items={serverErrors} />
          {Object.keys(errors).length > 0 ? (
            <p className="text-sm text-destructive">Periksa kembali isian yang ditandai.</p>
          ) : null}

          <FormDialogFooter busy={mutation.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 w-full text-sm font-semibold text-muted-foreground">
        {title}
        <Separator className="mt-1" />
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
