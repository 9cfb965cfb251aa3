// The 'bank' test of the cashier (issue 14): 32 cashiers taking payments, instalments, sales and voids through REST
// on PostgreSQL while the server is killed with SIGKILL and restarted; then every invariant is checked in SQL.
// Run: pnpm bank (builds first). Env: BANK_CLIENTS (32), BANK_SECONDS (60), BANK_KILLS (5), BANK_VISITS (per branch,
// 150), BANK_MEMBERS (per branch, 12), BANK_DATABASE_URL (else TEST_DATABASE_URL, else the local PostgreSQL),
// BANK_KEEP_DB=1 keeps the database. Exits 1 when an invariant fails. The logic is packages/server/test/bank.ts,
// which the CI test (packages/server/test/bank.pg.test.ts) runs in a shorter form.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, runBank } from '../packages/server/test/bank.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = (k: string, d: number) => (process.env[k] ? Number(process.env[k]) : d);
const cpus = os.cpus();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `${cpus.length} x ${cpus[0]?.model?.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; load ${load()}`,
);
const report = await runBank({
  pgUrl:
    process.env.BANK_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  serverArgs: ['packages/server/dist/main.js'],
  serverCwd: ROOT,
  clients: env('BANK_CLIENTS', 32),
  seconds: env('BANK_SECONDS', 60),
  kills: env('BANK_KILLS', 5),
  visitsPerBranch: env('BANK_VISITS', 150),
  membersPerBranch: env('BANK_MEMBERS', 12),
  keepDatabase: process.env.BANK_KEEP_DB === '1',
  log: (l) => console.log(l),
});
console.log(formatReport(report));
console.log(`load average at the end: ${load()}`);
process.exit(report.ok ? 0 : 1);
