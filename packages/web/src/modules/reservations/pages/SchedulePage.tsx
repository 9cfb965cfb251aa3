import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Calendar, dateFnsLocalizer, Views, type Formats, type View } from 'react-big-calendar';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { id as idLocale } from 'date-fns/locale';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { addDays, formatDate } from '@klinik/shared';
import { useBranchToday } from '../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { BookDialog, type SlotChoice } from '../components/BookDialog';

const localizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }),
  getDay,
  locales: { id: idLocale },
});

/**
 * Dates in Indonesian order (issue 26 item 7): the library's defaults are English ('Jumat Nov 27', '8:00 AM').
 * The day header reads as Intl's id-ID long date: 'Jumat, 27 November 2026'.
 */
const FORMATS: Formats = {
  dayHeaderFormat: 'EEEE, d MMMM yyyy',
  dayFormat: 'EEE, d',
  weekdayFormat: 'EEE',
  dayRangeHeaderFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'd MMM', culture)} – ${loc!.format(end, 'd MMM yyyy', culture)}`,
  timeGutterFormat: 'HH.mm',
  eventTimeRangeFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'HH.mm', culture)} – ${loc!.format(end, 'HH.mm', culture)}`,
};

const MESSAGES = {
  today: 'Hari Ini',
  previous: 'Sebelumnya',
  next: 'Berikutnya',
  day: 'Hari',
  week: 'Minggu',
  date: 'Tanggal',
  time: 'Jam',
  event: 'Slot',
  noEventsInRange: 'Tidak ada jadwal praktik pada rentang ini.',
};

interface SlotEvent {
  title: string;
  start: Date;
  end: Date;
  resourceId: number;
  slot: SlotChoice & { available: boolean };
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');
const at = (date: string, time: string) => new Date(`${date}T${time}:00`);
const mondayOf = (date: string) => ymd(startOfWeek(new Date(`${date}T00:00:00`), { weekStartsOn: 1 }));

/**
 * 'Jadwal Registrasi' (/service/registration/schedule): every doctor's slots by day (doctors side by side) or week,
 * each showing how full it is (0/4 .. 4/4); a free slot opens the booking dialog. Built on react-big-calendar.
 */
export default function SchedulePage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const today = useBranchToday();
  const [date, setDate] = React.useState(today);
  const [view, setView] = React.useState<View>(Views.DAY);
  const [slot, setSlot] = React.useState<SlotChoice | null>(null);
  const from = view === Views.WEEK ? mondayOf(date) : date;
  const to = view === Views.WEEK ? addDays(from, 6) : date;
  const q = useQuery({ ...trpc.reservations.scheduleRange.queryOptions({ from, to }), meta: { inlineErrors: true } });

  const events: SlotEvent[] = React.useMemo(
    () =>
      (q.data?.data ?? []).map((s) => ({
        title: `${view === Views.WEEK ? `${s.doctor_name} ` : ''}${s.booked}/${s.capacity}`,
        start: at(s.date, s.time),
        end: at(s.date, s.end),
        resourceId: s.doctor,
        slot: { ...s },
      })),
    [q.data, view],
  );
  const resources = React.useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of q.data?.data ?? []) seen.set(s.doctor, s.doctor_name);
    return [...seen].map(([id, title]) => ({ id, title }));
  }, [q.data]);
  const closedToday = (q.data?.closed ?? []).filter((c) => c.date >= from && c.date <= to);

  const pick = (e: SlotEvent) => {
    if (!e.slot.available) {
      toast.error(
        e.slot.booked >= e.slot.capacity
          ? `Slot ${e.slot.doctor_name} ${e.slot.time} sudah penuh`
          : 'Slot ini tidak dapat dipesan (sudah lewat atau libur)',
      );
      return;
    }
    setSlot(e.slot);
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Jadwal Registrasi"
        description="Slot praktik semua dokter dan keterisiannya. Ketuk slot yang masih tersedia untuk reservasi."
      />
      <div className="flex flex-wrap gap-3 text-xs">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded bg-emerald-600" /> Tersedia
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded bg-amber-500" /> Hampir penuh
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded bg-red-600" /> Penuh
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded bg-slate-400" /> Lewat / libur
        </span>
      </div>
      {closedToday.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm" data-testid="closed-dates">
          {closedToday.map((c) => (
            <p key={`${c.date}-${c.doctor ?? 0}`}>
              {formatDate(c.date)}:{' '}
              {c.doctor ? (resources.find((r) => r.id === c.doctor)?.title ?? 'Dokter') : 'Klinik'} libur
              {c.reason ? ` (${c.reason})` : ''}
            </p>
          ))}
        </div>
      ) : null}
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      {q.isPending ? <Skeleton className="h-[600px]" /> : null}
      <div
        className={
          q.isPending
            ? 'hidden'
            : 'h-[70vh] min-h-[560px] rounded-lg border bg-card p-2 [&_.rbc-toolbar_button]:px-2.5!'
        }
        data-testid="schedule-calendar"
      >
        <Calendar<SlotEvent, { id: number; title: string }>
          localizer={localizer}
          culture="id"
          formats={FORMATS}
          messages={MESSAGES}
          events={events}
          view={view}
          views={[Views.DAY, Views.WEEK]}
          onView={setView}
          date={at(date, '12:00')}
          onNavigate={(d) => setDate(ymd(d))}
          resources={view === Views.DAY && resources.length ? resources : undefined}
          resourceIdAccessor="id"
          resourceTitleAccessor="title"
          step={30}
          timeslots={1}
          min={at(date, '07:00')}
          max={at(date, '21:00')}
          onSelectEvent={pick}
          popup
          eventPropGetter={(e) => {
            const full = e.slot.booked >= e.slot.capacity;
            const bg =
              !e.slot.available && !full
                ? '#94a3b8'
                : full
                  ? '#dc2626'
                  : e.slot.booked >= e.slot.capacity - 1
                    ? '#f59e0b'
                    : '#059669';
            return {
              style: { backgroundColor: bg, borderColor: bg, fontSize: 12 },
              title: `${e.slot.doctor_name} ${e.slot.time} ${e.slot.booked}/${e.slot.capacity}`,
            };
          }}
          components={{
            event: ({ event }) => (
              <span
                data-testid={`slot-${event.slot.doctor}-${event.slot.date}-${event.slot.time}`}
                data-available={event.slot.available ? 'true' : 'false'}
              >
                {event.title}
              </span>
            ),
          }}
        />
      </div>
      <BookDialog
        slot={slot}
        onClose={() => setSlot(null)}
        onBooked={() => {
          setSlot(null);
          void navigate('/service/reservasi');
        }}
      />
    </div>
  );
}
