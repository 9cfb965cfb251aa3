import type {
  Paged,
  SatusehatSummaryDto,
  SatusehatVisitDto,
  SatusehatVisitStatus,
  SatusehatVisitsQuery,
} from '@klinik/shared';
import { branchScope, requireAccess, type ScopeRequest } from '../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { SATUSEHAT_VISIT } from './entities.js';
import * as q from './queries/index.js';
import { queueOne } from './sender.js';
import { tokenHealth } from './service.js';

/**
 * The outbox as a clinic sees it (issue 31 item 6): per visit and resource waiting, sent (with the SATUSEHAT id),
 * failed (with the reason), not applicable; resend one or all failed; the compliance board per branch.
 */

/** The record module's 'finished' hook (registered in modules.ts): the visit enters the outbox in that transaction. */
export async function onFinished(tx: Ctx, recordId: number): Promise<void> {
  await q.enqueueRecord(tx.db, recordId);
}

function dto(
  r: Awaited<ReturnType<typeof q.listOutbox>>['rows'][number],
  resources: q.ResourceRow[],
): SatusehatVisitDto {
  return {
    id: r.row.id,
    profile_id: r.row.profile_id,
    visit_id: r.row.visit_id,
    visit_code: r.visit_code,
    visit_date: r.visit_date,
    patient_id: r.patient_id,
    patient_name: r.patient_name,
    doctor_name: r.doctor_name,
    status: r.row.status as SatusehatVisitStatus,
    reason: r.row.reason,
    attempts: r.row.attempts,
    sent_at: r.row.sent_at,
    updated_at: r.row.updated_at,
    resources: resources
      .filter((x) => x.outbox_id === r.row.id)
      .map((x) => ({
        key: x.key,
        resource_type: x.resource_type,
        status: x.status,
        satusehat_id: x.satusehat_id,
        rule: x.rule,
        reason: x.reason,
      })),
  };
}

/** GET /api/satusehat/visits?status= */
export async function listVisits(ctx: Ctx, query: SatusehatVisitsQuery): Promise<Paged<SatusehatVisitDto>> {
  const c = requireUser(ctx);
  const { rows, count } = await q.listOutbox(c.db, {
    scope: branchScope(c, query),
    status: query.status,
    keyword: query.keyword,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const resources = await q.resourcesOf(
    c.db,
    rows.map((r) => r.row.id),
  );
  return { data: rows.map((r) => dto(r, resources)), count };
}

/** The status of one visit (badge on the visit and record pages); null when the visit is not in the outbox. */
export async function visitStatus(ctx: Ctx, visitId: number): Promise<{ data: SatusehatVisitDto | null }> {
  const c = requireUser(ctx);
  const row = await q.outboxOfVisit(c.db, visitId);
  if (!row || row.profile_id !== c.branchId) return { data: null };
  const { rows } = await q.listOutbox(c.db, {
    scope: branchScope(c),
    status: undefined,
    limit: 1,
    offset: 0,
    id: row.id,
  });
  return { data: rows[0] ? dto(rows[0], await q.resourcesOf(c.db, [row.id])) : null };
}

async function queueAfterCommit(c: Ctx, ids: number[]): Promise<void> {
  for (const id of ids) {
    const row = await q.findOutbox(c.db, id);
    if (!row) continue;
    try {
      await queueOne({ db: c.db, jobs: c.services.jobs }, row);
    } catch (err) {
      // The sweep job queues it later.
      c.log.warn({ err, outbox: id }, 'SATUSEHAT: gagal masuk antrian; disapu kemudian');
    }
  }
}

/** POST /api/satusehat/visits/{id}/resend: a failed (or not configured) visit waits again and is queued. */
export async function resend(ctx: Ctx, id: number): Promise<{ data: { id: number; status: 'waiting' } }> {
  const c = requireUser(ctx);
  await requireAccess(c, SATUSEHAT_VISIT, [id], 'write');
  const ids = await inTransaction(c, async (tx) => {
    const before = await q.findOutbox(tx.db, id);
    if (!before) throw notFound(SATUSEHAT_VISIT.notFound);
    if (before.status === 'waiting') return [];
    if (before.status === 'sent') throw conflict('Kunjungan ini sudah terkirim');
    const done = await q.requeue(tx.db, { id });
    await audit(tx, { action: 'resend', entity: 'satusehat_visit', entityId: id, before: { status: before.status } });
    return done;
  });
  await queueAfterCommit(c, ids);
  return { data: { id, status: 'waiting' } };
}

/** POST /api/satusehat/visits/resend-failed: every failed visit of the current branch waits again. */
export async function resendFailed(ctx: Ctx): Promise<{ data: { count: number } }> {
  const c = requireUser(ctx);
  const ids = await inTransaction(c, async (tx) => {
    const done = await q.requeue(tx.db, { scope: branchScope(tx, {}, 'write') });
    if (done.length)
      await audit(tx, { action: 'resend', entity: 'satusehat_visit', entityId: null, after: { ids: done } });
    return done;
  });
  await queueAfterCommit(c, ids);
  return { data: { count: ids.length } };
}

/** GET /api/satusehat/summary: per branch finished visits against encounters sent, failures by reason, token health. */
export async function summary(ctx: Ctx, query: ScopeRequest): Promise<SatusehatSummaryDto> {
  const c = requireUser(ctx);
  const scope = branchScope(c, query);
  const [branches, counts, reasons] = await Promise.all([
    q.branchesWithSettings(c.db, scope),
    q.countsByBranch(c.db, scope),
    q.failureReasons(c.db, scope),
  ]);
  const byBranch = new Map(counts.map((r) => [r.profile_id, r]));
  return {
    branches: branches.map((b) => {
      const n = byBranch.get(b.profile_id);
      return {
        profile_id: b.profile_id,
        profile_name: b.profile_name,
        configured: !!b.setting,
        finished_visits: Number(n?.finished ?? 0),
        encounters_sent: Number(n?.encounters ?? 0),
        waiting: Number(n?.waiting ?? 0),
        failed: Number(n?.failed ?? 0),
        failures: reasons
          .filter((r) => r.profile_id === b.profile_id)
          .map((r) => ({ reason: r.reason ?? 'Tanpa keterangan', count: Number(r.n) })),
        token: tokenHealth(b.token, c.now()),
      };
    }),
  };
}
