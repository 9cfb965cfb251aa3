import * as React from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LayoutGrid } from 'lucide-react';
import { LAUNCHER_DEFAULT_COUNT, MSG } from '@klinik/shared';
import { useSession } from '../../lib/session';
import { launcherEntriesFor, launcherSearchable } from '../../components/launcher-entries';
import { launcherView } from '../../components/launcher';
import { Icon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { ErrorList } from '../../components/ui/error-list';
import { Skeleton } from '../../components/ui/skeleton';
import { SearchInput } from '../../components/SearchInput';
import { roleLabel } from '../../layouts/UserMenu';
import { errorItems, useTRPC } from '../../lib/trpc';
import { DashboardCard } from './components/DashboardCard';

/** 'Senin, 23 November 2026' in the branch's time zone, whatever the browser's language. */
function todayLong(timeZone: string | null | undefined): string {
  return new Date().toLocaleDateString('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: timeZone ?? 'Asia/Jakarta',
  });
}

/** The day in figures: the cards the server gives this user (each checked against its report's access). */
function Dashboard() {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.dashboard.summary.queryOptions(), meta: { inlineErrors: true } });
  if (q.isPending)
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-busy>
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    );
  if (q.error) return <ErrorList items={errorItems(q.error)} />;
  if (q.data.cards.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-title" className="grid gap-3" data-testid="dashboard">
      <h2 id="dashboard-title" className="sr-only">
        Ringkasan hari ini
      </h2>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
        {q.data.cards.map((c) => (
          <DashboardCard key={c.key} card={c} />
        ))}
      </div>
    </section>
  );
}

/** '/': the day's figures per role (issue 16), then the module launcher (spec 2.1). */
export default function HomePage() {
  const user = useSession();
  const launcherRef = React.useRef<HTMLElement>(null);
  const [query, setQuery] = React.useState('');
  const [showAll, setShowAll] = React.useState(false);
  const entries = React.useMemo(() => launcherEntriesFor(user), [user]);
  const searchable = React.useMemo(() => launcherSearchable(user), [user]);
  const view = launcherView(entries, query, showAll, user.id, undefined, searchable);
  const searching = query.trim() !== '';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <section className="rounded-xl bg-gradient-to-r from-primary to-emerald-600 p-5 text-primary-foreground shadow-sm">
        <p className="text-sm opacity-90">Selamat datang,</p>
        <h1 className="text-xl font-semibold sm:text-2xl">{user.name}</h1>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm opacity-90">
            {roleLabel(user)} · {user.profile.name} · {todayLong(user.profile.timezone)}
          </p>
          <Button
            size="sm"
            variant="secondary"
            data-testid="open-launcher"
            onClick={() => {
              launcherRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              launcherRef.current?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
            }}
          >
            <LayoutGrid /> Menu Aplikasi
          </Button>
        </div>
      </section>

      <section ref={launcherRef} aria-labelledby="launcher-title" className="flex scroll-mt-20 flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="launcher-title" className="text-lg font-semibold">
            Menu Aplikasi
          </h2>
          <SearchInput
            wrapperClassName="sm:w-72"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Cari menu..."
            aria-label="Cari menu"
            className="bg-card"
            data-testid="launcher-search"
          />
        </div>

        {view.entries.length === 0 ? (
          <p className="rounded-lg border bg-card py-10 text-center text-muted-foreground">{MSG.empty}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-testid="launcher">
            {view.entries.map((e) => (
              <li key={e.key}>
                <Link
                  to={e.route}
                  data-testid="launcher-entry"
                  data-key={e.key}
                  className="group flex h-full flex-col items-center gap-2 rounded-xl border bg-card p-4 text-center shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                    <Icon name={e.icon} className="size-5" />
                  </span>
                  <span className="text-sm leading-tight font-medium">{e.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}

        {!searching && entries.length > LAUNCHER_DEFAULT_COUNT ? (
          <div className="flex justify-center">
            <Button
              variant="outline"
              onClick={() => setShowAll((s) => !s)}
              data-testid="launcher-toggle"
              aria-expanded={showAll}
            >
              {showAll ? 'Tampilkan lebih sedikit' : 'Tampilkan semua'}
            </Button>
          </div>
        ) : null}
      </section>

      {/* Below the launcher: the cards load after the first paint and must not move what the user reaches for. */}
      <Dashboard />
    </div>
  );
}
