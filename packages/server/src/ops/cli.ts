import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createBackup } from './backup.js';
import { restoreBackup, RestoreRefused } from './restore.js';
import { requestFile, resultFile } from './schedule.js';

/** `pnpm backup` and `pnpm restore <archive>` (main.ts): see docs/ops/runbook.md. */
export const appVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The process serving the embedded database in `dataDir`, if one runs (its pid file, checked alive). */
export function pidFile(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'klinik.pid');
}
export function runningPid(config: Pick<Config, 'dataDir'>): number | null {
  const f = pidFile(config);
  if (!fs.existsSync(f)) return null;
  const pid = Number(fs.readFileSync(f, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function askRunningApp(config: Config, pid: number): Promise<string> {
  const id = randomBytes(8).toString('hex');
  fs.mkdirSync(config.backupDir, { recursive: true });
  fs.writeFileSync(requestFile(config.backupDir, id), '{}');
  process.kill(pid, 'SIGUSR2');
  const result = resultFile(config.backupDir, id);
  const deadline = Date.now() + 30 * 60_000;
  while (!fs.existsSync(result)) {
    if (Date.now() > deadline) throw new Error('Aplikasi tidak menjawab permintaan cadangan dalam 30 menit');
    await new Promise((r) => setTimeout(r, 200));
  }
  const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as { file?: string; error?: string };
  fs.rmSync(result, { force: true });
  if (answer.error) throw new Error(answer.error);
  return answer.file!;
}

export async function backupCommand(config: Config, outDir?: string): Promise<void> {
  const pid = config.databaseUrl ? null : runningPid(config);
  let file: string;
  if (pid && !outDir) {
    file = await askRunningApp(config, pid);
  } else if (pid) {
    throw new Error(
      'Aplikasi sedang berjalan dengan database bawaan: --out tidak dapat dipakai (cadangan ditulis ke BACKUP_DIR)',
    );
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      ({ file } = await createBackup({
        database,
        config,
        outDir: outDir ?? config.backupDir,
        appVersion: appVersion(),
      }));
    } finally {
      await database.close();
    }
  }
  console.log(`Cadangan dibuat: ${file}`);
}

export async function restoreCommand(config: Config, archive: string | undefined): Promise<void> {
  if (!archive) throw new RestoreRefused('Sebutkan berkas cadangan: pnpm restore <berkas.tar.gz>');
  if (!config.databaseUrl && runningPid(config))
    throw new RestoreRefused(
      'Aplikasi sedang berjalan pada folder data ini: hentikan dulu, lalu pulihkan ke folder baru',
    );
  const manifest = await restoreBackup(path.resolve(archive), {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    uploadDir: config.uploadDir,
    migrationsDir: config.migrationsDir,
  });
  const rows = Object.values(manifest.tables).reduce((s, n) => s + n, 0);
  console.log(
    `Dipulihkan: cadangan ${manifest.created_at} (versi ${manifest.app_version}, ${manifest.migration.count} migrasi), ${rows} baris, ${Object.keys(manifest.files).filter((f) => f.startsWith('uploads/')).length} berkas unggahan.`,
  );
}
