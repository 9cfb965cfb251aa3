/**
 * The runbook's backup and restore on the embedded database (docs/ops/runbook.md, issue 32 item 5), on the built app:
 * an install from scratch, a backup the running app writes itself (SIGUSR2), the restore into a new folder and the
 * owner's sign-in there. Beside runbook.pg.test.ts (PostgreSQL) in the `server-pg` project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveIn, cli, createOwner, drill, MAIN, me, signIn, stop } from './runbook-helpers.js';

const d = drill();
beforeAll(() => {
  if (!fs.existsSync(MAIN)) throw new Error('Build first: pnpm build (this test runs the built app)');
});
afterAll(() => d.cleanup());

describe('runbook on the embedded database', () => {
  // Two installs of the embedded database from scratch, two app starts, a backup and a restore, each command with
  // its own 120 s limit (`cli`): the project's 60 s default does not fit the drill on a loaded 2-core machine.
  it('backs up while the app runs (SIGUSR2) and restores into a new folder', { timeout: 300_000 }, async () => {
    const backups = path.join(d.tmp, 'embedded-backups');
    const live = { DATABASE_URL: '', DATA_DIR: path.join(d.tmp, 'embedded'), BACKUP_DIR: backups };
    await createOwner(live);
    const base = await d.start(live);
    await signIn(base);
    // While the app runs, it writes the archive itself, into its BACKUP_DIR: `--out` is refused.
    await expect(cli(live, 'backup', '--out', path.join(d.tmp, 'elsewhere'))).rejects.toMatchObject({ code: 1 });
    await cli(live, 'backup');
    const archive = archiveIn(backups);
    await stop(d.servers.at(-1)!);

    const restored = { DATABASE_URL: '', DATA_DIR: path.join(d.tmp, 'embedded-restored') };
    await cli(restored, 'restore', archive);
    const base2 = await d.start(restored);
    expect(await me(base2, await signIn(base2))).toBe(200);
  });
});
