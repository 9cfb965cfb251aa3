import type {
  SatusehatConnectionTestDto,
  SatusehatSettingDto,
  SatusehatSettingInput,
  SatusehatTokenHealth,
} from '@klinik/shared';
import { branchScope, requireAccess, type ScopeRequest } from '../../http/access-scope.js';
import { inTransaction, requireUser, type Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../lib/audit.js';
import { clientFor, seal } from './connection.js';
import { SATUSEHAT_BRANCH } from './entities.js';
import * as q from './queries/index.js';

/** Settings of the branches (issue 31 item 1): the secret is write-only, answered only as `has_secret`. */

export function tokenHealth(
  token: Pick<q.TokenRow, 'expires_at' | 'failed_at' | 'fail_reason' | 'token_enc'> | null,
  now: Date,
): SatusehatTokenHealth {
  if (!token) return { state: 'none', expires_at: null, failed_at: null, reason: null };
  const live = token.token_enc && token.expires_at && new Date(token.expires_at) > now;
  if (token.failed_at && !live)
    return { state: 'failed', expires_at: null, failed_at: token.failed_at, reason: token.fail_reason };
  return {
    state: live ? 'ok' : 'none',
    expires_at: live ? token.expires_at : null,
    failed_at: token.failed_at,
    reason: token.failed_at ? token.fail_reason : null,
  };
}

function settingDto(
  profileId: number,
  profileName: string,
  s: q.SettingRow | null | undefined,
  t: q.TokenRow | null | undefined,
  now: Date,
): SatusehatSettingDto {
  return {
    profile_id: profileId,
    profile_name: profileName,
    configured: !!s,
    organization_id: s?.organization_id ?? null,
    client_id: s?.client_id ?? null,
    has_secret: !!s?.client_secret_enc,
    environment: (s?.environment as SatusehatSettingDto['environment']) ?? null,
    province_code: s?.province_code ?? null,
    city_code: s?.city_code ?? null,
    district_code: s?.district_code ?? null,
    village_code: s?.village_code ?? null,
    postal_code: s?.postal_code ?? null,
    latitude: s?.latitude == null ? null : Number(s.latitude),
    longitude: s?.longitude == null ? null : Number(s.longitude),
    updated_at: s?.updated_at ?? null,
    token: tokenHealth(t ?? null, now),
  };
}

/** GET /api/satusehat/settings: the branches in scope (isallbranch=1 for owner and developer), with their settings. */
export async function listSettings(ctx: Ctx, query: ScopeRequest): Promise<SatusehatSettingDto[]> {
  const c = requireUser(ctx);
  const rows = await q.branchesWithSettings(c.db, branchScope(c, query));
  return rows.map((r) => settingDto(r.profile_id, r.profile_name, r.setting, r.token, c.now()));
}

export async function getSetting(ctx: Ctx, profileId: number): Promise<SatusehatSettingDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SATUSEHAT_BRANCH, [profileId], 'read');
  const [row] = (await q.branchesWithSettings(c.db, branchScope(c, { profile_id: profileId }))).filter(
    (r) => r.profile_id === profileId,
  );
  if (!row) throw notFound(SATUSEHAT_BRANCH.notFound);
  return settingDto(row.profile_id, row.profile_name, row.setting, row.token, c.now());
}

/**
 * PUT /api/satusehat/settings/{profile_id}. A blank secret keeps the stored one (required the first time). The
 * audit row records that the secret changed, never the secret.
 */
export async function saveSetting(
  ctx: Ctx,
  profileId: number,
  input: SatusehatSettingInput,
): Promise<SatusehatSettingDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SATUSEHAT_BRANCH, [profileId], 'write');
  await inTransaction(c, async (tx) => {
    const before = await q.findSetting(tx.db, profileId);
    if (!before && !input.client_secret) throw badRequest('Client secret wajib diisi', 'client_secret');
    const { client_secret, ...rest } = input;
    const row = await q.upsertSetting(tx.db, {
      profile_id: profileId,
      ...rest,
      latitude: input.latitude == null ? null : String(input.latitude),
      longitude: input.longitude == null ? null : String(input.longitude),
      client_secret_enc: client_secret ? seal(tx.config, client_secret) : before!.client_secret_enc,
      updated_by: c.user.id,
    });
    const shown = (r: q.SettingRow | undefined) => (r ? { ...r, client_secret_enc: undefined } : null);
    await audit(tx, {
      action: before ? 'update' : 'create',
      entity: 'satusehat_setting',
      entityId: profileId,
      before: shown(before),
      after: { ...shown(row), client_secret_changed: !!client_secret },
      profileId,
    });
  });
  return getSetting(c, profileId);
}

/** POST /api/satusehat/settings/{profile_id}/test ('Tes koneksi'): asks for a token now and says how it went. */
export async function testConnection(ctx: Ctx, profileId: number): Promise<SatusehatConnectionTestDto> {
  const c = requireUser(ctx);
  await requireAccess(c, SATUSEHAT_BRANCH, [profileId], 'write');
  const setting = await q.findSetting(c.db, profileId);
  const made = clientFor(c, setting);
  if ('error' in made) return { ok: false, message: made.error, expires_at: null };
  const result = await made.client.testConnection();
  if (result.ok) return { ok: true, message: result.message, expires_at: result.expiresAt.toISOString() };
  await q.saveToken(c.db, setting!.client_id, { fail_reason: result.message });
  return { ok: false, message: result.message, expires_at: null };
}
