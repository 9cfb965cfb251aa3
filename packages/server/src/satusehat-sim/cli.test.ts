import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('main.ts satusehat-sim', () => {
  it('starts the simulator with extra clients, prints the URLs to give the app, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/main.ts', 'satusehat-sim', '--port', '0', '--client', 'klinik-a:rahasia-a:123456'],
      { cwd: SERVER, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const authUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /SATUSEHAT_AUTH_URL=(\S+)/.exec(out);
          if (m && out.includes('klinik-a')) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect(out).toMatch(/SATUSEHAT_BASE_URL=http:\/\/127\.0\.0\.1:\d+\/fhir-r4\/v1/);
      const res = await fetch(`${authUrl}/accesstoken?grant_type=client_credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'client_id=klinik-a&client_secret=rahasia-a',
      });
      expect(res.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
