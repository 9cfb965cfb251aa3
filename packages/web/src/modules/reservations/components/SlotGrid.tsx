import { useQuery } from '@tanstack/react-query';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';

export interface SlotPick {
  time: string;
  end: string;
  capacity: number;
  booked: number;
}

/** A doctor's slots on a date (GET /api/service/registration/finddoctorschedule) as buttons showing n/4. */
export function SlotGrid({
  doctor,
  date,
  selected,
  onPick,
}: {
  doctor: number;
  date: string;
  selected?: string;
  onPick: (s: SlotPick) => void;
}) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.reservations.findDoctorSchedule.queryOptions({ doctor, date }),
    meta: { inlineErrors: true },
  });
  if (q.error) return <ErrorList items={errorItems(q.error)} />;
  if (q.isPending) return <Skeleton className="h-24" />;
  if (q.data.closed)
    return <p className="text-sm text-amber-700">Dokter tidak praktik pada tanggal ini ({q.data.closed}).</p>;
  if (!q.data.data.length)
    return <p className="text-sm text-muted-foreground">Tidak ada jadwal praktik pada tanggal ini.</p>;
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="slot-grid">
      {q.data.data.map((s) => (
        <Button
          key={s.time}
          type="button"
          variant={selected === s.time ? 'default' : 'outline'}
          disabled={!s.available}
          className="h-auto flex-col py-2"
          onClick={() => onPick(s)}
          data-testid={`slot-${s.time}`}
        >
          <span className="font-semibold">{s.time}</span>
          <span className="text-xs">
            {s.booked}/{s.capacity} {s.booked >= s.capacity ? 'penuh' : ''}
          </span>
        </Button>
      ))}
    </div>
  );
}
