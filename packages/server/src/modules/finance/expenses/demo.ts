/** The demo clinic's expenses and one deposited PPh 21 masa (seed/expenses.ts calls this through finance's front door). */
import { asSen, fromSen } from '@klinik/shared';
import * as q from '../queries/expenses.js';
import type { Ctx } from '../../../http/context.js';
import { deposit } from '../taxes/deposits.js';
import { createExpense } from './service.js';

export async function seedDemoExpenses(ctx: Ctx): Promise<void> {
  const today = await ctx.today();
  const { period, cats, methods, open } = await q.demoInputs(ctx.db, ctx.branchId);
  if (!period) return;
  const cash = methods.find((m) => m.type === 'tunai') ?? methods[0];
  if (!cash) return;
  const first = `${today.slice(0, 8)}01` < period.start_date ? period.start_date : `${today.slice(0, 8)}01`;
  const rows: [string, number, string][] = [
    ['utilitas', 450_000, 'Token listrik ruang praktik'],
    ['atk', 185_000, 'Kertas nota dan tinta printer'],
    ['transport', 75_000, 'Ojek antar sampel lab'],
    ['pemeliharaan', 350_000, 'Servis kursi tindakan'],
  ];
  for (const [code, amount, memo] of rows) {
    const cat = cats.find((c) => c.code === code);
    if (!cat) continue;
    await createExpense(ctx, { category: cat.id, date: first, amount, method: cash.id, memo });
  }
  // The latest masa of PPh 21 pegawai with open items (the approved demo payroll), deposited in full.
  const bank = methods.find((m) => m.type === 'transfer') ?? cash;
  if (open && open.outstanding > 0 && `${open.masa}-01` <= today && today >= period.start_date) {
    await deposit(
      ctx,
      {
        tax: 'pph_pegawai',
        masa: open.masa,
        amount: fromSen(asSen(open.outstanding)),
        billing_code: '000000000000001',
        ntpn: 'DEMO0000NTPN0001',
        date: today,
        method: bank.id,
      },
      'seed-demo-pph21',
    );
  }
}
