import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// Issue 10 item 5: the built web app is served precompressed (brotli/gzip twins written by the build), hashed
// assets are cached for a year as immutable, index.html is revalidated every time, API JSON is compressed.
describe('serving the built web app', () => {
  let t: TestApp;
  let dir: string;
  const js = `export const x = ${JSON.stringify('klinik '.repeat(400))};\n`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-web-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const file = path.join(dir, 'assets/index-AbC123.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js));
    t = await createTestApp({ webDistDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli twin of a hashed asset, cached as immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the gzip twin to a client without brotli, and the plain file to one without either', async () => {
    const gz = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html (SPA routes) and unhashed files every time', async () => {
    for (const url of ['/', '/login', '/finance/laporan/trialbalance']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const res = await t.app.inject({ url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
  });

  it('compresses API JSON over 1 KB for clients that accept it, and only for them', async () => {
    const branchId = await t.makeBranch();
    const user = await t.makeUser('admin', { branchId });
    const br = await t.app.inject({
      url: '/api/wilayah/provinces',
      headers: { cookie: user.cookie, 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(30);
    const plain = await t.app.inject({ url: '/api/wilayah/provinces', headers: { cookie: user.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.payload)).toEqual(body);
  });
});
