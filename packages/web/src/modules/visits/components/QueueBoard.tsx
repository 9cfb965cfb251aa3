import * as React from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  allows,
  allowsPage,
  PAGE_ACCESS,
  VISIT_ACCESS,
  VISIT_KIND_LABEL,
  VISIT_STATUS_LABEL,
  VISIT_STATUSES,
  VISIT_TRANSITIONS,
  type VisitDto,
  type VisitStatus,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, TOAST_MS, useTRPC } from '../../../lib/trpc';
import { branchTimeZone, useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { Badge } from '../../../components/ui/badge';
import { PayStatusBadge } from '../../../components/PayStatusBadge';
import { patientColumn } from '../../../components/patient-column';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { OptionSelect } from '../../../components/OptionSelect';
import { CancelVisitDialog } from './CancelVisitDialog';
import { useVisitLive, VISIT_POLL_MS } from './useVisitLive';

/** The button of each step of the state machine (batal has its own dialog). */
export const STEP_LABEL: Record<VisitStatus, string> = {
  menunggu: 'Menunggu',
  dipanggil: 'Panggil',
  diperiksa: 'Mulai',
  selesai: 'Selesai',
  batal: 'Batal',
};

const STATUS_VARIANT: Record<VisitStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  menunggu: 'outline',
  dipanggil: 'default',
  diperiksa: 'secondary',
  selesai: 'secondary',
  batal: 'destructive',
};

export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="visit-status">
      {VISIT_STATUS_LABEL[status]}
    </Badge>
  );
}

/**
 * The 'Status' column of the visit lists (queue, history): the visit's status, its payment once it matters (finished,
 * or paid in part or whole), then `detail` (the time of the last step, the reason of a cancellation).
 */
export function visitStatusColumn(detail: (v: VisitDto) => React.ReactNode): Column<VisitDto> {
  return {
    key: 'status',
    header: 'Status',
    cell: (v) => (
      <div className="flex flex-col gap-1">
        <VisitStatusBadge status={v.status} />
        {v.status === 'selesai' || v.pay_status !== 'belum_dibayar' ? <PayStatusBadge status={v.pay_status} /> : null}
        {detail(v)}
      </div>
    ),
  };
}

/** HH.MM of an instant in the branch's time zone (not the browser's). */
function clock(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}

/**
 * Today's visits of the branch by status with the queue's actions (call, start, finish, cancel). `mine` narrows
 * it to the signed-in doctor's visits or the nurse's treatments. Every open board of the branch follows changes
 * live (useVisitLive) and polls while the event stream is down.
 */
