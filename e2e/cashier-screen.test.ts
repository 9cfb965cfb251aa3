import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import type { RoleName } from '../packages/shared/src/index.js';
import { formatRupiah } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, url, waitForText, callIn as call } from './helpers';
import { newBranch, type Branch, type Patient } from './factory';
import { finishedVisit, openTill, pharmacy, registration, type FinishedVisit } from './fixtures/kasir';

/**
 * Issue 26 item 4 in the browser, in this file's own branch: the cashier can trust the screen. Every payment panel
 * (visit bill, settlement, instalment, general sale) and every form the main pages open shows no error before
 * anything is sent; the till's header gives the cash expected in the drawer (float plus net cash) with the other
 * methods apart; the close dialog counts blind; the bill's 'Jumlah' is the line after its discount; after paying the
 * status says 'Lunas' and the dialog offers the next patient.
 */
let browser: Browser;
let clinic: Branch;
let first: Patient;
let second: Patient;
let firstVisit: FinishedVisit;
let partVisit: FinishedVisit;
let instalmentCode: string;
const FLOAT = 500_000;
const PRICE = 300_000;
const PART_TRANSFER = 100_000;

beforeAll(async () => {
  clinic = await newBranch('layarkasir', { roles: ['admin', 'finance', 'inventory', 'dokter', 'manager'] });
  await clinic.openPeriod();
  await pharmacy(clinic, [{ name: 'Serum Layar Uji', price: 95_000, cost: 45_000, qty: 20 }]);
  const facial = await clinic.procedure({ name: 'Facial Layar', price: PRICE });
  first = await clinic.patient({ name: clinic.unique('Ani Kasir') });
  second = await clinic.patient({ name: clinic.unique('Budi Berikutnya') });
  firstVisit = await finishedVisit(clinic, first, { treatments: [facial] });
  await finishedVisit(clinic, second, { treatments: [facial] });
  partVisit = await finishedVisit(clinic, await clinic.patient({ name: clinic.unique('Citra Sebagian') }), {
    treatments: [facial],
  });
  const paket = await clinic.paket({ price: 1_000_000, installments: { dp: 200_000, count: 4 } });
  instalmentCode = (await registration(clinic, await clinic.patient({ name: clinic.unique('Dewi Cicil') }), paket.id))
    .code;
  await openTill(clinic, FLOAT);
  // A part payment by transfer: a settlement to open, and non-cash takings the drawer does not hold.
  const admin = await clinic.api('admin');
  const methods = await admin.data<{ id: number; type: string }[]>('GET', '/api/kasir/method');
  const transfer = methods.find((m) => m.type === 'transfer')!.id;
  await admin.data('POST', '/api/kasir/payment', {
    visit: partVisit.id,
    use_paket: false,
    payments: [{ method: transfer, amount: PART_TRANSFER }],
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The error boxes on the page (ErrorList and the fields' messages both have role=alert). */
const alerts = (page: Page) =>
  page.$$eval('[role=alert]', (els) => els.map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean));

async function clickButton(page: Page, text: string, scope = 'body'): Promise<void> {
  const b = await page.waitForFunction(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find(
        (x) => x.innerText.trim() === t && !x.disabled,
      ) ?? null,
    {},
    text,
    scope,
  );
  await (b.asElement() as unknown as { click(): Promise<void> }).click();
}

/** Opens the queue row's bill (its button 'Bayar' or 'Lunasi'). */
async function openBill(page: Page, code: string, label: string): Promise<void> {
  await page.waitForFunction(
    (c, l) =>
      [...document.querySelectorAll('tr')].some(
        (tr) => tr.textContent?.includes(c) && [...tr.querySelectorAll('button')].some((b) => b.innerText.trim() === l),
      ),
    {},
    code,
    label,
  );
  await page.evaluate(
    (c, l) =>
      [...document.querySelectorAll('tr')]
        .find((tr) => tr.textContent?.includes(c))!
        .querySelectorAll('button')
        .forEach((b) => (b.innerText.trim() === l ? b.click() : undefined)),
    code,
    label,
  );
  await page.waitForSelector('[data-testid=bill-panel]');
}

describe('the cashier can trust the screen (issue 26 item 4)', () => {
  it('opens every payment panel with no error shown', async () => {
    const page = await signedIn(browser, clinic.as('admin'), 'large', { at: '/kasir/payment' });
    try {
      await page.waitForSelector('[data-testid=session-bar]');
      // Visit bill.
      await openBill(page, firstVisit.code, 'Bayar');
      await page.waitForSelector('[data-testid=bill-panel] form');
      expect(await alerts(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      // Settlement of a part-paid bill ('Belum Lunas' lists receivables of every date).
      await page.evaluate(() => document.querySelector<HTMLInputElement>('#queue-keyword')?.focus());
      await page.type('#queue-keyword', partVisit.code);
      await openBill(page, partVisit.code, 'Lunasi');
      await page.waitForSelector('[data-testid=settle-panel]');
      expect(await alerts(page)).toEqual([]);
      await screenshot(page, 'kasir-settle-open');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
      // Instalment.
      await clickButton(page, 'Cicilan Paket');
      await page.waitForSelector('#cicilan-keyword');
      await page.type('#cicilan-keyword', instalmentCode);
      await waitForText(page, instalmentCode);
      await clickButton(page, 'Bayar');
      await page.waitForSelector('[data-testid=cicilan-form]');
      expect(await alerts(page)).toEqual([]);
      await page.keyboard.press('Escape');
      // General sale.
      await page.goto(url('/kasir/sales'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid=sales-cart]');
      await page.waitForFunction(() => !!document.querySelector('[data-testid=sales-cart] button[type=submit]'));
      expect(await alerts(page)).toEqual([]);
      await screenshot(page, 'kasir-sales-open');
    } finally {
      await closePage(page);
    }
  });

  it("shows the discounted 'Jumlah', says 'Lunas' after paying, offers the next patient; the till counts blind", async () => {
    const page = await signedIn(browser, clinic.as('admin'), 'large', { at: '/kasir/payment' });
    try {
      await page.waitForSelector('[data-testid=session-bar]');
      const methods = (await call(page, 'GET', '/api/kasir/method')).body.data as { id: number; type: string }[];
      const cash = methods.find((m) => m.type === 'tunai')!.id;
      await openBill(page, firstVisit.code, 'Bayar');
      const discount = 20_000; // within the branch's 10% limit (more waits for approval)
      await page.waitForSelector('[data-testid=bill-panel] input[aria-label^="Diskon "]');
      await page.type('[data-testid=bill-panel] input[aria-label^="Diskon "]', String(discount));
      const jumlah = formatRupiah(PRICE - discount);
      await page.waitForFunction(
        (j) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=bill-panel] tbody tr')].some((tr) =>
            tr.innerText.includes(j),
          ),
        {},
        jumlah,
      );
      expect(await page.$eval('[data-testid=bill-total]', (e) => e.textContent)).toBe(jumlah);
      await page.waitForSelector('select[aria-label="Metode pembayaran 1"] option[value="' + cash + '"]');
      await page.select('select[aria-label="Metode pembayaran 1"]', String(cash));
      await page.type('input[aria-label="Jumlah pembayaran 1"]', String(PRICE - discount));
      await clickButton(page, 'Bayar', '[data-testid=bill-panel]');
      await page.waitForSelector('[data-testid=paid-card]');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=bill-panel] [data-testid=pay-status]')?.textContent === 'Lunas',
      );
      const next = await page.waitForSelector('[data-testid=bill-next]');
      expect(await next!.evaluate((e) => (e as HTMLElement).innerText)).toContain(second.name);
      await screenshot(page, 'kasir-bill-lunas-next');
      await next!.click();
      await page.waitForFunction(
        (n) => document.querySelector<HTMLElement>('[data-testid=bill-panel]')?.innerText.includes(n),
        {},
        second.name,
      );
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role=dialog]'));

      // The drawer: the float plus the cash taken; the transfer apart.
      const inDrawer = formatRupiah(FLOAT + PRICE - discount);
      await page.waitForFunction(
        (v) => document.querySelector('[data-testid=session-in-drawer]')?.textContent === v,
        {},
        inDrawer,
      );
      expect(await page.$eval('[data-testid=session-non-cash]', (e) => e.textContent)).toContain(
        formatRupiah(PART_TRANSFER),
      );
      // Closing: counted blind, the expected amount shows once the count is typed.
      await clickButton(page, 'Tutup Kasir');
      await page.waitForSelector(`#count-${cash}`);
      const dialogText = () => page.$eval('[role=dialog]', (e) => (e as HTMLElement).innerText);
      expect(await dialogText()).not.toContain(inDrawer);
      expect(await dialogText()).not.toMatch(/Diharapkan Rp/);
      expect(await alerts(page)).toEqual([]);
      await page.type(`#count-${cash}`, String(FLOAT + PRICE - discount - 10_000));
      await page.waitForFunction(
        (v) => document.querySelector<HTMLElement>('[role=dialog]')?.innerText.includes(`Diharapkan ${v}`),
        {},
        inDrawer,
      );
      expect(await dialogText()).toContain(formatRupiah(-10_000));
      await screenshot(page, 'kasir-close-blind');
    } finally {
      await closePage(page);
    }
  });

  /** Pages with forms, per role of the branch; every button that opens a form is clicked. */
  const PAGES: [RoleName, string[]][] = [
    [
      'admin',
      [
        '/service/visit',
        '/service/reservasi',
        '/service/master/tindakanmedis',
        '/paket/promosi',
        '/paket/sales',
        '/kasir/payment',
        '/kasir/sales',
      ],
    ],
    [
      'finance',
      [
        '/finance/master/akun',
        '/finance/laporan/jurnal',
        '/finance/hutang/transaction',
        '/finance/master/pajak',
        '/finance/master/paymentmethod',
      ],
    ],
    [
      'inventory',
      ['/inventory/master/item', '/inventory/master/vendor', '/inventory/warehouse', '/inventory/purchase'],
    ],
    ['manager', ['/master/users', '/attendance/employees']],
  ];
  const OPENER = /^(Tambah|Buat|Input|Daftar|Registrasi)|Baru$/;

  for (const [role, routes] of PAGES) {
    it(`the forms of the main pages open with no error shown (${role})`, async () => {
      const page = await signedIn(browser, clinic.as(role));
      let opened = 0;
      try {
        for (const route of routes) {
          await page.goto(url(route), { waitUntil: 'domcontentloaded' });
          await page.waitForFunction(() => !!document.querySelector('main h1, main h2'));
          const openers = await page.$$eval(
            'main button',
            (bs, re) => bs.map((b) => b.innerText.trim()).filter((t) => new RegExp(re).test(t) && t.length < 40),
            OPENER.source,
          );
          for (const label of [...new Set(openers)]) {
            await clickButton(page, label, 'main');
            const dialog = await page
              .waitForSelector('[role=dialog]', { timeout: 3000 })
              .then(() => true)
              .catch(() => false);
            await page.waitForFunction(() => !document.querySelector('[role=dialog] .animate-pulse'));
            expect(await alerts(page), `${route} '${label}'`).toEqual([]);
            if (dialog) {
              opened++;
              await page.keyboard.press('Escape');
              await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
            } else {
              await page.goto(url(route), { waitUntil: 'domcontentloaded' });
              await page.waitForFunction(() => !!document.querySelector('main h1, main h2'));
            }
          }
          expect(await alerts(page), route).toEqual([]);
        }
        // The walk opened forms (a page whose buttons were renamed would otherwise pass unseen).
        expect(opened).toBeGreaterThan(0);
      } finally {
        await closePage(page);
      }
    });
  }
});
