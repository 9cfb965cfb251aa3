import fs from 'node:fs';
import { inject } from 'vitest';

/**
 * Setup file of the e2e projects: waits until the lane's server (started by e2e/global-setup.ts, which does not
 * wait for it so the other projects start at once) answers its health check, that is has migrated and seeded the
 * demo clinic. Runs before each file; once the server is up this is one request. A server that never answers fails
 * the file with the end of its log.
 */
const baseUrl = inject('baseUrl');
const logFile = inject('serverLogFile');
const deadline = Date.now() + 180_000;
for (;;) {
  const up = await fetch(`${baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  const failed = `${logFile}.failed`;
  if (fs.existsSync(failed))
    throw new Error(`The e2e server ${baseUrl} did not start: ${fs.readFileSync(failed, 'utf8')}`);
  if (Date.now() > deadline) {
    let tail = '';
    try {
      tail = fs.readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      // the log is gone with a server that stopped and was cleaned up
    }
    throw new Error(`The e2e server ${baseUrl} did not become healthy within 180 s:\n${tail}`);
  }
  await new Promise((r) => setTimeout(r, 250));
}
