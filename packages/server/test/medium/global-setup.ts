import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT_DIR } from '../../src/config.js';
import { pgliteSnapshot } from '../global-setup.js';

/**
 * The medium project's setup: the migrated PGlite snapshot the server project uses too (made once for these
 * migrations and kept in the temp directory), whether or not TEST_DATABASE_URL is set; medium tests never use it.
 */
export default async function setup(project: TestProject) {
  project.provide('templateDb', null);
  project.provide('pgliteSnapshot', await pgliteSnapshot(path.join(ROOT_DIR, 'drizzle')));
}
