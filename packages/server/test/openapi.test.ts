import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp, type TestUser } from './helpers.js';

/** GET /api/openapi.json: a valid OpenAPI 3.1 document listing exactly the REST routes the server registered. */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await t.makeUser('perawat', { branchId: await t.makeBranch({ name: 'Cabang Dokumen' }) });
});
/** Signed in (issue 25 finding 8: the document lists every operation's access rule, so anonymous callers get 401). */
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
afterAll(() => t.close());

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('OpenAPI', () => {
  it('answers 401 without a session, with no operation named', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body, url).not.toContain('x-klinik-access');
      expect(res.body, url).not.toContain('/api/paket/membership');
    }
  });

  it('is served to a signed-in user and validates as OpenAPI 3.1', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json<{ openapi: string }>();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the REST routes the server registered, each with its access', async () => {
    const doc = (await get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { 'x-klinik-access': unknown }>>;
    }>();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${toOpenApiPath(r.url)}`).sort();
    expect(documented).toEqual(registered);
    for (const r of t.app.apiRoutes) {
      expect(
        doc.paths[toOpenApiPath(r.url)][r.method.toLowerCase()]['x-klinik-access'],
        `${r.method} ${r.url}`,
      ).toEqual(r.access);
    }
  });

  it('documents path parameters, query parameters, bodies and the error shape', async () => {
    const doc = (await get('/api/openapi.json')).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const put = doc.paths['/api/finance/akun/{id}'].put;
    expect(put.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(JSON.stringify(put.requestBody)).toContain('"name"');
    expect(put.responses).toHaveProperty('400');
    const list = doc.paths['/api/paket/membership'].get;
    expect((list.parameters as { name: string }[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'status', 'fromdate']),
    );
    const register = doc.paths['/api/paket/membership'].post;
    expect(register.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
    expect(Object.keys(register.responses as object)).toEqual(expect.arrayContaining(['200', '201', '400', '403']));
    // A multipart upload names its parts (issue 11: photo, visit, label, upload_at).
    const upload = doc.paths['/api/service/visitmultimedia'].post.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
    };
    const form = upload.content['multipart/form-data'].schema;
    expect(Object.keys(form.properties)).toEqual(expect.arrayContaining(['photo', 'visit', 'label', 'upload_at']));
    expect(form.required).toEqual(['photo', 'visit']);
  });

  it('has a readable page for integrators', async () => {
    const res = await get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('/api/paket/membership');
    expect(res.body).toContain('/api/openapi.json');
  });
});
