import fs from 'node:fs';
import readline from 'node:readline/promises';
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seedDemo } from './seed/demo.js';
import { createOwner } from './seed/owner.js';
import { appVersion, backupCommand, pidFile, restoreCommand } from './ops/cli.js';
import { answerBackupRequests, scheduleBackups } from './ops/schedule.js';
import { satusehatSimCommand } from './satusehat-sim/cli.js';

async function withDatabase<T>(
  config: Config,
  fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate(config.migrationsDir);
    return await fn(database);
  } finally {
    await database.close();
  }
}

function printAccounts(accounts: { username: string; role: string; branch: string }[], password: string) {
  console.log('\nAkun demo (password: %s):', password);
  for (const a of accounts) console.log(`  ${a.username.padEnd(20)} ${a.role.padEnd(28)} ${a.branch}`);
  console.log('');
}

async function serve(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => console.warn('Koneksi database terputus (akan dibuka ulang):', err.message),
  });
  await database.migrate(config.migrationsDir);
  if (config.seedDemo && (await isEmpty(database.db))) {
    const result = await seedDemo(database.db, config.demoPassword, { uploadDir: config.uploadDir });
    console.log(
      `Klinik demo dibuat: ${result.branches} cabang, ${result.accounts.length} akun, ${result.patients} pasien.`,
    );
    printAccounts(result.accounts, config.demoPassword);
  } else if (config.seedDemo) {
    console.log(
      `Data demo sudah ada. Masuk dengan username peran (admin, manager, finance, dokter, owner, ...) dan password ${config.demoPassword}.`,
    );
  }
  const app = await buildApp(config, { database });
  const backupEnv = { database, config, jobs: app.services.jobs, log: app.log, appVersion: appVersion() };
  if (config.backupSchedule) await scheduleBackups(backupEnv);
  // `pnpm backup` asks this process for the embedded database's backup (ops/schedule.ts).
  process.on('SIGUSR2', () => void answerBackupRequests(backupEnv));
  if (database.kind === 'pglite') fs.writeFileSync(pidFile(config), String(process.pid));
  // The app stops its queue (waiting for running jobs) and its HTTP server; the database is closed after both, never
  // under a job that still finishes (an onClose hook here would run first: Fastify runs them last-added first).
  const stop = async () => {
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      console.error('Gagal menghentikan aplikasi dengan rapi:', err);
      code = 1;
    }
    await database.close();
    if (database.kind === 'pglite') fs.rmSync(pidFile(config), { force: true });
    process.exit(code);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
  // The first agreement PDF should not wait for Chromium to start.
  void app.services.pdf.warm().then((ok) => {
    if (!ok) console.warn('Chromium tidak dapat dijalankan: cetak PDF (perjanjian, kuitansi) tidak tersedia.');
  });
  console.log(
    `Klinik berjalan di http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite: ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

async function ask(rl: readline.Interface, label: string, given: string | undefined): Promise<string> {
  if (given) return given;
  return (await rl.question(label)).trim();
}

async function main() {
  const [command = 'serve', ...args] = process.argv.slice(2);
  // The SATUSEHAT stand-in needs no database nor the app's configuration.
  if (command === 'satusehat-sim') return satusehatSimCommand(args);
  const config = loadConfig();
  const opt = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  switch (command) {
    case 'serve':
      await serve(config);
      break;
    case 'seed-demo':
      await withDatabase(config, async ({ db }) => {
        if (!(await isEmpty(db))) {
          console.error('Database sudah berisi pengguna: data demo tidak ditambahkan.');
          process.exitCode = 1;
          return;
        }
        const result = await seedDemo(db, config.demoPassword, { uploadDir: config.uploadDir });
        printAccounts(result.accounts, config.demoPassword);
      });
      break;
    case 'create-owner': {
      const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
      try {
        const username = await ask(rl, 'Username owner: ', opt('username') ?? process.env.OWNER_USERNAME);
        const name = await ask(rl, 'Nama lengkap: ', opt('name') ?? process.env.OWNER_NAME);
        const password = await ask(rl, 'Password (min. 8 karakter): ', opt('password') ?? process.env.OWNER_PASSWORD);
        const branch = await ask(rl, 'Nama cabang pertama: ', opt('branch') ?? process.env.OWNER_BRANCH);
        await withDatabase(config, async ({ db }) => {
          const r = await createOwner(db, { username, name, password, branch });
          console.log(`Akun owner '${r.username}' dibuat untuk cabang '${r.branch}'.`);
        });
      } finally {
        rl.close();
      }
      break;
    }
    case 'backup':
      await backupCommand(config, opt('out'));
      break;
    case 'restore':
      await restoreCommand(
        config,
        args.find((a) => !a.startsWith('--')),
      );
      break;
    default:
      console.error(
        `Perintah tidak dikenal: ${command} (serve | seed-demo | create-owner | backup | restore | satusehat-sim)`,
      );
      process.exitCode = 2;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
