import type { JobEnv } from '../../lib/jobs.js';
import { SatusehatAuthError, SatusehatRejected, SatusehatRetryable } from './client/index.js';
import { clientFor, type SatusehatEnv } from './connection.js';
import { planVisit, validateResource, type PlannedResource, type Resource } from './fhir/index.js';
import { visitInput } from './input.js';
import * as q from './queries/index.js';

/**
 * Sending one visit of the outbox (issue 31 items 3 to 5), the handler of job `satusehat.send`. Resources go in the
 * plan's dependency order with the branch's own credentials. Each one is validated first (an invalid one is never
 * sent: stored with the reason); then, unless the outbox already holds its SATUSEHAT id, it is searched by its
 * identifier (a resend, or a process killed between the platform's answer and our write, finds the earlier one)
 * and created only when none exists. A correction (a newer revision) sends updates (PUT) of what was sent.
 * - missing mappings: the visit fails with the missing things named, nothing is sent;
 * - an OperationOutcome: the resource and the visit fail with the rule number and text (resend after fixing);
 * - 5xx, 429, timeouts, no token: the error is thrown and the queue retries with exponential backoff.
 */
export const SEND_JOB = 'satusehat.send';
export const SWEEP_JOB = 'satusehat.sweep';
/** Retries after the first attempt: with a 30 s first delay doubling, about three days before giving up. */
export const SEND_RETRY_LIMIT = 13;

/**
 * A run refused because another run, in this process or another one, is still sending the same visit: a job whose
 * expiry passed while its first run was still sending (a slow platform, a loaded machine) is given to another worker
 * by the queue, and the two would both find nothing and both create. The queue retries the refused run later, by
 * when the first has ended (or died: its lease runs out). Also thrown by a run whose lease was taken over.
 */
export class StillWaiting extends Error {}

/**
 * The lease on the outbox row (`sending_until`, by the database's clock) that makes a run the visit's only sender,
 * in whichever process. Taken before the first resource, renewed before each one, released when the run ends. Its
 * length is the job's expiry (SATUSEHAT_SEND_EXPIRE_SECONDS, 120 s by default) from the last renewal: one resource's
 * exchanges (a search and a create, 20 s timeout each) fit in it, and a process that died mid-send is taken over
 * about when the queue gives its job to another worker anyway. Shorter, a live but slow resource could lose it;
 * longer, the queue's retries after a crash would only be refused longer.
 */
class Lease {
  private constructor(
    private readonly env: SatusehatEnv,
    private readonly row: q.OutboxRow,
    private value: string,
  ) {}

  private static seconds = (env: SatusehatEnv) => env.config.satusehatSendExpireSeconds;

  /** The lease and the row as it is now; StillWaiting while another run holds it, undefined if no longer waiting. */
  static async take(env: SatusehatEnv, row: q.OutboxRow): Promise<{ lease: Lease; row: q.OutboxRow } | undefined> {
    const taken = await q.takeLease(env.db, row.id, Lease.seconds(env));
    if (taken) return { lease: new Lease(env, taken.row, taken.lease), row: taken.row };
    // Sent (or failed) by the run that held it since we read the row: nothing to do.
    if ((await q.findOutbox(env.db, row.id))?.status !== 'waiting') return undefined;
    throw new StillWaiting(`SATUSEHAT: kunjungan ${row.visit_id} masih dikirim`);
  }

  /** Before each resource: a run whose lease another run took over (it outlasted it) stops before sending more. */
  async renew(): Promise<void> {
    const renewed = await q.renewLease(this.env.db, this.row.id, this.value, Lease.seconds(this.env));
    if (!renewed) throw new StillWaiting(`SATUSEHAT: kunjungan ${this.row.visit_id} diambil alih pengiriman lain`);
    this.value = renewed;
  }

  release(): Promise<void> {
    return q.releaseLease(this.env.db, this.row.id, this.value);
  }
}

