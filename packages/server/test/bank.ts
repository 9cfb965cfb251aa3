/**
 * The 'bank' test of the cashier (issue 14, "How it will be checked"), shared by `pnpm bank` (bench/bank.mts, the
 * built server) and the short CI version (test/bank.pg.test.ts, the server from source): a fresh PostgreSQL
 * database, the server as a child process with the demo clinic, fixtures made through REST as a new user would
 * (Bandung's period, stock bought and received, package registrations with instalments, visits whose records the
 * doctor fills and finishes, open cash sessions), then `clients` concurrent cashiers for `seconds` paying visit bills
 * (some racing for the same bill), instalments, general sales and voids (request + approval), while the server is
 * killed with SIGKILL `kills` times and restarted. A client that loses its connection does not know what happened
 * and retries with the same Idempotency-Key, as a real till would. Every acknowledged (2xx) answer is recorded and
 * checked against the database afterwards (see `verify`). No timing is asserted anywhere: speed is only reported.
 */

export interface BankOptions {
  /** A PostgreSQL URL whose server gets the new database klinik_bank_*. */
  pgUrl: string;
  /** How to start the server: e.g. ['packages/server/dist/main.js'] or ['--import', 'tsx', 'src/main.ts']. */
  serverArgs: string[];
  serverCwd: string;
  clients: number;
  seconds: number;
  kills: number;
  /** Finished visits made per branch for the load (plus the demo's unpaid visits of today). */
  visitsPerBranch: number;
  membersPerBranch: number;
  /** A migrated database to copy (the test setup's template) instead of migrating a new one on the first start. */
  template?: string | null;
  /** Keep the database afterwards (its name is in the report). */
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface BankReport {
  database: string;
  ok: boolean;
  checks: Check[];
  refusals: Record<string, number>;
  stats: {
    seconds: number;
    clients: number;
    kills: number;
    restarts: number;
    acknowledged: { visit: number; sales: number; cicilan: number; void: number };
    payments_per_second: number;
    requests: number;
    connection_errors: number;
    statuses: Record<string, number>;
    unknown_outcomes: number;
    setup_seconds: number;
  };
}

export { serverCommand } from './bank/server.js';
export { runBank, formatReport } from './bank/run.js';
