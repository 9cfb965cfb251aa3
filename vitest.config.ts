import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Concurrency tests (`*.pg.test.ts`: double posting, gapless numbering, one active period, idempotent registrations)
 * prove nothing on PGlite's single connection, so they form the `server-pg` project, which runs only against
 * PostgreSQL (TEST_DATABASE_URL). CI always sets it (.ci/run); without it the project is left out with a warning.
 */
/** A project's own `sequence.sequencer` is not read by vitest: this one is set at the root. */

/**
 * The longest e2e files start first (two run at a time), so that none of them is left running alone at the end; the
 * order is only about time, any order passes (E2E_SHUFFLE).
 */
const E2E_LONGEST = ['access', 'shell', 'staff'].map((f) => `/e2e/${f}.test.ts`);

/** A file's place in a list of the longest files (first = longest); files not listed after them all. */
function rank(longest: string[], moduleId: string): number {
  const i = longest.findIndex((f) => moduleId.endsWith(f));
  return i < 0 ? longest.length : i;
}
/** A deterministic shuffle (mulberry32 seeded by `seed`), so a failing order can be run again. */
function shuffled<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The e2e files run longest first, then in name order; `E2E_SHUFFLE=<seed>` runs them in a shuffled order (printed).
 * Each file that writes works in its own branch made by e2e/factory.ts and the demo clinic is only read, so no file
 * needs another's state and any order passes. Other projects keep vitest's order.
 */
const e2eShuffle = process.env.E2E_SHUFFLE ? Number(process.env.E2E_SHUFFLE) : null;

/**
 * The server side's longest files (measured: each 20-40 s, mostly waiting on spawned servers, retry backoffs or a
 * load of concurrent requests) start first, so that the group does not end with one of them running alone.
 */
const SERVER_LONGEST = [
  'test/runbook-embedded.pg.test.ts',
  'test/bank.pg.test.ts',
  'test/runbook.pg.test.ts',
  'modules/reservations/gateway.test.ts',
  'test/cross-branch.test.ts',
  'test/satusehat-kill.pg.test.ts',
  'test/jobs.test.ts',
  'modules/satusehat/satusehat-sim.test.ts',
].map((f) => `/packages/server/${f.startsWith('test/') ? f : `src/${f}`}`);

class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let e2e = files.filter((f) => f.project.name.startsWith('e2e'));
    const rest = (await super.sort(files.filter((f) => !f.project.name.startsWith('e2e')))).map((f, i) => ({ f, i }));
    rest.sort((a, b) => rank(SERVER_LONGEST, a.f.moduleId) - rank(SERVER_LONGEST, b.f.moduleId) || a.i - b.i);
    e2e.sort(
      (a, b) => rank(E2E_LONGEST, a.moduleId) - rank(E2E_LONGEST, b.moduleId) || a.moduleId.localeCompare(b.moduleId),
    );
    if (e2eShuffle !== null && e2e.length > 1) {
      e2e = shuffled(e2e, e2eShuffle);
      console.log(
        `E2E_SHUFFLE=${e2eShuffle}: ${e2e.map((f) => f.moduleId.split('/').pop()!.replace('.test.ts', '')).join(', ')}`,
      );
    }
    return [...rest.map((x) => x.f), ...e2e];
  }
}

/**
 * The e2e suite runs two files at a time (a browser test spends much of its time waiting on timers and the network),
 * over two lanes, each with its own server and demo database (the global setup starts one per project), so that the
 * two servers share the load. The files need nothing of each other: the split is only about load.
 */
const E2E_LANE_2 = [
  'e2e/access.test.ts',
  'e2e/attendance.test.ts',
  'e2e/medical-records.test.ts',
  'e2e/visits.test.ts',
];
const e2eLane = {
  globalSetup: ['e2e/global-setup.ts'],
  setupFiles: ['e2e/server-ready.ts'],
  environment: 'node' as const,
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Two files at a time across the two lanes (vitest gives the group the lanes share, groupOrder 3, this many
  // workers; with 1 the lanes ran one file after another). Two files of one lane may overlap: they share its
  // database but no state.
  maxWorkers: 2,
  // Tests marked concurrent run two at a time (none is today: the access walk's roles run one after another).
  maxConcurrency: 2,
  sequence: { groupOrder: 3 },
  // One module graph per worker (puppeteer-core, the helpers, the factory, the shared package), not one per file:
  // the lanes' import time 17.7 s -> 6.8 s, 8 s of wall time (decisions "Test suite time, session 18"). The files
  // share no state but the factory's owner session (read-only) and the helpers' per-page maps; vitest never gives
  // one worker files of both lanes (a worker serves one project), so each sees its own lane's server.
  isolate: false,
};

/**
 * The server side's projects (server, medium, server-pg): two forked workers, one module graph per worker, not per
 * file (importing the server, every module, drizzle and fastify, was half of the project's time). Files share no
 * state but module-level registries, which are keyed (an approval executor, a record hook or a job registered twice
 * is the same one); each file opens its own database and app.
 */
const serverSide = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  maxWorkers: 2,
  isolate: false,
};

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres)
  console.warn('TEST_DATABASE_URL is not set: the server-pg concurrency tests (*.pg.test.ts) do not run');

// Projects run one after another (unit, server, server-pg, e2e): the machines have two cores. (Tried: everything but
// the browser as one group on three workers. The concurrency files, which load the machine themselves, then took
// twice as long and the group as a whole longer: decisions "Test suite time, session 17".)
export default defineConfig({
  test: {
    sequence: { sequencer: Sequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // vitest's default is one worker less than the cores: one on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts', '**/*.medium.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          ...serverSide,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Medium tests (issue 27 item 8): one service on a migrated in-memory PGlite, no Fastify and no global
        // setup, so a developer's loop on billing, posting, sharing and payroll is seconds:
        // `pnpm exec vitest run --project medium` (docs/CONTRIBUTING.md).
        test: {
          name: 'medium',
          include: ['packages/server/test/medium/**/*.medium.test.ts'],
          globalSetup: ['packages/server/test/medium/global-setup.ts'],
          ...serverSide,
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
                ...serverSide,
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
      { test: { name: 'e2e', include: ['e2e/**/*.test.ts'], exclude: E2E_LANE_2, ...e2eLane } },
      { test: { name: 'e2e-2', include: E2E_LANE_2, ...e2eLane } },
    ],
  },
});
