import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm } from 'react-hook-form';
import {
  DAY_OF_WEEK_LABEL,
  DEFAULT_SLOT_CAPACITY,
  DEFAULT_SLOT_MINUTES,
  doctorPracticeInput,
  doctorScheduleInput,
  formatDate,
  scheduleClosedInput,
  type DoctorPracticeInput,
  type DoctorScheduleInput,
  type ErrorItem,
  type ScheduleClosedInput,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { statusLabel } from '../../../lib/status';
import { resolverOver } from '../../../lib/resolver-over';
import { api, errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../components/OptionSelect';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { DateInput } from '../../../components/ui/date-input';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

interface Candidate {
  id: number;
  name: string;
  username: string;
  home_branch: string;
  practising: boolean;
}
interface Practice {
  id: number;
  doctor_id: number;
  doctor_name: string;
  doctor_username: string;
  home_branch: string;
  sip_number: string | null;
  specialization: string | null;
  status: number;
}
interface Schedule {
  id: number;
  doctor_id: number;
  doctor_name: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  slot_minutes: number;
  capacity: number;
  status: number;
}

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

function PracticeDialog({ edit, open, onClose }: { edit: Practice | null; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const add = useMutation({ ...trpc.doctors.addPractice.mutationOptions(), meta: { inlineErrors: true } });
  const upd = useMutation({ ...trpc.doctors.updatePractice.mutationOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<PracticeValues, unknown, DoctorPracticeInput>({
    resolver: practiceResolver,
    defaultValues: practiceValues(edit),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    setServerErrors([]);
    reset(practiceValues(edit));
  }, [edit, open, reset]);
  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Praktik dokter tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
  return (
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{edit ? 'Ubah Praktik Dokter' : 'Tambah Dokter'}</DialogTitle>
          </DialogHeader>
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
          <FormDialogFooter busy={add.isPending || upd.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

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

function ScheduleDialog({
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
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<ScheduleValues, unknown, DoctorScheduleInput>({
    resolver: scheduleResolver,
    defaultValues: scheduleValues(edit),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    setServerErrors([]);
    reset(scheduleValues(edit));
  }, [edit, open, reset]);
  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      if (edit) await upd.mutateAsync({ id: edit.id, data });
      else await add.mutateAsync(data);
      toast.success('Jadwal tersimpan');
      await qc.invalidateQueries({ queryKey: trpc.doctors.pathKey() });
      onClose();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
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
    <Dialog open={open} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{edit ? 'Ubah Jadwal Praktik' : 'Tambah Jadwal Praktik'}</DialogTitle>
          </DialogHeader>
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
          <FormDialogFooter busy={add.isPending || upd.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

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

function ClosedTab({ doctors }: { doctors: Practice[] }) {
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

/** 'Master Dokter' (/service/master/doctor): doctors practising here, their weekly schedules and closed dates. */
export default function DoctorMasterPage() {
  const trpc = useTRPC();
  const [keyword, setKeyword] = React.useState('');
  const [page, setPage] = React.useState(1);
  const [limit, setLimit] = React.useState(20);
  const practices = useQuery({
    ...trpc.doctors.practices.queryOptions({ keyword: keyword.trim() || undefined, page, limit }),
    meta: { inlineErrors: true },
  });
  const all = useQuery(trpc.doctors.practices.queryOptions({ page: 1, limit: 500 }));
  const schedules = useQuery({ ...trpc.doctors.schedules.queryOptions({}), meta: { inlineErrors: true } });
  const [practiceDialog, setPracticeDialog] = React.useState<{ edit: Practice | null } | null>(null);
  const [scheduleDialog, setScheduleDialog] = React.useState<{ edit: Schedule | null } | null>(null);
  const doctors = (all.data?.data ?? []) as Practice[];

  const pcols: Column<Practice>[] = [
    {
      key: 'name',
      header: 'Dokter',
      cell: (p) => (
        <div>
          <p>{p.doctor_name}</p>
          <p className="text-xs text-muted-foreground">
            {p.doctor_username} · {p.home_branch}
          </p>
        </div>
      ),
    },
    { key: 'sip', header: 'No SIP', cell: (p) => p.sip_number ?? '-' },
    { key: 'spec', header: 'Spesialisasi', cell: (p) => p.specialization ?? '-' },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => <Badge variant={p.status === 1 ? 'success' : 'secondary'}>{statusLabel(p.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (p) => (
        <Button size="sm" variant="outline" onClick={() => setPracticeDialog({ edit: p })}>
          Ubah
        </Button>
      ),
    },
  ];
  const scols: Column<Schedule>[] = [
    { key: 'doctor', header: 'Dokter', cell: (s) => s.doctor_name },
    { key: 'day', header: 'Hari', cell: (s) => DAY_OF_WEEK_LABEL[s.day_of_week] },
    { key: 'time', header: 'Jam', cell: (s) => `${s.start_time.slice(0, 5)}-${s.end_time.slice(0, 5)}` },
    { key: 'slot', header: 'Slot', cell: (s) => `${s.slot_minutes} menit` },
    { key: 'cap', header: 'Kapasitas', cell: (s) => `${s.capacity} per slot` },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => <Badge variant={s.status === 1 ? 'success' : 'secondary'}>{statusLabel(s.status)}</Badge>,
    },
    {
      key: 'actions',
      header: '',
      cell: (s) => (
        <Button size="sm" variant="outline" onClick={() => setScheduleDialog({ edit: s })}>
          Ubah
        </Button>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Master Dokter"
        description="Dokter yang praktik di cabang ini, jadwal praktik mingguan dan tanggal libur."
      />
      <Tabs defaultValue="dokter">
        <TabsList>
          <TabsTrigger value="dokter">Dokter</TabsTrigger>
          <TabsTrigger value="jadwal">Jadwal Praktik</TabsTrigger>
          <TabsTrigger value="libur">Tanggal Libur</TabsTrigger>
        </TabsList>
        <TabsContent value="dokter" className="grid gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <FormField label="Cari" htmlFor="doctor-keyword" className="min-w-64">
              <Input
                id="doctor-keyword"
                value={keyword}
                onChange={(e) => {
                  setKeyword(e.target.value);
                  setPage(1);
                }}
                placeholder="Nama atau username"
              />
            </FormField>
            <Button onClick={() => setPracticeDialog({ edit: null })}>Tambah Dokter</Button>
          </div>
          {practices.error ? <ErrorList items={errorItems(practices.error)} /> : null}
          <DataTable
            columns={pcols}
            rows={practices.data?.data}
            rowKey={(p) => p.id}
            loading={practices.isPending}
            pagination={{
              page,
              pageSize: limit,
              total: practices.data?.count ?? 0,
              onPageChange: setPage,
              onPageSizeChange: setLimit,
            }}
          />
        </TabsContent>
        <TabsContent value="jadwal" className="grid gap-3">
          <div>
            <Button onClick={() => setScheduleDialog({ edit: null })} disabled={!doctors.length}>
              Tambah Jadwal
            </Button>
          </div>
          {schedules.error ? <ErrorList items={errorItems(schedules.error)} /> : null}
          <DataTable columns={scols} rows={schedules.data} rowKey={(s) => s.id} loading={schedules.isPending} />
        </TabsContent>
        <TabsContent value="libur">
          <ClosedTab doctors={doctors} />
        </TabsContent>
      </Tabs>
      <PracticeDialog
        open={practiceDialog !== null}
        edit={practiceDialog?.edit ?? null}
        onClose={() => setPracticeDialog(null)}
      />
      <ScheduleDialog
        open={scheduleDialog !== null}
        edit={scheduleDialog?.edit ?? null}
        doctors={doctors}
        onClose={() => setScheduleDialog(null)}
      />
    </div>
  );
}
