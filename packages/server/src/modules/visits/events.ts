import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISIT_EVENT_CHANNEL } from '@klinik/shared';
import { requireUser, type Ctx } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { sessionAlive } from '../../auth/session.js';
import { openStream } from '../../auth/streams.js';

/** A comment line now and then keeps proxies and the browser from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;

/**
 * GET /api/service/visit/events: server-sent events of the session's branch. Each committed change of a visit of
 * this branch sends `event: changed` with `{ "ids": [...] }` only; the page refetches through its normal, scoped
 * endpoints. Signals come from PostgreSQL LISTEN/NOTIFY (lib/branch-events.ts), so a change made through another
 * app process arrives too. The reply is taken over (hijacked): compression and the JSON envelope do not apply;
 * the security headers already set on the reply are sent with the stream's own.
 *
 * The stream lives only as long as its session (issue 25 finding 8): it ends at once on logout or deactivation in
 * this process (auth/streams.ts), and re-checks its session before every event and keep-alive, so a session ended
 * elsewhere (or expired) gets nothing more. One session opens at most MAX_STREAMS_PER_SESSION streams (429 after).
 */
export async function visitEvents(ctx: Ctx, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const c = requireUser(ctx);
  const hub = c.services.events;
  const sessionId = c.user.sessionId;
  const times = { idleMs: c.config.sessionIdleMinutes * 60_000, absoluteMs: c.config.sessionAbsoluteHours * 3_600_000 };
  let closed = false;
  let unsubscribe = () => {};
  const unregister = openStream(sessionId, c.user.id, () => end());
  if (!unregister) throw new AppError(429, [{ message: 'Terlalu banyak siaran langsung terbuka untuk sesi ini' }]);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    unsubscribe();
    unregister();
    res.end();
  };
  /**
   * Writes only while the session stands; otherwise ends the stream. Before data the session is read from the
   * database: the auth cache hears of a session deleted by another process on its own notification connection, which
   * may arrive after the event's (seen in CI); a keep-alive carries nothing, so the cache does for it.
   */
  const send = (chunk: string, fresh = false) => {
    sessionAlive(c.db, sessionId, times, fresh ? undefined : c.services.authCache).then(
      (ok) => {
        if (!ok) end();
        else if (!closed) res.write(chunk);
      },
      () => end(),
    );
  };
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 2000\n: ${hub?.isLive === false ? 'tertunda' : 'terhubung'}\n\n`);
  const timer = setInterval(() => send(': ping\n\n'), KEEPALIVE_MS);
  timer.unref();
  if (hub) {
    unsubscribe = hub.subscribe(VISIT_EVENT_CHANNEL, c.branchId, {
      onEvent: (e) => {
        if (!closed) send(`event: changed\ndata: ${JSON.stringify({ ids: e.ids })}\n\n`, true);
      },
      // Messages may have been missed (or the app is closing): end the stream; the browser reconnects and the
      // page refetches on reconnect.
      onState: (live) => {
        if (!live) end();
      },
    });
  }
  req.raw.on('close', end);
  res.on('error', end);
  return reply;
}
