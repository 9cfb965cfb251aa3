import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobQueue } from '../lib/jobs.js';
import { createBackup, pruneBackups, type BackupResult } from './backup.js';

/**
 * The daily backup on the job queue (issue 32 item 1): job `ops.backup` runs at `backupHour` (server time), writes
 * an archive into `backupDir`, deletes those older than `backupKeepDays`, and queues the next day's run. A failure is
 * retried by the queue and, after the last attempt, stays on the owner's jobs page (/admin/jobs) like any job.
 */
export const BACKUP_JOB = 'ops.backup';

export function secondsUntilHour(now: Date, hour: number): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return Math.round((next.getTime() - now.getTime()) / 1000);
}

const dayKey = (now: Date, inSeconds: number) => new Date(now.getTime() + inSeconds * 1000).toISOString().slice(0, 10);

export interface BackupEnv {
  database: Database;
  config: Config;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  appVersion: string;
}

export async function backupNow(env: BackupEnv): Promise<BackupResult> {
  const result = await createBackup({
    database: env.database,
    config: env.config,
    outDir: env.config.backupDir,
    appVersion: env.appVersion,
  });
  const removed = pruneBackups(env.config.backupDir, env.config.backupKeepDays);
  env.log.info({ file: path.basename(result.file), removed: removed.length }, 'cadangan dibuat');
  return result;
}

async function queueNext(env: BackupEnv): Promise<void> {
  const now = new Date();
  const wait = secondsUntilHour(now, env.config.backupHour);
  try {
    await env.jobs.send(BACKUP_JOB, {}, { startAfterSeconds: wait, singletonKey: dayKey(now, wait) });
  } catch {
    // That day's run is already queued (another process, or a restart).
  }
}

export async function scheduleBackups(env: BackupEnv): Promise<void> {
  await env.jobs.define({
    name: BACKUP_JOB,
    retryLimit: 3,
    retryDelay: 300,
    expireInSeconds: 3 * 3600,
    handler: async () => {
      try {
        await backupNow(env);
      } finally {
        await queueNext(env);
      }
    },
  });
  await queueNext(env);
}

/**
 * `pnpm backup` while the app runs on the embedded database (which only the app's process may open): the command
 * leaves a request file in the backup folder and sends SIGUSR2; the app takes the backup and writes the result
 * beside it.
 */
export function requestFile(dir: string, id: string): string {
  return path.join(dir, `.request-${id}.json`);
}
export function resultFile(dir: string, id: string): string {
  return path.join(dir, `.result-${id}.json`);
}

export async function answerBackupRequests(env: BackupEnv): Promise<void> {
  const dir = env.config.backupDir;
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir)) {
    const m = /^\.request-([\w-]{1,64})\.json$/.exec(f);
    if (!m) continue;
    fs.rmSync(path.join(dir, f), { force: true });
    let answer: object;
    try {
      const r = await backupNow(env);
      answer = { file: r.file };
    } catch (err) {
      answer = { error: (err as Error).message };
    }
    fs.writeFileSync(resultFile(dir, m[1]), JSON.stringify(answer));
  }
}
