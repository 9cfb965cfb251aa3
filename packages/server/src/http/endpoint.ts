import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKey as idempotencyKeySchema, type Access, type ErrorItem } from '@klinik/shared';
import type { Ctx } from './context.js';
import type { EntityDef } from './access-scope.js';
import { badRequestMany, zodIssues } from './errors.js';
import { idempotent } from './idempotency.js';
import { runAuthorize, runReadAudit, type Policy } from './endpoint-policy.js';
import { procedure, router } from './trpc.js';

/**
 * Endpoints are declared once (access, input schema, service call, optional REST method + path + status) and
 * both the tRPC procedure and the REST route are derived from the declaration, so the two cannot drift.
 * The OpenAPI document (GET /api/openapi.json) is generated from the same declarations.
 *
 *   list: query({ summary: 'Daftar akun', access: financeRead, input: akunListQuery,
 *                 rest: { method: 'GET', path: '/api/finance/akun', envelope: 'list' },
 *                 handler: (ctx, input) => accounts.listAkun(ctx, input) }),
 *
 * REST input: the path params are merged into the query (GET, DELETE) or the body (POST, PUT); with
 * `rest.body: 'data'` the body goes under that key instead (tRPC `{ id, data }` inputs), and its validation
 * messages name the body's own fields. The response is the envelope: `{ data }` (default), `{ data, count }` of
 * an array (`envelope: 'list'`), the service's `{ data, count }` page as it is (`'paged'`), or whatever the
 * handler sent itself (`'raw'`: files, PDF, xlsx).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs. An /api route without it is refused (deny by default). */
    access?: Access;
    /** The 403 message when `access` refuses a signed-in caller (the endpoint's `denied`). */
    denied?: string;
  }
  interface FastifyInstance {
    /** The REST routes registered from endpoint declarations (the OpenAPI document lists these). */
    restEntries: RestEntry[];
  }
}

