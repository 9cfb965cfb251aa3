import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { allows, fileReferenceIssues, forbiddenCharIssues, MSG, type Access, type ErrorItem } from '@klinik/shared';
import type { Ctx } from './context.js';
import { AppError, fromPgError, zodIssues } from './errors.js';

export interface Meta {
  /** What the procedure needs. A procedure without it is refused (deny by default). */
  access?: Access;
  /** The 403 message when `access` refuses a signed-in caller (the endpoint's `denied`). */
  denied?: string;
}

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** Issues carried on every tRPC error as data.issues, shown inline by the forms. */
function issuesOf(error: TRPCError, requestId: string | undefined): ErrorItem[] {
  const cause = error.cause;
  if (cause instanceof ZodError) return zodIssues(cause);
  if (cause instanceof AppError) return cause.issues;
  if (error.code === 'INTERNAL_SERVER_ERROR') return [{ message: `${MSG.serverError} (kode: ${requestId ?? '-'})` }];
  if (error.code === 'UNAUTHORIZED') return [{ message: MSG.unauthenticated }];
  if (error.code === 'FORBIDDEN') return [{ message: MSG.forbidden }];
  return [{ message: error.message }];
}

const t = initTRPC
  .context<Ctx>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const issues = issuesOf(error, ctx?.requestId);
      return {
        ...shape,
        message: issues.map((i) => i.message).join('; '),
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns AppErrors and user-caused database errors into the right tRPC codes; logs the rest. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause ?? result.error;
    const app = cause instanceof AppError ? cause : fromPgError(cause);
    if (app) {
      throw new TRPCError({
        code: CODE_BY_STATUS[app.status] ?? 'INTERNAL_SERVER_ERROR',
        message: app.message,
        cause: app,
      });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') ctx.log.error({ err: cause, path }, 'procedure failed');
  }
  return result;
});

/** Deny by default: the procedure must declare access, and the session must satisfy it. */
const accessCheck = t.middleware(({ ctx, meta, next }) => {
  const needed = meta?.access;
  if (!needed) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  if (!allows(ctx.user, needed)) {
    throw new TRPCError({
      code: ctx.user || needed.kind === 'public' ? 'FORBIDDEN' : 'UNAUTHORIZED',
      message: ctx.user ? (meta?.denied ?? MSG.forbidden) : MSG.forbidden,
    });
  }
  return next();
});

/**
 * NUL and other control characters anywhere in the raw input, or a file reference a client may not set: 400 before
 * the input is parsed (issue 8, findings 5 and 3).
 */
const refuseControlChars = t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput();
  const issues = [...forbiddenCharIssues(raw), ...fileReferenceIssues(raw)];
  if (issues.length) throw new AppError(400, issues);
  return next();
});

/** The only procedure builder modules use: `procedure.meta({ access: ... }).input(schema).query(...)`. */
export const procedure = t.procedure.use(errorMapping).use(accessCheck).use(refuseControlChars);
