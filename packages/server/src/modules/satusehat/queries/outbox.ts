import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  profile,
  rmEntry,
  rmEntryVersion,
  rmRecord,
  satusehatResource,
  satusehatVisit,
  users,
  visit,
} from '../../../db/schema/index.js';
import { scopeSql, type BranchScope } from '../../../http/access-scope.js';
import { likeOf } from '../../../db/like.js';

export type OutboxRow = typeof satusehatVisit.$inferSelect;
export type ResourceRow = typeof satusehatResource.$inferSelect;

/**
 * A finished record enters the outbox (in the finishing transaction); a record already there (a correction after
 * finishing) gets a new revision and waits again, so its resources are sent as updates.
 */
export async function enqueueRecord(db: Db, recordId: number): Promise<OutboxRow | undefined> {
  const [rec] = await db
    .select({ id: rmRecord.id, visit_id: rmRecord.visit_id, profile_id: rmRecord.profile_id, status: rmRecord.status })
    .from(rmRecord)
    .where(eq(rmRecord.id, recordId));
  if (!rec || rec.status !== 'finished') return undefined;
  const [row] = await db
    .insert(satusehatVisit)
    .values({ profile_id: rec.profile_id, visit_id: rec.visit_id, record_id: rec.id })
    .onConflictDoUpdate({
      target: satusehatVisit.visit_id,
      set: {
        revision: sql`${satusehatVisit.revision} + 1`,
        status: 'waiting',
        reason: null,
        job_id: null,
        updated_at: sql`now()`,
      },
    })
    .returning();
  return row;
}

export async function findOutbox(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(satusehatVisit).where(eq(satusehatVisit.id, id));
  return row;
}

export async function outboxOfVisit(db: Db, visitId: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(satusehatVisit).where(eq(satusehatVisit.visit_id, visitId));
  return row;
}

export async function updateOutbox(db: Db, id: number, values: Partial<typeof satusehatVisit.$inferInsert>) {
  const [row] = await db
    .update(satusehatVisit)
    .set({ ...values, updated_at: sql`now()` })
    .where(eq(satusehatVisit.id, id))
    .returning();
  return row;
}

/** Waiting rows without a job, or whose job was set before `staleBefore` (a process killed mid-send). */
export async function waitingWithoutJob(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(satusehatVisit)
    .where(eq(satusehatVisit.status, 'waiting'))
    .orderBy(asc(satusehatVisit.updated_at))
    .limit(limit);
}

/** Marks failed rows of a branch (or one row) waiting again; answers the ids. */
export async function requeue(db: Db, f: { id?: number; scope?: BranchScope }): Promise<number[]> {
  const w: SQL[] = [inArray(satusehatVisit.status, ['failed', 'not_configured'])];
  if (f.id) w.push(eq(satusehatVisit.id, f.id));
  if (f.scope) w.push(scopeSql(satusehatVisit.profile_id, f.scope));
  const rows = await db
    .update(satusehatVisit)
    .set({ status: 'waiting', reason: null, job_id: null, updated_at: sql`now()` })
    .where(and(...w))
    .returning({ id: satusehatVisit.id });
  return rows.map((r) => r.id);
}

export async function resourcesOf(db: Db, outboxIds: number[]): Promise<ResourceRow[]> {
  if (!outboxIds.length) return [];
  return db
    .select()
    .from(satusehatResource)
    .where(inArray(satusehatResource.outbox_id, outboxIds))
    .orderBy(asc(satusehatResource.outbox_id), asc(satusehatResource.seq));
}

export async function upsertResource(db: Db, values: typeof satusehatResource.$inferInsert): Promise<ResourceRow> {
  const { outbox_id: _o, key: _k, profile_id: _p, ...rest } = values;
  const [row] = await db
    .insert(satusehatResource)
    .values(values)
    .onConflictDoUpdate({
      target: [satusehatResource.outbox_id, satusehatResource.key],
      set: { ...rest, updated_at: sql`now()` },
    })
    .returning();
  return row;
}