type Schema = z.ZodType;
export type InputOf<I> = I extends Schema ? z.output<I> : undefined;
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a handler gets besides ctx and input. REST calls carry the request and reply; tRPC calls do not. */
export interface Call {
  req?: FastifyRequest;
  reply?: FastifyReply;
}
export interface RestCall {
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RestSpec<R> {
  method: HttpMethod;
  path: string;
  /** Success status (default 200). */
  status?: number;
  /** Success status decided by the result (e.g. 201 created or 200 replayed); list every one in `statuses`. */
  statusOf?: (result: R) => number;
  statuses?: number[];
  /** The input key the JSON body goes under (default: the body's fields are the input's fields). */
  body?: string;
  envelope?: 'data' | 'list' | 'paged' | 'raw';
  /**
   * The endpoint is idempotent (http/idempotency.ts): this input key is filled from the `Idempotency-Key` header
   * (never from the body; tRPC callers send the field), and the endpoint layer claims the key, replays the stored
   * result of the same request and refuses the key with another request (409). Every state-changing money or
   * stock endpoint declares it (test/idempotency.test.ts walks them).
   */
  idempotencyKey?: string;
  bodyLimit?: number;
  /** The request body is not JSON (multipart upload): its media type, for the documentation. */
  consumes?: string;
  /**
   * A multipart upload's parts, for the documentation: the file part's name (default `file`) and the text parts
   * with what each holds; `required` names the text parts that must be sent.
   */
  form?: { file: string; fields?: Record<string, string>; required?: string[] };
  /** The response is not JSON (PDF, xlsx, an image): its media type, for the documentation. */
  produces?: string;
  /**
   * What a REST caller gets when it differs from the tRPC answer (e.g. the created row for 201, the pending
   * approval for 202); default: the endpoint's `present`, or the result.
   */
  present?: (result: R) => unknown;
  /**
   * The `{ data }` JSON of a result object is kept and sent again while the handler answers that same object (a
   * WeakMap by identity): for a hot read whose service hands out one unchanging object until its data changes
   * (GET /api/auth/me). Only for results nobody mutates.
   */
  memoJson?: boolean;
}

export interface Endpoint<
  I extends Schema | undefined = Schema | undefined,
  R = unknown,
  T extends 'query' | 'mutation' = 'query' | 'mutation',
  P = R,
  Trpc extends boolean = boolean,
> extends Policy<InputOf<I>, R> {
  type: T;
  /** One line for the API documentation (Indonesian or English, what it does). */
  summary: string;
  access: Access;
  /** The entity its `id` (path :id or input id) names: the cross-branch test creates one in another branch. */
  entity?: EntityDef;
  input: I;
  /** The response's `data` schema, for the documentation (optional). */
  output?: Schema;
  trpc: Trpc;
  rest?: RestSpec<R>;
  handler: (ctx: Ctx, input: InputOf<I>, call: Call) => Promise<R>;
  /** What the caller gets from the handler's result (both tRPC and REST; default: the result itself). */
  present?: (result: R) => P;
  /** An idempotent endpoint's key for a request sent without one (see {@link KeylessKey}). */
  keylessKey?: KeylessKey<I>;
}

/**
 * For an idempotent endpoint that also deduplicates requests sent without an Idempotency-Key (a double click of
 * an old client): the key such a request stands for, e.g. the payload's identity and a 2-minute window. The
 * same derived key is the same request: the first one's result is answered.
 */
export type KeylessKey<I> = (ctx: Ctx, input: InputOf<I>) => string;

/** Declare `handler` before `rest` and `present`: their result parameter is inferred from it (left to right). */
interface Init<I extends Schema | undefined, R, P> extends Policy<InputOf<I>, R> {
  summary: string;
  access: Access;
  /** The entity its `id` (path :id or input id) names: the cross-branch test creates one in another branch. */
  entity?: EntityDef;
  input?: I;
  output?: Schema;
  handler: (ctx: Ctx, input: InputOf<I>, call: Call) => Promise<R>;
  rest?: RestSpec<R>;
  present?: (result: R) => P;
  keylessKey?: KeylessKey<I>;
}

interface RestOnlyInit<I extends Schema | undefined, R, P> extends Policy<InputOf<I>, R> {
  summary: string;
  access: Access;
  /** The entity its `id` (path :id or input id) names: the cross-branch test creates one in another branch. */
  entity?: EntityDef;
  input?: I;
  output?: Schema;
  handler: (ctx: Ctx, input: InputOf<I>, call: RestCall) => Promise<R>;
  rest: RestSpec<R>;
  present?: (result: R) => P;
  keylessKey?: KeylessKey<I>;
}

/** A read: tRPC query, and a REST route when `rest` is given. */
export function query<R, I extends Schema | undefined = undefined, P = R>(
  e: Init<I, R, P>,
): Endpoint<I, R, 'query', P, true> {
  return { ...e, input: e.input as I, type: 'query', trpc: true };
}

/** A change: tRPC mutation, and a REST route when `rest` is given. */
export function mutation<R, I extends Schema | undefined = undefined, P = R>(
  e: Init<I, R, P>,
): Endpoint<I, R, 'mutation', P, true> {
  return { ...e, input: e.input as I, type: 'mutation', trpc: true };
}

/**
 * A REST-only route (sign-in cookies, uploads, files, exports): still declared here so that access, input
 * and documentation come from the same place. The handler gets the request and reply.
 */
export function restOnly<R, I extends Schema | undefined = undefined, P = R>(
  e: RestOnlyInit<I, R, P>,
): Endpoint<I, R, 'query' | 'mutation', P, false> {
  return {
    ...e,
    input: e.input as I,
    type: e.rest.method === 'GET' ? 'query' : 'mutation',
    trpc: false,
    handler: (ctx, input, call) => e.handler(ctx, input, call as RestCall),
  };
}

/**
 * The input of an idempotent endpoint: the schema and the optional `idempotency_key` the `Idempotency-Key` header
 * fills (declare `rest: { ..., idempotencyKey: IDEMPOTENCY_KEY }`; http/idempotency.ts).
 */
export const IDEMPOTENCY_KEY = 'idempotency_key';
export function keyed<S extends Schema>(schema: S) {
  return schema.and(z.object({ idempotency_key: idempotencyKeySchema.optional() }));
}

// Masters: saveEndpoints and masterEndpoints (http/endpoint-masters.ts).
export { masterEndpoints, saveEndpoints, type UpdateInput } from './endpoint-masters.js';

// ------------------------------------------------------------------------------------------------ tRPC

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface AnyEndpoint extends Policy<never, never> {
  type: 'query' | 'mutation';
  summary: string;
  access: Access;
  /** The entity its `id` (path :id or input id) names: the cross-branch test creates one in another branch. */
  entity?: EntityDef;
  input: Schema | undefined;
  output?: Schema;
  trpc: boolean;
  rest?: RestSpec<never>;
  handler: (ctx: Ctx, input: never, call: Call) => Promise<unknown>;
  present?: (result: never) => unknown;
  keylessKey?: (ctx: Ctx, input: never) => string;
}
export interface EndpointTree {
  [key: string]: AnyEndpoint | EndpointTree;
}

// Only their types are used: what a procedure built from an endpoint of input I answering P looks like.
type Resolver<P> = (o: any) => Promise<P>;
const _queryWith = <I extends Schema, P>(i: I, fn: Resolver<P>) => procedure.input(i).query(fn);
const _queryWithout = <P>(fn: Resolver<P>) => procedure.query(fn);
const _mutationWith = <I extends Schema, P>(i: I, fn: Resolver<P>) => procedure.input(i).mutation(fn);
const _mutationWithout = <P>(fn: Resolver<P>) => procedure.mutation(fn);

type ProcedureOf<E> =
  E extends Endpoint<infer I, any, infer T, infer P, any>
    ? T extends 'query'
      ? I extends Schema
        ? ReturnType<typeof _queryWith<I, Awaited<P>>>
        : ReturnType<typeof _queryWithout<Awaited<P>>>
      : I extends Schema
        ? ReturnType<typeof _mutationWith<I, Awaited<P>>>
        : ReturnType<typeof _mutationWithout<Awaited<P>>>
    : never;

export type RouterShape<T> = {
  [K in keyof T as T[K] extends { trpc: false } ? never : K]: T[K] extends AnyEndpoint
    ? ProcedureOf<T[K]>
    : RouterShape<T[K]>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

function isEndpoint(v: AnyEndpoint | EndpointTree): v is AnyEndpoint {
  return typeof (v as AnyEndpoint).handler === 'function' && 'access' in v;
}

/** The same endpoint with its parameter types erased, for the generic plumbing below. */
interface LooseEndpoint extends Policy<unknown, unknown> {
  type: 'query' | 'mutation';
  access: Access;
  /** The entity its `id` (path :id or input id) names: the cross-branch test creates one in another branch. */
  entity?: EntityDef;
  input: Schema | undefined;
  handler: (ctx: Ctx, input: unknown, call: Call) => Promise<unknown>;
  present?: (result: unknown) => unknown;
}
const loose = (e: AnyEndpoint) => e as unknown as LooseEndpoint;

/** A call of an endpoint's handler: its result, and whether it was a stored answer replayed (idempotency). */
type Invoke = (
  endpoint: AnyEndpoint,
  ctx: Ctx,
  input: unknown,
  call: Call,
) => Promise<{ result: unknown; replayed: boolean }>;

/**
 * Calls the endpoint's handler (the one way both front doors call a handler): its `authorize` step first, then the
 * handler (through the idempotency protocol when it declares `rest.idempotencyKey`), then its read trail.
 */
const invoke: Invoke = async (endpoint, ctx, input, call) => {
  const e = loose(endpoint);
  await runAuthorize(e, ctx, input);
  const out = await invokeHandler(endpoint, ctx, input, call);
  await runReadAudit(e, ctx, input, out.result);
  return out;
};

const invokeHandler: Invoke = async (endpoint, ctx, input, call) => {
  const e = loose(endpoint);
  const field = endpoint.rest?.idempotencyKey;
  if (!field || !isRecord(input)) return { result: await e.handler(ctx, input, call), replayed: false };
  const operation = `${endpoint.rest!.method} ${endpoint.rest!.path}`;
  const { [field]: key, ...rest } = input;
  const derived = key === undefined && endpoint.keylessKey ? endpoint.keylessKey(ctx, input as never) : undefined;
  // A derived key is the request's identity itself: its fingerprint is the key, so the same derived key replays.
  const request =
    derived !== undefined
      ? { operation, key: `auto:${derived}`.slice(0, 120), input: derived }
      : { operation, key: typeof key === 'string' ? key : undefined, input: rest };
  return idempotent(ctx, request, (tx) => e.handler(tx, input, call));
};

function toProcedure(endpoint: AnyEndpoint) {
  const e = loose(endpoint);
  const base = procedure.meta({ access: e.access, denied: e.denied });
  const run = async ({ ctx, input }: { ctx: Ctx; input?: unknown }) => {
    const { result } = await invoke(endpoint, ctx, input, {});
    return e.present ? e.present(result) : result;
  };
  if (e.input) {
    const withInput = base.input(e.input);
    return e.type === 'query' ? withInput.query(run) : withInput.mutation(run);
  }
  return e.type === 'query' ? base.query(run) : base.mutation(run);
}

function shapeOf(tree: EndpointTree): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(tree)) {
    if (isEndpoint(v)) {
      if (v.trpc) out[key] = toProcedure(v);
    } else {
      out[key] = shapeOf(v);
    }
  }
  return out;
}