const short = (s: string, n = 1000) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export async function sendVisit(env: SatusehatEnv, outboxId: number, jobId?: string): Promise<void> {
  const row = await q.findOutbox(env.db, outboxId);
  if (!row || row.status !== 'waiting') return;
  if (jobId) {
    // One job per waiting row: a job that is not (or can no longer become) the row's own does nothing.
    if (row.job_id && row.job_id !== jobId) return;
    if (!row.job_id && !(await q.claimOutbox(env.db, row.id, null, jobId))) return;
  }
  const taken = await Lease.take(env, row);
  if (!taken) return;
  try {
    await sendClaimed(env, taken.row, taken.lease);
  } finally {
    await taken.lease.release();
  }
}

async function sendClaimed(env: SatusehatEnv, claimed: q.OutboxRow, lease: Lease): Promise<void> {
  const row = await q.updateOutbox(env.db, claimed.id, { attempts: claimed.attempts + 1 });
  const setting = await q.findSetting(env.db, row.profile_id);
  const made = clientFor(env, setting);
  if ('error' in made) {
    await q.updateOutbox(env.db, row.id, { status: 'not_configured', reason: made.error, job_id: null });
    return;
  }
  const input = await visitInput(env, row.visit_id, made.orgId);
  if (!input) return;
  const plan = planVisit(input);
  if ('missing' in plan) {
    await q.updateOutbox(env.db, row.id, {
      status: 'failed',
      reason: short(`Data belum lengkap: ${plan.missing.join('; ')}`),
      job_id: null,
    });
    return;
  }
  const stored = new Map((await q.resourcesOf(env.db, [row.id])).map((r) => [r.key, r]));
  const ids: Record<string, string> = {};
  for (const r of stored.values()) if (r.satusehat_id && r.status === 'sent') ids[r.key] = r.satusehat_id;
  const keys = plan.resources.map((p) => p.key);
  await q.markOthersNotApplicable(env.db, row.id, keys);
  let seq = 0;
  for (const p of plan.resources) {
    seq++;
    const before = stored.get(p.key);
    if (before?.status === 'sent' && before.sent_revision === row.revision) continue;
    await lease.renew();
    const outcome = await sendOne(env, made.client, made.orgId, row, p, seq, ids, before);
    if (outcome !== 'sent') {
      await q.updateOutbox(env.db, row.id, { status: 'failed', reason: outcome, job_id: null });
      return;
    }
  }
  await q.updateOutbox(env.db, row.id, {
    status: 'sent',
    reason: null,
    sent_revision: row.revision,
    sent_at: env.now().toISOString(),
    job_id: null,
  });
}

type Client = Extract<ReturnType<typeof clientFor>, { client: unknown }>['client'];

/** Sends one resource; answers 'sent' or the visit's failure reason. Retryable faults are thrown. */
async function sendOne(
  env: SatusehatEnv,
  client: Client,
  orgId: string,
  row: q.OutboxRow,
  p: PlannedResource,
  seq: number,
  ids: Record<string, string>,
  before: q.ResourceRow | undefined,
): Promise<string> {
  const base = { profile_id: row.profile_id, outbox_id: row.id, key: p.key, resource_type: p.kind, seq };
  const target = p.updates ?? p.key;
  let resource: Resource;
  try {
    resource = p.build(ids);
  } catch (err) {
    const reason = `Tidak dapat disusun: ${(err as Error).message}`;
    await q.upsertResource(env.db, { ...base, status: 'invalid', reason, rule: null });
    return `${p.kind}: ${reason}`;
  }
  const problems = validateResource(resource, { orgId });
  if (problems.length) {
    const reason = short(problems.join('; '));
    await q.upsertResource(env.db, { ...base, status: 'invalid', reason, rule: null, body: resource });
    return `${p.kind} tidak valid: ${reason}`;
  }
  await q.upsertResource(env.db, {
    ...base,
    status: 'waiting',
    reason: null,
    rule: null,
    satusehat_id: before?.satusehat_id ?? null,
  });
  try {
    let id = ids[target];
    if (id && resource.id) {
      await client.update(resource as Resource & { id: string });
    } else {
      const found = await client.findByIdentifier(p.kind, p.identifier.system, p.identifier.value);
      if (found) {
        id = found.id;
        // Created before (a lost answer, a kill -9): a correction still updates it.
        if (row.revision > 1) await client.update({ ...resource, id });
      } else {
        id = (await client.create(resource)).id;
      }
    }
    ids[p.key] = id;
    await q.upsertResource(env.db, {
      ...base,
      status: 'sent',
      satusehat_id: id,
      reason: null,
      rule: null,
      sent_revision: row.revision,
      body: resource,
    });
    return 'sent';
  } catch (err) {
    if (err instanceof SatusehatRejected) {
      const reason = short(err.text || err.message);
      await q.upsertResource(env.db, { ...base, status: 'failed', rule: err.rule, reason, body: resource });
      return short(err.rule ? `${p.kind}: aturan ${err.rule}: ${err.text}` : `${p.kind}: ${err.text}`);
    }
    if (err instanceof SatusehatRetryable || err instanceof SatusehatAuthError) {
      await q.upsertResource(env.db, { ...base, status: 'waiting', reason: short(err.message), rule: null });
      await q.updateOutbox(env.db, row.id, { reason: short(`Menunggu percobaan ulang: ${err.message}`) });
    }
    throw err;
  }
}

