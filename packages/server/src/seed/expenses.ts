import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { seedDemoExpenses } from '../modules/finance/index.js';
import { seedDemoInvestors } from '../modules/investors/index.js';
import { seedCtx } from './finance.js';

/**
 * Issue 28 items 4 and 5 in the demo: a few cash expenses of this month in Jakarta (registered by 'finance', under
 * the proof limit) and, when the approved demo payroll left PPh 21 items of a masa, that masa deposited.
 */
export async function seedExpenses(tx: Db, branchIds: number[], now: Date = new Date()): Promise<void> {
  const branchId = branchIds[0];
  const [fin] = await queryRows<{ id: number }>(
    tx,
    sql`select id from users where username = 'finance' and profile_id = ${branchId}`,
  );
  if (!fin) return;
  const ctx = await seedCtx(tx, branchId, now, 'finance');
  await seedDemoExpenses(ctx);
  // Issue 29 part B: an investor and an equipment partner, last month's distribution approved by the owner.
  await seedDemoInvestors(ctx, await seedCtx(tx, branchId, now, 'owner'));
}
