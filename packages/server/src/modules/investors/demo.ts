import { requireUser, type Ctx } from '../../http/context.js';
import { decideRequest, registerApprovalExecutor } from '../applog/index.js';
import { getActivePeriod } from '../finance/index.js';
import { investorsApprovalExecutors, createRun, monthRange } from './runs.js';
import { createInvestor, createSetting } from './service.js';
import { demoRefs } from './queries.js';

/**
 * Issue 29 part B in the demo (the books' branch): an individual investor (the demo 'investor' account, 2% of the
 * branch's revenue, dividend) and an equipment partner paid per laser session (PPh 23 2%), with last month's
 * distribution computed by finance and approved by the owner (a second person).
 */
export async function seedDemoInvestors(fin: Ctx, owner: Ctx): Promise<void> {
  const c = requireUser(fin);
  const period = await getActivePeriod(c);
  if (!period) return;
  const today = await c.today();
  const [y, m] = today.split('-').map(Number);
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const { from, to } = monthRange(last);
  const { account, proc } = await demoRefs(c.db, c.branchId);
  const effective = period.start_date < from ? period.start_date : from;
  const budi = await createInvestor(c, {
    kind: 'investor',
    party_type: 'individual',
    name: 'Budi Hartono',
    nik: '3171010101800001',
    npwp: null,
    bank_name: 'BCA',
    bank_account: '5270123456',
    bank_holder: 'Budi Hartono',
    tax_treatment: 'dividend',
    user: account,
    status: 1,
  });
  await createSetting(c, { investor: budi.id, basis: 'revenue', percent: 2, effective_from: effective });
  if (proc) {
    const partner = await createInvestor(c, {
      kind: 'partner',
      party_type: 'company',
      name: 'PT Laser Medika Mitra',
      npwp: '012345678901000',
      bank_name: 'Mandiri',
      bank_account: '1230009876543',
      bank_holder: 'PT Laser Medika Mitra',
      tax_treatment: 'equipment_rent',
      status: 1,
    });
    await createSetting(c, {
      investor: partner.id,
      basis: 'procedure',
      perawatan: proc,
      amount: 150_000,
      effective_from: effective,
    });
  }
  // Last month's distribution, when the active period holds it.
  if (to < period.start_date) return;
  const run = await createRun(c, { period: last, profile_id: c.branchId });
  if (!run.applog_id) return;
  registerApprovalExecutor('deviden.approve_run', investorsApprovalExecutors['deviden.approve_run']!);
  await decideRequest(owner, run.applog_id, { status: 1 });
}
