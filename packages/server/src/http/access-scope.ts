import { sql, type SQL } from 'drizzle-orm';
import { isTopLevel, MSG } from '@klinik/shared';
import { queryRows } from '../db/client.js';
import { requireUser, type Ctx } from './context.js';
import { badRequest, notFound } from './errors.js';

/**
 * Branch scope, enforced in one place (issue 9 item 1; the rule is in docs/decisions.md, issue 9).
 *
 * - By id: a service never fetches a row and compares its `profile_id` itself. It asks
 *   `requireAccess(ctx, ENTITY, ids, 'read' | 'write')`, which answers in one query the ids the caller may touch and
 *   throws the entity's 404 for the rest (a row of another branch looks like a row that does not exist).
 * - Lists: a query that reads branch rows takes a `BranchScope`, which only `branchScope(ctx, ...)` makes, so a
 *   query that forgets the scope does not type-check. queries.ts turns it into SQL with `scopeSql`.
 *
 * The rule (one for every module):
 * - Everyone reads and writes the rows of the session's current branch.
 * - Top-level users (owner, developer) also READ every branch's rows: by id, and in lists when they ask for it
 *   (`isallbranch=1`: every branch; `profile_id=N`: branch N). Anyone else asking for that gets the current branch.
 * - Top-level users WRITE another branch's rows only for organisation entities (users and branches, which are
 *   administered centrally); branch data (journals, periods, accounts, packages, masters, attendance, payroll) is
 *   changed from inside its branch: switch branch first.
 * - Shared rows (branch column NULL, e.g. the chart of accounts' common accounts) belong to no branch: whoever the
 *   module's permission lets read or write them may, from any branch.
 */

export type Action = 'read' | 'write';

declare const scopeBrand: unique symbol;
/** The branches a read covers: a list of branch ids, or null for every branch. Made only by `branchScope`. */
export interface BranchScope {
  readonly [scopeBrand]: true;
  readonly branches: readonly number[] | null;
}

function makeScope(branches: readonly number[] | null): BranchScope {
  return { branches } as BranchScope;
}

/** What a list request may ask for (the spec's query parameters). */
export interface ScopeRequest {
  profile_id?: number | null;
  isallbranch?: number | null;
}

/**
 * The branch scope of a request: the current branch; a top-level user may ask for every branch
 * (isallbranch=1) or for one named branch (profile_id). Anyone else asking for more gets the current branch.
 * With action 'write' it is always the current branch.
 */
export function branchScope(ctx: Ctx, request: ScopeRequest = {}, action: Action = 'read'): BranchScope {
  if (action === 'read' && ctx.user && isTopLevel(ctx.user)) {
    if (request.isallbranch === 1) return makeScope(null);
    if (request.profile_id) return makeScope([request.profile_id]);
  }
  return makeScope([ctx.branchId]);
}

/**
 * The scope of a Backoffice read over a chosen set of branches (`profile_id=1,2`; null: every branch). Top-level
 * users only; anyone else gets the current branch (the endpoints declaring this are top-level only anyway).
 */
export function branchesScope(ctx: Ctx, ids: readonly number[] | null | undefined): BranchScope {
  if (ctx.user && isTopLevel(ctx.user)) return makeScope(ids && ids.length ? [...ids] : null);
  return makeScope([ctx.branchId]);
}

/** Whether a branch (a row's branch column) is inside the scope; `shared`: a NULL branch is too. */
export function inScope(scope: BranchScope, branchId: number | null, shared = false): boolean {
  if (branchId === null) return shared;
  return scope.branches === null || scope.branches.includes(branchId);
}

/** The scope as an SQL condition on a branch column (for queries.ts). `shared`: rows with no branch match too. */
export function scopeSql(column: SQL | SQL.Aliased | { getSQL(): SQL }, scope: BranchScope, shared = false): SQL {
  if (scope.branches === null) return sql`true`;
  const ids = scope.branches.length ? scope.branches.map((id) => sql`${id}`) : [sql`-1`];
  const inScope = sql`${column} in (${sql.join(ids, sql`, `)})`;
  return shared ? sql`(${column} is null or ${inScope})` : inScope;
}

// ------------------------------------------------------------------------------------------------ entities

