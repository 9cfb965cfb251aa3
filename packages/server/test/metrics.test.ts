/**
 * Issue 32 item 3: `GET /metrics` answers the Prometheus text format (read back with a Prometheus text parser) with
 * the named series, and only to a caller with the token or one on this machine that came straight in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { ROOT_DIR } from '../src/config.js';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

const TOKEN = 'rahasia-metrik-uji-0123456789';
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  const branch = await t.makeBranch();
  owner = await t.makeUser('manager', { branchId: branch, toplevel: 'owner' });
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('GET /metrics', () => {
  it('is refused to an anonymous caller from another address, a wrong token and a forwarded request', async () => {
    for (const res of [
      await get({}, '10.1.2.3'),
      await get({ authorization: 'Bearer salah' }, '10.1.2.3'),
      await get({ authorization: `Bearer ${TOKEN}x` }, '10.1.2.3'),
      await get({ 'x-forwarded-for': '203.0.113.9' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('klinik_');
    }
  });

  it('answers a loopback caller and a caller with the token', async () => {
    expect((await get()).statusCode).toBe(200);
    const res = await get({ authorization: `Bearer ${TOKEN}` }, '10.1.2.3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('holds the request, error, job queue, PDF and event-loop series, parseable as Prometheus text', async () => {
    expect((await t.api(null).get('/api/health')).status).toBe(200);
    expect((await t.api(owner).get('/api/master/cabang/nosuch')).status).toBeGreaterThanOrEqual(400);
    await t.app.services.jobs.define({ name: 'uji.metrik', retryLimit: 0, handler: async () => {} });
    await t.app.services.jobs.send('uji.metrik', {}, { startAfterSeconds: 3600 });
    await t.app.services.pdf.render('<p>uji</p>').catch(() => undefined);

    const text = (await get()).body;
    const families = parsePrometheusTextFormat(text);
    const byName = new Map(families.map((f) => [f.name, f]));
    for (const name of [
      'klinik_http_request_duration_seconds',
      'klinik_http_request_errors_total',
      'klinik_jobs',
      'klinik_pdf_renders_total',
      'klinik_pdf_render_seconds',
      'klinik_pdf_renders_in_progress',
      'klinik_nodejs_eventloop_lag_seconds',
      'klinik_db_pool_connections',
      'klinik_backup_last_success_timestamp_seconds',
    ])
      expect(byName.has(name), name).toBe(true);

    const http = byName.get('klinik_http_request_duration_seconds')!;
    expect(http.type).toBe('HISTOGRAM');
    // (The parser keeps a histogram's buckets but not its labels: the samples are read from the text.)
    const health =
      /^klinik_http_request_duration_seconds_count\{[^}]*route="\/api\/health"[^}]*status_code="200"[^}]*\} (\d+)$/m.exec(
        text,
      );
    expect(Number(health?.[1])).toBeGreaterThanOrEqual(1);
    // Labels are the declared route, never the URL as sent.
    expect(text).not.toContain('nosuch');

    const jobs = byName.get('klinik_jobs')!;
    expect(jobs.metrics.find((m) => m.labels?.queue === 'uji.metrik' && m.labels.state === 'created')?.value).toBe('1');

    const renders = byName.get('klinik_pdf_renders_total')!;
    expect(renders.metrics.reduce((s, m) => s + Number(m.value), 0)).toBe(1);

    // The dashboard and the alert rules of docs/ops name only series the app exposes.
    for (const doc of ['grafana-dashboard.json', 'alerts.yml']) {
      const named = new Set(fs.readFileSync(path.join(ROOT_DIR, 'docs', 'ops', doc), 'utf8').match(/klinik_\w+/g));
      for (const n of named) expect(byName.has(n.replace(/_(bucket|count|sum)$/, '')), `${doc}: ${n}`).toBe(true);
    }

    if (process.env.TEST_DATABASE_URL) {
      const pool = byName.get('klinik_db_pool_connections')!;
      expect(Number(pool.metrics.find((m) => m.labels?.state === 'total')?.value)).toBeGreaterThanOrEqual(1);
    }
  });
});
