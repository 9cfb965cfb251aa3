import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type BackofficeSummaryDto } from '@klinik/shared';
import { BRANCH_COLOURS, formatMetric, METRICS, monthLabel, type MetricKey } from './summary-metrics';

const compact = (v: number) =>
  new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

/** Bars per month, one per branch, of one figure (recharts, a chunk of its own: the table renders without it). */
export default function SummaryChart({ data, metric }: { data: BackofficeSummaryDto; metric: MetricKey }) {
  const points = data.months.map((m) => {
    const point: Record<string, string | number> = { label: monthLabel(m) };
    for (const r of data.rows) if (r.month === m) point[`b${r.profile_id}`] = r[metric];
    return point;
  });
  const label = METRICS.find((x) => x.key === metric)?.label ?? '';
  return (
    <div className="h-72 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={11} />
          <YAxis tickFormatter={compact} tickLine={false} axisLine={false} fontSize={11} width={56} />
          <Tooltip formatter={(v, name) => [formatMetric(metric, Number(v)), `${label} ${String(name)}`]} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {data.branches.map((b, i) => (
            <Bar
              key={b.id}
              dataKey={`b${b.id}`}
              name={b.name}
              fill={BRANCH_COLOURS[i % BRANCH_COLOURS.length]}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
