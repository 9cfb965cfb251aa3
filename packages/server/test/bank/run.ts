/** The whole bank run and its report. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { type BankOptions, type BankReport } from '../bank.js';
import { PASSWORD, sleep, freePort, Server, agent, Stats } from './server.js';
import { one, setupBranch } from './setup.js';
import { type Kind, Ledger, client } from './load.js';
import { snapshot, verify, closeSessions } from './verify.js';

// ------------------------------------------------------------------------------------------ the whole run

export async function runBank(o: BankOptions): Promise<BankReport> {
  const log = o.log ?? (() => {});
  const name = `klinik_bank_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"${o.template ? ` template "${o.template}"` : ''}`);
  await admin.end();
  const url = new URL(o.pgUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-bank-'));
  const server = new Server(o, await freePort(), {
    DATABASE_URL: url.toString(),
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    CHROMIUM_PATH: '/nonexistent/chromium-disabled-for-bank',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  const stats = new Stats();
  const ledger = new Ledger();
  let kills = 0;
  try {
    const t0 = Date.now();
    log(`database ${name}; starting the server with the demo clinic`);
    await server.start();
    await db.connect();
    const today = (await one<{ d: string }>(db, `select to_char(now() at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as d`))
      .d;
    log(`server up after ${((Date.now() - t0) / 1000).toFixed(1)} s; fixtures through REST`);
    const fixtures = [
      await setupBranch(
        db,
        server,
        stats,
        o,
        {
          cashiers: ['admin', 'manager'],
          approver: 'manager',
          doctor: 'dokter',
          finance: 'finance',
          buyer: 'inventory',
        },
        today,
      ),
      await setupBranch(
        db,
        server,
        stats,
        o,
        {
          cashiers: ['admin.bandung', 'manager.bandung'],
          approver: 'manager.bandung',
          doctor: 'dokter3',
          finance: 'finance.bandung',
          buyer: 'manager.bandung',
        },
        today,
      ),
    ];
    const setupSeconds = (Date.now() - t0) / 1000;
    for (const f of fixtures)
      log(
        `${f.name}: ${f.visits.length} bills, ${f.memberships.length} registrations, ${f.items.length} items, cashiers ${f.cashiers.map((c) => c.username).join(', ')}`,
      );
    const before = await snapshot(db);

    log(`${o.clients} clients for ${o.seconds} s, ${o.kills} kill -9`);
    const start = Date.now();
    // The kills: each one `gap` seconds (+-25%) after the server answered again, so every kill lands in the middle
    // of the load whatever the time a restart takes on this machine; the load goes on for at least `seconds` and
    // for one more gap after the last restart.
    const gap = (o.seconds * 1000) / (o.kills + 1);
    const stop = { at: Number.POSITIVE_INFINITY };
    const cursors = fixtures.map(() => ({ next: 0, taken: [] as number[] }));
    const load = Promise.all(
      Array.from({ length: o.clients }, (_, i) =>
        client(i, fixtures[i % fixtures.length], cursors[i % fixtures.length], ledger, stop),
      ),
    );
    const killer = (async () => {
      for (let k = 1; k <= o.kills; k++) {
        await sleep(gap * (0.75 + Math.random() * 0.5));
        const acked = ledger.acks.length;
        await server.kill9();
        kills++;
        log(`  kill -9 #${k} at ${((Date.now() - start) / 1000).toFixed(1)} s (${acked} acknowledged so far)`);
        await server.start();
        server.restarts++;
        log(`  restarted at ${((Date.now() - start) / 1000).toFixed(1)} s`);
      }
      await sleep(Math.max(gap, start + o.seconds * 1000 - Date.now()));
      stop.at = Date.now();
    })();
    await Promise.all([load, killer]);
    const elapsed = (Date.now() - start) / 1000;
    log(`load done in ${elapsed.toFixed(1)} s: ${ledger.acks.length} payments acknowledged`);

    const checks = await verify(
      db,
      before,
      ledger,
      stats,
      fixtures.map((f) => f.id),
    );
    await closeSessions(db, fixtures, checks);
    const count = (k: Kind) => ledger.acks.filter((a) => a.kind === k).length;
    return {
      database: name,
      ok: checks.every((c) => c.ok),
      checks,
      refusals: ledger.refusals,
      stats: {
        seconds: elapsed,
        clients: o.clients,
        kills,
        restarts: server.restarts,
        acknowledged: {
          visit: count('visit'),
          sales: count('sales'),
          cicilan: count('cicilan'),
          void: ledger.voidsAcked.size,
        },
        payments_per_second: new Set(ledger.acks.map((a) => a.id)).size / elapsed,
        requests: stats.requests,
        connection_errors: stats.connectionErrors,
        statuses: stats.statuses,
        unknown_outcomes: ledger.attempts.filter((a) => a.final === 0).length,
        setup_seconds: setupSeconds,
      },
    };
  } finally {
    await db.end().catch(() => {});
    await server.stop();
    agent.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!o.keepDatabase) {
      const a = new pg.Client({ connectionString: o.pgUrl });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    }
  }
}

export function formatReport(r: BankReport): string {
  const s = r.stats;
  const lines = [
    `bank: ${s.clients} clients, ${s.seconds.toFixed(1)} s, ${s.kills} kill -9 and restarts (setup ${s.setup_seconds.toFixed(1)} s)`,
    `acknowledged: ${s.acknowledged.visit} visit bills, ${s.acknowledged.sales} sales, ${s.acknowledged.cicilan} instalments, ${s.acknowledged.void} voids; ${s.payments_per_second.toFixed(1)} payments/s`,
    `${s.requests} requests, ${s.connection_errors} without answer (kills), ${s.unknown_outcomes} outcomes unknown; statuses ${JSON.stringify(s.statuses)}`,
    `refusals (4xx a correct server gives racing cashiers): ${JSON.stringify(r.refusals)}`,
    ...r.checks.map((c) => `${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`),
    r.ok ? 'PASS' : 'FAIL',
  ];
  return lines.join('\n');
}
