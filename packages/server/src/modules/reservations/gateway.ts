import {
  normalizePhone,
  type ReminderDeliveryDto,
  type ReminderGatewayDto,
  type ReminderGatewayInput,
  type ReminderGatewayProvider,
} from '@klinik/shared';
import { inTransaction, requireUser, type AuthedCtx, type Ctx } from '../../http/context.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.js';
import { requireAccess } from '../../http/access-scope.js';
import { audit } from '../../lib/audit.js';
import { checkOutboundUrl, OutboundRefused, postJsonOutbound } from '../../lib/outbound.js';
import type { JobEnv } from '../../lib/jobs.js';
import { FOLLOW_UP, RESERVATION } from './entities.js';
import * as q from './queries.js';
import { markFollowUpReminded as markVisitFollowUpReminded } from '../visits/index.js';
import { clinicName, deliveryDto, followUpReminder, reminders, reservationReminder } from './service.js';

/**
 * The optional WhatsApp/SMS gateway of the reminder page (issue 11 item 6). A branch's manager configures a
 * generic HTTP endpoint (reminder_gateway); staff then send a reminder, which becomes a reminder_delivery row and
 * one job on the queue (lib/jobs.ts, pg-boss). The job POSTs `{ target, message }` with the token header, retries
 * with backoff, records the outcome on the delivery and, once sent, marks the patient reminded. At most one queued
 * or sent delivery per reminder is kept by partial unique indexes (drizzle/0019_reminder_gateway.sql): sending twice
 * answers the first delivery without a second job. Without an enabled gateway nothing is sent; the wa.me links work.
 */

export const REMINDER_JOB = 'reminder.gateway';
/** Retries after the first attempt; the delay doubles each time from config.reminderRetryDelaySeconds. */
export const REMINDER_RETRY_LIMIT = 3;
const GATEWAY_TIMEOUT_MS = 15_000;
const ERROR_MAX = 500;

type Kind = 'reservation' | 'followup';

function masked(token: string | null): string | null {
  if (!token) return null;
  return token.length >= 8 ? `••••••${token.slice(-4)}` : '••••••';
}

function gatewayDto(g: q.GatewayRow): ReminderGatewayDto {
  return {
    enabled: g.enabled,
    provider: g.provider as ReminderGatewayProvider,
    url: g.url,
    token_header: g.token_header,
    token_set: !!g.token,
    token_masked: masked(g.token),
    updated_at: g.updated_at,
  };
}

/** GET: the branch's gateway setting with the token masked, or null when none is configured. */
export async function getGateway(ctx: Ctx): Promise<{ data: ReminderGatewayDto | null }> {
  const c = requireUser(ctx);
  const row = await q.findGateway(c.db, c.branchId);
  return { data: row ? gatewayDto(row) : null };
}

/** PUT: configures the branch's gateway. A blank token keeps the stored one; the audit row never holds it. */
export async function saveGateway(ctx: Ctx, input: ReminderGatewayInput): Promise<ReminderGatewayDto> {
  const c = requireUser(ctx);
  // The address is checked before anything is written, and again at every send (lib/outbound.ts).
  try {
    await checkOutboundUrl(input.url, c.config.reminderGatewayAllowHosts);
  } catch (err) {
    if (err instanceof OutboundRefused) throw badRequest(err.message, 'url');
    throw err;
  }
  return inTransaction(c, async (tx) => {
    const before = await q.findGateway(tx.db, tx.branchId);
    const row = await q.upsertGateway(tx.db, {
      profile_id: tx.branchId,
      enabled: input.enabled,
      provider: input.provider,
      url: input.url,
      token_header: input.token_header,
      token: input.token ? input.token : (before?.token ?? null),
      updated_by: tx.user!.id,
    });
    await audit(tx, {
      action: before ? 'update' : 'create',
      entity: 'reminder_gateway',
      entityId: row.id,
      before: before ? gatewayDto(before) : null,
      after: { ...gatewayDto(row), token_changed: !!input.token },
    });
    return gatewayDto(row);
  });
}

/** The delivery's constraint of one queued or sent delivery per reminder. */
function isActiveTaken(err: unknown): boolean {
  return (
    isUniqueViolation(err, 'reminder_delivery_reservation_active_idx') ||
    isUniqueViolation(err, 'reminder_delivery_visit_active_idx')
  );
}