/** The module's tRPC router, derived from its endpoint declarations (REST-only ones are left out). */
export function trpcRouter<T extends EndpointTree>(tree: T) {
  return router(shapeOf(tree) as RouterShape<T>);
}

// ------------------------------------------------------------------------------------------------ REST

export interface RestEntry {
  /** Dotted name in its tree, e.g. finance.akun.list (the OpenAPI operationId). */
  name: string;
  /** The module (OpenAPI tag). */
  module: string;
  endpoint: AnyEndpoint;
  rest: RestSpec<unknown>;
}

/** Every REST-exposed endpoint of a module's tree, in declaration order. */
export function restEntries(module: string, tree: EndpointTree, prefix = module): RestEntry[] {
  const out: RestEntry[] = [];
  for (const [key, v] of Object.entries(tree)) {
    const name = `${prefix}.${key}`;
    if (isEndpoint(v)) {
      if (v.rest) out.push({ name, module, endpoint: v, rest: v.rest as unknown as RestSpec<unknown> });
    } else {
      out.push(...restEntries(module, v, name));
    }
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The REST request as the endpoint's input: params merged into the query/body, or the body under its key. */
export function restInput(rest: RestSpec<unknown>, req: FastifyRequest): Record<string, unknown> {
  const params = isRecord(req.params) ? req.params : {};
  const source: unknown = rest.method === 'GET' || rest.method === 'DELETE' ? req.query : req.body;
  const raw: Record<string, unknown> = rest.body
    ? { ...params, [rest.body]: source ?? {} }
    : { ...(isRecord(source) ? source : {}), ...params };
  if (rest.idempotencyKey) {
    delete raw[rest.idempotencyKey];
    const header = req.headers['idempotency-key'];
    if (header !== undefined) {
      const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : header);
      if (!parsed.success)
        throw badRequestMany(zodIssues(parsed.error).map((i) => ({ ...i, field: 'Idempotency-Key' })));
      raw[rest.idempotencyKey] = parsed.data;
    }
  }
  return raw;
}

function parseRestInput(e: LooseEndpoint, rest: RestSpec<unknown>, req: FastifyRequest): unknown {
  if (!e.input) return undefined;
  const r = e.input.safeParse(restInput(rest, req));
  if (r.success) return r.data;
  const prefix = rest.body ? `${rest.body}.` : null;
  const issues: ErrorItem[] = zodIssues(r.error).map((i) => {
    if (!prefix || !i.field) return i;
    if (i.field === rest.body) return { message: i.message };
    return i.field.startsWith(prefix) ? { ...i, field: i.field.slice(prefix.length) } : i;
  });
  throw badRequestMany(issues);
}

/** Registers the REST routes of these entries (access is checked by the app-wide hook from `config.access`). */
export function registerRest(app: FastifyInstance, entries: RestEntry[]): void {
  if (!app.hasDecorator('restEntries')) app.decorate('restEntries', []);
  app.restEntries.push(...entries);
  for (const entry of entries) {
    const { rest } = entry;
    const e = loose(entry.endpoint);
    const jsonOf = rest.memoJson ? new WeakMap<object, string>() : undefined;
    app.route({
      method: rest.method,
      url: rest.path,
      config: { access: e.access, denied: e.denied },
      bodyLimit: rest.bodyLimit,
      handler: async (req, reply) => {
        const input = parseRestInput(e, rest, req);
        const { result, replayed } = await invoke(entry.endpoint, req.ctx, input, { req, reply });
        if (rest.envelope === 'raw' || reply.sent || result === reply) {
          // A raw answer the handler returned instead of sending (a PDF whose read trail the endpoint declares) is
          // sent now, after the trail was written.
          if (!reply.sent && result !== reply && result !== undefined)
            return reply.send(rest.present ? rest.present(result) : e.present ? e.present(result) : result);
          return reply;
        }
        const decided = rest.statusOf ? rest.statusOf(result) : rest.status;
        // A replay created nothing: what answered 201 the first time answers 200.
        const status = replayed && decided === 201 ? 200 : decided;
        if (status) reply.status(status);
        const out = rest.present ? rest.present(result) : e.present ? e.present(result) : result;
        if (rest.envelope === 'paged') return out;
        if (rest.envelope === 'list') return { data: out, count: (out as unknown[]).length };
        if (jsonOf && !status && typeof out === 'object' && out !== null) {
          let json = jsonOf.get(out);
          if (json === undefined) jsonOf.set(out, (json = JSON.stringify({ data: out })));
          return reply.type('application/json; charset=utf-8').send(json);
        }
        return { data: out };
      },
    });
  }
}
