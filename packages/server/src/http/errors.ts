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

/** PostgreSQL errors that are the user's doing, turned into clear messages instead of a 500. */
export function fromPgError(err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  if (e.code === undefined && e.cause) return fromPgError(e.cause);
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
