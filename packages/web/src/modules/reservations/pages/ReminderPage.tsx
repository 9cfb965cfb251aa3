import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { addDays, formatDate, formatDateTime, type ReminderDto } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';

/**
 * 'Pengingat Kunjungan' (/service/visitreminder): tomorrow's reservations and due follow-ups, each with a WhatsApp
 * link carrying a prefilled message (clinic, doctor, date, time); staff mark a patient as reminded.
 */
export default function ReminderPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [date, setDate] = React.useState(() => addDays(today, 1));
  const q = useQuery({ ...trpc.reservations.reminders.queryOptions({ date }), meta: { inlineErrors: true } });
  const markR = useMutation(trpc.reservations.remindReservation.mutationOptions());
  const markF = useMutation(trpc.reservations.remindFollowUp.mutationOptions());
  const mark = async (r: ReminderDto) => {
    await (r.kind === 'reservation' ? markR : markF).mutateAsync({ id: r.id });
    toast.success(`${r.customer_name} ditandai sudah diingatkan`);
    await qc.invalidateQueries({ queryKey: trpc.reservations.reminders.queryKey() });
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
    { key: 'customer', header: 'Pasien', cell: (r) => r.customer_name },
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
      />
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
