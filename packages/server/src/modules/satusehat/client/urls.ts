/** The platform's official addresses per environment (used when SATUSEHAT_AUTH_URL / SATUSEHAT_BASE_URL are unset). */
export type SatusehatEnvironment = 'development' | 'staging' | 'production';

const HOSTS: Record<SatusehatEnvironment, string> = {
  development: 'https://api-satusehat-dev.dto.kemkes.go.id',
  staging: 'https://api-satusehat-stg.dto.kemkes.go.id',
  production: 'https://api-satusehat.kemkes.go.id',
};

export function officialUrls(env: SatusehatEnvironment): { authUrl: string; baseUrl: string } {
  const host = HOSTS[env];
  return { authUrl: `${host}/oauth2/v1`, baseUrl: `${host}/fhir-r4/v1` };
}
