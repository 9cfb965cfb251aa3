import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DashboardCardDto, DashboardDto } from '@klinik/shared';
import { profile } from '../../db/schema/index.js';
import { seedDemo } from '../../seed/demo.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';

/**
 * The home page's dashboard (issue 16): every figure equals what the module's own report says for the same range,
 * and each card is shown only to users whose privileges the card's report would accept.
 */
let t: TestApp;
let jakarta: number;
const users: Record<string, TestUser> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, 'klinik123');
  const [row] = await t.db
    .select({ id: profile.id })
    .from(profile)
    .where(eq(profile.name, 'Klinik Sehat Sentosa Jakarta'));
  jakarta = row.id;
  for (const role of ['manager', 'admin', 'finance', 'dokter', 'investor', 'inventory', 'customer'] as const)
    users[role] = await t.makeUser(role, { branchId: jakarta, password: null });
  users.noPrivileges = await t.makeUser('manager', { branchId: jakarta, privileges: [], password: null });
});
afterAll(() => t.close());

async function dashboard(u: TestUser): Promise<DashboardDto> {
  return t.trpc(u).dashboard.summary();
}

function card(d: DashboardDto, key: string): DashboardCardDto {
  const c = d.cards.find((x) => x.key === key);
  expect(c, key).toBeDefined();
  return c!;
}

function figure(c: DashboardCardDto, key: string): number {
  const f = c.figures.find((x) => x.key === key);
  expect(f, `${c.key}.${key}`).toBeDefined();
  return f!.value;
}

describe('dashboard figures equal the modules own reports', () => {
  it('revenue today, this month, last month and six months equal Laba Rugi for the same ranges', async () => {
    const d = await dashboard(users.manager);
    const c = card(d, 'finance-revenue');
    const caller = t.trpc(users.manager);
    const revenue = async (from: string, to: string) =>
      (await caller.finance.laporan.profitLoss({ from, to })).sections.find((s) => s.category === 4)!.total;
    const monthStart = `${d.date.slice(0, 8)}01`;
    expect(figure(c, 'today')).toBe(await revenue(d.date, d.date));
    expect(figure(c, 'month')).toBe(await revenue(monthStart, d.date));
    expect(figure(c, 'net')).toBe(
      (await caller.finance.laporan.profitLoss({ from: monthStart, to: d.date })).net_profit,
    );
    expect(c.chart!.points).toHaveLength(6);
    for (const p of c.chart!.points) {
      const u = new URL(p.href!, 'http://x');
      expect(p.value, p.label).toBe(await revenue(u.searchParams.get('from')!, u.searchParams.get('to')!));
    }
    // Jakarta's demo books have revenue in the last two months.
    expect(c.chart!.points.reduce((s, p) => s + p.value, 0)).toBeGreaterThan(0);
    for (const f of c.figures) expect(f.href).toMatch(/^\/finance\/laporan\/labarugi\?from=/);
  });

  it('package sales equal Penjualan Paket for this month, overdue instalments equal Piutang Membership', async () => {
    const d = await dashboard(users.admin);
    const caller = t.trpc(users.admin);
    const monthStart = `${d.date.slice(0, 8)}01`;
    const month = await caller.paket.memberships({ fromdate: monthStart, todate: d.date, page: 1, limit: 500 });
    const sales = card(d, 'paket-sales');
    expect(figure(sales, 'month')).toBe(Math.round(month.data.reduce((s, m) => s + m.price * 100, 0)) / 100);
    expect(figure(sales, 'today')).toBe(month.data.filter((m) => m.registered_at.slice(0, 10) === d.date).length);

    const rows = (await caller.paket.piutang({ asof: d.date })).data;
    const overdue = card(d, 'paket-overdue');
    const late = rows.map((r) => r.d1_30 + r.d31_60 + r.d61_90 + r.d90_plus);
    expect(figure(overdue, 'overdue')).toBe(Math.round(late.reduce((s, x) => s + x * 100, 0)) / 100);
    expect(figure(overdue, 'patients')).toBe(late.filter((x) => x > 0).length);
    expect(figure(overdue, 'outstanding')).toBe(Math.round(rows.reduce((s, r) => s + r.total * 100, 0)) / 100);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('patient counts equal Data Pasien', async () => {
    const d = await dashboard(users.dokter);
    const caller = t.trpc(users.dokter);
    const c = card(d, 'patients');
    expect(figure(c, 'all')).toBe((await caller.users.list({ role: 1, page: 1, limit: 1 })).count);
    expect(figure(c, 'active')).toBe((await caller.users.list({ role: 1, status: 1, page: 1, limit: 1 })).count);
    expect(figure(c, 'all')).toBeGreaterThan(0);
  });
});

describe('dashboard cards follow the access of their reports', () => {
  it.each([
    ['manager', ['finance-revenue', 'paket-sales', 'paket-overdue', 'patients']],
    ['admin', ['paket-sales', 'paket-overdue', 'patients']],
    ['finance', ['finance-revenue', 'paket-sales', 'paket-overdue', 'patients']],
    ['dokter', ['patients']],
    // FINANCE_LAPORAN read also reads membership receivables (PIUTANG_READ), as the piutang endpoint allows.
    ['investor', ['finance-revenue', 'paket-overdue']],
    ['inventory', []],
    ['customer', []],
    ['noPrivileges', []],
  ])('%s sees %j', async (who, keys) => {
    const d = await dashboard(users[who]);
    expect(d.cards.map((c) => c.key)).toEqual(keys);
  });

  it('answers the same over REST and refuses anonymous callers', async () => {
    const res = await t.api(users.investor).get('/api/dashboard');
    expect(res.status).toBe(200);
    expect((res.body.data as DashboardDto).cards.map((c) => c.key)).toEqual(['finance-revenue', 'paket-overdue']);
    expect((await t.api(null).get('/api/dashboard')).status).toBe(401);
  });
});