/** Resources planned before but no longer in the plan (a diagnosis removed by a correction): not applicable. */
export async function markOthersNotApplicable(db: Db, outboxId: number, keep: string[]) {
  await db
    .update(satusehatResource)
    .set({ status: 'not_applicable', updated_at: sql`now()` })
    .where(
      and(
        eq(satusehatResource.outbox_id, outboxId),
        keep.length ? sql`${satusehatResource.key} not in ${keep}` : sql`true`,
        sql`${satusehatResource.status} <> 'sent'`,
      ),
    );
}

export async function listOutbox(
  db: Db,
  f: { scope: BranchScope; status?: string; keyword?: string; id?: number; limit: number; offset: number },
) {
  const patient = sql`(select name from ${users} p where p.id = ${visit.customer_id})`;
  const w: SQL[] = [scopeSql(satusehatVisit.profile_id, f.scope)];
  if (f.status) w.push(eq(satusehatVisit.status, f.status));
  if (f.id) w.push(eq(satusehatVisit.id, f.id));
  if (f.keyword) {
    const like = likeOf(f.keyword);
    w.push(sql`(lower(${visit.code}) like ${like} or lower(${patient}) like ${like})`);
  }
  const where = and(...w);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: satusehatVisit,
        visit_code: visit.code,
        visit_date: visit.visit_date,
        patient_id: visit.customer_id,
        patient_name: sql<string>`${patient}`,
        doctor_name: sql<string>`(select coalesce(d.medisname, d.name) from ${users} d where d.id = ${visit.doctor_id})`,
      })
      .from(satusehatVisit)
      .innerJoin(visit, eq(visit.id, satusehatVisit.visit_id))
      .where(where)
      .orderBy(desc(satusehatVisit.updated_at), desc(satusehatVisit.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(satusehatVisit).innerJoin(visit, eq(visit.id, satusehatVisit.visit_id)).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Per branch: finished records, encounters sent, waiting and failed visits. */
export async function countsByBranch(db: Db, scope: BranchScope) {
  const id = sql.raw('"profile"."id"');
  return db
    .select({
      profile_id: profile.id,
      finished: sql<number>`(select count(*)::int from ${rmRecord} r where r.profile_id = ${id} and r.status = 'finished')`,
      encounters: sql<number>`(select count(*)::int from ${satusehatResource} s where s.profile_id = ${id} and s.resource_type = 'Encounter' and s.key = 'encounter' and s.satusehat_id is not null)`,
      waiting: sql<number>`(select count(*)::int from ${satusehatVisit} v where v.profile_id = ${id} and v.status = 'waiting')`,
      failed: sql<number>`(select count(*)::int from ${satusehatVisit} v where v.profile_id = ${id} and v.status in ('failed', 'not_configured'))`,
    })
    .from(profile)
    .where(scopeSql(profile.id, scope));
}

export async function failureReasons(db: Db, scope: BranchScope) {
  return db
    .select({ profile_id: satusehatVisit.profile_id, reason: satusehatVisit.reason, n: count() })
    .from(satusehatVisit)
    .where(
      and(scopeSql(satusehatVisit.profile_id, scope), inArray(satusehatVisit.status, ['failed', 'not_configured'])),
    )
    .groupBy(satusehatVisit.profile_id, satusehatVisit.reason)
    .orderBy(desc(count()));
}

/** For /metrics: waiting and failed visits over every branch. */
export async function outboxDepth(db: Db): Promise<{ waiting: number; failed: number }> {
  const [r] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${satusehatVisit.status} = 'waiting')::int`,
      failed: sql<number>`count(*) filter (where ${satusehatVisit.status} in ('failed', 'not_configured'))::int`,
    })
    .from(satusehatVisit);
  return { waiting: Number(r?.waiting ?? 0), failed: Number(r?.failed ?? 0) };
}

/** Compare-and-set of a waiting row's job: true when this job is now the row's own. */
export async function claimOutbox(db: Db, id: number, expected: string | null, jobId: string): Promise<boolean> {
  const rows = await db
    .update(satusehatVisit)
    .set({ job_id: jobId })
    .where(
      and(
        eq(satusehatVisit.id, id),
        eq(satusehatVisit.status, 'waiting'),
        expected === null ? sql`${satusehatVisit.job_id} is null` : eq(satusehatVisit.job_id, expected),
      ),
    )
    .returning({ id: satusehatVisit.id });
  return rows.length > 0;
}

/**
 * The lease of the run sending a row (sender.ts, StillWaiting): one compare-and-set on the database's clock, which
 * every process shares, so runs in several processes agree on which one sends. Taken only while the row waits and no
 * other run's lease is live; answers the row and the lease's exact value (as text: renewing and releasing compare it,
 * so a run whose lease was taken over touches the new owner's neither), or undefined.
 */
export async function takeLease(
  db: Db,
  id: number,
  seconds: number,
): Promise<{ row: OutboxRow; lease: string } | undefined> {
  const [row] = await db
    .update(satusehatVisit)
    .set({ sending_until: sql`now() + ${seconds}::int * interval '1 second'` })
    .where(
      and(
        eq(satusehatVisit.id, id),
        eq(satusehatVisit.status, 'waiting'),
        sql`(${satusehatVisit.sending_until} is null or ${satusehatVisit.sending_until} <= now())`,
      ),
    )
    .returning({ ...getTableColumns(satusehatVisit), lease: sql<string>`${satusehatVisit.sending_until}::text` });
  if (!row) return undefined;
  const { lease, ...taken } = row;
  return { row: taken, lease };
}

/** Extends the run's own lease; answers the new value, or undefined when it is no longer the run's (taken over). */
export async function renewLease(db: Db, id: number, lease: string, seconds: number): Promise<string | undefined> {
  const [row] = await db
    .update(satusehatVisit)
    .set({ sending_until: sql`now() + ${seconds}::int * interval '1 second'` })
    .where(and(eq(satusehatVisit.id, id), sql`${satusehatVisit.sending_until} = ${lease}::timestamptz`))
    .returning({ lease: sql<string>`${satusehatVisit.sending_until}::text` });
  return row?.lease;
}

/** Ends the run's own lease (a lease taken over by another run stays that run's). */
export async function releaseLease(db: Db, id: number, lease: string): Promise<void> {
  await db
    .update(satusehatVisit)
    .set({ sending_until: null })
    .where(and(eq(satusehatVisit.id, id), sql`${satusehatVisit.sending_until} = ${lease}::timestamptz`));
}

/**
 * Sent visits whose record was corrected after sending (a newer entry version than the send): a new revision waits,
 * so its resources go out as updates. The record module keeps corrections as versions; nothing of it is written here.
 */
export async function reopenCorrected(db: Db): Promise<number> {
  const rows = await db
    .update(satusehatVisit)
    .set({ revision: sql`${satusehatVisit.revision} + 1`, status: 'waiting', job_id: null, updated_at: sql`now()` })
    .where(
      and(
        eq(satusehatVisit.status, 'sent'),
        sql`exists (select 1 from ${rmEntry} e join ${rmEntryVersion} ev on ev.entry_id = e.id
              where e.visit_id = "satusehat_visit"."visit_id" and ev.created_at > "satusehat_visit"."sent_at")`,
      ),
    )
    .returning({ id: satusehatVisit.id });
  return rows.length;
}

/** Demo data: the finished records of a branch, oldest first. */
export async function finishedRecords(db: Db, profileId: number, limit: number) {
  return db
    .select({ id: rmRecord.id, visit_id: rmRecord.visit_id, finished_at: rmRecord.finished_at })
    .from(rmRecord)
    .where(and(eq(rmRecord.profile_id, profileId), eq(rmRecord.status, 'finished')))
    .orderBy(asc(rmRecord.id))
    .limit(limit);
}

/** Demo data: an outbox row as given, unless the visit has one already. */
export async function ensureOutbox(db: Db, values: typeof satusehatVisit.$inferInsert): Promise<OutboxRow | undefined> {
  const [row] = await db.insert(satusehatVisit).values(values).onConflictDoNothing().returning();
  return row;
}
