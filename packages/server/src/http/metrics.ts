import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Database } from '../db/client.js';
import { jobCounts } from '../lib/jobs.js';
import type { PdfRenderer } from '../pdf/renderer.js';
import { TRPC_PREFIX } from './surface.js';

/**
 * Metrics for an operator (issue 32 item 3): `GET /metrics` in the Prometheus text format, through prom-client, on a
 * registry of the app's own (tests build many apps in one process). Series:
 * - `klinik_http_request_duration_seconds{method,route,status_code}` (histogram: rates and latencies per route; the
 *   route is the declared REST path, `trpc:<procedure>` for tRPC calls, `web` for the app's files, `unmatched` for a
 *   404 of no route, so the labels stay few whatever URLs are sent);
 * - `klinik_http_request_errors_total{method,route}` (answers 5xx);
 * - `klinik_db_pool_connections{state}` (PostgreSQL: open, idle, waiting; none on the embedded database);
 * - `klinik_jobs{queue,state}` (waiting, retrying, running and failed jobs per queue of the job queue);
 * - `klinik_satusehat_outbox{state}` (finished visits waiting for SATUSEHAT, and failed ones, over every branch);
 * - `klinik_pdf_renders_total{result}`, `klinik_pdf_render_seconds`, `klinik_pdf_renders_in_progress`;
 * - `klinik_backup_last_success_timestamp_seconds` (the newest archive in the backup folder; absent before the first);
 * - Node's own (`klinik_nodejs_eventloop_lag_seconds`, memory, handles) from `collectDefaultMetrics`.
 * Readable with `Authorization: Bearer <METRICS_TOKEN>`, or without a token by a caller on this machine that came
 * straight in (loopback address and no X-Forwarded-For: a proxy on the same machine forwards outsiders).
 */
export interface MetricsOptions {
  database: Database;
  token: string | undefined;
  /** The time of the newest backup archive, or null (the backup-age alert). */
  lastBackup: () => Date | null;
  /** Finished visits waiting for SATUSEHAT and failed ones (the satusehat module's outbox; absent: no series). */
  satusehatOutbox?: () => Promise<{ waiting: number; failed: number }>;
}

export function trpcRouteLabel(url: string): string {
  const path = url.split('?')[0].slice(TRPC_PREFIX.length + 1);
  // A batch call names its procedures with commas; the label keeps them sorted so one batch is one series.
  const names = path.split(',').filter(Boolean).sort();
  if (names.length === 0 || names.some((n) => !/^[\w.]{1,80}$/.test(n))) return 'trpc:unknown';
  return `trpc:${names.length > 3 ? `${names.slice(0, 3).join(',')},...` : names.join(',')}`;
}

function routeLabel(req: FastifyRequest): string {
  const surface = req.routeOptions.config?.surface;
  if (req.is404 && surface !== 'rest') return 'unmatched';
  if (surface === 'trpc') return trpcRouteLabel(req.url);
  if (surface === 'rest') return req.routeOptions.url ?? 'unmatched';
  return req.routeOptions.url === '/metrics' ? '/metrics' : 'web';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** May this request read the metrics? (See above.) */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ') && sameToken(auth.slice(7).trim(), token))
    return true;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined;
}

/** Counts the PDF renderer's work (wraps `render`). */
export function measuredPdf(pdf: PdfRenderer, registry: client.Registry): PdfRenderer {
  const renders = new client.Counter({
    name: 'klinik_pdf_renders_total',
    help: 'PDF yang dirender, per hasil (ok/error)',
    labelNames: ['result'],
    registers: [registry],
  });
  const seconds = new client.Histogram({
    name: 'klinik_pdf_render_seconds',
    help: 'Lama render satu PDF',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const inProgress = new client.Gauge({
    name: 'klinik_pdf_renders_in_progress',
    help: 'PDF yang sedang dirender atau menunggu giliran',
    registers: [registry],
  });
  return {
    warm: () => pdf.warm(),
    close: () => pdf.close(),
    async render(html, opts) {
      const end = seconds.startTimer();
      inProgress.inc();
      try {
        const out = await pdf.render(html, opts);
        renders.inc({ result: 'ok' });
        return out;
      } catch (err) {
        renders.inc({ result: 'error' });
        throw err;
      } finally {
        inProgress.dec();
        end();
      }
    },
  };
}

export function createMetricsRegistry(): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'klinik_' });
  return registry;
}

/** Registers the request timing hooks and the `GET /metrics` route. */
export function registerMetrics(app: FastifyInstance, registry: client.Registry, opts: MetricsOptions): void {
  const duration = new client.Histogram({
    name: 'klinik_http_request_duration_seconds',
    help: 'Lama menjawab permintaan HTTP, per rute',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'klinik_http_request_errors_total',
    help: 'Jawaban 5xx, per rute',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const { database } = opts;
  new client.Gauge({
    name: 'klinik_db_pool_connections',
    help: 'Koneksi pool PostgreSQL: total, idle, waiting (permintaan yang menunggu koneksi)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = database.poolStats?.();
      if (!s) return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new client.Gauge({
    name: 'klinik_jobs',
    help: 'Pekerjaan latar per antrean dan status (created, retry, active, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await jobCounts(database)) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });

  new client.Gauge({
    name: 'klinik_satusehat_outbox',
    help: 'Kunjungan SATUSEHAT per status: waiting (menunggu dikirim), failed (gagal atau belum diatur)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!opts.satusehatOutbox) return;
      const depth = await opts.satusehatOutbox();
      this.set({ state: 'waiting' }, depth.waiting);
      this.set({ state: 'failed' }, depth.failed);
    },
  });

  new client.Gauge({
    name: 'klinik_backup_last_success_timestamp_seconds',
    help: 'Waktu cadangan terakhir yang berhasil (detik sejak epoch)',
    registers: [registry],
    collect() {
      const last = opts.lastBackup();
      this.reset();
      if (last) this.set(Math.floor(last.getTime() / 1000));
    },
  });

  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    const route = routeLabel(req);
    const labels = { method: req.method, route, status_code: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: req.method, route });
    done();
  });

  app.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metricsAllowed(req, opts.token)) {
      return reply.status(403).type('text/plain; charset=utf-8').send('Akses metrik ditolak\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
