import { access, formatRupiah, PIUTANG_READ, type MembershipDto } from '@klinik/shared';
import type { AuthedCtx } from '../../http/context.js';
import { changeOf, type DashboardCard } from '../../lib/dashboard-card.js';
import { listMemberships, piutang } from './services/receivables.js';

/** Every package sale registered in [from, to], as 'Penjualan Paket' lists them for that range. */
export async function salesOf(ctx: AuthedCtx, fromdate: string, todate: string): Promise<MembershipDto[]> {
  const out: MembershipDto[] = [];
  for (let page = 1; ; page++) {
    const res = await listMemberships(ctx, { fromdate, todate, page, limit: 500 });
    out.push(...res.data);
    if (out.length >= res.count || res.data.length === 0) return out;
  }
}

const sum = (xs: MembershipDto[]) => Math.round(xs.reduce((s, m) => s + m.price * 100, 0)) / 100;
const sales = (from: string, to: string) => `/paket/sales?fromdate=${from}&todate=${to}`;

/** Package sales today and this month against last month (LAYANAN_PAKET read). */
export const paketSalesDashboardCard: DashboardCard = {
  key: 'paket-sales',
  order: 20,
  access: [access.feature('LAYANAN_PAKET', 'read')],
  load: async (ctx, d) => {
    const [month, lastMonth] = await Promise.all([
      salesOf(ctx, d.monthStart, d.today),
      salesOf(ctx, d.lastMonthStart, d.lastMonthEnd),
    ]);
    const today = month.filter((m) => m.registered_at.slice(0, 10) === d.today);
    return {
      key: 'paket-sales',
      title: 'Penjualan Paket',
      href: sales(d.monthStart, d.today),
      figures: [
        { key: 'today', label: 'Terjual hari ini', value: today.length, kind: 'count', href: sales(d.today, d.today) },
        {
          key: 'month',
          label: 'Penjualan bulan ini',
          value: sum(month),
          kind: 'money',
          href: sales(d.monthStart, d.today),
          hint: `${month.length} paket · bulan lalu ${formatRupiah(sum(lastMonth))}`,
          change: changeOf(sum(month), sum(lastMonth)),
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
    const overdue = rows.map((r) => ({ r, late: r.d1_30 + r.d31_60 + r.d61_90 + r.d90_plus }));
    const late = overdue.filter((x) => x.late > 0);
    const total = Math.round(late.reduce((s, x) => s + x.late * 100, 0)) / 100;
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
          value: Math.round(rows.reduce((s, r) => s + r.total * 100, 0)) / 100,
          kind: 'money',
          href,
        },
      ],
      chart: {
        label: 'Umur piutang',
        kind: 'money',
        points: [
          { label: 'Belum jatuh tempo', value: rows.reduce((s, r) => s + r.belum_jatuh_tempo, 0) },
          { label: '1-30 hari', value: rows.reduce((s, r) => s + r.d1_30, 0) },
          { label: '31-60 hari', value: rows.reduce((s, r) => s + r.d31_60, 0) },
          { label: '61-90 hari', value: rows.reduce((s, r) => s + r.d61_90, 0) },
          { label: '> 90 hari', value: rows.reduce((s, r) => s + r.d90_plus, 0) },
        ].map((p) => ({ ...p, value: Math.round(p.value * 100) / 100, href })),
      },
    };
  },
};