/** The reminder an id names, checked: in scope, still to be reminded of, with a number to send to. */
async function reminderFor(c: AuthedCtx, kind: Kind, id: number) {
  await requireAccess(c, kind === 'reservation' ? RESERVATION : FOLLOW_UP, [id], 'write');
  if (kind === 'reservation') {
    const r = await q.findReservationFull(c.db, id);
    if (!r) throw notFound(RESERVATION.notFound);
    if (r.r.status !== 'booked') throw conflict('Reservasi ini tidak lagi terjadwal');
    return { profileId: r.r.profile_id, reminder: reservationReminder(r, await clinicName(c, r.r.profile_id)) };
  }
  const v = await q.followUpReminder(c.db, id);
  if (!v) throw notFound(FOLLOW_UP.notFound);
  if (!v.date) throw badRequest('Kunjungan ini tidak punya jadwal kontrol', 'id');
  if (v.status === 'batal') throw conflict('Kunjungan ini sudah dibatalkan');
  return { profileId: v.profile_id, reminder: followUpReminder(v, await clinicName(c, v.profile_id)) };
}

async function enabledGateway(c: Ctx, profileId: number): Promise<q.GatewayRow> {
  const g = await q.findGateway(c.db, profileId);
  if (!g?.enabled) throw conflict('Gateway pengingat belum diaktifkan untuk cabang ini');
  return g;
}

/**
 * Queues one reminder for the gateway: a delivery row, then one job. When the reminder already has a queued or sent
 * delivery, the partial unique index refuses the second row and that delivery is answered (created: false).
 */
export async function send(ctx: Ctx, kind: Kind, id: number): Promise<{ data: ReminderDeliveryDto; created: boolean }> {
  const c = requireUser(ctx);
  const { profileId, reminder } = await reminderFor(c, kind, id);
  await enabledGateway(c, profileId);
  const target = normalizePhone(reminder.phone);
  if (target.length < 8) throw badRequest('Pasien tidak punya nomor telepon untuk WhatsApp', 'phone');
  return queue(c, profileId, kind, id, target, reminder.message);
}

async function queue(
  c: AuthedCtx,
  profileId: number,
  kind: Kind,
  id: number,
  target: string,
  message: string,
): Promise<{ data: ReminderDeliveryDto; created: boolean }> {
  let row: q.DeliveryRow;
  try {
    row = await inTransaction(c, async (tx) => {
      const r = await q.insertDelivery(tx.db, {
        profile_id: profileId,
        kind,
        reservation_id: kind === 'reservation' ? id : null,
        visit_id: kind === 'followup' ? id : null,
        target,
        message,
        status: 'queued',
        created_by: tx.user!.id,
      });
      await audit(tx, { action: 'send', entity: 'reminder_delivery', entityId: r.id, after: r, profileId });
      return r;
    });
  } catch (err) {
    if (isActiveTaken(err)) {
      const prior = await q.activeDelivery(c.db, kind, id);
      if (prior) return { data: deliveryDto(prior), created: false };
    }
    throw err;
  }
  // After the commit: the job must find its row (and on PGlite the queue waits for an open transaction).
  try {
    const jobId = await c.services.jobs.send(
      REMINDER_JOB,
      { delivery: row.id },
      { singletonKey: `delivery-${row.id}` },
    );
    row = (await q.updateDelivery(c.db, row.id, { job_id: jobId })) ?? row;
  } catch (err) {
    c.log.error({ err, delivery: row.id }, 'pengingat: gagal masuk antrian pekerjaan');
    row = await q.updateDelivery(c.db, row.id, {
      status: 'failed',
      failed_at: c.now().toISOString(),
      last_error: 'Gagal masuk antrian pekerjaan',
    });
  }
  return { data: deliveryDto(row), created: true };
}

/**
 * 'Kirim semua': every reminder of the day not yet reminded, with a number and without a queued or sent delivery,
 * is queued; the others are counted as skipped.
 */
export async function sendAll(ctx: Ctx, date: string | undefined) {
  const c = requireUser(ctx);
  await enabledGateway(c, c.branchId);
  const list = await reminders(c, date);
  let queued = 0;
  let skipped = 0;
  for (const r of list.data) {
    const target = normalizePhone(r.phone);
    const active = r.delivery && r.delivery.status !== 'failed';
    if (r.reminded_at || active || target.length < 8) {
      skipped++;
      continue;
    }
    const res = await queue(c, c.branchId, r.kind, r.id, target, r.message);
    if (res.created) queued++;
    else skipped++;
  }
  return { date: list.date, queued, skipped };
}

// ------------------------------------------------------------------------------------------------ the job

const shortError = (s: string) => (s.length > ERROR_MAX ? `${s.slice(0, ERROR_MAX - 1)}…` : s);

/**
 * POSTs one message to the gateway; throws with a short error when the gateway refuses or does not answer. The error
 * (kept in last_error, shown on the reminders page) never holds the gateway's words: only its status code or the kind
 * of failure, so the setting cannot be used to read another server's answers (issue 25 finding 2). Details go to the log.
 */
