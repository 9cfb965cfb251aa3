import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  formatDate,
  RESERVATION_STATUS_LABEL,
  RESERVATION_STATUSES,
  reservationCancelInput,
  reservationMoveInput,
  reservationNoShowInput,
  type ErrorItem,
  type ReservationDto,
  type ReservationStatus,
  type ReservationUpdateInput,
} from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { resolverOver } from '../../../lib/resolver-over';
import { errorItems, useTRPC, useTRPCClient } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { DateInput } from '../../../components/ui/date-input';
import { Textarea } from '../../../components/ui/textarea';
import type { DoctorOption } from '../types';
import { DoctorPicker } from '../components/DoctorPicker';
import { Link } from 'react-router';
import { CalendarPlus } from 'lucide-react';
import { useSession } from '../../../lib/session';
import { canOpenPath } from '../../../app/guards';
import { SlotGrid } from '../components/SlotGrid';
import { usePaging } from '../../../lib/use-paging';
import { DateRangeFields, KeywordField } from '../../../components/FilterFields';
import { OptionSelect } from '../../../components/OptionSelect';

/** Where reservations are made: a doctor's free slot in 'Jadwal Registrasi'. */
const SCHEDULE_PATH = '/service/registration/schedule';

const VARIANT: Record<ReservationStatus, 'default' | 'success' | 'secondary' | 'warning'> = {
  booked: 'default',
  datang: 'success',
  batal: 'secondary',
  tidak_datang: 'warning',
};

type Action = { kind: 'batal' | 'tidak_datang' | 'pindah'; r: ReservationDto } | null;

type ActionKind = 'batal' | 'tidak_datang' | 'pindah';

interface ActionValues {
  reason: string;
  date: string;
  time: string;
}

/** The shared schema of each action (the members of `reservationUpdateInput`, the server's rules). */
const ACTION_SCHEMA = {
  batal: reservationCancelInput,
  tidak_datang: reservationNoShowInput,
  pindah: reservationMoveInput,
} as const;

/** The action's shared schema over what its form shows (the action is the form's context). */
const actionResolver: Resolver<ActionValues, ActionKind | undefined, ReservationUpdateInput> = (
  values,
  kind,
  options,
) => {
  const k = kind ?? 'tidak_datang';
  return resolverOver<ActionValues, ActionKind, ReservationUpdateInput>(ACTION_SCHEMA[k], (v) =>
    k === 'batal'
      ? { status: 'batal', reason: v.reason }
      : k === 'pindah'
        ? { date: v.date, time: v.time }
        : { status: k },
  )(values, kind, options);
};

