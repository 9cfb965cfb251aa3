// First-content time of the pages that grow with the chain (issue 33 items 3 and 5, goal <= 2 s on the desktop
// profile), on the chain database of `pnpm bench:data`: one role per module opens its page in Chromium
// (puppeteer-core, CHROMIUM_PATH or /usr/bin/chromium, 1280 x 800, no throttling) with a warm server, PAGES_RUNS
// (default 3) times each; printed per page: the first contentful paint and the time until the page's data is on
// screen (no skeleton or spinner left in `main` and a table row or the page's content shown), medians. Also the
// first screen of the 700-visit patient's timeline as their doctor. A benchmark: printed, never asserted.
import puppeteer from 'puppeteer-core';
import { load, login, machine, startApp, withPg } from './lib.mjs';

const RUNS = Number(process.env.PAGES_RUNS || 3);
const CHROME = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';
const u = new URL(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
u.pathname = '/' + (process.env.BENCH_CHAIN_DB || 'klinik_chain');
const DB_URL = u.toString();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`# chain pages ${new Date().toISOString()}  ${machine()}  load average ${load()}`);
const patient = await withPg(DB_URL, async (c) => {
  const r = await c.query(
    `select customer_id as id, count(*)::int n from rm_record group by 1 order by 2 desc limit 1`,
  );
  return r.rows[0];
});
const PAGES = [
  ['admin.c07', 'patient list (Data Pasien)', '/service/customer'],
  ['admin.c07', 'visit history (Kunjungan)', '/service/kunjungan'],
  ['admin.c07', 'payments (Pembayaran)', '/service/payment'],
  ['dokter', `patient with ${patient.n} visits (timeline)`, `/customer/${patient.id}`],
  ['inventory.c07', 'stock (Stok Barang)', '/inventory/item'],
  ['finance.c07', 'journals (Jurnal)', '/finance/laporan/jurnal'],
  ['finance.c07', 'trial balance', '/finance/laporan/trialbalance'],
  ['owner', 'Backoffice dashboard', '/backoffice'],
  ['owner', 'Backoffice patients', '/backoffice/pasien'],
  ['owner', 'Backoffice visits', '/backoffice/kunjungan'],
  ['owner', 'Backoffice bills (Nota)', '/backoffice/nota'],
];
const only = process.env.CHAIN_PAGES ? new RegExp(process.env.CHAIN_PAGES, 'i') : null;

const app = await startApp('pages', { DATABASE_URL: DB_URL, SEED_DEMO: '0', LOG_LEVEL: 'error' });
const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox'] });
try {
  const cookies = new Map();
  for (const [user, label, path] of PAGES.filter(([, label]) => !only || only.test(label))) {
    if (!cookies.has(user)) cookies.set(user, (await login(app.base, user)).cookie);
    const [name, value] = cookies.get(user).split('=');
    const fcp = [];
    const content = [];
    let where = '';
    for (let i = 0; i <= RUNS; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await page.setCookie({ name, value, url: app.base });
      const t0 = Date.now();
      await page.goto(app.base + path, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(
        () => {
          const main = document.querySelector('main');
          if (!main) return false;
          if (main.querySelector('[data-slot=skeleton], .animate-pulse, [data-testid=full-page-spinner]')) return false;
          return !!main.querySelector('tbody tr, [role=row], article, li, h2, [data-slot=card-content]');
        },
        { timeout: 60_000, polling: 'raf' },
      );
      const shown = Date.now() - t0;
      const paint = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      );
      where = new URL(page.url()).pathname;
      await context.close();
      if (i === 0) continue; // the first opening warms the server's caches and the browser's module cache is per context
      fcp.push(paint);
      content.push(shown);
    }
    console.log(
      `  ${user.padEnd(14)} ${label.padEnd(40)} FCP ${String(Math.round(median(fcp))).padStart(5)} ms   data on screen ${String(median(content)).padStart(5)} ms${where !== path ? `   (ended on ${where})` : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log(`  load average at the end: ${load()}`);