async function post(env: JobEnv, g: q.GatewayRow, target: string, message: string): Promise<void> {
  let res: { status: number; body: string };
  try {
    res = await postJsonOutbound(g.url, {
      headers: g.token ? { [g.token_header]: g.token } : {},
      body: { target, message },
      allowHosts: env.config.reminderGatewayAllowHosts,
      timeoutMs: GATEWAY_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof OutboundRefused) throw new Error(`Gateway ditolak: ${err.message}`, { cause: err });
    env.log.warn({ err, gateway: g.id }, 'pengingat: gateway gagal dihubungi');
    const why = (err as Error).name === 'TimeoutError' ? 'tidak menjawab' : 'tidak dapat dihubungi';
    throw new Error(`Gateway ${why}`, { cause: err });
  }
  if (res.status < 200 || res.status > 299) throw new Error(`Gateway menjawab ${res.status}`);
  // Fonnte and others answer 200 with { status: false, reason } when they refuse a message.
  let body: { status?: unknown } | null = null;
  try {
    body = JSON.parse(res.body) as { status?: unknown } | null;
  } catch {
    // not JSON: a 2xx is success
  }
  if (body?.status === false) {
    env.log.warn({ gateway: g.id, answer: res.body.slice(0, 500) }, 'pengingat: gateway menolak pesan');
    throw new Error(`Gateway menolak pesan (${res.status})`);
  }
}

/** Ends a delivery without sending (the reminder no longer applies): failed, not retried. */
async function giveUp(env: JobEnv, id: number, why: string) {
  await q.updateDelivery(env.db, id, { status: 'failed', failed_at: env.now().toISOString(), last_error: why });
}

/** One attempt of a queued delivery (the job's handler). */
export async function deliver(env: JobEnv, deliveryId: number, job: { id: string; name: string }): Promise<void> {
  const d = await q.startAttempt(env.db, deliveryId);
  if (!d) return; // sent, failed or unknown: nothing to do (e.g. a dead letter retried after a new delivery)
  const g = await q.findGateway(env.db, d.profile_id);
  if (!g?.enabled) return giveUp(env, d.id, 'Gateway pengingat tidak aktif');
  if (d.kind === 'reservation') {
    const r = await q.reservationState(env.db, d.reservation_id!);
    if (r?.status !== 'booked') return giveUp(env, d.id, 'Reservasi tidak lagi terjadwal');
  } else {
    const v = await q.followUpReminder(env.db, d.visit_id!);
    if (!v?.date || v.status === 'batal') return giveUp(env, d.id, 'Jadwal kontrol tidak lagi berlaku');
  }
  try {
    await post(env, g, d.target, d.message);
  } catch (err) {
    const message = shortError((err as Error).message);
    const state = await env.jobs.state(job.name, job.id);
    const last = (state?.retry_count ?? REMINDER_RETRY_LIMIT) >= REMINDER_RETRY_LIMIT;
    const at = env.now().toISOString();
    await q.updateDelivery(
      env.db,
      d.id,
      last ? { status: 'failed', failed_at: at, last_error: message } : { last_error: message },
    );
    throw err; // retried with backoff by the queue; after the last attempt a dead letter (/admin/jobs)
  }
  const at = env.now().toISOString();
  await env.db.transaction(async (db) => {
    await q.updateDelivery(db, d.id, { status: 'sent', sent_at: at, last_error: null });
    const ctx = { db, user: null, branchId: d.profile_id, requestId: `job:${job.id}` } as unknown as Ctx;
    if (d.kind === 'reservation') {
      const before = await q.findReservation(db, d.reservation_id!);
      if (before && !before.reminded_at) {
        const after = await q.markReservationRemindedBy(db, d.reservation_id!, at, d.created_by);
        await audit(ctx, { action: 'remind', entity: 'reservation', entityId: d.reservation_id, before, after });
      }
    } else {
      const before = await q.findFollowUp(db, d.visit_id!);
      if (before && !before.reminded_at) {
        const after = await markVisitFollowUpReminded({ db }, d.visit_id!, at);
        await audit(ctx, { action: 'remind', entity: 'visit_follow_up', entityId: d.visit_id, before, after });
      }
    }
  });
}

/** Defines the gateway's job on the app's queue (called once at start by modules.ts). */
export async function registerReminderJobs(env: JobEnv): Promise<void> {
  await env.jobs.define<{ delivery: number }>({
    name: REMINDER_JOB,
    retryLimit: REMINDER_RETRY_LIMIT,
    retryDelay: env.config.reminderRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: 120,
    handler: (data, job) => deliver(env, data.delivery, job),
  });
}
