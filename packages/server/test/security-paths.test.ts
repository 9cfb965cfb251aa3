import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp, type TestUser } from './helpers.js';

/**
 * Issue 8 finding 1: access is decided on the route the router matched, never on the raw URL. Every spelling of
 * an API path the router might accept (percent-encoded characters, case, duplicate and trailing slashes, dot
 * segments) must get the same checks: an anonymous caller or a refused role never gets 2xx with data, never 5xx,
 * and nothing is written. The requests go over a real socket so no client library normalises the path for us.
 */

let t: TestApp;
let base: { host: string; port: number };
let branch: number;
let noPrivileges: TestUser;
let patient: TestUser;

beforeAll(async () => {
  // A stand-in for the built web app, so the static routes are registered as in production.
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Klinik</title>');
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: web });
  branch = await t.makeBranch();
  noPrivileges = await t.makeUser('admin', { branchId: branch, privileges: [], password: null });
  patient = await t.makeUser('customer', { branchId: branch, password: null });
  await t.makePatient(branch, { name: 'Pasien Rahasia' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as AddressInfo;
  base = { host: '127.0.0.1', port: addr.port };
});
afterAll(() => t.close());

interface Raw {
  status: number;
  type: string;
  body: string;
}

/** Sends the request line exactly as written, over a raw socket (no client normalises or refuses the path). */
function raw(method: string, path: string, opts: { cookie?: string; body?: unknown } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const payload = opts.body === undefined ? '' : JSON.stringify(opts.body);
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${base.host}:${base.port}`,
      'Connection: close',
      ...(opts.cookie ? [`Cookie: ${opts.cookie}`] : []),
      ...(payload ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`] : []),
    ];
    const socket = net.connect(base.port, base.host);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const lines = text.slice(0, split).split('\r\n');
      const headers = new Map(
        lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      let body = text.slice(split + 4);
      if (headers.get('transfer-encoding') === 'chunked') {
        let out = '';
        let rest = body;
        for (;;) {
          const nl = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, nl), 16);
          if (!size) break;
          out += rest.slice(nl + 2, nl + 2 + size);
          rest = rest.slice(nl + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status: Number(lines[0]?.split(' ')[1] ?? 0), type: headers.get('content-type') ?? '', body });
    });
    socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
  });
}

const hex = (c: string) => c.charCodeAt(0).toString(16);

/** Every unusual spelling of `path` (which starts with /api/ or /trpc/) that a router could take for it. */
export function pathVariants(path: string): string[] {
  const [, prefix, rest] = /^\/(api|trpc)(\/.*)$/.exec(path)!;
  const out = new Set<string>();
  // Each character of the prefix percent-encoded, upper and lower case hex, and all of them at once.
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i];
    for (const enc of [`%${hex(c)}`, `%${hex(c).toUpperCase()}`]) {
      out.add(`/${prefix.slice(0, i)}${enc}${prefix.slice(i + 1)}${rest}`);
    }
  }
  out.add(`/${[...prefix].map((c) => `%${hex(c)}`).join('')}${rest}`);
  // The slashes encoded.
  out.add(`%2f${prefix}${rest}`);
  out.add(`/${prefix}%2f${rest.slice(1)}`);
  out.add(`/${prefix}%2F${rest.slice(1)}`);
  // The first character of the rest encoded.
  out.add(`/${prefix}/%${hex(rest[1])}${rest.slice(2)}`);
  // Case.
  out.add(`/${prefix.toUpperCase()}${rest}`);
  out.add(`/${prefix[0].toUpperCase()}${prefix.slice(1)}${rest}`);
  out.add(`/${prefix}${rest.toUpperCase()}`);
  // Duplicate and trailing slashes.
  out.add(`//${prefix}${rest}`);
  out.add(`/${prefix}/${rest}`);
  out.add(`/${prefix}${rest}/`);
  out.add(`/${prefix}${rest}//`);
  // Dot segments, plain and encoded.
  out.add(`/./${prefix}${rest}`);
  out.add(`/x/../${prefix}${rest}`);
  out.add(`/${prefix}/.${rest}`);
  out.add(`/${prefix}/x/..${rest}`);
  out.add(`/%2e/${prefix}${rest}`);
  out.add(`/x/%2e%2e/${prefix}${rest}`);
  out.add(`/${prefix}/%2E${rest}`);
  // Backslash, semicolon and NUL tricks.
  out.add(`/${prefix}%5c${rest.slice(1)}`);
  out.add(`/${prefix};x${rest}`);
  out.add(`/${prefix}${rest};x`);
  out.add(`/${prefix}%00${rest}`);
  out.add(`/${prefix}${rest}%00`);
  out.delete(path);
  return [...out];
}

