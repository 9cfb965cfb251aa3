import type { RouteOptions } from 'fastify';

/**
 * Which part of the server a route belongs to, decided once when the route is registered from the URL it was
 * declared with (never from the URL a request was spelled with: the router decodes `%61pi` into `api`, a prefix
 * test on the raw URL does not). The request hooks read it from the route the router matched.
 * - `rest`: an /api route; it must declare its access (checked before the body is parsed).
 * - `trpc`: the tRPC endpoint; every procedure declares its access (checked by the procedure middleware).
 * - `web`: the built web app's files (GET/HEAD only, public).
 */
export type Surface = 'rest' | 'trpc' | 'web';

declare module 'fastify' {
  interface FastifyContextConfig {
    surface?: Surface;
  }
}

export const TRPC_PREFIX = '/trpc';

/** Classifies a route being registered; throws for a route that would be reachable without any access rule. */
export function classifyRoute(route: RouteOptions): Surface {
  const url = route.url;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (url === '/api' || url.startsWith('/api/')) {
    if (!route.config?.access && !methods.every((m) => m === 'HEAD')) {
      throw new Error(`Route ${methods.join(',')} ${url} declares no access`);
    }
    return 'rest';
  }
  if (url === TRPC_PREFIX || url.startsWith(`${TRPC_PREFIX}/`)) return 'trpc';
  // Deny by default: anything else is a public file of the web app, so it may only be read.
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    throw new Error(`Route ${methods.join(',')} ${url} is outside /api and /trpc and not a read of a web file`);
  }
  return 'web';
}

/**
 * The path of a request as a lenient server would understand it: query dropped, percent-decoding applied until
 * stable, backslashes as slashes, duplicate slashes collapsed, dot segments resolved, lower case. Used only to
 * answer unmatched requests (JSON 404 for anything that looks like the API), never to grant access.
 */
export function normalisedPath(rawUrl: string): string {
  let p = rawUrl.split('?')[0].split('#')[0];
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(p);
    } catch {
      next = p.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    if (next === p) break;
    p = next;
  }
  p = [...p.replace(/\\/g, '/')].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join('');
  const out: string[] = [];
  for (const seg of p.split(/\/+/)) {
    const s = seg.split(';')[0];
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return ('/' + out.join('/')).toLowerCase();
}

/** Whether an (unmatched) request path is meant for the API, in any spelling. */
export function looksLikeApi(rawUrl: string): boolean {
  const p = normalisedPath(rawUrl);
  return p === '/api' || p.startsWith('/api/') || p === TRPC_PREFIX || p.startsWith(`${TRPC_PREFIX}/`);
}
