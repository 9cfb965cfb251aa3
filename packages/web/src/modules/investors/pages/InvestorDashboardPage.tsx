import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatRupiah, periodLabel, type InvestorDashboardDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorList } from '../../../components/ui/error-list';

type Branch = InvestorDashboardDto['branches'][number];

/** Axis labels: 'Rp 12,5 jt' (Indonesian compact notation). */
const COMPACT = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
const compactRupiah = (v: number) => `Rp ${COMPACT.format(v)}`;

function MoneyChart({ branch }: { branch: Branch }) {
  const data = branch.months.map((m) => ({
    label: m.period.slice(2).replace('-', '/'),
    Pendapatan: m.revenue ?? 0,
    Laba: m.profit ?? 0,
    'Bagi hasil': m.distributed,
  }));
  return (
    <div className="h-56 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={10} />
          <YAxis tickFormatter={compactRupiah} tickLine={false} axisLine={false} fontSize={10} width={56} />
          <Tooltip formatter={(v, name) => [formatRupiah(Number(v)), String(name)]} />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          <Bar dataKey="Pendapatan" fill="#2563eb" radius={[3, 3, 0, 0]} />
          <Bar dataKey="Laba" fill="#059669" radius={[3, 3, 0, 0]} />
          <Bar dataKey="Bagi hasil" fill="#d97706" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function VisitsChart({ branch }: { branch: Branch }) {
  const data = branch.months.map((m) => ({ label: m.period.slice(2).replace('-', '/'), Kunjungan: m.visits }));
  return (
    <div className="h-40 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={10} />
          <YAxis tickFormatter={formatNumber} tickLine={false} axisLine={false} fontSize={10} width={40} />
          <Tooltip formatter={(v) => [formatNumber(Number(v)), 'Kunjungan']} />
          <Bar dataKey="Kunjungan" className="fill-primary" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * /dashboard/stakeholder/investor ('Data Investor', issue 29): the signed-in investor's branches, twelve months:
 * revenue, profit (as the month's distribution run took them), visits and what they received, as charts with the
 * figures in a list beside them (screen readers and phones).
 */
export default function InvestorDashboardPage() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.investors.dashboard.queryOptions({}), meta: { inlineErrors: true } });
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Data Investor" description="Cabang Anda per bulan: pendapatan, laba, kunjungan, bagi hasil." />
      {query.error ? <ErrorList items={errorItems(query.error)} /> : null}
      {query.isPending ? <p className="text-sm text-muted-foreground">Memuat…</p> : null}
      {query.data && !query.data.branches.length ? (
        <EmptyState title="Belum ada cabang" description="Akun Anda belum tercatat sebagai investor cabang mana pun." />
      ) : null}
      {query.data?.branches.map((b) => (
        <section key={b.id} className="grid gap-3 rounded-md border p-3" data-testid="investor-branch">
          <h2 className="font-semibold">{b.name}</h2>
          <MoneyChart branch={b} />
          <VisitsChart branch={b} />
          <ul className="grid gap-1 text-sm">
            {[...b.months].reverse().map((m) => (
              <li key={m.period} className="flex flex-wrap justify-between gap-x-3 border-b py-1 last:border-0">
                <span className="font-medium">{periodLabel(m.period)}</span>
                <span className="text-muted-foreground">
                  {m.revenue === null
                    ? 'belum dihitung'
                    : `Pendapatan ${formatRupiah(m.revenue)} · Laba ${formatRupiah(m.profit ?? 0)}`}{' '}
                  · {formatNumber(m.visits)} kunjungan · Bagi hasil {formatRupiah(m.distributed)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
