import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';

/**
 * The inter-branch lines a consolidation of the branches in `scope` eliminates, summed per account, up to `upTo`:
 * of every transfer between two branches that are both in the scope and settled by `upTo`, the sender's receivable
 * (debit on an asset account of its 'stock_transfer_settle' journal) and the receiver's payable (credit on a
 * liability account of its 'stock_transfer_in' journal). The two are equal (the received value), so what is
 * eliminated balances. A transfer with one side outside the scope stays: that balance is real for the set.
 */
export async function interBranchLines(
  db: Db,
  scope: BranchScope,
  upTo: string,
): Promise<Map<number, { debit: number; credit: number }>> {
  const inScope = (col: string) => scopeSql(sql.raw(col), scope);
  const rows = await queryRows<{ akun_id: number; debit: string; credit: string }>(
    db,
    sql`select d.akun_id, sum(d.debit)::text as debit, sum(d.credit)::text as credit
        from jurnal_detail d
        join jurnal j on j.id = d.jurnal_id
        join akun a on a.id = d.akun_id
        where ${inScope('d.profile_id')} and d.transaction_at <= ${upTo}
          and (
            (j.source_type = 'stock_transfer_settle' and a.category = 1 and d.debit > 0 and exists (
              select 1 from jurnal r where r.source_type = 'stock_transfer_in'
                and r.source_id = 'stock_transfer:' || j.source_id
                and r.profile_id <> j.profile_id and ${inScope('r.profile_id')} and r.transaction_at <= ${upTo}))
            or
            (j.source_type = 'stock_transfer_in' and a.category = 2 and d.credit > 0 and exists (
              select 1 from jurnal s where s.source_type = 'stock_transfer_settle'
                and 'stock_transfer:' || s.source_id = j.source_id
                and s.profile_id <> j.profile_id and ${inScope('s.profile_id')} and s.transaction_at <= ${upTo}))
          )
        group by d.akun_id`,
  );
  return new Map(rows.map((r) => [Number(r.akun_id), { debit: Number(r.debit), credit: Number(r.credit) }]));
}
