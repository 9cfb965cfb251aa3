/**
 * The job queue (lib/jobs.ts, pg-boss) on the test database — PGlite in the server project, PostgreSQL when
 * TEST_DATABASE_URL is set (CI): a failing job is retried with backoff, then dead-lettered (state failed), listed
 * for a top-level user only, and sent back to the queue by that user, after which it runs again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';
import { queryRows } from '../src/db/client.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let superadmin: TestUser;
const attempts: { at: number; data: unknown }[] = [];
let healed = false;

beforeAll(async () => {
  t = await createTestApp();
  const branch = await t.makeBranch();
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
  admin = await t.makeUser('admin', { branchId: branch });
  superadmin = await t.makeUser('superadmin', { branchId: branch });
  await t.app.services.jobs.define<{ to: string }>({
    name: 'uji.pengingat',
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    async handler(data) {
      attempts.push({ at: Date.now(), data });
      if (!healed) throw new Error(`Gateway WhatsApp tidak menjawab (${data.to})`);
    },
  });
});
afterAll(() => t.close());

async function jobRow(id: string) {
  const [row] = await queryRows<{ state: string; retry_count: number; retry_limit: number; retry_backoff: boolean }>(
    t.db,
    sql`select state, retry_count, retry_limit, retry_backoff from pgboss.job where id = ${id}`,
  );
  return row;
}

describe('job queue', () => {
  let id: string;

  it('retries a failing job with backoff, then keeps it as a dead letter (failed)', async () => {
    id = await t.app.services.jobs.send('uji.pengingat', { to: '+6281234567890' });
    await vi.waitFor(
      async () => {
        expect((await jobRow(id)).state).toBe('failed');
      },
      { timeout: 90_000, interval: 250 },
    );
    expect(attempts).toHaveLength(3); // the first attempt and retryLimit 2 retries
    expect(await jobRow(id)).toMatchObject({ retry_count: 2, retry_limit: 2, retry_backoff: true });
  }, 120_000);

  it('lists the dead letter with its error for a top-level user only', async () => {
    const list = await t.api(owner).get('/api/jobs/failed');
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThanOrEqual(1);
    expect(list.body.data.find((j: { id: string }) => j.id === id)).toMatchObject({
      name: 'uji.pengingat',
      data: { to: '+6281234567890' },
      error: 'Gateway WhatsApp tidak menjawab (+6281234567890)',
      retry_count: 2,
      retry_limit: 2,
    });
    expect((await t.trpc(owner).jobs.failed({ page: 1, limit: 20 })).data.some((j) => j.id === id)).toBe(true);
    for (const u of [admin, superadmin]) {
      expect((await t.api(u).get('/api/jobs/failed')).status).toBe(403);
      expect((await t.api(u).post(`/api/jobs/uji.pengingat/${id}/retry`)).status).toBe(403);
    }
    expect((await t.api(null).get('/api/jobs/failed')).status).toBe(401);
    expect((await jobRow(id)).state).toBe('failed'); // the refusals changed nothing
  });

  it('refuses a retry of an unknown or malformed job (404, 400)', async () => {
    const unknown = await t.api(owner).post('/api/jobs/uji.pengingat/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual([{ message: 'Pekerjaan gagal tidak ditemukan' }]);
    const bad = await t.api(owner).post('/api/jobs/uji.pengingat/bukan-id/retry');
    expect(bad.status).toBe(400);
    expect(bad.body[0].message).toBe('ID pekerjaan tidak valid');
  });

  it('sends the dead letter back to the queue when a top-level user retries it; it then runs again', async () => {
    healed = true;
    const res = await t.api(owner).post(`/api/jobs/uji.pengingat/${id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, name: 'uji.pengingat' });
    await vi.waitFor(
      async () => {
        expect((await jobRow(id)).state).toBe('completed');
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(attempts).toHaveLength(4);
    const list = await t.api(owner).get('/api/jobs/failed');
    expect(list.body.data.some((j: { id: string }) => j.id === id)).toBe(false);
    // A completed job is no dead letter: retrying it again is refused.
    expect((await t.api(owner).post(`/api/jobs/uji.pengingat/${id}/retry`)).status).toBe(404);
  }, 90_000);
});

describe('workers', () => {
  it('runs a job defined with workers: 3 three at a time in one process (SATUSEHAT sends visits side by side)', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await t.app.services.jobs.define<{ n: number }>({
      name: 'uji.paralel',
      retryLimit: 0,
      workers: 3,
      async handler(data) {
        running++;
        most = Math.max(most, running);
        started.push(data.n);
        try {
          await gate;
        } finally {
          running--;
        }
      },
    });
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await t.app.services.jobs.send('uji.paralel', { n }));
    // Three handlers are inside at once, held by the gate; the fourth job waits for a free worker.
    await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 30_000, interval: 50 });
    expect(most).toBe(3);
    release();
    await vi.waitFor(
      async () => {
        for (const id of ids) expect((await jobRow(id)).state).toBe('completed');
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(started.sort()).toEqual([0, 1, 2, 3]);
    expect(most).toBe(3);
  }, 60_000);
});

describe('draining', () => {
  it('takes the next job at once after one is done, not after the polling interval (an outbox drains)', async () => {
    // A 5 s polling interval: one job per interval would take 25 s for the five queued while the first runs.
    const slow = await createTestApp({ jobPollingSeconds: 5 });
    try {
      const done: number[] = [];
      await slow.app.services.jobs.define<{ n: number }>({
        name: 'uji.kuras',
        retryLimit: 0,
        async handler(data) {
          if (data.n === 0) for (let n = 1; n <= 5; n++) await slow.app.services.jobs.send('uji.kuras', { n });
          done.push(data.n);
        },
      });
      await slow.app.services.jobs.send('uji.kuras', { n: 0 });
      // The first job waits for the worker's next look (at most one interval); the other five follow one another.
      await vi.waitFor(() => expect(done).toContain(0), { timeout: 20_000, interval: 50 });
      await vi.waitFor(() => expect(done).toHaveLength(6), { timeout: 4_000, interval: 50 });
    } finally {
      await slow.close();
    }
  }, 60_000);
});
