import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import {
  employeeCreateInput,
  GENDER_LABELS,
  isTopLevel,
  ROLE_IDS,
  ROLE_LABELS,
  STAFF_ROLE_NAMES,
  type EmployeeCreateInput,
  type ErrorItem,
  type SessionUserDto,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { emptyAsAbsentResolver } from '../../../components/empty-as-absent';
import { BranchItems } from '../../../components/BranchItems';
import { IndexSelect } from '../../../components/IndexSelect';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useActiveBranches } from '../../../components/BranchFilter';

interface Values {
  name: string;
  username: string;
  role: string;
  profile_id: string;
  gender: string;
  phone: string;
  email: string;
  password: string;
  repeatpassword: string;
}

const EMPTY: Values = {
  name: '',
  username: '',
  role: '',
  profile_id: '',
  gender: '',
  phone: '',
  email: '',
  password: '',
  repeatpassword: '',
};

/** New employee account (/master/users): name, username, role, branch (top-level users only), password. */
export function CreateEmployeeDialog({
  me,
  open,
  onOpenChange,
  onCreated,
}: {
  me: SessionUserDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** `pendingMessage` is set when the new account waits for approval (it is inactive until then). */
  onCreated: (pendingMessage?: string) => void;
}) {
  const trpc = useTRPC();
  const top = isTopLevel(me);
  const branches = useActiveBranches(open && top);
  const mutation = useMutation({ ...trpc.users.createEmployee.mutationOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<Values, unknown, EmployeeCreateInput>({
    resolver: emptyAsAbsentResolver<Values, EmployeeCreateInput>(employeeCreateInput, ['gender', 'role', 'profile_id']),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;

  React.useEffect(() => {
    if (open) {
      reset({ ...EMPTY, profile_id: top ? String(me.profile_id) : '' });
      setServerErrors([]);
    }
  }, [open, reset, top, me.profile_id]);

  const roles = STAFF_ROLE_NAMES.filter((r) => r !== 'superadmin' || top || me.rolename === 'superadmin');

  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    const payload: EmployeeCreateInput = { ...data };
    for (const k of ['phone', 'email'] as const) if (payload[k] === '') delete payload[k];
    if (!top) delete payload.profile_id;
    try {
      const out = await mutation.mutateAsync(payload);
      onOpenChange(false);
      onCreated(out.pending ? out.message : undefined);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  const field = (name: keyof Values, label: string, type = 'text', required = false, autoComplete?: string) => (
    <FormField label={label} htmlFor={`emp-${name}`} error={errors[name]} required={required}>
      <Input
        id={`emp-${name}`}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={!!errors[name]}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !mutation.isPending && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="create-employee-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Tambah Pegawai</DialogTitle>
            <DialogDescription>
              Akun baru mendapat hak akses bawaan role-nya; ubah lewat &quot;Hak Akses&quot;.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('name', 'Nama Lengkap', 'text', true)}
            {field('username', 'Username', 'text', true, 'off')}
            <FormField label="Role" htmlFor="emp-role" error={errors.role} required>
              <Controller
                control={control}
                name="role"
                render={({ field: f }) => (
                  <Select value={f.value || undefined} onValueChange={f.onChange}>
                    <SelectTrigger id="emp-role" className="w-full" aria-invalid={!!errors.role}>
                      <SelectValue placeholder="Pilih role" />
                    </SelectTrigger>
                    <SelectContent>
                      {roles.map((r) => (
                        <SelectItem key={r} value={String(ROLE_IDS[r])}>
                          {ROLE_LABELS[r]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            {top ? (
              <FormField label="Cabang" htmlFor="emp-profile_id" error={errors.profile_id} required>
                <Controller
                  control={control}
                  name="profile_id"
                  render={({ field: f }) => (
                    <Select value={f.value || undefined} onValueChange={f.onChange}>
                      <SelectTrigger id="emp-profile_id" className="w-full">
                        <SelectValue placeholder="Pilih cabang" />
                      </SelectTrigger>
                      <SelectContent>
                        <BranchItems branches={branches.data} />
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            ) : null}
            <FormField label="Jenis Kelamin" htmlFor="emp-gender" error={errors.gender}>
              <Controller
                control={control}
                name="gender"
                render={({ field: f }) => (
                  <IndexSelect id="emp-gender" value={f.value} onValueChange={f.onChange} labels={GENDER_LABELS} />
                )}
              />
            </FormField>
            {field('phone', 'No. Telepon', 'tel')}
            {field('email', 'Email', 'email')}
            {field('password', 'Password', 'password', true, 'new-password')}
            {field('repeatpassword', 'Ulangi Password', 'password', true, 'new-password')}
          </div>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={mutation.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
