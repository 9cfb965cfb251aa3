import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { allows, IMAGE_ERRORS, fileReferenceIssues, forbiddenCharIssues, MSG, type Access } from '@klinik/shared';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import type { Ctx, SessionUser } from './http/context.js';
import { AppError, fromPgError } from './http/errors.js';
import { branchClock, systemNow, type Now } from './http/clock.js';
import { classifyRoute, looksLikeApi } from './http/surface.js';
import { securityHeaders } from './http/security-headers.js';
import { serializeError } from './lib/log.js';
import { cachedSessionRow, SESSION_COOKIE, validateSessionToken } from './auth/session.js';
import { cachedSessionUser, sessionTimes } from './modules/auth/index.js';
import { branchTimezone } from './modules/branches/index.js';
import { AUTH_CHANNEL, AuthCache } from './auth/cache.js';
import { BranchEvents } from './lib/branch-events.js';
import { appRouter, type AppRouter } from './router.js';
import { registerApprovalExecutors, registerJobs, registerRestRoutes } from './modules.js';
import { satusehatOutboxDepth } from './modules/satusehat/index.js';
import { createPdfRenderer } from './pdf/renderer.js';
import type { AppServices } from './services.js';
import { startJobQueue } from './lib/jobs.js';
import { createMetricsRegistry, measuredPdf, registerMetrics } from './http/metrics.js';
import { newestBackupTime } from './ops/backup.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    config: Config;
    services: AppServices;
    /** Every /api route with what it declares, for the permission walk test. */
    apiRoutes: { method: string; url: string; access: Access | undefined }[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
    branchId: number;
    ctx: Ctx;
  }
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The largest JSON body any route takes (a route may declare less). */
export const JSON_BODY_LIMIT_MB = 2;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An origin in its canonical form (scheme://host[:port], default port left out), or null when it is none. */
function canonicalOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * State-changing requests must come from our own origin (or a configured one); others are refused. The whole
 * origin is compared, scheme, host and port (issue 8): our own is the request's protocol and Host, which Fastify
 * takes from X-Forwarded-Proto/-Host only when TRUST_PROXY is on.
 */
function crossOrigin(req: FastifyRequest, allowed: string[]): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  if (origin) {
    const theirs = canonicalOrigin(origin);
    if (!theirs) return true;
    if (allowed.some((a) => canonicalOrigin(a) === theirs)) return false;
    const own = req.host ? canonicalOrigin(`${req.protocol}://${req.host}`) : null;
    return theirs !== own;
  }
  // No Origin: a non-browser client, unless the browser says the request is cross-site.
  return site === 'cross-site';
}

function sendIssues(
  reply: import('fastify').FastifyReply,
  status: number,
  issues: { message: string; field?: string }[],
) {
  return reply.status(status).type('application/json; charset=utf-8').send(issues);
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  /** Log to stdout (default true outside tests). */
  logger?: boolean;
  /** Where the logs go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  services?: Partial<AppServices>;
  /** The clock every request's ctx.now()/ctx.today() reads (tests fix it; default the system clock). */
  now?: Now;
}

/**
 * One line per request, written when it is answered, so it carries the user and branch the session named (set on
 * `reply.log` by the onRequest hook); Fastify's own 'incoming request' line comes before the session is read.
 */
