import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Access } from '@klinik/shared';
import { badRequestMany, zodIssues } from './errors.js';
import type { Ctx } from './context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs. An /api route without it is refused (deny by default). */
    access?: Access;
  }
}

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface RestRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  method: HTTPMethods;
  url: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Returns the envelope { data, count? } to send, or the reply itself after sending something else (PDF, xlsx). */
  handler: (
    ctx: Ctx,
    input: { params: Out<P>; query: Out<Q>; body: Out<B> },
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ data: unknown; count?: number } | FastifyReply>;
  /** Success status when not 200. */
  status?: number;
  bodyLimit?: number;
}

function parse<S extends Schema | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as unknown as Out<S>;
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badRequestMany(zodIssues(r.error));
  return r.data as Out<S>;
}

/**
 * A REST adapter route: parse with the shared zod schemas, check access (done by the app-wide hook from
 * `config.access`), call one service function, send the envelope.
 */
export function restRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  app: FastifyInstance,
  route: RestRoute<P, Q, B>,
): void {
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access },
    bodyLimit: route.bodyLimit,
    handler: async (req, reply) => {
      const input = {
        params: parse(route.params as P, req.params),
        query: parse(route.query as Q, req.query),
        body: parse(route.body as B, req.body),
      };
      const result = await route.handler(req.ctx, input, req, reply);
      if ((result as unknown) === reply || reply.sent) return reply;
      if (route.status) reply.status(route.status);
      return result;
    },
  });
}
