import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of every answer (issue 8), computed once (issue 10): @fastify/helmet rebuilds helmet's
 * middleware, parses the CSP directives and validates every header for each request (about a tenth of the CPU of an
 * authenticated GET /api/auth/me). The options never vary per request (no CSP nonces), so the headers it sets are the
 * same every time: they are taken from @fastify/helmet itself, answering one request on a throw-away instance at
 * start, and set from that fixed list on each request.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  if (options.enableCSPNonces) throw new Error('per-request CSP nonces cannot be precomputed');
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_req, reply) => reply.send(''));
  try {
    const plain = Fastify({ logger: false });
    plain.get('/', (_req, reply) => reply.send(''));
    const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
    await plain.close();
    const out: [string, string][] = [];
    for (const [name, value] of Object.entries(withHelmet.headers)) {
      if (name in without.headers || value === undefined) continue;
      out.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    if (!out.some(([n]) => n === 'content-security-policy')) throw new Error('helmet set no CSP');
    return out;
  } finally {
    await probe.close();
  }
}
