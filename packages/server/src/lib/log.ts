/**
 * What of an error reaches the log (issue 8, finding 5). Database errors carry the query's parameters (drizzle's
 * `params` and a message ending "params: ..."; PGlite and pg add `detail`, `where`, `parameters`...): a password
 * hash, a NIK or a phone number would land in the log. Only a fixed set of harmless properties is kept, messages
 * and stacks lose everything after "params:", and quoted values in data errors are masked. Causes are followed.
 */

const KEEP = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'statusCode', 'name'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [k: string]: unknown;
}

/** A message without query parameters or (for data errors) the offending value. */
export function scrubMessage(message: string, code?: unknown): string {
  let m = message;
  const at = m.search(/\n?\s*params:/);
  if (at >= 0) m = m.slice(0, at);
  // Data exceptions (class 22) and integrity violations (23) quote the value that failed: mask it.
  if (typeof code === 'string' && /^2[23]/.test(code))
    m = m.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)');
  return m.length > 2000 ? `${m.slice(0, 2000)}…` : m;
}

function scrubStack(stack: string, message: string, scrubbed: string): string {
  // The first lines repeat the message; keep the frames ("    at ...") only.
  const frames = stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
  return message === scrubbed ? stack : `${scrubbed}\n${frames}`;
}

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) {
    return { type: typeof err, message: scrubMessage(String(err)), stack: '' };
  }
  const e = err as Error & Record<string, unknown>;
  const code = e.code;
  const message = typeof e.message === 'string' ? e.message : '';
  const scrubbed = scrubMessage(message, code);
  const out: LoggedError = {
    type: e.constructor?.name ?? 'Error',
    message: scrubbed,
    stack: typeof e.stack === 'string' ? scrubStack(e.stack, message, scrubbed) : '',
  };
  for (const k of KEEP) {
    const v = e[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