// ------------------------------------------------------------------------------------------------ the queue

const LIVE_JOB = new Set(['created', 'retry', 'active']);

/**
 * Puts waiting visits on the queue: a row without a job, or whose job ended without sending it (given up after
 * the last retry: the row fails with the reason; completed or gone: queued again). Runs every few seconds
 * (job `satusehat.sweep`) and right after a resend, so a visit finished in a transaction is picked up after the
 * commit and nothing waits on a process that died.
 */
export async function sweep(env: JobEnv, limit = 200): Promise<number> {
  let queued = 0;
  await q.reopenCorrected(env.db);
  for (const row of await q.waitingWithoutJob(env.db, limit)) {
    if (row.job_id) {
      const state = await env.jobs.state(SEND_JOB, row.job_id);
      if (state && LIVE_JOB.has(state.state)) continue;
      if (state?.state === 'failed') {
        await q.updateOutbox(env.db, row.id, {
          status: 'failed',
          reason: short(
            `Gagal setelah ${SEND_RETRY_LIMIT + 1} percobaan: ${row.reason ?? 'SATUSEHAT tidak dapat dihubungi'}`,
          ),
          job_id: null,
        });
        continue;
      }
    }
    if (await queueOne(env, row)) queued++;
  }
  return queued;
}

export async function queueOne(env: Pick<JobEnv, 'db' | 'jobs'>, row: q.OutboxRow): Promise<boolean> {
  const jobId = await env.jobs.send(SEND_JOB, { outbox: row.id });
  return q.claimOutbox(env.db, row.id, row.job_id, jobId);
}

export async function registerSatusehatJobs(env: JobEnv): Promise<void> {
  await env.jobs.define<{ outbox: number }>({
    name: SEND_JOB,
    retryLimit: SEND_RETRY_LIMIT,
    retryDelay: env.config.satusehatRetryDelaySeconds,
    retryBackoff: true,
    // A send takes seconds (a retryable answer ends the run; the retry comes later): a job still active after this is
    // a process that died mid-send, and goes back to the queue (the outbox row keeps waiting meanwhile).
    expireInSeconds: env.config.satusehatSendExpireSeconds,
    // Visits side by side: each row is claimed by compare-and-set of its job_id and a visit's resources are its own.
    workers: env.config.satusehatSendWorkers,
    handler: (data, job) => sendVisit(env, data.outbox, job.id),
  });
  const every = env.config.satusehatSweepSeconds;
  if (every <= 0) return;
  const next = async () => {
    try {
      // One sweep per time slot, whichever process queues it first.
      const slot = Math.floor(env.now().getTime() / 1000 / every) + 1;
      await env.jobs.send(SWEEP_JOB, {}, { startAfterSeconds: every, singletonKey: `satusehat-sweep-${slot}` });
    } catch {
      // Already queued (another process, or a restart).
    }
  };
  await env.jobs.define({
    name: SWEEP_JOB,
    retryLimit: 1,
    retryDelay: every,
    handler: async () => {
      try {
        await sweep(env);
      } finally {
        await next();
      }
    },
  });
  await next();
}
