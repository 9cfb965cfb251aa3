import fs from 'node:fs';
import type { Browser } from 'puppeteer-core';
import { AppError } from '../http/errors.js';

export interface PdfRenderer {
  /** HTML in, PDF bytes out. Throws a 503 AppError with a clear message when no browser can be used. */
  render(html: string, opts?: { landscape?: boolean }): Promise<Buffer>;
  /** Starts the browser ahead of the first document; resolves false (never throws) when none can be started. */
  warm(): Promise<boolean>;
  close(): Promise<void>;
}

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function findChromium(explicit?: string): string | undefined {
  if (explicit) return fs.existsSync(explicit) ? explicit : undefined;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

const UNAVAILABLE =
  'Layanan cetak PDF tidak tersedia: browser Chromium tidak ditemukan atau gagal dijalankan. Hubungi administrator.';

/**
 * One warm Chromium for the whole process, started on first use and restarted if it dies; at most
 * `maxPages` pages render at once, the rest wait their turn. Every step has a timeout, so a broken
 * browser gives an error, never a hang.
 */
export function createPdfRenderer(
  opts: { chromiumPath?: string; maxPages?: number; timeoutMs?: number } = {},
): PdfRenderer {
  const maxPages = opts.maxPages ?? 4;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let browser: Promise<Browser> | null = null;
  let active = 0;
  const waiting: (() => void)[] = [];

  async function launch(): Promise<Browser> {
    const executablePath = findChromium(opts.chromiumPath);
    if (!executablePath) throw new AppError(503, [{ message: UNAVAILABLE }]);
    const { default: puppeteer } = await import('puppeteer-core');
    const b = await puppeteer.launch({
      executablePath,
      headless: true,
      timeout: timeoutMs,
      // Spoken to over a pipe, not a debugging port: when this process dies (killed, crashed), the pipe closes and
      // Chromium quits with it instead of living on as an orphan (seen after the runbook's and the kill tests'
      // SIGKILLs: two browsers left per run).
      pipe: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    b.on('disconnected', () => {
      browser = null;
    });
    return b;
  }

  function getBrowser(): Promise<Browser> {
    if (!browser) {
      browser = launch().catch((err: unknown) => {
        browser = null;
        if (err instanceof AppError) throw err;
        throw new AppError(503, [{ message: UNAVAILABLE }]);
      });
    }
    return browser;
  }

  async function acquire(): Promise<void> {
    if (active < maxPages) {
      active++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
  }
  function release(): void {
    active--;
    waiting.shift()?.();
  }

  function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new AppError(503, [{ message: `Pembuatan PDF melebihi batas waktu (${what})` }])),
        timeoutMs,
      );
      p.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  return {
    async render(html, renderOpts = {}) {
      await acquire();
      try {
        const b = await withTimeout(getBrowser(), 'membuka browser');
        const page = await withTimeout(b.newPage(), 'membuka halaman');
        try {
          // No network: documents carry their images inline (data: URLs).
          await page.setRequestInterception(true);
          page.on('request', (r) => {
            if (r.url().startsWith('data:') || r.url() === 'about:blank') void r.continue();
            else void r.abort();
          });
          await withTimeout(page.setContent(html, { waitUntil: 'load' }), 'memuat dokumen');
          const pdf = await withTimeout(
            page.pdf({
              format: 'A4',
              landscape: renderOpts.landscape ?? false,
              printBackground: true,
              margin: { top: '14mm', bottom: '14mm', left: '14mm', right: '14mm' },
            }),
            'mencetak',
          );
          return Buffer.from(pdf);
        } finally {
          await page.close().catch(() => undefined);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        // The browser may have crashed: drop it so the next call starts a fresh one.
        const b = browser;
        browser = null;
        if (b) void b.then((x) => x.close()).catch(() => undefined);
        throw new AppError(503, [{ message: UNAVAILABLE }]);
      } finally {
        release();
      }
    },
    async warm() {
      try {
        await withTimeout(getBrowser(), 'membuka browser');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      const b = browser;
      browser = null;
      if (b) await b.then((x) => x.close()).catch(() => undefined);
    },
  };
}
