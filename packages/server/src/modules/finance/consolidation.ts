import type { BranchScope } from '../../http/access-scope.js';
import type { AuthedCtx } from '../../http/context.js';
import * as q from './queries.js';

export interface Elimination {
  akun_id: number;
  code: string;
  name: string;
  category: number;
  /** Sen: the eliminated lines' debits and credits (the elimination reverses them). */
  debit: number;
  credit: number;
}

/**
 * What consolidating the branches of `scope` eliminates up to `to`: the inter-branch receivables and payables of
 * transfers between two of them (docs/decisions.md "Backoffice dashboard and consolidated reports").
 */
export async function interBranchEliminations(ctx: AuthedCtx, scope: BranchScope, to: string): Promise<Elimination[]> {
  const [accounts, lines] = await Promise.all([q.listAkun(ctx.db), q.interBranchLines(ctx.db, scope, to)]);
  return accounts
    .filter((a) => lines.has(a.id))
    .map((a) => ({ akun_id: a.id, code: a.code, name: a.name, category: a.category, ...lines.get(a.id)! }));
}
