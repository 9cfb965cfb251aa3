/** SATUSEHAT HTTP client (issue 31). */
export { SatusehatClient, type SatusehatClientOptions, type IhsPerson, type ConnectionResult } from './client.js';
export { MemoryTokenStore, type TokenStore, type CachedToken } from './token-store.js';
export {
  SatusehatError,
  SatusehatRetryable,
  SatusehatRejected,
  SatusehatAuthError,
  SatusehatInvalid,
  type RetryReason,
} from './errors.js';
export { officialUrls, type SatusehatEnvironment } from './urls.js';
export { sendPlanned, type SentResource } from './send.js';
