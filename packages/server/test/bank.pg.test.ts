/**
 * The 'bank' test of the cashier, short form (issue 14, "How it will be checked"): 32 cashiers through REST on
 * PostgreSQL paying bills (some racing for one bill), instalments, general sales and voids through approval, while
 * the server (a child process, from source) is killed with SIGKILL twice and restarted; then every acknowledged
 * payment exists exactly once, no bill is paid twice, cash and bank equal the payments by method, stock and package
 * slots match what was sold, instalments never exceed what is due, numbers are gapless, each branch's trial balance
 * is zero and every till closes with difference 0. The long form is `pnpm bank` (bench/bank.mts); both run
 * test/bank.ts. Nothing here depends on timing: the kills land wherever they land and the invariants hold anyway.
 */
import { describe, expect, inject, it } from 'vitest';
import { ROOT_DIR } from '../src/config.js';
import { formatReport, runBank, serverCommand } from './bank.js';

describe('bank: concurrent cashiers with kill -9 (PostgreSQL)', () => {
  it('keeps every acknowledged payment exactly once and the books balanced', { timeout: 600_000 }, async () => {
    const url = process.env.TEST_DATABASE_URL;
    expect(url).toBeTruthy();
    const report = await runBank({
      pgUrl: url!,
      // The build when it is fresh (CI builds first), else the server from source: never a stale build.
      ...serverCommand(ROOT_DIR),
      // The migrated template of the test setup: the server starts on it and seeds the demo clinic.
      template: inject('templateDb'),
      clients: 32,
      seconds: 12,
      kills: 2,
      visitsPerBranch: 24,
      membersPerBranch: 6,
    });
    const text = formatReport(report);
    console.log(text);
    expect(report.stats.kills).toBe(2);
    // Each client's first action is fixed (a third each): every kind is acknowledged at least once, whatever the
    // machine's speed (an answer lost to a kill is retried with its key until it comes).
    expect(report.stats.acknowledged.visit).toBeGreaterThan(0);
    expect(report.stats.acknowledged.sales).toBeGreaterThan(0);
    expect(report.stats.acknowledged.cicilan).toBeGreaterThan(0);
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
