import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  officialUrls,
  SatusehatClient,
  type CachedToken,
  type SatusehatEnvironment,
  type TokenStore,
} from './client/index.js';
import * as q from './queries/index.js';
import { open, seal } from './secret.js';

/** What talking to SATUSEHAT needs outside a request (a job) as inside one. */
export interface SatusehatEnv {
  db: Db;
  config: Config;
  now: () => Date;
}

/**
 * The token cache in the database (satusehat_token, by client id): every process of the app shares the token and
 * the minute's wait after a failed token request, so a restart or a second worker never asks again too early.
 */
export class DbTokenStore implements TokenStore {
  constructor(private readonly env: SatusehatEnv) {}

  async getToken(clientId: string): Promise<CachedToken | null> {
    const row = await q.findToken(this.env.db, clientId);
    if (!row?.token_enc || !row.expires_at) return null;
    const accessToken = open(this.env.config, row.token_enc);
    return accessToken ? { accessToken, expiresAt: new Date(row.expires_at) } : null;
  }

  async setToken(clientId: string, token: CachedToken | null): Promise<void> {
    await q.saveToken(this.env.db, clientId, {
      token_enc: token ? seal(this.env.config, token.accessToken) : null,
      expires_at: token ? token.expiresAt.toISOString() : null,
      ...(token ? { failed_at: null, fail_reason: null } : {}),
    });
  }

  async getFailure(clientId: string): Promise<Date | null> {
    const row = await q.findToken(this.env.db, clientId);
    return row?.failed_at ? new Date(row.failed_at) : null;
  }

  async setFailure(clientId: string, at: Date | null): Promise<void> {
    await q.saveToken(this.env.db, clientId, { failed_at: at ? at.toISOString() : null });
  }
}

/** The URLs of a branch: the configured ones (SATUSEHAT_AUTH_URL / SATUSEHAT_BASE_URL) or its environment's. */
export function urlsFor(config: Config, environment: SatusehatEnvironment): { authUrl: string; baseUrl: string } {
  const official = officialUrls(environment);
  return {
    authUrl: config.satusehatAuthUrl ?? official.authUrl,
    baseUrl: config.satusehatBaseUrl ?? official.baseUrl,
  };
}

export const NOT_CONFIGURED = 'Pengaturan SATUSEHAT cabang ini belum diisi';
export const SECRET_UNREADABLE = 'Client secret tidak dapat dibaca (kunci berubah): isi ulang client secret';

/** The branch's client, or why there is none. */
export function clientFor(
  env: SatusehatEnv,
  setting: q.SettingRow | undefined,
): { client: SatusehatClient; orgId: string } | { error: string } {
  if (!setting) return { error: NOT_CONFIGURED };
  const secret = open(env.config, setting.client_secret_enc);
  if (secret === null) return { error: SECRET_UNREADABLE };
  const client = new SatusehatClient({
    ...urlsFor(env.config, setting.environment as SatusehatEnvironment),
    clientId: setting.client_id,
    clientSecret: secret,
    now: env.now,
    tokenStore: new DbTokenStore(env),
  });
  return { client, orgId: setting.organization_id };
}

export { seal };