export function QueueBoard({ mine, actions }: { mine?: 'doctor' | 'nurse'; actions?: React.ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useSession();
  const today = useBranchToday();
  const timeZone = branchTimeZone(user);
  const live = useVisitLive();
  const canMove = allows(user, VISIT_ACCESS.move);
  // 'Rekam Medis' opens the visit's record (issue 12); the server narrows what each user reads.
  const canRecord = allowsPage(user, PAGE_ACCESS['/service/rekammedis/visit/:id']);
  const [status, setStatus] = React.useState<VisitStatus | 'semua'>('semua');
  const [doctor, setDoctor] = React.useState('');
  const [cancelling, setCancelling] = React.useState<VisitDto | null>(null);
  const doctors = useQuery({ ...trpc.visits.doctors.queryOptions(), enabled: !mine, staleTime: 60_000 });
  const query = useQuery({
    ...trpc.visits.queue.queryOptions({ date: today, doctor: doctor ? Number(doctor) : undefined, mine }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : VISIT_POLL_MS,
    meta: { inlineErrors: true },
  });
  const move = useMutation({ ...trpc.visits.setStatus.mutationOptions(), meta: { inlineErrors: true } });
  const [busyId, setBusyId] = React.useState<number | null>(null);

  const step = async (v: VisitDto, to: VisitStatus, reason?: string) => {
    setBusyId(v.id);
    try {
      await move.mutateAsync({ id: v.id, status: to, reason });
      toast.success(`No. ${v.queue_number} ${v.customer.name}: ${VISIT_STATUS_LABEL[to]}`, { duration: TOAST_MS });
    } catch (err) {
      toast.error(errorItems(err)[0]?.message ?? 'Gagal mengubah status', { duration: TOAST_MS });
      throw err;
    } finally {
      setBusyId(null);
      await queryClient.invalidateQueries(trpc.visits.pathFilter());
    }
  };

  const all = query.data ?? [];
  const counts = Object.fromEntries(VISIT_STATUSES.map((s) => [s, all.filter((v) => v.status === s).length]));
  const rows = status === 'semua' ? all : all.filter((v) => v.status === status);

  const columns: Column<VisitDto>[] = [
    {
      key: 'queue',
      header: 'No.',
      cell: (v) => <span className="text-lg font-semibold tabular-nums">{v.queue_number}</span>,
    },
    patientColumn((v) => v.customer, { primary: false, detail: (v) => v.code }),
    { key: 'doctor', header: 'Dokter', cell: (v) => v.doctor.name },
    {
      key: 'kind',
      header: 'Jenis',
      cell: (v) => (
        <div className="flex flex-col gap-1">
          <span>{VISIT_KIND_LABEL[v.kind]}</span>
          {v.reservation ? <span className="text-xs text-muted-foreground">Reservasi {v.reservation.time}</span> : null}
          {v.needs_multimedia ? <span className="text-xs text-muted-foreground">Butuh foto</span> : null}
        </div>
      ),
    },
    { key: 'complaint', header: 'Keluhan', cell: (v) => v.complaint ?? '' },
    visitStatusColumn((v) => (
      <span className="text-xs text-muted-foreground">
        {clock(v.cancelled_at ?? v.finished_at ?? v.started_at ?? v.called_at ?? v.created_at, timeZone)}
      </span>
    )),
    {
      key: 'actions',
      header: '',
      className: 'text-right',
      cell: (v) =>
        canMove || canRecord ? (
          <div className="flex flex-wrap justify-end gap-1">
            {canRecord && v.status !== 'batal' ? (
              <Button size="sm" variant="outline" asChild>
                <Link to={`/service/rekammedis/visit/${v.id}`} data-testid={`visit-record-${v.id}`}>
                  Rekam Medis
                </Link>
              </Button>
            ) : null}
            {(canMove ? VISIT_TRANSITIONS[v.status] : []).map((to) =>
              to === 'batal' ? (
                <Button key={to} size="sm" variant="ghost" disabled={busyId === v.id} onClick={() => setCancelling(v)}>
                  Batal
                </Button>
              ) : (
                <Button
                  key={to}
                  size="sm"
                  disabled={busyId === v.id}
                  data-testid={`visit-${to}-${v.id}`}
                  onClick={() => void step(v, to).catch(() => {})}
                >
                  {STEP_LABEL[to]}
                </Button>
              ),
            )}
          </div>
        ) : null,
    },
  ];

  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Tabs value={status} onValueChange={(s) => setStatus(s as VisitStatus | 'semua')}>
          <TabsList>
            <TabsTrigger value="semua">Semua ({all.length})</TabsTrigger>
            {VISIT_STATUSES.map((s) => (
              <TabsTrigger key={s} value={s}>
                {VISIT_STATUS_LABEL[s]} ({counts[s]})
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="flex items-center gap-2">
          {!mine ? (
            <div className="w-56">
              <OptionSelect
                id="queue-doctor"
                value={doctor || 'all'}
                onValueChange={(v) => setDoctor(v === 'all' ? '' : v)}
                options={[['all', 'Semua dokter'], ...(doctors.data ?? []).map((d) => [String(d.id), d.name] as const)]}
              />
            </div>
          ) : null}
          {actions}
          <span
            className="text-xs whitespace-nowrap text-muted-foreground"
            title={live ? 'Perubahan tampil otomatis' : 'Memperbarui berkala'}
            data-testid="queue-live"
            data-live={live ? '1' : '0'}
          >
            {live ? '● Langsung' : '○ Berkala'}
          </span>
        </div>
      </div>
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(v) => v.id}
        loading={query.isPending}
        paginate={false}
        emptyText="Tidak ada Data"
      />
      <CancelVisitDialog
        visit={cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        onCancel={async (v, reason) => {
          await step(v, 'batal', reason);
          setCancelling(null);
        }}
      />
    </div>
  );
}
