/**
 * What can go wrong talking to SATUSEHAT, as three kinds the outbox acts on:
 * - `SatusehatRetryable`: try again later (5xx, 429, timeout, network); `retryAt` when the platform said when.
 * - `SatusehatRejected`: the platform refused the resource (4xx, usually an OperationOutcome): store the text and the
 *   rule number and show them; sending it again unchanged will not help.
 * - `SatusehatAuthError`: no token (wrong credentials, 401, or the minute's wait after a failed token request):
 *   `retryAt` is the earliest moment a new token request may be made.
 * Messages never carry the client secret or a token.
 */
export class SatusehatError extends Error {
  /** HTTP status when there was an answer. */
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = new.target.name;
    this.status = status;
  }
}

export type RetryReason = 'server' | 'rate-limit' | 'timeout' | 'network';

export class SatusehatRetryable extends SatusehatError {
  readonly reason: RetryReason;
  /** From Retry-After when the platform sent one. */
  readonly retryAt: Date | null;
  constructor(message: string, opts: { reason: RetryReason; status?: number | null; retryAt?: Date | null }) {
    super(message, opts.status ?? null);
    this.reason = opts.reason;
    this.retryAt = opts.retryAt ?? null;
  }
}

export class SatusehatRejected extends SatusehatError {
  /** The rule number found in the OperationOutcome's text (e.g. '10117'), null when none. */
  readonly rule: string | null;
  /** The OperationOutcome's text (diagnostics / details), as the platform wrote it. */
  readonly text: string;
  /** The OperationOutcome (or the body) as received. */
  readonly outcome: unknown;
  constructor(text: string, opts: { status: number; rule: string | null; outcome: unknown }) {
    super(opts.rule ? `Ditolak SATUSEHAT (aturan ${opts.rule}): ${text}` : `Ditolak SATUSEHAT: ${text}`, opts.status);
    this.rule = opts.rule;
    this.text = text;
    this.outcome = opts.outcome;
  }
}

export class SatusehatAuthError extends SatusehatError {
  /** The earliest moment a new token request may be made (at least a minute after a failed one). */
  readonly retryAt: Date;
  constructor(message: string, opts: { retryAt: Date; status?: number | null }) {
    super(message, opts.status ?? null);
    this.retryAt = opts.retryAt;
  }
}

/** Our own validation refused the resource before it left (nothing was sent); `reasons` in Indonesian. */
export class SatusehatInvalid extends SatusehatError {
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super(`Resource tidak valid, tidak dikirim: ${reasons.join('; ')}`);
    this.reasons = reasons;
  }
}
