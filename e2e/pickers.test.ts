import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import type { RoleName } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, signedIn, url } from './helpers';
import { newBranch, type Branch, type Patient } from './factory';
import { doctorOnDuty } from './fixtures/desk';

/**
 * Issue 26 item 1 in the browser, in this file's own branch: the patient picked is the patient typed. In every
 * patient picker (reservation, visit registration, medical records, package purchase, a patient's packages) a NO RM.
 * or a name is typed at once and Enter pressed, as a barcode scanner or a fast receptionist does, while the search
 * for that text is held back (request interception): the unfiltered list shown meanwhile starts with Ani, and Enter
 * must wait for the answer and pick Eko.
 */
let browser: Browser;
let clinic: Branch;
let ani: Patient;
let eko: Patient;

beforeAll(async () => {
  clinic = await newBranch('pickers', { roles: ['admin', 'dokter'] });
  await doctorOnDuty(clinic);
  // Ani sorts first in the unfiltered list; Eko is the one typed.
  ani = await clinic.patient({ name: clinic.unique('Ani Maharani') });
  eko = await clinic.patient({ name: clinic.unique('Eko Saputra') });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The value of a search request's keyword (REST `keyword=`, tRPC `"keyword":"..."`), '' when none. */
function keywordOf(req: HTTPRequest): string {
  const u = decodeURIComponent(req.url());
  if (!/searchCustomers|searchcustomer|\/api\/users\?/.test(u)) return '';
  return /keyword=([^&]+)/.exec(u)?.[1] ?? /"keyword":"([^"]+)"/.exec(u)?.[1] ?? '';
}

type SlowSearch = Awaited<ReturnType<typeof slowSearch>>;

/** Holds every patient search with a keyword until released: the server that has not answered yet. */
async function slowSearch(page: Page) {
  const held: HTTPRequest[] = [];
  let holding = false;
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    if (req.isInterceptResolutionHandled()) return;
    if (holding && keywordOf(req)) held.push(req);
    else void req.continue();
  });
  return {
    hold: () => (holding = true),
    held: () => held.length,
    release: async () => {
      holding = false;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

interface Picker {
  name: string;
  role: RoleName;
  trigger: string;
  /** Minimum characters before the picker searches (no unfiltered list below it). */
  minChars?: number;
  open: (page: Page) => Promise<void>;
}

async function clickButton(page: Page, text: string): Promise<void> {
  const b = await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLButtonElement>('button')].find((x) => x.innerText.trim() === t) ?? null,
    {},
    text,
  );
  await (b.asElement() as ElementHandle<HTMLButtonElement>).click();
}

const PICKERS: Picker[] = [
  {
    name: 'Reservasi (Jadwal Registrasi)',
    role: 'admin',
    trigger: '#book-patient',
    async open(page) {
      await page.goto(url('/service/registration/schedule'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid=schedule-calendar] .rbc-calendar');
      // Today's slots may be over (late in the branch's day): forward day by day until a free slot shows.
      for (let i = 0; i < 4; i++) {
        const found = await page
          .waitForSelector('[data-testid^="slot-"][data-available=true]', { timeout: 4000 })
          .catch(() => null);
        if (found) break;
        await clickButton(page, 'Berikutnya');
      }
      await page.evaluate(() =>
        (
          document.querySelector('[data-testid^="slot-"][data-available=true]')!.closest('.rbc-event') as HTMLElement
        ).click(),
      );
      await page.waitForSelector('[data-testid=book-dialog]');
    },
  },
  {
    name: 'Daftar Kunjungan',
    role: 'admin',
    trigger: '#visit-customer',
    async open(page) {
      await page.goto(url('/service/visit'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid=register-visit]');
      await page.click('[data-testid=register-visit]');
      await page.waitForSelector('[data-testid=register-visit-dialog]');
    },
  },
  {
    name: 'Rekam Medis',
    role: 'dokter',
    trigger: '#rm-patient-search',
    minChars: 2,
    async open(page) {
      await page.goto(url('/service/rekammedis'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#rm-patient-search');
    },
  },
  {
    name: 'Pembelian Paket (Pasien Lama)',
    role: 'admin',
    trigger: '#wizard-patient',
    async open(page) {
      await page.goto(url('/paket/sales'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid=daftar-paket]');
      await page.click('[data-testid=daftar-paket]');
      await page.waitForSelector('[data-testid=purchase-wizard]');
      await clickButton(page, 'Pasien Lama');
      await page.waitForSelector('#wizard-patient');
    },
  },
  {
    name: 'Paket Pasien',
    role: 'admin',
    trigger: '#paket-patient',
    async open(page) {
      await page.goto(url('/service/paket'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('#paket-patient');
    },
  },
];

const shown = (page: Page, trigger: string) => page.$eval(trigger, (e) => (e as HTMLElement).innerText.trim());

/**
 * Types `text` into the picker at once and presses Enter while its search is held; then lets the server answer.
 * `from`: 'click' opens the list first (the unfiltered list shows, Ani on top); 'key' types on the closed field.
 */
async function typeAndEnter(
  page: Page,
  search: SlowSearch,
  p: Picker,
  text: string,
  from: 'click' | 'key',
): Promise<string> {
  await p.open(page);
  search.hold();
  if (from === 'click') {
    await page.click(p.trigger);
    if (!p.minChars) {
      // The list before anything is typed: the branch's first patients, Ani first.
      const first = await page.waitForFunction(() => document.querySelector<HTMLElement>('[role=option]')?.innerText);
      expect(await first.jsonValue()).toContain(ani.name);
    }
    await page.waitForFunction(
      () => document.activeElement?.tagName === 'INPUT' && !!document.querySelector('[role=listbox]'),
    );
  } else {
    await page.focus(p.trigger);
  }
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  // Enter came before the answer: the search for the text is on its way (held), or the list closed on something.
  await vi.waitFor(
    async () => {
      const closed = await page.evaluate(() => !document.querySelector('[role=listbox]'));
      if (!closed && search.held() === 0) throw new Error('the search for the typed text has not been sent');
    },
    { timeout: 10_000, interval: 50 },
  );
  await search.release();
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
  return shown(page, p.trigger);
}

describe('the patient picked is the patient typed (issue 26 item 1)', () => {
  for (const p of PICKERS) {
    it(`${p.name}: a NO RM. and a name typed fast with Enter pick that patient`, async () => {
      const page = await signedIn(browser, clinic.as(p.role));
      try {
        const search = await slowSearch(page);
        const picked = `${eko.name} (${eko.username})`;
        expect(await typeAndEnter(page, search, p, eko.username, 'click')).toBe(picked);
        expect(await typeAndEnter(page, search, p, eko.name, 'key')).toBe(picked);
      } finally {
        await closePage(page);
      }
    });
  }
});
