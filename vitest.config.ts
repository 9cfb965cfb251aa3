import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Concurrency tests (`*.pg.test.ts`: double posting, gapless numbering, one active period, idempotent registrations)
 * prove nothing on PGlite's single connection, so they form the `server-pg` project, which runs only against
 * PostgreSQL (TEST_DATABASE_URL). CI always sets it (.ci/run); without it the project is left out with a warning.
 */
/** e2e files in name order (see the e2e project). */
class ByFileName extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  console.warn('TEST_DATABASE_URL is not set: the server-pg concurrency tests (*.pg.test.ts) do not run');

// Projects run one after another (unit, server, server-pg, e2e): the machines have two cores.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // One module graph per worker, not per file: importing the server (every module, drizzle, fastify) was
          // half of the project's time. Files share no state but module-level registries, which are keyed (an
          // approval executor, a record hook or a job registered twice is the same one); each file opens its own
          // database and app.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['packages/server/src/**/*.pg.test.ts', 'packages/server/test/**/*.pg.test.ts'],
                globalSetup: ['packages/server/test/global-setup.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 120_000,
                pool: 'forks' as const,
                maxWorkers: 2,
                isolate: false,
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Tests marked concurrent (the access walk's roles) run two at a time.
          maxConcurrency: 2,
          // One database for the whole run: files go in name order so the demo branches' state each file
          // starts from is the same on every machine (paket needs Bandung without a period; stock-flows opens one).
          sequence: { groupOrder: 3, sequencer: ByFileName },
        },
      },
    ],
  },
});
