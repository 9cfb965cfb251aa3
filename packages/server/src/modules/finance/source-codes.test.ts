import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { asSen } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { queryRows } from '../../db/client.js';
import { financePeriode } from '../../db/schema/index.js';
import { ACCOUNT } from './accounts.js';
import { postJournal } from './posting.js';

/**
 * The journal report's source document code (issue 33): the source id is text, looked up by primary key when it is a
 * number; other text finds nothing (and fails nothing).
 */
let t: TestApp;
let branch: number;
let fin: TestUser;
let payment: { id: number; code: string };

const post = (sourceType: string, sourceId: string) =>
  postJournal(t.ctx(fin), {
    transaction_at: '2026-03-03',
    memo: `Sumber ${sourceId}`,
    source_type: sourceType,
    source_id: sourceId,
    lines: [
      { akun: ACCOUNT.kas, debit: asSen(10_000), credit: asSen(0) },
      { akun: ACCOUNT.pendapatanTindakan, debit: asSen(0), credit: asSen(10_000) },
    ],
  });

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Klinik Sumber Jurnal' });
  fin = await t.makeUser('finance', { branchId: branch });
  const cashier = await t.makeUser('admin', { branchId: branch });
  await t.db.insert(financePeriode).values({ profile_id: branch, start_date: '2026-01-01', status: 0 });
  const [s] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into kasir_session (profile_id, cashier_id, open_date, status) values (${branch}, ${cashier.id}, '2026-03-03', 'open') returning id`,
  );
  [payment] = await queryRows<{ id: number; code: string }>(
    t.db,
    sql`insert into kasir_payment (profile_id, code, kind, session_id, cashier_id, paid_date, status, idempotency_key)
        values (${branch}, 'INV/SRC/0001', 'sales', ${s.id}, ${cashier.id}, '2026-03-03', 'paid', 'src-1') returning id, code`,
  );
});
afterAll(() => t?.close());

describe('journal source codes', () => {
  it('shows the payment code of a till journal, and none for a source id that is not a number', async () => {
    const paid = await post('kasir_payment', String(payment.id));
    const odd = await post('kasir_payment', 'x' + payment.id);
    const huge = await post('kasir_payment', '99999999999999999999');
    const missing = await post('kasir_payment', String(payment.id + 100_000));
    const get = async (id: number) => (await t.api(fin).get(`/api/finance/jurnal/${id}`)).body.data.source?.code;
    expect(await get(paid.id)).toBe(payment.code);
    expect(await get(odd.id)).toBeNull();
    expect(await get(huge.id)).toBeNull();
    expect(await get(missing.id)).toBeNull();
  });
});
