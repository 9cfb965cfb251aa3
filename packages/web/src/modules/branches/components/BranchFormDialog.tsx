import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useUnsavedChanges } from '../../../components/UnsavedChanges';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRANCH_TIME_ZONES,
  branchInput,
  TIME_ZONE_LABELS,
  type BranchDto,
  type BranchInput,
  type ErrorItem,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { WilayahFields, type WilayahCodes, type WilayahValue } from '../../../components/profile/WilayahFields';

interface Values {
  name: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  timezone: string;
  status: string;
  provincy_code: string;
  city_code: string;
  kecamatan_code: string;
  desa_code: string;
}

const CODE_FIELDS = ['provincy_code', 'city_code', 'kecamatan_code', 'desa_code'] as const;

const toValues = (b: BranchDto | null): Values => ({
  name: b?.name ?? '',
  address: b?.address ?? '',
  city: b?.city ?? '',
  phone: b?.phone ?? '',
  email: b?.email ?? '',
  timezone: b?.timezone ?? 'Asia/Jakarta',
  status: String(b?.status ?? 1),
  provincy_code: b?.provincy_code ?? '',
  city_code: b?.city_code ?? '',
  kecamatan_code: b?.kecamatan_code ?? '',
  desa_code: b?.desa_code ?? '',
});

const namesOf = (b: BranchDto | null): WilayahValue => ({
  provincy: b?.area.provincy ?? '',
  city: b?.area.city ?? '',
  kecamatan: b?.area.kecamatan ?? '',
  desa: b?.area.desa ?? '',
});

/** Create (branch = null) or edit a branch: name, address, city, area codes (province to village), phone, email, time zone. */
export function BranchFormDialog({
  branch,
  open,
  onOpenChange,
  onSaved,
}: {
  branch: BranchDto | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const create = useMutation({ ...trpc.branches.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.branches.update.mutationOptions(), meta: { inlineErrors: true } });
  const busy = create.isPending || update.isPending;
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, BranchInput>({
    resolver: zodResolver(branchInput) as never,
    defaultValues: toValues(branch),
    mode: 'onTouched',
  });
  useUnsavedChanges(open && form.formState.isDirty);
  const { register, control, handleSubmit, reset, setValue, formState } = form;
  const errors = formState.errors;
  const [areaNames, setAreaNames] = React.useState<WilayahValue>(namesOf(branch));

  React.useEffect(() => {
    if (open) {
      reset(toValues(branch));
      setAreaNames(namesOf(branch));
      setServerErrors([]);
    }
  }, [open, branch, reset]);

  const chooseArea = (names: WilayahValue, codes: WilayahCodes) => {
    setAreaNames(names);
    CODE_FIELDS.forEach((f, i) => setValue(f, codes[i] ?? '', { shouldDirty: true, shouldValidate: true }));
  };

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    const payload = { ...data, address: data.address || null, city: data.city || null };
    try {
      if (branch) await update.mutateAsync({ id: branch.id, data: payload });
      else await create.mutateAsync(payload);
      onOpenChange(false);
      onSaved();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  const text = (name: keyof Values, label: string, type = 'text', required = false) => (
    <FormField label={label} htmlFor={`br-${name}`} error={errors[name]} required={required}>
      <Input id={`br-${name}`} type={type} aria-invalid={!!errors[name]} {...register(name)} />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-xl" data-testid="branch-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{branch ? 'Edit Cabang' : 'Tambah Cabang'}</DialogTitle>
            <DialogDescription>{branch ? branch.name : 'Cabang baru langsung aktif.'}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {text('name', 'Nama Cabang', 'text', true)}
            {text('city', 'Kota')}
            <FormField label="Alamat" htmlFor="br-address" error={errors.address} className="sm:col-span-2">
              <Textarea id="br-address" rows={2} {...register('address')} />
            </FormField>
            {text('phone', 'Telepon', 'tel')}
            {text('email', 'Email', 'email')}
            <WilayahFields
              key={`${open}-${branch?.id ?? 'new'}`}
              value={areaNames}
              onChange={chooseArea}
              initialCodes={
                branch
                  ? [branch.provincy_code, branch.city_code, branch.kecamatan_code, branch.desa_code]
                  : [null, null, null, null]
              }
              errors={{
                provincy: errors.provincy_code?.message,
                city: errors.city_code?.message,
                kecamatan: errors.kecamatan_code?.message,
                desa: errors.desa_code?.message,
              }}
            />
            <FormField label="Zona Waktu" htmlFor="br-timezone" error={errors.timezone}>
              <Controller
                control={control}
                name="timezone"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="br-timezone" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {BRANCH_TIME_ZONES.map((tz) => (
                        <SelectItem key={tz} value={tz}>
                          {TIME_ZONE_LABELS[tz]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
