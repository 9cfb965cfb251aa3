import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatRupiah, type DashboardChartDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { canOpenPath } from '../../../app/guards';
import { compactRupiah } from './compact';

/**
 * The bar chart of a dashboard card (recharts), a chunk of its own (issue 10): recharts is most of the home page's
 * JavaScript, and the figures, the launcher and the chart's numbers for screen readers render without it.
 */
export default function DashboardBars({ chart }: { chart: DashboardChartDto }) {
  const navigate = useNavigate();
  const user = useSession();
  const fmt = (v: number) => (chart.kind === 'money' ? compactRupiah(v) : formatNumber(v));
  return (
    <div className="h-40 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        {/* No keyboard layer: the chart is aria-hidden, its numbers are the list beside it (nothing focusable hidden). */}
        <BarChart data={chart.points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} interval={0} />
          <YAxis tickFormatter={fmt} tickLine={false} axisLine={false} fontSize={11} width={64} />
          <Tooltip
            formatter={(v) => [chart.kind === 'money' ? formatRupiah(Number(v)) : formatNumber(Number(v)), chart.label]}
            cursor={{ className: 'fill-accent' }}
          />
          <Bar
            dataKey="value"
            radius={[4, 4, 0, 0]}
            className="fill-primary cursor-pointer"
            onClick={(d: { payload?: { href?: string } }) => {
              const href = d.payload?.href;
              if (href && canOpenPath(user, href.split('?')[0])) void navigate(href);
            }}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