function ActionDialog({ action, onClose }: { action: Action; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const m = useMutation({ ...trpc.reservations.update.mutationOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<ActionValues, ActionKind | undefined, ReservationUpdateInput>({
    resolver: actionResolver,
    context: action?.kind,
    defaultValues: { reason: '', date: today, time: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, reset, setValue, formState } = form;
  const errors = formState.errors;
  React.useEffect(() => {
    setServerErrors([]);
    reset({ reason: '', time: '', date: action?.r.date && action.r.date >= today ? action.r.date : today });
  }, [action, today, reset]);
  const [date, time] = useWatch({ control, name: ['date', 'time'] });
  if (!action) return null;
  const r = action.r;
  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      await m.mutateAsync({ id: r.id, data });
      toast.success('Reservasi diperbarui');
      await qc.invalidateQueries();
      onClose();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });
  const title =
    action.kind === 'batal'
      ? 'Batalkan Reservasi'
      : action.kind === 'tidak_datang'
        ? 'Tandai Tidak Datang'
        : 'Pindah Jadwal';
  return (
    <Dialog open onOpenChange={(o) => (!o && !m.isPending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl" data-testid="reservation-action">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {r.code} · {r.customer_name} · {r.doctor_name} · {formatDate(r.date)} {r.time}
            </DialogDescription>
          </DialogHeader>
          {action.kind === 'batal' ? (
            <FormField label="Alasan" htmlFor="cancel-reason" error={errors.reason} required>
              <Textarea id="cancel-reason" maxLength={500} aria-invalid={!!errors.reason} {...register('reason')} />
            </FormField>
          ) : null}
          {action.kind === 'pindah' ? (
            <div className="grid gap-3">
              <FormField label="Tanggal baru" htmlFor="move-date" error={errors.date} required>
                <Controller
                  control={control}
                  name="date"
                  render={({ field }) => (
                    <DateInput
                      id="move-date"
                      value={field.value}
                      min={today}
                      onChange={(d) => field.onChange(d || today)}
                      aria-invalid={!!errors.date}
                    />
                  )}
                />
              </FormField>
              <SlotGrid
                doctor={r.doctor}
                date={date}
                selected={time}
                onPick={(s) => setValue('time', s.time, { shouldValidate: formState.isSubmitted })}
              />
              {errors.time ? <p className="text-sm text-destructive">{errors.time.message}</p> : null}
            </div>
          ) : null}
          <ErrorList items={serverErrors} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={m.isPending}>
              Tutup
            </Button>
            <Button
              type="submit"
              disabled={m.isPending || (action.kind === 'pindah' && !time)}
              data-testid="reservation-action-submit"
            >
              Simpan
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function ReservasiPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const today = useBranchToday();
  const { page, size: limit, setPage, pagination } = usePaging();
  // A reservation is made on a doctor's free slot, so 'Buat Reservasi' opens the schedule (issue 26 item 7).
  const canBook = canOpenPath(useSession(), SCHEDULE_PATH);
  const [keyword, setKeyword] = React.useState('');
  const [from, setFrom] = React.useState('');
  const [to, setTo] = React.useState('');
  const [status, setStatus] = React.useState('all');
  const [doctor, setDoctor] = React.useState<DoctorOption | null>(null);
  const [action, setAction] = React.useState<Action>(null);
  const filter = {
    keyword: keyword.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
    status: status === 'all' ? undefined : (status as ReservationStatus),
    doctor: doctor?.id,
  };
  const q = useQuery({
    ...trpc.reservations.list.queryOptions({ ...filter, page, limit }),
    meta: { inlineErrors: true },
  });
  React.useEffect(() => setPage(1), [keyword, from, to, status, doctor, setPage]);

  const columns: Column<ReservationDto>[] = [
    { key: 'code', header: 'Kode', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
    { key: 'date', header: 'Jadwal', kind: 'date', cell: (r) => `${formatDate(r.date)} ${r.time}` },
    {
      key: 'customer',
      header: 'Pasien',
      primary: true,
      cell: (r) => (
        <div>
          <p>{r.customer_name}</p>
          <p className="text-xs text-muted-foreground">NO RM. {r.customer_username}</p>
        </div>
      ),
    },
    { key: 'doctor', header: 'Dokter', cell: (r) => r.doctor_name },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <div>
          <Badge variant={VARIANT[r.status]}>{RESERVATION_STATUS_LABEL[r.status]}</Badge>
          {r.cancel_reason ? <p className="text-xs text-muted-foreground">{r.cancel_reason}</p> : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        r.status === 'booked' ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'pindah', r })}>
              Pindah
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'batal', r })}>
              Batal
            </Button>
            {r.date <= today ? (
              <Button size="sm" variant="outline" onClick={() => setAction({ kind: 'tidak_datang', r })}>
                Tidak Datang
              </Button>
            ) : null}
          </div>
        ) : null,
    },
  ];

  const exportAll = async () => {
    const res = await client.reservations.list.query({ ...filter, page: 1, limit: 500 });
    await exportToExcel(
      `reservasi-${today}`,
      [
        { header: 'Kode', value: 'code', width: 22 },
        { header: 'Tanggal', value: 'date', width: 12 },
        { header: 'Jam', value: (r) => `${r.time}-${r.end}`, width: 12 },
        { header: 'NO RM.', value: 'customer_username', width: 14 },
        { header: 'Pasien', value: 'customer_name', width: 26 },
        { header: 'Telepon', value: (r) => r.customer_phone ?? '', width: 16 },
        { header: 'Dokter', value: 'doctor_name', width: 24 },
        { header: 'Status', value: (r) => RESERVATION_STATUS_LABEL[r.status], width: 14 },
        { header: 'Alasan Batal', value: (r) => r.cancel_reason ?? '', width: 28 },
        { header: 'Catatan', value: (r) => r.note ?? '', width: 28 },
      ],
      res.data,
      'Reservasi',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Reservasi"
        description="Reservasi pasien cabang ini: pindah jadwal, batal dengan alasan, tandai tidak datang."
        actions={
          <>
            {canBook ? (
              <Button asChild>
                <Link to={SCHEDULE_PATH} data-testid="reservation-new">
                  <CalendarPlus /> Buat Reservasi
                </Link>
              </Button>
            ) : null}
            <ExportExcelButton onExport={exportAll} disabled={!q.data?.count} />
          </>
        }
      />
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-5">
        <KeywordField
          id="resv-keyword"
          value={keyword}
          onChange={setKeyword}
          placeholder="Kode, pasien, NO RM., telepon"
        />
        <DateRangeFields idPrefix="resv" from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <FormField label="Status" htmlFor="resv-status">
          <OptionSelect
            id="resv-status"
            value={status}
            onValueChange={setStatus}
            options={[['all', 'Semua'], ...RESERVATION_STATUSES.map((s) => [s, RESERVATION_STATUS_LABEL[s]] as const)]}
          />
        </FormField>
        <FormField label="Dokter" htmlFor="resv-doctor">
          <DoctorPicker id="resv-doctor" value={doctor} onChange={setDoctor} placeholder="Semua dokter" />
        </FormField>
      </div>
      <PagedQueryTable query={q} pagination={pagination} columns={columns} />
      <ActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  );
}
