import type { Ctx } from '../http/context.js';
import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.js';
import { queryRows, type Db } from '../db/client.js';

const SECRET_KEYS = new Set(['password', 'password_hash', 'repeatpassword', 'token']);

function scrub(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(scrub);
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
    if (!SECRET_KEYS.has(k)) out[k] = scrub(val);
  }
  return out;
}

/** Appends an audit row in the caller's transaction (ARCHITECTURE rule 9). Secrets are never recorded. */
export async function audit(
  ctx: Ctx,
  entry: {
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
    /** The branch the row belongs to (default: the request's; null: none, e.g. a failed sign-in of nobody). */
    profileId?: number | null;
  },
): Promise<void> {
  await ctx.db.insert(auditLog).values({
    user_id: ctx.user?.id ?? null,
    profile_id: entry.profileId !== undefined ? entry.profileId : ctx.branchId || null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    request_id: ctx.requestId,
  });
}

/**
 * The audit row of a document stored by one larger statement (the journal posting's CTE, issue 10): an
 * `insert into audit_log ... select` over `from` (a CTE name), whose `profile_id` and `id` columns name the
 * document's branch and id, and whose `code` column is written into `after.code`. The audit table's SQL lives only
 * here (one owner per table).
 */
export function auditInsertSelect(entry: {
  userId: number | null;
  action: string;
  entity: string;
  requestId: string;
  after: Record<string, unknown>;
  from: SQL;
}): SQL {
  return sql`insert into audit_log (user_id, profile_id, action, entity, entity_id, after, request_id)
    select ${entry.userId}::int, d.profile_id, ${entry.action}, ${entry.entity}, d.id::text,
      jsonb_set(${JSON.stringify(scrub(entry.after))}::jsonb, '{code}', to_jsonb(d.code)), ${entry.requestId}
    from ${entry.from} d`;
}

/**
 * Who wrote one entity through the given actions (e.g. 'create' and 'update'), from its audit rows: the people a
 * separation-of-duties check must keep from deciding it. Answers distinct user ids (the system's rows, NULL, left out).
 */
export async function auditAuthors(
  db: Db,
  entry: { entity: string; entityId: number | string; actions: readonly string[] },
): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct user_id from audit_log where entity = ${entry.entity} and entity_id = ${String(entry.entityId)}
        and user_id is not null and action in (${sql.join(
          entry.actions.map((a) => sql`${a}`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** At most this many record ids are kept on one read row (a page is 100 at most; an export says how many in all). */
const MAX_READ_IDS = 500;

/**
 * A read of patient data or an export (issue 8, the medical record's read trail): who saw or took which records,
 * never what they hold (no names, NIKs, phones or search words). `ids` are the records answered; a read that
 * answered none is not recorded. Written outside any transaction, after the data was gathered and before it is sent.
 */
export async function auditRead(
  ctx: Ctx,
  entry: {
    action: 'read' | 'read_list' | 'export';
    entity: string;
    ids: number[];
    /** What else identifies the export (a file name, a filter's kind); never personal data. */
    detail?: Record<string, string | number | boolean | null>;
    /** Record even when `ids` is empty (an export of nothing is still an export). */
    always?: boolean;
  },
): Promise<void> {
  if (!entry.ids.length && !entry.always) return;
  await audit(ctx, {
    action: entry.action,
    entity: entry.entity,
    entityId: entry.action === 'read' && entry.ids.length === 1 ? entry.ids[0] : null,
    after: { ids: entry.ids.slice(0, MAX_READ_IDS), count: entry.ids.length, ...entry.detail },
  });
}

/** One read of a patient's clinical data: the patient, the visit (null: not one visit) and the visit's branch. */
export interface RecordRead {
  customer: number;
  visit: number | null;
  branch: number;
}

/**
 * The read trail of clinical data (docs/decisions.md 'Rekam medis' and issue 25): every answered read of a record,
 * a prescription, an allergy, a complaint or a bill's clinical lines appends one row per patient read (entity
 * 'rekam_medis', keyed by the patient, `after` naming what was read, the visits and the reader's address), which the
 * record's 'Riwayat Akses' lists. Action 'read', or 'export' for files. A read that answered nobody writes nothing;
 * refused reads never get here. Written after the data was gathered and before it is sent.
 */
export async function auditRecordReads(
  ctx: Ctx,
  action: 'read' | 'export',
  reads: RecordRead[],
  detail: Record<string, string | number | boolean | null> & { what: string },
): Promise<void> {
  const byPatient = new Map<number, { branch: number; visits: number[] }>();
  for (const r of reads) {
    const p = byPatient.get(r.customer) ?? { branch: r.branch, visits: [] };
    if (r.visit !== null && !p.visits.includes(r.visit)) p.visits.push(r.visit);
    byPatient.set(r.customer, p);
  }
  if (!byPatient.size) return;
  await ctx.db.insert(auditLog).values(
    [...byPatient].map(([customer, p]) => ({
      user_id: ctx.user?.id ?? null,
      profile_id: p.branch,
      action,
      entity: 'rekam_medis',
      entity_id: String(customer),
      after: {
        ...detail,
        visit: p.visits.length === 1 ? p.visits[0] : null,
        visits: p.visits.slice(0, 100),
        ip: ctx.ip,
      },
      request_id: ctx.requestId,
    })),
  );
}
