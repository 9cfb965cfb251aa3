import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: src/ or dist/ sit two levels below it (packages/server/{src,dist}). */
export const ROOT_DIR = path.resolve(here, '../../..');

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  demoPassword: string;
  /** Seed the demo clinic on first start (default only on the embedded database). */
  seedDemo: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** How long a session, its user and privileges stay cached in the process (0: no cache); see auth/cache.ts. */
  sessionCacheSeconds: number;
  migrationsDir: string;
  webDistDir: string;
  uploadDir: string;
  logLevel: string;
  /** Trust X-Forwarded-* from a proxy in front (for Secure cookies and client addresses). */
  trustProxy: boolean;
  chromiumPath: string | undefined;
  /** Extra origins allowed to make state-changing requests (comma separated). */
  allowedOrigins: string[];
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  /** Seconds before the first retry of a reminder sent through a gateway (doubled each retry; tests shorten it). */
  reminderRetryDelaySeconds: number;
  /**
   * Exact `host:port` pairs the reminder gateway may call although they are internal or plain http (a relay on this
   * machine; comma separated REMINDER_GATEWAY_ALLOW_HOSTS). Set by the operator only; see lib/outbound.ts.
   */
  reminderGatewayAllowHosts: string[];
  /** How often an idle job worker looks for work, seconds (at least 0.5; tests shorten it). */
  jobPollingSeconds: number;
  /** How often the queue's upkeep runs (expired jobs of a process that died go back to the queue). */
  jobMaintenanceSeconds: number;
  /**
   * The bearer token `GET /metrics` asks of a caller that is not on this machine (METRICS_TOKEN); without it only a
   * direct loopback caller (no proxy in between) may read the metrics.
   */
  metricsToken: string | undefined;
  /** Where backups are written (BACKUP_DIR, default `<dataDir>/backups`). */
  backupDir: string;
  /** Days a backup archive is kept (BACKUP_KEEP_DAYS, default 14); the newest is always kept. */
  backupKeepDays: number;
  /** The hour (server time, 0-23) of the daily backup (BACKUP_HOUR, default 1); BACKUP_SCHEDULE=off turns it off. */
  backupHour: number;
  backupSchedule: boolean;
  /**
   * SATUSEHAT (issue 31): the token and FHIR base URLs, read at start only (SATUSEHAT_AUTH_URL, SATUSEHAT_BASE_URL);
   * when absent each branch uses its environment's official URLs. No request can set them.
   */
  satusehatAuthUrl: string | undefined;
  satusehatBaseUrl: string | undefined;
  /** Key of the stored client secrets (SATUSEHAT_SECRET_KEY, 32 bytes hex or base64); else `<dataDir>/satusehat.key`. */
  satusehatSecretKey: string | undefined;
  /** Seconds before the first retry of a SATUSEHAT send (doubled each retry; tests shorten it). */
  satusehatRetryDelaySeconds: number;
  /** How often waiting SATUSEHAT visits are put on the queue (seconds; 0: never, tests drive it themselves). */
  satusehatSweepSeconds: number;
  /** How long one visit's send may run before the queue gives it to another worker (a process killed mid-send). */
  satusehatSendExpireSeconds: number;
  /**
   * Visits sent at once by one process (SATUSEHAT_SEND_WORKERS, 1 to 8, default 4): each visit's resources go one
   * after another (they name each other), different visits side by side. The platform publishes no limit for its
   * FHIR endpoints and asks for low concurrency per client (docs/decisions.md "SATUSEHAT send workers").
   */
  satusehatSendWorkers: number;
}

function int(v: string | undefined, fallback: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data'));
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    demoPassword: env.DEMO_PASSWORD || 'klinik123',
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12),
    sessionCacheSeconds: int(env.SESSION_CACHE_SECONDS, 5),
    migrationsDir: path.join(ROOT_DIR, 'drizzle'),
    webDistDir: path.join(ROOT_DIR, 'packages/web/dist'),
    uploadDir: path.join(dataDir, 'uploads'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    chromiumPath: env.CHROMIUM_PATH || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    loginMaxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES_ACCOUNT, 5),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_ADDRESS, 30),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15),
    reminderRetryDelaySeconds: int(env.REMINDER_RETRY_DELAY_SECONDS, 30),
    reminderGatewayAllowHosts: (env.REMINDER_GATEWAY_ALLOW_HOSTS || '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    jobPollingSeconds: int(env.JOB_POLLING_SECONDS, 2),
    jobMaintenanceSeconds: Math.max(1, int(env.JOB_MAINTENANCE_SECONDS, 120)),
    metricsToken: env.METRICS_TOKEN || undefined,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    backupKeepDays: Math.max(1, int(env.BACKUP_KEEP_DAYS, 14)),
    backupHour: Math.min(23, Math.max(0, int(env.BACKUP_HOUR, 1))),
    backupSchedule: env.BACKUP_SCHEDULE !== 'off',
    satusehatAuthUrl: env.SATUSEHAT_AUTH_URL || undefined,
    satusehatBaseUrl: env.SATUSEHAT_BASE_URL || undefined,
    satusehatSecretKey: env.SATUSEHAT_SECRET_KEY || undefined,
    satusehatRetryDelaySeconds: Math.max(1, int(env.SATUSEHAT_RETRY_DELAY_SECONDS, 30)),
    satusehatSweepSeconds: Math.max(0, int(env.SATUSEHAT_SWEEP_SECONDS, 20)),
    satusehatSendExpireSeconds: Math.max(5, int(env.SATUSEHAT_SEND_EXPIRE_SECONDS, 120)),
    satusehatSendWorkers: Math.min(8, Math.max(1, int(env.SATUSEHAT_SEND_WORKERS, 4))),
    ...overrides,
  };
}
