/**
 * Demo payout runs (issue 29 item 7): last month's run computed by finance, approved by the owner (a second
 * person) and paid to each doctor through the payables (cash, today: the run's net); then this month's run left
 * open for review. Skipped quietly when the active finance period does not hold last month or a month has no
 * payable fee line (a demo seeded on another date); deterministic for a date.
 */
import { fromSen, toSen, type ApprovalAction } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { getActivePeriod, listPayableItems, payItems } from '../finance/index.js';
import { registerApprovalExecutor } from '../applog/index.js';
import { approveRun, createRun, sharingApprovalExecutors } from './runs.js';
import { hasPayableLines } from './queries/income.js';

const ACTION: ApprovalAction = 'sharing.approve_run';

function monthEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function previousMonth(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export async function seedDemoPayoutRuns(fin: Ctx, owner: Ctx, cashMethod: number): Promise<void> {
  const c = requireUser(fin);
  const period = await getActivePeriod(c);
  if (!period) return;
  const today = await c.today();
  const last = previousMonth(today);
  if (`${last}-01` >= period.start_date && (await hasPayableLines(c.db, c.branchId, monthEnd(last)))) {
    const run = await createRun(c, { period: last });
    await approveRun(c, run.id);
    registerApprovalExecutor(ACTION, sharingApprovalExecutors[ACTION]!);
    const done = await approveRun(owner, run.id);
    if (!done.pending) {
      // Each doctor is paid the run's net: the run's debit note (PPh 21) set off in full, then fee items up to the
      // net (this month's fees stay open for this month's run).
      for (const d of done.data.doctors) {
        const net = toSen(d.net);
        if (net <= 0) continue;
        const items = await listPayableItems(c, { party_type: 'doctor', party: d.doctor, status: 'open' });
        const notes = items.filter(
          (i) => i.outstanding < 0 && i.source_type === 'sharing_run' && i.source_id === String(run.id),
        );
        let left = net - notes.reduce((s, i) => s + toSen(i.outstanding), 0);
        const allocations = notes.map((i) => ({ item: i.id, amount: toSen(i.outstanding) }));
        for (const i of items.filter((x) => x.outstanding > 0).sort((a, b) => a.id - b.id)) {
          if (left <= 0) break;
          const amount = Math.min(left, toSen(i.outstanding));
          allocations.push({ item: i.id, amount: toSen(fromSen(amount)) });
          left -= amount;
        }
        if (left > 0) continue;
        await payItems(c, {
          party_type: 'doctor',
          party_id: d.doctor,
          method: cashMethod,
          date: today,
          memo: `Jasa dokter ${last}`,
          allocations,
          idempotency_key: `demo-jasa-dokter-${last}-${d.doctor}`,
        });
      }
    }
  }
  // This month: open, for finance to review.
  if (await hasPayableLines(c.db, c.branchId, today)) await createRun(c, { period: today.slice(0, 7) });
}
