/** Reading SATUSEHAT's answers into the typed errors (errors.ts), with secrets blanked out of every text kept. */
import { SatusehatRejected, SatusehatRetryable } from './errors.js';

/** Rule numbers as the platform writes them: 'RuleNumber: 10117', 'rule 10457', 'Rule number 10015', '[10117]'. */
const RULE_PATTERNS = [/rule\s*(?:number|no\.?)?\s*[:#]?\s*(\d{4,6})/i, /\[(\d{5})\]/];

export function parseRule(text: string): string | null {
  for (const p of RULE_PATTERNS) {
    const m = p.exec(text);
    if (m) return m[1];
  }
  return null;
}

/** Replaces every secret (client secret, tokens) in a text by '***'. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out;
}

interface OutcomeIssue {
  details?: { text?: unknown; coding?: { code?: unknown; display?: unknown }[] };
  diagnostics?: unknown;
}
interface ErrorBody {
  issue?: OutcomeIssue[];
  fault?: { faultstring?: unknown };
  error_description?: unknown;
  message?: unknown;
  error?: unknown;
}

/** The text of an OperationOutcome (details and diagnostics of its issues), or of another error body. */
export function outcomeText(body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as ErrorBody;
    if (Array.isArray(b.issue)) {
      const parts = b.issue.flatMap((i) => {
        const texts: string[] = [];
        const details = i.details?.text ?? i.details?.coding?.[0]?.display;
        if (typeof details === 'string' && details) texts.push(details);
        if (typeof i.diagnostics === 'string' && i.diagnostics && i.diagnostics !== details) texts.push(i.diagnostics);
        const code = i.details?.coding?.[0]?.code;
        if (typeof code === 'string' && /^\d{4,6}$/.test(code) && !texts.some((t) => t.includes(code)))
          texts.push(`RuleNumber: ${code}`);
        return texts;
      });
      if (parts.length) return parts.join('; ');
    }
    if (typeof b.fault?.faultstring === 'string') return b.fault.faultstring;
    if (typeof b.error_description === 'string') return b.error_description;
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return typeof body === 'string' ? body.slice(0, 500) : '';
}

/** Retry-After as seconds or an HTTP date. */
export function retryAfter(header: string | null, now: Date): Date | null {
  if (!header) return null;
  const s = Number(header);
  if (Number.isFinite(s) && s >= 0) return new Date(now.getTime() + s * 1000);
  const d = Date.parse(header);
  return Number.isNaN(d) ? null : new Date(d);
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** The error for an answer that is not 2xx (401 is handled by the caller: it means a new token). */
export function errorFor(status: number, body: unknown, headers: Headers, now: Date): Error {
  if (status === 429)
    return new SatusehatRetryable('SATUSEHAT membatasi permintaan (HTTP 429): dicoba lagi nanti', {
      reason: 'rate-limit',
      status,
      retryAt: retryAfter(headers.get('retry-after'), now),
    });
  if (status >= 500)
    return new SatusehatRetryable(`SATUSEHAT sedang bermasalah (HTTP ${status}): dicoba lagi nanti`, {
      reason: 'server',
      status,
      retryAt: retryAfter(headers.get('retry-after'), now),
    });
  const text = outcomeText(body) || `HTTP ${status}`;
  return new SatusehatRejected(text, { status, rule: parseRule(text), outcome: body });
}
