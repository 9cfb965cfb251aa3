import { FINANCE_ACCESS, formatRupiah } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { changeOf, type DashboardCard } from '../../lib/dashboard-card.js';
import { profitLoss } from './services/reports.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** Revenue (category 4, 'Pendapatan') of [from, to], exactly as the profit and loss report shows it. */
export async function revenueOf(ctx: AuthedCtx, from: string, to: string): Promise<{ revenue: number; net: number }> {
  const pl = await profitLoss(ctx, { from, to });
  return { revenue: pl.sections.find((s) => s.category === 4)?.total ?? 0, net: pl.net_profit };
}

function lastDayOf(monthStart: string, today: string): string {
  const d = new Date(`${monthStart}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  const end = d.toISOString().slice(0, 10);
  return end > today ? today : end;
}

const labaRugi = (from: string, to: string) => `/finance/laporan/labarugi?from=${from}&to=${to}`;

/** Revenue today, this month against last month, net profit, and six months of revenue (FINANCE_LAPORAN read). */
export const financeDashboardCard: DashboardCard = {
  key: 'finance-revenue',
  order: 10,
  access: [FINANCE_ACCESS.read],
  load: async (ctx, d) => {
    const [today, month, lastMonth, ...history] = await Promise.all([
      revenueOf(ctx, d.today, d.today),
      revenueOf(ctx, d.monthStart, d.today),
      revenueOf(ctx, d.lastMonthStart, d.lastMonthEnd),
      ...d.months.map((m) => revenueOf(ctx, m, lastDayOf(m, d.today))),
    ]);
    return {
      key: 'finance-revenue',
      title: 'Pendapatan',
      href: labaRugi(d.monthStart, d.today),
      figures: [
        {
          key: 'today',
          label: 'Pendapatan hari ini',
          value: today.revenue,
          kind: 'money',
          href: labaRugi(d.today, d.today),
        },
        {
          key: 'month',
          label: 'Pendapatan bulan ini',
          value: month.revenue,
          kind: 'money',
          href: labaRugi(d.monthStart, d.today),
          hint: `Bulan lalu ${formatRupiah(lastMonth.revenue)}`,
          change: changeOf(month.revenue, lastMonth.revenue),
        },
        {
          key: 'net',
          label: 'Laba bersih bulan ini',
          value: month.net,
          kind: 'money',
          href: labaRugi(d.monthStart, d.today),
        },
      ],
      chart: {
        label: 'Pendapatan 6 bulan terakhir',
        kind: 'money',
        points: d.months.map((m, i) => ({
          label: `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(2, 4)}`,
          value: history[i].revenue,
          href: labaRugi(m, lastDayOf(m, d.today)),
        })),
      },
    };
  },
};
