import { useQuery } from '@tanstack/react-query';
import { VISIT_STATUS_LABEL } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { formatDate } from '../../../lib/format';
import { useVisitLive, VISIT_POLL_MS } from '../components/useVisitLive';

/**
 * /service/visit/display: the waiting-room screen (docs/decisions.md, Visits). Large numbers per doctor: who is
 * called or being examined (initials only, never a name) and the next numbers. Live like the queue.
 */
export default function DisplayPage() {
  const trpc = useTRPC();
  const today = useBranchToday();
  const live = useVisitLive();
  const query = useQuery({
    ...trpc.visits.display.queryOptions({ date: today }),
    refetchInterval: live ? 30_000 : VISIT_POLL_MS,
  });
  const doctors = query.data?.doctors ?? [];
  return (
    <main className="flex min-h-dvh flex-col gap-6 p-6 lg:p-10">
      <header className="flex items-baseline justify-between">
        <h1 className="text-4xl font-bold tracking-tight lg:text-5xl">Antrian Perawatan</h1>
        <p className="text-2xl text-muted-foreground">{formatDate(today)}</p>
      </header>
      {query.isPending ? (
        <p className="text-2xl text-muted-foreground">Memuat...</p>
      ) : doctors.length === 0 ? (
        <p className="text-3xl text-muted-foreground">Belum ada antrian hari ini</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {doctors.map((d) => (
            <section
              key={d.doctor.id}
              className="rounded-2xl border-2 p-6"
              data-testid={`display-doctor-${d.doctor.id}`}
            >
              <h2 className="mb-4 truncate text-3xl font-semibold">{d.doctor.name}</h2>
              {d.current.length === 0 ? (
                <p className="text-2xl text-muted-foreground">-</p>
              ) : (
                <ul className="grid gap-3">
                  {d.current.map((c) => (
                    <li key={c.queue_number} className="flex items-baseline gap-4">
                      <span className="text-7xl font-black tabular-nums lg:text-8xl" data-testid="display-number">
                        {c.queue_number}
                      </span>
                      <span className="flex flex-col">
                        <span className="text-3xl font-semibold">{c.initials}</span>
                        <span className="text-xl text-muted-foreground">{VISIT_STATUS_LABEL[c.status]}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-4 text-2xl text-muted-foreground">
                Menunggu: {d.waiting}
                {d.next.length ? ` · berikutnya ${d.next.join(', ')}` : ''}
              </p>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