class RequestLogs extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply, {});
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              remove: true,
            },
            serializers: {
              // The path only: query strings can carry names and NIKs typed into search boxes.
              req: (req: FastifyRequest) => {
                const given = req.headers['x-request-id'];
                return {
                  method: req.method,
                  url: req.url.split('?')[0],
                  id: req.id,
                  ...(typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? { client_request_id: given } : {}),
                };
              },
              // Never the query parameters a database error carries (issue 8): see lib/log.ts.
              err: serializeError,
            },
          },
    // Always the server's own id (issue 8): a client's X-Request-Id is only logged apart, as client_request_id.
    genReqId: () => randomUUID(),
    logController: new RequestLogs(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_MB * 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // Errors the router raises before any hook (bad percent-encoding, an over-long param): our shape too.
    frameworkErrors: (err, _req, reply) => {
      const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void sendIssues(reply, long ? 414 : 400, [{ message: long ? 'Alamat terlalu panjang' : MSG.badInput }]);
    },
    // A request Node cannot even parse (bad request line or headers) still gets our error shape.
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy(err);
      const [status, text, message] =
        err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Permintaan terlalu lama, silakan coba lagi']
          : err.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'Request Header Fields Too Large', 'Header permintaan terlalu besar']
            : [400, 'Bad Request', MSG.badInput];
      const body = JSON.stringify([{ message }]);
      socket.end(
        `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const authCache = new AuthCache(config.sessionCacheSeconds * 1000);
  const events = new BranchEvents();
  const metrics = createMetricsRegistry();
  const services: AppServices = {
    pdf: measuredPdf(opts.services?.pdf ?? createPdfRenderer({ chromiumPath: config.chromiumPath }), metrics),
    jobs:
      opts.services?.jobs ??
      (await startJobQueue(database, app.log, {
        pollingIntervalSeconds: config.jobPollingSeconds,
        maintenanceSeconds: config.jobMaintenanceSeconds,
      })),
    authCache,
    events,
  };
  await events.start(database);
  const unlisten = await database.listen(
    AUTH_CHANNEL,
    (p) => authCache.onMessage(p),
    (live) => authCache.onState(live),
  );
  app.decorate('services', services);
  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);
  app.decorateRequest('branchId', 0);
  app.decorateRequest('ctx', null as unknown as Ctx);

  // Stopping, in this order (issue 33): the queue, which waits for its running jobs (they use the database and may
  // send more work); the open server-sent event streams (the server would wait for them); then Fastify closes the
  // HTTP server (requests in flight finish) and runs onClose below; the pool last (here, or the owner's after
  // `app.close()` when the database was given).
  app.addHook('preClose', async () => {
    await services.jobs.stop();
    await events.stop();
  });
  app.addHook('onClose', async () => {
    await unlisten();
    await services.pdf.close();
    if (!opts.database) await database.close();
  });

  // API answers (JSON of tRPC and REST) over 1 KB are compressed per request, cheaply: brotli at quality 4 or gzip
  // level 6. Request bodies are not inflated (no client sends them compressed). The web app's files are not
  // compressed here: they are served as the .br/.gz twins written at build time (preCompressed below).
  await app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  // Security headers on every answer (issue 8): a CSP the built app and the agreement PDF frame work under, framing
  // by our own pages only (frame-ancestors + X-Frame-Options), no Referer leaving the app. What @fastify/helmet sets
  // for these options, computed once at start and set from a fixed list (http/security-headers.ts, issue 10).
  const SECURITY_HEADERS = Object.fromEntries(
    await securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // Style attributes and the <style> elements UI libraries add at run time; no style can run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The agreement PDF preview is an <iframe> of our own /api/paket/export/agreement/...
          frameSrc: ["'self'"],
          objectSrc: ["'self'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
        },
      },
      frameguard: { action: 'sameorigin' },
      referrerPolicy: { policy: 'same-origin' },
      // Served over plain HTTP inside a clinic's network too: TLS is the proxy's business (HSTS there).
      strictTransportSecurity: false,
    }),
  );
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });

  // Deny by default: every route is classified when registered (http/surface.ts); an /api route that does not
  // declare its access, or a write outside /api and /trpc, cannot even be registered.
  app.addHook('onRoute', (route) => {
    const surface = classifyRoute(route);
    route.config = { ...route.config, surface };
    if (surface !== 'rest') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD')) return;
    const declared = route.config.access;
    for (const m of methods) if (m !== 'HEAD') app.apiRoutes.push({ method: m, url: route.url, access: declared });
  });

  const times = sessionTimes({ config } as Ctx);
  const clockNow = opts.now ?? systemNow;
  const setContext = (req: FastifyRequest, reply: FastifyReply) => {
    const branchId = req.branchId || req.user?.profile_id || 0;
    // Every line a signed-in request logs names its user and branch (issue 32 item 4), never their data.
    if (req.user) {
      req.log = req.log.child({ user_id: req.user.id, branch_id: branchId });
      reply.log = req.log;
    }
    req.ctx = {
      db: app.db,
      user: req.user,
      branchId,
      log: req.log,
      requestId: req.id,
      ip: req.ip,
      config,
      services,
      ...branchClock(branchTimezone(app.db, authCache), branchId, clockNow),
    };
  };
  /** The session and its user from the database (or the cache, when either needs a load): the slow path. */
  const authenticate = async (req: FastifyRequest, token: string) => {
    const s = await validateSessionToken(app.db, token, times, authCache);
    if (s) {
      req.user = await cachedSessionUser(app.db, authCache, s.user_id, s.id);
      req.branchId = s.profile_id;
    }
  };
  // Decided on the route the router matched, never on how the URL was spelled (issue 8, finding 1). A plain
  // callback hook: a request whose session and user are both in the auth cache runs it without a promise.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    const surface = req.routeOptions.config?.surface;
    if (surface !== 'rest' && surface !== 'trpc') {
      if (req.is404 && looksLikeApi(req.url)) {
        reply.header('x-request-id', req.id);
        reply.header('cache-control', 'no-store');
      }
      return done();
    }
    reply.header('x-request-id', req.id);
    reply.header('cache-control', 'no-store');
    if (crossOrigin(req, config.allowedOrigins)) {
      void sendIssues(reply, 403, [{ message: MSG.crossOrigin }]);
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      const s = cachedSessionRow(token, times, authCache);
      const u = s && authCache.user(s.user_id);
      if (s && u !== undefined) {
        req.user = u && { ...u, sessionId: s.id };
        req.branchId = s.profile_id;
      } else {
        authenticate(req, token).then(
          () => {
            setContext(req, reply);
            done();
          },
          (err: Error) => done(err),
        );
        return;
      }
    }
    setContext(req, reply);
    done();
  });

  // Access is checked before the body is parsed: a refused caller learns nothing about validation.
  app.addHook('preValidation', (req, reply, done) => {
    if (req.routeOptions.config?.surface !== 'rest' || req.is404) return done();
    const needed = req.routeOptions.config?.access;
    if (!needed) return void sendIssues(reply, 403, [{ message: MSG.forbidden }]);
    if (!allows(req.user, needed)) {
      if (!req.user && needed.kind !== 'public') return void sendIssues(reply, 401, [{ message: MSG.unauthenticated }]);
      return void sendIssues(reply, 403, [{ message: req.routeOptions.config?.denied ?? MSG.forbidden }]);
    }
    // NUL and other control characters in any param, query value or body string: 400 before anything runs (issue 8).
    const bad = forbiddenCharIssues(req.params);
    if (req.query) bad.push(...forbiddenCharIssues(req.query));
    if (req.body !== undefined) {
      bad.push(...forbiddenCharIssues(req.body));
      // A file reference is set only by an upload endpoint, never from a client's field (issue 8, finding 3).
      bad.push(...fileReferenceIssues(req.body));
    }
    if (bad.length) return void sendIssues(reply, 400, bad);
    done();
  });

  registerMetrics(app, metrics, {
    database,
    token: config.metricsToken,
    lastBackup: () => newestBackupTime(config.backupDir),
    satusehatOutbox: () => satusehatOutboxDepth(database.db),
  });

  app.setErrorHandler((err, req, reply) => {
    const e = err as Error & { statusCode?: number; code?: string; validation?: unknown };
    const app2 = err instanceof AppError ? err : fromPgError(err);
    if (app2) {
      if (app2.status >= 500) req.log.warn({ err }, 'service unavailable');
      return sendIssues(reply, app2.status, app2.issues);
    }
    // Fastify's own errors (body parsers, multipart, limits): our shape, a message that says what was wrong (issue 8).
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') return sendIssues(reply, 413, [{ message: IMAGE_ERRORS.size }]);
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return sendIssues(reply, 413, [{ message: `Ukuran data permintaan maksimal ${JSON_BODY_LIMIT_MB}MB` }]);
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) {
      return sendIssues(reply, 415, [{ message: 'Jenis konten tidak didukung' }]);
    }
    if (
      e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      e instanceof SyntaxError
    ) {
      return sendIssues(reply, 400, [{ message: 'Isi permintaan bukan JSON yang valid' }]);
    }
    if (
      e.code?.startsWith('FST_INVALID_MULTIPART') ||
      e.code?.startsWith('FST_MULTIPART') ||
      e.code?.startsWith('FST_FILES_LIMIT') ||
      e.code?.startsWith('FST_PARTS_LIMIT') ||
      e.code?.startsWith('FST_FIELDS_LIMIT')
    ) {
      return sendIssues(reply, 400, [{ message: 'Format unggahan tidak valid' }]);
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return sendIssues(reply, e.statusCode, [{ message: MSG.badInput }]);
    }
    req.log.error({ err }, 'unexpected error');
    return sendIssues(reply, 500, [{ message: `${MSG.serverError} (kode: ${req.id})` }]);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // No context means the request skipped the hooks: refuse rather than run a procedure without a session.
      createContext: ({ req }: { req: FastifyRequest }) => {
        if (!req.ctx) throw new AppError(403, [{ message: MSG.forbidden }]);
        return req.ctx;
      },
      onError: ({ error, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError) && !fromPgError(error.cause)) {
          req.log.error({ err: error.cause ?? error }, 'trpc error');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerApprovalExecutors();
  registerRestRoutes(app);
  await registerJobs({ db: database.db, jobs: services.jobs, log: app.log, now: opts.now ?? systemNow, config });

  // The built web app; any other non-API path is the SPA's (its router decides 404).
  const hasWeb = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The brotli/gzip twins written by the build (vite-plugin-compression2), chosen by Accept-Encoding.
      preCompressed: true,
      // Hashed files never change: cached for a year without revalidation. Anything else (favicon, index.html
      // when asked for by name) is revalidated every time, so a release is seen at once.
      setHeaders: (reply, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
      cacheControl: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (looksLikeApi(req.url)) {
      return sendIssues(reply, 404, [{ message: 'Alamat API tidak ditemukan' }]);
    }
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = req.url.split('?')[0];
      if (file.startsWith('/assets/')) return reply.status(404).send('Not Found');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send('Not Found');
  });

  return app;
}
