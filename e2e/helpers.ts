/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { expect, inject, vi } from 'vitest';

export const OUTPUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'output');
export const PASSWORD = 'klinik123';

export const VIEWPORTS = {
  small: { width: 375, height: 812 },
  medium: { width: 768, height: 1024 },
  large: { width: 1280, height: 800 },
  /** The phone size issue 16 checks. */
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function url(p: string): string {
  return baseUrl() + p;
}

/** `lang` is the browser's language (issue 16 checks the app in an English browser: 'en-US'). */
export async function launchBrowser(lang = 'id-ID'): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--lang=${lang}`,
    ],
  });
}

export async function setViewport(page: Page, name: ViewportName): Promise<void> {
  await page.setViewport(VIEWPORTS[name]);
}

/**
 * How far the page scrolls sideways, measured once the layout has settled. A resize re-renders the responsive parts
 * (tables become cards, the menu becomes the bottom bar) a frame or more after `innerWidth` changes; on a loaded CI
 * machine a measure taken at once saw the large layout (124 px over at 360 px). So the width is read after two
 * animation frames in a row give the same value, at most 3 s; the value is returned, not a pass, so a page that
 * really scrolls still fails its test.
 */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const measure = () => document.documentElement.scrollWidth - window.innerWidth;
    const until = performance.now() + 3000;
    let last = measure();
    while (performance.now() < until) {
      await frame();
      await frame();
      const now = measure();
      if (now === last && now <= 1) return now;
      last = now;
    }
    return last;
  });
}

/** A page in its own browser context (own cookies), so several users can be signed in side by side. */
export async function freshPage(browser: Browser, viewport: ViewportName = 'large'): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const refused: string[] = [];
  cspViolations.set(page, refused);
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await setViewport(page, viewport);
  return page;
}

/** What the Content-Security-Policy refused on each page (issue 8): the app must work under it, so none. */
const cspViolations = new WeakMap<Page, string[]>();

export async function closePage(page: Page): Promise<void> {
  const refused = cspViolations.get(page) ?? [];
  await page.browserContext().close();
  if (refused.length) throw new Error(`Content-Security-Policy refused: ${refused.join(' | ')}`);
}

/** Fills the login form of the current page (navigating to /login when elsewhere) and waits for the app. */
export async function login(page: Page, username: string, password = PASSWORD): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login'))
    await page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#username');
  await page.type('#username', username);
  await page.type('#password', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForFunction(() => !location.pathname.startsWith('/login'));
}

/** An account to sign in with: a file's own (e2e/factory.ts `branch.as(role)`). */
export interface Credentials {
  username: string;
  password: string;
}

/**
 * A fresh page (own browser context, so own cookies) signed in as the user (a demo username, or a file's own
 * account from e2e/factory.ts), waiting for the app's layout
 * (`layout: false` only waits for the login page to be left). The one way test files sign in.
 */
export async function signedIn(
  browser: Browser,
  who: string | Credentials,
  viewport: ViewportName = 'large',
  opts: { password?: string; layout?: boolean } = {},
): Promise<Page> {
  const page = await freshPage(browser, viewport);
  await page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
  if (typeof who === 'string') await login(page, who, opts.password);
  else await login(page, who.username, who.password);
  if (opts.layout !== false) await page.waitForSelector('[data-layout]');
  return page;
}

/**
 * A request made by the page itself (its session cookie, its origin, as the app's own fetches are): the status and
 * the body, parsed as JSON when it is JSON (else its text; null when empty). For fixtures use e2e/factory.ts's `Api`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are read by shape in the tests
export async function callIn<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async (m, u, b) => {
      const r = await fetch(u, {
        method: m,
        headers: b === null ? {} : { 'content-type': 'application/json' },
        body: b === null ? undefined : JSON.stringify(b),
      });
      const text = await r.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: r.status, body: parsed as never };
    },
    method,
    path,
    body ?? null,
  );
}

/** The first enabled button in `scope` whose visible text is exactly `text`, once there is one. */
export async function enabledButton(
  page: Page,
  scope: string,
  text: string,
): Promise<ElementHandle<HTMLButtonElement>> {
  const handle = await page.waitForFunction(
    (s, t) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find(
        (b) => b.innerText.trim() === t && !b.disabled,
      ) ?? null,
    {},
    scope,
    text,
  );
  return handle.asElement() as ElementHandle<HTMLButtonElement>;
}

interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  worksheets: { name: string; rowCount: number; getRow(n: number): { values: unknown[] } }[];
}
// exceljs is the web app's dependency: borrowed to read exported files back.
const ExcelJS = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/package.json'))(
  'exceljs',
) as { Workbook: new () => Workbook };

/** An exported .xlsx file read back (its sheets, rows and cells). */
export async function readWorkbook(file: string): Promise<Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

/** Waits until the page shows the text somewhere. */
/**
 * Replaces what a text field holds with `text` as a user does (select all, delete, type), so a controlled input's
 * state changes with it: setting the DOM value by script is undone by the next render of the field (a refetch under
 * load), and the typed text then lands after the old one. Waits until the field shows exactly `text`.
 */
export async function retype(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.waitForFunction((s) => document.querySelector<HTMLInputElement>(s)?.value === '', {}, selector);
  await page.type(selector, text);
  await page.waitForFunction((s, t) => document.querySelector<HTMLInputElement>(s)?.value === t, {}, selector, text);
}

export async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), {}, text);
}

export async function bodyText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

export async function pathname(page: Page): Promise<string> {
  return new URL(page.url()).pathname;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The path of a file the browser downloaded into `dir` (its name, or the first name `match` accepts), once it is
 * complete: no download in progress in the folder (Chromium's `.crdownload`), not empty, and its size unchanged
 * since the previous look (Chromium may create the file before it has written it).
 */
export async function downloadedFile(
  dir: string,
  match: string | ((name: string) => boolean),
  timeout = 15_000,
): Promise<string> {
  const accept = typeof match === 'string' ? (n: string) => n === match : match;
  let lastSize = -1;
  return vi.waitFor(
    () => {
      const names = fs.readdirSync(dir);
      const name = names.find(accept);
      expect(name, 'file downloaded').toBeDefined();
      expect(
        names.some((n) => n.endsWith('.crdownload')),
        'download finished',
      ).toBe(false);
      const file = path.join(dir, name!);
      const size = fs.statSync(file).size;
      const settled = size > 0 && size === lastSize;
      lastSize = size;
      expect(settled, `${name} written (${size} bytes)`).toBe(true);
      return file;
    },
    { timeout, interval: 100 },
  );
}
