/** The bank test's server process (started, killed, restarted) and its HTTP client (a signed-in user). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

import { type BankOptions } from '../bank.js';

export const PASSWORD = 'klinik123';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are JSON read by field
type Json = any;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------ the server process

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export class Server {
  child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  stderr = '';
  restarts = 0;
  constructor(
    private opts: BankOptions,
    readonly port: number,
    private env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, this.opts.serverArgs, {
      cwd: this.opts.serverCwd,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let gone = false;
    this.exited = new Promise((r) =>
      child.once('exit', () => {
        gone = true;
        r();
      }),
    );
    child.stderr.on('data', (d) => {
      this.stderr = (this.stderr + String(d)).slice(-20_000);
    });
    const until = Date.now() + 180_000;
    while (Date.now() < until) {
      if (gone) throw new Error(`server exited during start:\n${this.stderr.slice(-3000)}`);
      const r = await request(this.base, 'GET', '/api/health', undefined, {}, 5_000);
      if (r.status === 200) return;
      await sleep(150);
    }
    throw new Error('server did not answer /api/health');
  }

  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await Promise.race([this.exited, sleep(10_000)]);
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) await this.kill9();
  }
}

/**
 * How the tests start the server: the build when it is newer than every source file it is made of (CI builds
 * first), else from source through tsx (slower to start, never stale).
 */
export function serverCommand(root: string): { serverArgs: string[]; serverCwd: string } {
  const dist = path.join(root, 'packages/server/dist/main.js');
  const newest = (dir: string): number => {
    let m = 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      m = Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return m;
  };
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const sources = Math.max(
    newest(path.join(root, 'packages/server/src')),
    newest(path.join(root, 'packages/shared/src')),
  );
  return built > sources
    ? { serverArgs: [dist], serverCwd: root }
    : { serverArgs: ['--import', 'tsx', 'src/main.ts'], serverCwd: path.join(root, 'packages/server') };
}

// ------------------------------------------------------------------------------------------ HTTP

export interface Res {
  /** 0: no answer (connection refused or reset, or timed out). */
  status: number;
  body: Json;
  timedOut?: boolean;
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function request(
  base: string,
  method: string,
  p: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<Res> {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Res) => {
      if (!done) {
        done = true;
        resolve(r);
      }
    };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: p,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          finish({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', () => finish({ status: 0, body: null }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      finish({ status: 0, body: null, timedOut: true });
    });
    req.on('error', () => finish({ status: 0, body: null }));
    if (payload) req.write(payload);
    req.end();
  });
}

export class User {
  cookie = '';
  id = 0;
  branch = 0;
  constructor(
    readonly username: string,
    private server: Server,
    private stats: Stats,
  ) {}

  async login(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const r = await new Promise<{ status: number; cookie?: string; body: Json }>((resolve) => {
        const url = new URL(this.server.base);
        const payload = JSON.stringify({ username: this.username, password: PASSWORD });
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/api/auth/login',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const setCookie = res.headers['set-cookie']?.[0];
              let body: unknown = null;
              try {
                body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                /* ignore */
              }
              resolve({ status: res.statusCode ?? 0, cookie: setCookie?.split(';')[0], body });
            });
          },
        );
        req.on('error', () => resolve({ status: 0, body: null }));
        req.end(payload);
      });
      if (r.status === 200 && r.cookie) {
        this.cookie = r.cookie;
        this.id = Number(r.body.data.id);
        this.branch = Number(r.body.data.profile_id);
        return;
      }
      if (r.status !== 0) throw new Error(`login ${this.username}: ${r.status} ${JSON.stringify(r.body)}`);
      await sleep(200);
    }
    throw new Error(`login ${this.username}: no answer`);
  }

  /** One request; a 401 (session gone) logs in again once. Counts statuses. */
  async call(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    let r = await request(this.server.base, method, p, body, { cookie: this.cookie, ...headers });
    if (r.status === 401) {
      await this.login();
      r = await request(this.server.base, method, p, body, { cookie: this.cookie, ...headers });
    }
    this.stats.count(r, `${method} ${p.replace(/\d+/g, ':id')}`);
    return r;
  }

  /** Setup calls: retried while the server is unreachable; anything else than `expect` throws. */
  async must(method: string, p: string, body?: unknown, expect: number[] = [200, 201], headers = {}): Promise<Json> {
    for (let i = 0; ; i++) {
      const r = await this.call(method, p, body, headers);
      if (expect.includes(r.status)) return r.body;
      if (r.status !== 0 || i > 100)
        throw new Error(`${this.username} ${method} ${p}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
      await sleep(200);
    }
  }
}

export class Stats {
  requests = 0;
  connectionErrors = 0;
  timeouts = 0;
  statuses: Record<string, number> = {};
  errors5xx: string[] = [];
  count(r: Res, what: string) {
    this.requests++;
    if (r.status === 0) this.connectionErrors++;
    if (r.timedOut) this.timeouts++;
    this.statuses[r.status] = (this.statuses[r.status] ?? 0) + 1;
    if (r.status >= 500) this.errors5xx.push(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
}
