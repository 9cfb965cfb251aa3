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

/** Debian's package `chromium-headless-shell`: the same Blink and V8 as /usr/bin/chromium without the browser around. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the e2e files. By default Chromium's headless shell when it is installed (`.ci/run` installs it):
 * the same engine, a quarter less CPU per page than the full browser in headless mode, which matters on a 2-core
 * machine where the suite's time is the browsers' CPU (docs/decisions.md "Test suite time"). The shell has no PDF
 * viewer (a PDF opened in a tab or a frame is a download there), so a file that checks a PDF shown in the browser asks
 * for `pdfViewer` and gets the full browser (`CHROMIUM_PATH` or /usr/bin/chromium). `E2E_CHROMIUM_PATH` chooses the
 * browser for every file (e.g. the full one: `E2E_CHROMIUM_PATH=/usr/bin/chromium`).
 * `lang` is the browser's language (issue 16 checks the app in an English browser: 'en-US').
 */
export async function launchBrowser(lang = 'id-ID', opts: { pdfViewer?: boolean } = {}): Promise<Browser> {
  const full = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const executablePath =
    process.env.E2E_CHROMIUM_PATH || (!opts.pdfViewer && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : full);
  return puppeteer.launch({
    executablePath,
    headless: executablePath.endsWith('headless-shell') ? 'shell' : true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--lang=${lang}`,
      // Interpreted and baseline code only: a test's page lives seconds, too short for the optimizing compilers to pay
      // back their compile time (the access walk: about 12% less CPU). The code's meaning is the same in every tier.
      '--js-flags=--no-opt --no-maglev',
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
 * A sign-in through the API (the login form's own call): the answer's Set-Cookie headers. Used for a browser
 * context's cookie (`signedIn`) and for the REST clients of e2e/factory.ts (`Api.signIn`).
 */
export async function signInCookies(username: string, password = PASSWORD): Promise<string[]> {
  const res = await fetch(url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${username} refused: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie();
}

/** The session cookie of a sign-in through the API, for a browser context. */
async function sessionCookie(username: string, password: string) {
  const [set] = await signInCookies(username, password);
  const [pair, ...attrs] = set.split(';').map((x) => x.trim());
  const eq = pair.indexOf('=');
  const has = (a: string) => attrs.some((x) => x.toLowerCase() === a);
  const sameSite = attrs.find((x) => x.toLowerCase().startsWith('samesite='))?.split('=')[1];
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    domain: new URL(baseUrl()).hostname,
    path: '/',
    httpOnly: has('httponly'),
    secure: has('secure'),
    ...(sameSite
      ? { sameSite: (sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase()) as 'Lax' | 'Strict' }
      : {}),
  };
}

/**
 * A fresh page (own browser context, so own cookies) signed in as the user (a demo username, or a file's own
 * account from e2e/factory.ts), showing `at` once its page has mounted (default `/`, the app's first page, once the
 * layout is drawn).
 * The one way test files sign in. The session comes from the login form's own call (POST /api/auth/login) and its
 * cookie is given to the context, so a test does not pay for drawing the login page and the dashboard before the
 * page it is about (the browsers' CPU is most of the suite's time); e2e/shell.test.ts tests the login form itself.
 * `layout: false` signs in through the form and only waits for the login page to be left (pages without the clinic
 * layout: the Backoffice, the admin panel).
 */
export async function signedIn(
  browser: Browser,
  who: string | Credentials,
  viewport: ViewportName = 'large',
  opts: { password?: string; layout?: boolean; at?: string } = {},
): Promise<Page> {
  const { username, password } = typeof who === 'string' ? { username: who, password: opts.password ?? PASSWORD } : who;
  const page = await freshPage(browser, viewport);
  if (opts.layout === false) {
    await page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
    await login(page, username, password);
    return page;
  }
  await page.browserContext().setCookie(await sessionCookie(username, password));
  await page.goto(url(opts.at ?? '/'), { waitUntil: 'domcontentloaded' });
  // The app's first page has the clinic layout; a page named by `at` has mounted (app/page-shown.tsx): some have
  // another layout (the Backoffice) or none (the queue display).
  await page.waitForSelector(opts.at ? 'html[data-page]' : '[data-layout]');
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
/** An exported .xlsx file read back (its sheets, rows and cells). */
export async function readWorkbook(file: string): Promise<Workbook> {
  // exceljs is the web app's dependency: borrowed to read exported files back, loaded by the files that do (loading
  // it takes about a second of CPU, which every e2e file paid when it was loaded with the helpers).
  const ExcelJS = createRequire(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../packages/web/package.json'),
  )('exceljs') as { Workbook: new () => Workbook };
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