export interface EntityDef {
  /** module.thing, e.g. finance.jurnal: the key of its test factory. */
  name: string;
  table: string;
  /** Default 'id'. */
  idColumn?: string;
  /** The column naming the row's branch ('id' for the branch itself), or null when the entity is not per branch. */
  branchColumn: string | null;
  /** The module's Indonesian not-found message (default: the generic one). */
  notFound?: string;
  /** Rows with a NULL branch column are shared by every branch (readable by all). */
  shared?: boolean;
  /** Administered centrally: top-level users may also write other branches' rows. */
  organisation?: boolean;
  /** A user may always act on their own row (users). */
  self?: boolean;
  /** Why an entity without branch column is safe (documentation; required when branchColumn is null). */
  unscopedBecause?: string;
}

const registry = new Map<string, EntityDef>();

/** Declares an entity (each module does this in its entities.ts and lists them from index.ts). */
export function entity(def: EntityDef): EntityDef {
  if (def.branchColumn === null && !def.unscopedBecause) throw new Error(`${def.name}: say why it is not per branch`);
  if (registry.has(def.name)) throw new Error(`entity ${def.name} is declared twice`);
  registry.set(def.name, def);
  return def;
}

/** Every declared entity (the cross-branch test walks these). */
export function registeredEntities(): EntityDef[] {
  return [...registry.values()];
}

/**
 * The ids among `ids` that the caller may read or write, in one query; throws the entity's 404 when any is not
 * (missing and out of scope look the same). Returns the ids, deduplicated, in the order given.
 */
export async function requireAccess(ctx: Ctx, e: EntityDef, ids: readonly number[], action: Action): Promise<number[]> {
  const allowed = await accessibleIds(ctx, e, ids, action);
  const unique = [...new Set(ids)];
  if (allowed.size !== unique.length) throw notFound(e.notFound);
  return unique;
}

/**
 * Rows a document is about to be written against in the caller's current branch (its journal, its stock), for
 * everyone, top-level users included: 404 for a row of any other branch (e.g. an approved void carried out, a
 * prescription moved by the pharmacy).
 */
export async function requireOwnBranch(ctx: Ctx, e: EntityDef, ids: readonly number[]): Promise<void> {
  const allowed = await accessibleIds(ctx, e, ids, 'reference');
  if (allowed.size !== new Set(ids).size) throw notFound(e.notFound);
}

/**
 * Ids an input refers to (a package's type, a registration's patient, a payroll run's group): they must be rows
 * of the current branch (or shared rows), for everyone, top-level users included. Throws 400 on the field.
 */
export async function requireReference(
  ctx: Ctx,
  e: EntityDef,
  ids: readonly number[],
  field: string,
  message: string = e.notFound ?? MSG.notFound,
): Promise<void> {
  const allowed = await accessibleIds(ctx, e, ids, 'reference');
  if (allowed.size !== new Set(ids).size) throw badRequest(message, field);
}

/** The subset of `ids` the caller may read or write (one query), without throwing. */
export async function accessibleIds(
  ctx: Ctx,
  e: EntityDef,
  ids: readonly number[],
  action: Action | 'reference',
): Promise<Set<number>> {
  const c = requireUser(ctx);
  const unique = [...new Set(ids)].filter((i) => Number.isSafeInteger(i));
  if (!unique.length) return new Set();
  const idCol = sql.identifier(e.idColumn ?? 'id');
  const conds: SQL[] = [
    sql`${idCol} in (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  ];
  if (e.branchColumn !== null) {
    // References (ids an input points at) are always the current branch's rows, for everyone.
    const everyBranch = isTopLevel(c.user) && (action === 'read' || (action === 'write' && e.organisation === true));
    if (!everyBranch) {
      const col = sql.identifier(e.branchColumn);
      const options: SQL[] = [sql`${col} = ${c.branchId}`];
      if (e.shared) options.push(sql`${col} is null`);
      if (e.self && action !== 'reference') options.push(sql`${idCol} = ${c.user.id}`);
      conds.push(sql`(${sql.join(options, sql` or `)})`);
    }
  }
  const rows = await queryRows<{ id: number | string }>(
    c.db,
    sql`select ${idCol} as id from ${sql.identifier(e.table)} where ${sql.join(conds, sql` and `)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
