import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm } from 'react-hook-form';
import { formatDate, scheduleClosedInput, type ErrorItem, type ScheduleClosedInput } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { resolverOver } from '../../../lib/resolver-over';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { Practice } from './types';

interface ClosedValues {
  /** 'all' = the whole branch is closed. */
  doctor_id: string;
  date: string;
  reason: string;
}

/** The shared `scheduleClosedInput` over the form's text. */
const closedResolver = resolverOver<ClosedValues, unknown, ScheduleClosedInput>(scheduleClosedInput, (v) => ({
  doctor_id: v.doctor_id === 'all' ? undefined : v.doctor_id,
  date: v.date,
  reason: v.reason || null,
}));

export function ClosedTab({ doctors }: { doctors: Practice[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const q = useQuery({ ...trpc.doctors.closed.queryOptions(), meta: { inlineErrors: true } });
  const add = useMutation({ ...trpc.doctors.addClosed.mutationOptions(), meta: { inlineErrors: true } });
  const del = useMutation(trpc.doctors.removeClosed.mutationOptions());
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<ClosedValues, unknown, ScheduleClosedInput>({
    resolver: closedResolver,
    defaultValues: { doctor_id: 'all', date: '', reason: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, getValues, formState } = form;
  const errors = formState.errors;
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      await add.mutateAsync(data);
      toast.success('Tanggal libur tersimpan');
      reset({ doctor_id: getValues('doctor_id'), date: '', reason: '' });
      await refresh();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
  type Row = NonNullable<typeof q.data>[number];
  const columns: Column<Row>[] = [
    { key: 'date', header: 'Tanggal', cell: (r) => formatDate(r.date) },
    { key: 'doctor', header: 'Dokter', cell: (r) => r.doctor_name ?? 'Seluruh klinik' },
    { key: 'reason', header: 'Alasan', cell: (r) => r.reason ?? '-' },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <Button size="sm" variant="outline" onClick={() => void del.mutateAsync({ id: r.id }).then(refresh)}>
          Hapus
        </Button>
      ),
    },
  ];
  return (
    <div className="grid gap-3">
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-4"
      >
        <FormField label="Dokter" htmlFor="closed-doctor" error={errors.doctor_id}>
          <Controller
            control={control}
            name="doctor_id"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id="closed-doctor">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="all">Seluruh klinik tutup</SelectItem>
                  {doctors.map((d) => (
                    <SelectItem key={d.doctor_id} value={String(d.doctor_id)}>
                      {d.doctor_name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField label="Tanggal" htmlFor="closed-date" error={errors.date} required>
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <DateInput
                id="closed-date"
                value={field.value}
                min={today}
                onChange={field.onChange}
                aria-invalid={!!errors.date}
              />
            )}
          />
        </FormField>
        <FormField label="Alasan" htmlFor="closed-reason" error={errors.reason}>
          <Input id="closed-reason" maxLength={200} aria-invalid={!!errors.reason} {...register('reason')} />
        </FormField>
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            Tambah Libur
          </Button>
        </div>
      </form>
      <ErrorList items={serverErrors} />
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable columns={columns} rows={q.data} rowKey={(r) => r.id} loading={q.isPending} />
    </div>
  );
}
