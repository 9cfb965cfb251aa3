import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { hasForbiddenChars } from '@klinik/shared';

/**
 * Requests the server makes to an address a user typed (the reminder gateway, issue 25 finding 2). Such a URL must
 * never reach this machine, the clinic's network or the cloud's metadata service:
 * - https only; no user:password@; no control characters, spaces or CR/LF anywhere (header injection);
 * - the host, literal or resolved by DNS, must be public unicast: every address a name resolves to is checked
 *   (ipaddr.js ranges: loopback, private, link-local, carrier-grade NAT, multicast, reserved, unspecified, IPv4-mapped
 *   IPv6 taken as its IPv4, and for IPv6 only 2000::/3 that is not a special range: no 6to4, Teredo or NAT64);
 * - the check runs when the URL is saved and again at every send, and the connection is pinned to the checked
 *   addresses (the socket's own `lookup` is the check), so a DNS answer that changes in between (rebinding) is
 *   refused too; redirects are never followed (node's http client does not follow them: a 3xx is an answer);
 * - the operator may allow exact `host:port` pairs (REMINDER_GATEWAY_ALLOW_HOSTS, e.g. a relay on this machine):
 *   those skip the address check and may use plain http. Branch users cannot change that list.
 */

export type RefusedReason = 'url' | 'scheme' | 'internal' | 'notfound';

/** The URL is not one the server may call; `reason` says why (the message is Indonesian, for the user). */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusedReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

const MESSAGES: Record<RefusedReason, string> = {
  url: 'URL gateway tidak valid',
  scheme: 'URL gateway harus alamat https://',
  internal: 'Alamat gateway mengarah ke jaringan internal dan tidak diizinkan',
  notfound: 'Nama host gateway tidak ditemukan',
};
const refuse = (reason: RefusedReason) => new OutboundRefused(reason, MESSAGES[reason]);

/** Whether an address (literal IPv4 or IPv6) is public unicast, reachable from the server without harm. */
export function isPublicAddress(address: string): boolean {
  if (!net.isIP(address)) return false;
  const a = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as its IPv4 address
  if (a.range() !== 'unicast') return false;
  if (a.kind() === 'ipv6') return ipaddr.IPv6.parse(a.toString()).match(ipaddr.IPv6.parse('2000::'), 3);
  return true;
}

const BLOCKED_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|in-addr\.arpa|ip6\.arpa)\.?$/i;

export interface Resolved {
  address: string;
  family: 4 | 6;
}

/** The host's addresses, all public, or OutboundRefused. A literal address is checked as it is. */
export async function resolvePublic(hostname: string): Promise<Resolved[]> {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const literal = net.isIP(host);
  if (literal) {
    if (!isPublicAddress(host)) throw refuse('internal');
    return [{ address: host, family: literal as 4 | 6 }];
  }
  if (!host || BLOCKED_NAMES.test(host)) throw refuse('internal');
  let found: dns.LookupAddress[];
  try {
    found = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw refuse('notfound');
  }
  if (!found.length) throw refuse('notfound');
  if (found.some((f) => !isPublicAddress(f.address))) throw refuse('internal');
  return found.map((f) => ({ address: f.address, family: f.family === 6 ? 6 : 4 }));
}

export interface CheckedUrl {
  url: URL;
  /** Listed by the operator: no address check, plain http allowed. */
  allowed: boolean;
}

/** Parses and checks a URL the server is to call (see the header); resolves the host unless allow-listed. */
export async function checkOutboundUrl(raw: string, allowHosts: readonly string[]): Promise<CheckedUrl> {
  if (/\s/.test(raw) || hasForbiddenChars(raw)) throw refuse('url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('url');
  }
  if (url.username || url.password) throw refuse('url');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = allowHosts.includes(`${url.hostname}:${port}`);
  if (allowed) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('scheme');
    return { url, allowed };
  }
  if (url.protocol !== 'https:') throw refuse('scheme');
  await resolvePublic(url.hostname);
  return { url, allowed };
}

/** The socket's lookup for a checked host: resolves again and answers only public addresses (the pin). */
function pinnedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
): void {
  resolvePublic(hostname).then(
    (list) => {
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    },
    (err: Error) => callback(Object.assign(err, { code: 'EREFUSED' }), '', 0),
  );
}

export interface OutboundAnswer {
  status: number;
  /** The answer's first bytes (at most 64 KiB), for the caller to interpret; never shown to users as is. */
  body: string;
}

const BODY_MAX = 64 * 1024;

/** POSTs JSON to a user-supplied URL under the rules above; OutboundRefused when the URL or its address is refused. */
export async function postJsonOutbound(
  raw: string,
  opts: { headers: Record<string, string>; body: unknown; allowHosts: readonly string[]; timeoutMs: number },
): Promise<OutboundAnswer> {
  const { url, allowed } = await checkOutboundUrl(raw, opts.allowHosts);
  const payload = JSON.stringify(opts.body);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
        agent: false,
        ...(allowed ? {} : { lookup: pinnedLookup }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (body.length < BODY_MAX) body += chunk;
          else res.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body: body.slice(0, BODY_MAX) }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (err) => reject(err instanceof OutboundRefused ? err : unwrapRefused(err)));
    req.end(payload);
  });
}

/** A refusal from pinnedLookup arrives wrapped by the socket; surface it as itself. */
function unwrapRefused(err: Error): Error {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefused) return e;
  return err;
}
