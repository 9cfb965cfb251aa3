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

interface Values {
  name: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  timezone: string;
  status: string;
}

const toValues = (b: BranchDto | null): Values => ({
  name: b?.name ?? '',
  address: b?.address ?? '',
  city: b?.city ?? '',
  phone: b?.phone ?? '',
  email: b?.email ?? '',
  timezone: b?.timezone ?? 'Asia/Jakarta',
  status: String(b?.status ?? 1),
});

/** Create (branch = null) or edit a branch: name, address, city, phone, email, time zone. */
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
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;

  React.useEffect(() => {
    if (open) {
      reset(toValues(branch));
      setServerErrors([]);
    }
  }, [open, branch, reset]);

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
