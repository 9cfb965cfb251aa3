/**
 * The cash-flow statement of the financial statements hub (/finance/report, issue 28 item 6), direct method: every
 * receipt into and payment out of the cash and bank accounts, grouped by the class of the account on the other side
 * of its journal (netted per journal and activity). Operating: revenue, expenses, current assets and liabilities; investing: non-current assets (codes
 * 12xx and up); financing: equity and long-term liabilities (codes 24xx and up). The net change equals the change of
 * the cash and bank balances by construction (every journal balances); reports-hub.test.ts proves it.
 * The profit and loss, balance sheet and trial balance of the hub are the existing /api/finance/laporan/* reports.
 */
import {
  asSen,
  CASH_FLOW_ACTIVITIES,
  CASH_FLOW_TITLES,
  fromSen,
  sumSen,
  type CashFlowActivity,
  type CashFlowDto,
  type CashFlowQuery,
} from '@klinik/shared';
import { requireUser, type Ctx } from '../../../http/context.js';
import { rangeOf, scopeOf } from '../services/common.js';
import * as q from '../queries/cash-flow.js';

export async function cashFlow(ctx: Ctx, query: CashFlowQuery): Promise<CashFlowDto> {
  const c = requireUser(ctx);
  const scope = scopeOf(c, query);
  const { from, to } = await rangeOf(c, query);
  const [cash, counter, flows] = await Promise.all([
    q.cashBalances(c.db, scope, from, to),
    q.counterFlows(c.db, scope, from, to),
    q.activityFlows(c.db, scope, from, to),
  ]);
  const sections = CASH_FLOW_ACTIVITIES.map((activity: CashFlowActivity) => {
    const lines = counter.filter((l) => l.activity === activity);
    const f = flows.find((x) => x.activity === activity);
    const receipts = asSen(f?.receipts ?? 0);
    const payments = asSen(f?.payments ?? 0);
    return {
      activity,
      title: CASH_FLOW_TITLES[activity],
      lines: lines.map((l) => ({
        akun_id: l.akun_id,
        code: l.code,
        name: l.name,
        receipts: fromSen(l.receipts),
        payments: fromSen(l.payments),
        net: fromSen(l.receipts - l.payments),
      })),
      receipts: fromSen(receipts),
      payments: fromSen(payments),
      netSen: receipts - payments,
    };
  });
  const net = sumSen(sections.map((s) => s.netSen));
  const opening = sumSen(cash.map((a) => a.opening));
  const closing = sumSen(cash.map((a) => a.closing));
  return {
    from,
    to,
    cash_accounts: cash.map((a) => ({ ...a, opening: fromSen(a.opening), closing: fromSen(a.closing) })),
    sections: sections.map(({ netSen, ...s }) => ({ ...s, net: fromSen(netSen) })),
    net_change: fromSen(net),
    opening: fromSen(opening),
    closing: fromSen(closing),
  };
}
