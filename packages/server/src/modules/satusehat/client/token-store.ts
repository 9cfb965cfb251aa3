/**
 * Where a client keeps its token and the time of its last failed token request, by client id. The in-memory store
 * serves tests and the simulator; the module gives a database-backed one so that every process of the app shares
 * the token and the minute's wait.
 */
export interface CachedToken {
  accessToken: string;
  expiresAt: Date;
}

export interface TokenStore {
  getToken(clientId: string): Promise<CachedToken | null>;
  setToken(clientId: string, token: CachedToken | null): Promise<void>;
  /** When the last token request for this client id failed (null: none since the last success). */
  getFailure(clientId: string): Promise<Date | null>;
  setFailure(clientId: string, at: Date | null): Promise<void>;
}

export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly failures = new Map<string, Date>();

  async getToken(clientId: string) {
    return this.tokens.get(clientId) ?? null;
  }
  async setToken(clientId: string, token: CachedToken | null) {
    if (token) this.tokens.set(clientId, token);
    else this.tokens.delete(clientId);
  }
  async getFailure(clientId: string) {
    return this.failures.get(clientId) ?? null;
  }
  async setFailure(clientId: string, at: Date | null) {
    if (at) this.failures.set(clientId, at);
    else this.failures.delete(clientId);
  }
}
