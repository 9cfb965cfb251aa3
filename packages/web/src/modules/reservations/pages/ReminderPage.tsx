import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  addDays,
  allows,
  formatDate,
  formatDateTime,
  REMINDER_DELIVERY_STATUS_LABEL,
  REMINDER_GATEWAY_ACCESS,
  type ReminderDto,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { GatewaySettings } from '../components/GatewaySettings';

/**
 * 'Pengingat Kunjungan' (/service/visitreminder): tomorrow's reservations and due follow-ups, each with a WhatsApp
 * link carrying a prefilled message (clinic, doctor, date, time); staff mark a patient as reminded. When the branch's
 * WhatsApp/SMS gateway is on, 'Kirim' and 'Kirim semua' queue the same message for the gateway (sent in the
 * background with retries) and each row shows its delivery; managers configure the gateway on this page.
 */
export default function ReminderPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [date, setDate] = React.useState(() => addDays(today, 1));
  const user = useSession();
  const canConfigure = allows(user, REMINDER_GATEWAY_ACCESS);
  const q = useQuery({
    ...trpc.reservations.reminders.queryOptions({ date }),
    meta: { inlineErrors: true },
    // While a reminder waits in the queue, its status is refreshed until the job has run.
    refetchInterval: (query) => (query.state.data?.data.some((r) => r.delivery?.status === 'queued') ? 3000 : false),
  });
  const gateway = q.data?.gateway ?? false;
  const markR = useMutation(trpc.reservations.remindReservation.mutationOptions());
  const markF = useMutation(trpc.reservations.remindFollowUp.mutationOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.reservations.reminders.queryKey() });
  const sendR = useMutation(trpc.reservations.sendReservation.mutationOptions());
  const sendF = useMutation(trpc.reservations.sendFollowUp.mutationOptions());
  const sendAll = useMutation(
    trpc.reservations.sendAll.mutationOptions({
      onSuccess: async (res) => {
        toast.success(
          res.queued > 0
            ? `${res.queued} pengingat masuk antrian pengiriman${res.skipped ? ` (${res.skipped} dilewati)` : ''}`
            : 'Tidak ada pengingat yang perlu dikirim',
        );
        await refresh();
      },
    }),
  );
  const sending = sendR.isPending || sendF.isPending || sendAll.isPending;
  const send = async (r: ReminderDto) => {
    await (r.kind === 'reservation' ? sendR : sendF).mutateAsync({ id: r.id });
    toast.success(`Pengingat untuk ${r.customer_name} masuk antrian pengiriman`);
    await refresh();
  };
  const canSend = (r: ReminderDto) =>
    gateway && !!r.wa_link && r.delivery?.status !== 'queued' && r.delivery?.status !== 'sent';
  const mark = async (r: ReminderDto) => {
    await (r.kind === 'reservation' ? markR : markF).mutateAsync({ id: r.id });
    toast.success(`${r.customer_name} ditandai sudah diingatkan`);
    await refresh();
  };
  const columns: Column<ReminderDto>[] = [
    {
      key: 'kind',
      header: 'Jenis',
      cell: (r) => (
        <Badge variant={r.kind === 'reservation' ? 'default' : 'secondary'}>
          {r.kind === 'reservation' ? 'Reservasi' : 'Kontrol'}
        </Badge>
      ),
    },
    { key: 'when', header: 'Jadwal', cell: (r) => `${formatDate(r.date)}${r.time ? ` ${r.time}` : ''}` },
    { key: 'customer', header: 'Pasien', primary: true, cell: (r) => r.customer_name },
    { key: 'phone', header: 'Telepon', cell: (r) => r.phone ?? '-' },
    { key: 'doctor', header: 'Dokter', cell: (r) => r.doctor_name },
    {
      key: 'reminded',
      header: 'Diingatkan',
      cell: (r) =>
        r.reminded_at ? (
          <Badge variant="success">{formatDateTime(r.reminded_at)}</Badge>
        ) : (
          <span className="text-muted-foreground">Belum</span>
        ),
    },
    ...(gateway || q.data?.data.some((r) => r.delivery)
      ? [
          {
            key: 'delivery',
            header: 'Pengiriman',
            priority: 2 as const,
            cell: (r: ReminderDto) =>
              r.delivery ? (
                <div className="grid gap-0.5">
                  <Badge
                    variant={
                      r.delivery.status === 'sent'
                        ? 'success'
                        : r.delivery.status === 'failed'
                          ? 'destructive'
                          : 'warning'
                    }
                  >
                    {REMINDER_DELIVERY_STATUS_LABEL[r.delivery.status]}
                  </Badge>
                  {r.delivery.status === 'failed' && r.delivery.last_error ? (
                    <span className="text-xs text-destructive" title={r.delivery.last_error}>
                      {r.delivery.last_error.slice(0, 80)}
                    </span>
                  ) : null}
                  {r.delivery.attempts > 1 ? (
                    <span className="text-xs text-muted-foreground">{r.delivery.attempts} kali dicoba</span>
                  ) : null}
                </div>
              ) : (
                <span className="text-muted-foreground">-</span>
              ),
          } satisfies Column<ReminderDto>,
        ]
      : []),
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          {r.wa_link ? (
            <Button size="sm" asChild>
              <a href={r.wa_link} target="_blank" rel="noreferrer" title={r.message}>
                WhatsApp
              </a>
            </Button>
          ) : (
            <span className="text-xs text-muted-foreground">Tanpa nomor WhatsApp</span>
          )}
          {canSend(r) ? (
            <Button size="sm" variant="secondary" onClick={() => void send(r)} disabled={sending}>
              Kirim
            </Button>
          ) : null}
          {!r.reminded_at ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void mark(r)}
              disabled={markR.isPending || markF.isPending}
            >
              Tandai Sudah Diingatkan
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Pengingat Kunjungan"
        description="Reservasi dan jadwal kontrol pasien; kirim pengingat lewat WhatsApp lalu tandai sudah diingatkan."
        actions={
          gateway ? (
            <Button
              onClick={() => sendAll.mutate({ date })}
              disabled={sending || !q.data?.data.some((r) => canSend(r) && !r.reminded_at)}
            >
              Kirim semua
            </Button>
          ) : null
        }
      />
      {canConfigure ? <GatewaySettings /> : null}
      <div className="grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-3">
        <FormField label="Tanggal" htmlFor="reminder-date">
          <DateInput id="reminder-date" value={date} onChange={(d) => setDate(d || addDays(today, 1))} />
        </FormField>
      </div>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable columns={columns} rows={q.data?.data} rowKey={(r) => `${r.kind}-${r.id}`} loading={q.isPending} />
    </div>
  );
}