/** A response must not be a success carrying API data, and never a server error. */
function assertRefusedOrEmpty(r: Raw, what: string): void {
  expect(r.status, `${what}: ${r.status} ${r.body.slice(0, 200)}`).toBeLessThan(500);
  if (r.status >= 200 && r.status < 300) {
    // Only the web app's HTML page may answer 200 (its router shows "not found"); never JSON data.
    expect(r.type, `${what} answered ${r.status} with ${r.type}: ${r.body.slice(0, 200)}`).toMatch(/text\/html/);
    expect(r.body, what).not.toContain('Pasien Rahasia');
  }
  if (r.type.includes('json')) expect(r.body, what).not.toContain('Pasien Rahasia');
}

/** Reads refused to anonymous callers and to a patient's session (staff only). */
const READS = [
  '/api/wilayah/provinces',
  '/api/users?role=1',
  '/api/customer?keyword=Pasien',
  '/api/users/export',
  '/trpc/users.list?input=%7B%22role%22%3A1%7D',
  '/trpc/wilayah.provinces',
];
const WRITES: { path: string; body: unknown }[] = [
  { path: '/api/users', body: { name: 'Pasien Lewat Jalan Pintas', gender: '1' } },
  { path: '/trpc/users.createPatient', body: { name: 'Pasien Lewat Jalan Pintas', gender: '1' } },
];

describe('unusual spellings of API paths (issue 8, finding 1)', () => {
  it('the plain paths are refused to an anonymous caller (the baseline)', async () => {
    for (const p of READS) expect((await raw('GET', p)).status, p).toBe(401);
    for (const p of READS) expect((await raw('GET', p, { cookie: patient.cookie })).status, p).toBe(403);
    expect((await raw('HEAD', '/api/users')).status).toBe(401);
  });

  it('no variant of a read answers data to an anonymous caller or to a refused role, and none gives 5xx', async () => {
    for (const p of READS) {
      const [path, query] = p.split('?');
      for (const v of pathVariants(path)) {
        const url = query ? `${v}?${query}` : v;
        assertRefusedOrEmpty(await raw('GET', url), `anonymous GET ${url}`);
        assertRefusedOrEmpty(await raw('GET', url, { cookie: patient.cookie }), `patient GET ${url}`);
        if (!path.startsWith('/trpc')) {
          const head = await raw('HEAD', url);
          expect(head.status, `anonymous HEAD ${url}`).not.toBe(200);
          expect(head.status, `anonymous HEAD ${url}`).toBeLessThan(500);
        }
      }
    }
  });

  it('no variant of a write is carried out for an anonymous caller or a refused role, and none gives 5xx', async () => {
    const before = await countRows(t.db, 'users');
    for (const w of WRITES) {
      for (const v of pathVariants(w.path)) {
        for (const cookie of [undefined, noPrivileges.cookie]) {
          const r = await raw('POST', v, { cookie, body: w.body });
          assertRefusedOrEmpty(r, `POST ${v} as ${cookie ? 'no-privilege user' : 'anonymous'}`);
          expect(r.status, `POST ${v}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expect(await countRows(t.db, 'users')).toEqual(before);
  });

  it('the web app is still served: its files, and its page for every other path', async () => {
    const js = await raw('GET', '/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.body).toBe('console.log(1)');
    for (const p of ['/', '/login', '/service/customer', '/apix', '/trpcx']) {
      const r = await raw('GET', p);
      expect(r.status, p).toBe(200);
      expect(r.type, p).toMatch(/text\/html/);
    }
    expect((await raw('GET', '/assets/tidak-ada.js')).status).toBe(404);
  });

  it('unknown API paths in any spelling answer the JSON 404 shape, not the web page', async () => {
    for (const p of ['/api/tidak-ada', '/%61pi/tidak-ada', '/API/tidak-ada', '//api/tidak-ada', '/%74rpc', '/TRPC/x']) {
      const r = await raw('GET', p);
      expect(r.status, p).toBe(404);
      expect(r.type, p).toMatch(/json/);
      expect(JSON.parse(r.body), p).toEqual([{ message: expect.any(String) }]);
    }
  });
});
