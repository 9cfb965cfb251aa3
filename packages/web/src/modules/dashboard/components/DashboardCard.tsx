import * as React from 'react';
import { Link } from 'react-router';
import { TrendingDown, TrendingUp } from 'lucide-react';
import {
  formatNumber,
  formatRupiah,
  type DashboardCardDto,
  type DashboardChartDto,
  type DashboardFigureDto,
} from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { canOpenPath } from '../../../app/guards';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

export function formatFigure(value: number, kind: DashboardFigureDto['kind']): string {
  return kind === 'money' ? formatRupiah(value) : formatNumber(value);
}

export { compactRupiah } from './compact';

/** A link when the user may open the page (the same rule as every menu), plain text otherwise. */
function MaybeLink({ to, className, children }: { to: string; className?: string; children: React.ReactNode }) {
  const user = useSession();
  const path = to.split('?')[0];
  if (!canOpenPath(user, path)) return <div className={className}>{children}</div>;
  return (
    <Link
      to={to}
      className={cn('rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50', className)}
    >
      {children}
    </Link>
  );
}

function Figure({ f }: { f: DashboardFigureDto }) {
  return (
    <MaybeLink to={f.href} className="group flex min-w-max grow basis-36 flex-col gap-0.5 p-1 -m-1 hover:bg-accent/50">
      <span className="text-xs text-muted-foreground">{f.label}</span>
      <span
        className="text-lg font-semibold whitespace-nowrap tabular-nums group-hover:text-primary sm:text-xl"
        data-testid={`figure-${f.key}`}
        data-value={f.value}
      >
        {formatFigure(f.value, f.kind)}
      </span>
      {f.hint || (f.change !== undefined && f.change !== null) ? (
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          {f.change !== undefined && f.change !== null ? (
            <span
              className={cn(
                'inline-flex items-center gap-0.5 font-medium tabular-nums',
                f.change >= 0 ? 'text-success' : 'text-destructive',
              )}
            >
              {f.change >= 0 ? <TrendingUp className="size-3.5" /> : <TrendingDown className="size-3.5" />}
              {f.change.toLocaleString('id-ID', { maximumFractionDigits: 1 })}%
            </span>
          ) : null}
          {f.hint}
        </span>
      ) : null}
    </MaybeLink>
  );
}

const DashboardBars = React.lazy(() => import('./DashboardBars'));

/**
 * Whether the element has come near the viewport: the charts' library (recharts, about 110 KB gzip and the CPU to
 * start it) is fetched when a chart is about to be seen, not with the first paint of the home page, where the
 * cards sit below the launcher on a phone (issue 10).
 */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = React.useRef<T>(null);
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

function Chart({ chart }: { chart: DashboardChartDto }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const placeholder = <div className="h-40 w-full" aria-hidden />;
  return (
    <figure className="grid gap-1" ref={ref}>
      <figcaption className="text-xs text-muted-foreground">{chart.label}</figcaption>
      {/* The same height until the chart is drawn: nothing below moves. */}
      {near ? (
        <React.Suspense fallback={placeholder}>
          <DashboardBars chart={chart} />
        </React.Suspense>
      ) : (
        placeholder
      )}
      {/* The chart's numbers for screen readers and keyboards. */}
      <ul className="sr-only">
        {chart.points.map((p) => (
          <li key={p.label}>
            {p.label}: {chart.kind === 'money' ? formatRupiah(p.value) : formatNumber(p.value)}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** One module's card: its figures (each a link to the report it comes from) and an optional bar chart. */
export function DashboardCard({ card }: { card: DashboardCardDto }) {
  return (
    <Card className="min-w-0 gap-3 py-4" data-testid={`dashboard-card-${card.key}`}>
      <CardHeader className="px-4">
        <CardTitle>
          <MaybeLink to={card.href} className="hover:text-primary">
            {card.title}
          </MaybeLink>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4">
        {/* Each figure as wide as its amount, the next one on a new row when it does not fit (issue 26 item 7: a
            grid of three cut 'Rp24.700.000' to 'Rp24.700.0…' at 1440 px). */}
        <div className="flex flex-wrap gap-x-4 gap-y-3">
          {card.figures.map((f) => (
            <Figure key={f.key} f={f} />
          ))}
        </div>
        {card.chart ? <Chart chart={card.chart} /> : null}
      </CardContent>
    </Card>
  );
}
