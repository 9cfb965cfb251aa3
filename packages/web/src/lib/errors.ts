import { MSG, type ErrorItem } from '@klinik/shared';

/** An error from a REST call: the HTTP status and the server's `[{ message, field? }]` list (spec 8). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly issues: ErrorItem[],
  ) {
    super(issues.map((i) => i.message).join('; ') || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * A tRPC client error, recognised by its name rather than `instanceof` so that this module (loaded by the login
 * page) does not pull in the tRPC client (issue 10). `TRPCClientError` sets `name = 'TRPCClientError'`.
 */
interface TrpcLikeError extends Error {
  data?: unknown;
}
function isTrpcError(err: unknown): err is TrpcLikeError {
  return err instanceof Error && err.name === 'TRPCClientError';
}

function isErrorItem(x: unknown): x is ErrorItem {
  return !!x && typeof x === 'object' && typeof (x as { message?: unknown }).message === 'string';
}

/**
 * The `[{ message, field? }]` list of any error: REST (ApiError), tRPC (data.issues) or anything else. No error
 * (`null` / `undefined`: a mutation not sent yet, a query that succeeded) is no item, so a form may always render
 * `<ErrorList items={errorItems(mutation.error)} />` (issue 26 item 4: every payment panel showed the server error
 * from the moment it opened).
 */
export function errorItems(err: unknown): ErrorItem[] {
  if (err === null || err === undefined) return [];
  if (err instanceof ApiError) return err.issues;
  if (isTrpcError(err)) {
    const issues = (err.data as { issues?: unknown } | undefined)?.issues;
    if (Array.isArray(issues) && issues.every(isErrorItem)) return issues;
    if (err.message) return [{ message: err.message }];
  }
  if (err instanceof TypeError) return [{ message: MSG.offline }];
  if (err instanceof Error && err.message) return [{ message: err.message }];
  return [{ message: MSG.serverError }];
}

/** HTTP status of an error when known (401 sends the user to sign in again). */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof ApiError) return err.status;
  if (isTrpcError(err)) return (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}
