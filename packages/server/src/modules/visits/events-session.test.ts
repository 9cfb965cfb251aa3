/**
 * Issue 25 finding 8: a live event stream lives only as long as its session. Logout and deactivation end it at once;
 * a session ended elsewhere (deleted by another process, expired) gets no further event; one session opens at most
 * MAX_STREAMS_PER_SESSION streams (429 after).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { VISIT_EVENT_CHANNEL } from '@klinik/shared';
import { createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { invalidateUserSessions } from '../../auth/session.js';
import { MAX_STREAMS_PER_SESSION } from '../../auth/streams.js';
import { publishBranchEvent } from '../../lib/branch-events.js';

let t: TestApp;
let branch: number;
let port: number;

interface Open {
  chunks: string[];
  res: http.IncomingMessage;
  req: http.ClientRequest;
  ended: Promise<void>;
}

function open(user: TestUser): Promise<Open> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/service/visit/events', headers: { cookie: user.cookie } },
      (res) => {
        const chunks: string[] = [];
        res.setEncoding('utf8');
        res.on('data', (c: string) => chunks.push(c));
        const ended = new Promise<void>((r) => res.once('close', () => r()));
        resolve({ chunks, res, req, ended });
      },
    );
    req.on('error', reject);
  });
}

/** Waits until `cond` holds (a condition, no fixed sleep); fails after 5 s. */
async function until(cond: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  branch = await t.makeBranch({ name: 'Cabang Siaran' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const changed = (o: Open) => o.chunks.join('').split('event: changed').length - 1;

describe('live streams and their session', () => {
  it('ends the stream at logout', async () => {
    const u = await t.makeUser('perawat', { branchId: branch });
    const s = await open(u);
    expect(s.res.statusCode).toBe(200);
    expect((await t.api(u).post('/api/auth/logout')).status).toBeLessThan(300);
    await s.ended;
  });

  it('ends every stream of a deactivated user', async () => {
    const u = await t.makeUser('perawat', { branchId: branch });
    const [s1, s2] = [await open(u), await open(u)];
    await invalidateUserSessions(t.db, u.id);
    await Promise.all([s1.ended, s2.ended]);
  });

  it('delivers nothing more once the session is gone elsewhere (another process, expiry)', async () => {
    const u = await t.makeUser('perawat', { branchId: branch });
    const s = await open(u);
    try {
      await publishBranchEvent(t.db, VISIT_EVENT_CHANNEL, branch, [101]);
      await until(() => changed(s) === 1, 'the first event');
      // Deleted behind this process's back: no logout hook runs here, only the stream's own re-check.
      await t.db.execute(sql`delete from session where user_id = ${u.id}`);
      await publishBranchEvent(t.db, VISIT_EVENT_CHANNEL, branch, [102]);
      await s.ended;
      expect(s.chunks.join('')).not.toContain('102');
    } finally {
      s.req.destroy();
    }
  });

  it(`opens at most ${MAX_STREAMS_PER_SESSION} streams per session (429 after, nothing opened)`, async () => {
    const u = await t.makeUser('perawat', { branchId: branch });
    const streams: Open[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await open(u));
      expect(streams.every((s) => s.res.statusCode === 200)).toBe(true);
      const over = await open(u);
      expect(over.res.statusCode).toBe(429);
      over.req.destroy();
      // Closing one frees a place.
      streams[0].req.destroy();
      await streams[0].ended;
      let again = await open(u);
      const deadline = Date.now() + 5000;
      while (again.res.statusCode === 429 && Date.now() < deadline) {
        again.req.destroy();
        await new Promise((r) => setTimeout(r, 20));
        again = await open(u);
      }
      streams.push(again);
      expect(again.res.statusCode).toBe(200);
    } finally {
      for (const s of streams) s.req.destroy();
    }
  });
});
