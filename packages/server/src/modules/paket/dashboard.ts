import { access, formatRupiah, fromSen, PIUTANG_READ, sumSen, toSen } from '@klinik/shared';
import { branchScope } from '../../http/access-scope.js';
import type { AuthedCtx } from '../../http/context.js';
import { changeOf, type DashboardCard } from '../../lib/dashboard-card.js';
import { piutang } from './services/receivables.js';
import { salesTotals } from './queries/sales.js';

/** Package sales registered in [from, to] (count, total in sen, and those of `day`), as one SUM query. */
export async function salesOf(ctx: AuthedCtx, fromdate: string, todate: string, day = todate) {
  return salesTotals(ctx.db, branchScope(ctx, {}), fromdate, todate, day);
}

const sales = (from: string, to: string) => `/paket/sales?fromdate=${from}&todate=${to}`;

/** Package sales today and this month against last month (LAYANAN_PAKET read). */
export const paketSalesDashboardCard: DashboardCard = {
  key: 'paket-sales',
  order: 20,
  access: [access.feature('LAYANAN_PAKET', 'read')],
  load: async (ctx, d) => {
    const [month, lastMonth] = await Promise.all([
      salesOf(ctx, d.monthStart, d.today, d.today),
      salesOf(ctx, d.lastMonthStart, d.lastMonthEnd),
    ]);
    const total = fromSen(month.total);
    const lastTotal = fromSen(lastMonth.total);
    return {
      key: 'paket-sales',
      title: 'Penjualan Paket',
      href: sales(d.monthStart, d.today),
      figures: [
        { key: 'today', label: 'Terjual hari ini', value: month.onDay, kind: 'count', href: sales(d.today, d.today) },
        {
          key: 'month',
          label: 'Penjualan bulan ini',
          value: total,
          kind: 'money',
          href: sales(d.monthStart, d.today),
          hint: `${month.count} paket · bulan lalu ${formatRupiah(lastTotal)}`,
          change: changeOf(total, lastTotal),
        },
      ],
    };
  },
};

/** Overdue instalments of package buyers, as 'Piutang Membership' ages them today (FINANCE_LAPORAN or LAYANAN_MEMBERSHIP read). */
export const paketOverdueDashboardCard: DashboardCard = {
  key: 'paket-overdue',
  order: 30,
  access: PIUTANG_READ.map((r) => access.feature(r, 'read')),
  load: async (ctx, d) => {
    const rows = (await piutang(ctx, { asof: d.today })).data;
    const overdue = rows.map((r) => ({
      r,
      late: fromSen(sumSen([r.d1_30, r.d31_60, r.d61_90, r.d90_plus].map(toSen))),
    }));
    const late = overdue.filter((x) => x.late > 0);
    const total = fromSen(sumSen(late.map((x) => toSen(x.late))));
    const href = '/finance/piutang/membership';
    return {
      key: 'paket-overdue',
      title: 'Cicilan Paket',
      href,
      figures: [
        { key: 'overdue', label: 'Cicilan lewat jatuh tempo', value: total, kind: 'money', href },
        { key: 'patients', label: 'Pasien menunggak', value: late.length, kind: 'count', href },
        {
          key: 'outstanding',
          label: 'Total piutang paket',
          value: fromSen(sumSen(rows.map((r) => toSen(r.total)))),
          kind: 'money',
          href,
        },
      ],
      chart: {
        label: 'Umur piutang',
        kind: 'money',
        points: [
          { label: 'Belum jatuh tempo', key: 'belum_jatuh_tempo' as const },
          { label: '1-30 hari', key: 'd1_30' as const },
          { label: '31-60 hari', key: 'd31_60' as const },
          { label: '61-90 hari', key: 'd61_90' as const },
          { label: '> 90 hari', key: 'd90_plus' as const },
        ].map((p) => ({ label: p.label, value: fromSen(sumSen(rows.map((r) => toSen(r[p.key])))), href })),
      },
    };
  },
};
