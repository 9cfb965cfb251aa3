import type { ZodError } from 'zod';
import { MSG, type ErrorItem } from '@klinik/shared';

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** An error a service throws on purpose: its status and Indonesian messages reach the user as they are. */
export class AppError extends Error {
  constructor(
    public readonly status: HttpStatus,
    public readonly issues: ErrorItem[],
  ) {
    super(issues.map((i) => i.message).join('; '));
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError(400, [field ? { message, field } : { message }]);
export const badRequestMany = (issues: ErrorItem[]) => new AppError(400, issues);
export const unauthorized = (message: string = MSG.unauthenticated) => new AppError(401, [{ message }]);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, [{ message }]);
export const notFound = (message: string = MSG.notFound) => new AppError(404, [{ message }]);
export const conflict = (message: string, field?: string) =>
  new AppError(409, [field ? { message, field } : { message }]);

export function zodIssues(err: ZodError): ErrorItem[] {
  return err.issues.map((i) => {
    const field = i.path.map(String).join('.');
    return field ? { message: i.message, field } : { message: i.message };
  });
}

/** A PostgreSQL error as pg and PGlite raise it (SQLSTATE code, constraint name). */
export interface PgError {
  code: string;
  constraint?: string;
  message?: string;
}

/**
 * The PostgreSQL error inside whatever wrapped it (drizzle puts the driver's error in `cause`), or null. The one
 * place that knows how the drivers shape their errors: services ask {@link isUniqueViolation} or
 * {@link constraintOf}, never `err.code` or `err.cause` themselves.
 */
export function pgErrorOf(err: unknown): PgError | null {
  let e = err as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
    e = e.cause as typeof e;
  }
  return null;
}

/** The constraint (or unique index) a PostgreSQL error names: its field, else the name quoted in its message. */
export function constraintOf(err: unknown): string | undefined {
  const e = pgErrorOf(err);
  if (!e) return undefined;
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
}

/** A unique violation (SQLSTATE 23505), of that constraint or unique index when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (pgErrorOf(err)?.code !== '23505') return false;
  return constraint === undefined || constraintOf(err) === constraint;
}

/** PostgreSQL errors that are the user's doing, turned into clear messages instead of a 500. */
export function fromPgError(err: unknown): AppError | null {
  const e = pgErrorOf(err);
  if (!e) return null;
  switch (e.code) {
    case '23505':
      return conflict('Data yang sama sudah ada');
    case '23503':
      return badRequest('Data yang dirujuk tidak ditemukan atau masih dipakai');
    case '23514':
      // Our own triggers (drizzle/*_rules.sql) raise their rule in Indonesian, without a constraint name.
      return badRequest(!e.constraint && e.message ? e.message : 'Data tidak memenuhi aturan');
    case '22001':
      return badRequest('Isian terlalu panjang');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return badRequest('Format isian tidak valid');
    case '40001':
    case '40P01':
      return conflict('Data sedang diubah oleh pengguna lain, silakan coba lagi');
    default:
      return null;
  }
}
