import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addDays, formatDate } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, url, waitForText } from './helpers';
import { newBranch, type Api, type Branch } from './factory';
import { item, purchaseOrder, vendor, warehouse } from './fixtures/stock';

/**
 * Issue 13 in the browser as the inventory account of this file's own branch ('inventaris': inventory, finance;
 * e2e/factory.ts, fixtures in e2e/fixtures/stock.ts), which keeps books (its finance period is open) and has an
 * apotek and a vendor: an order for a new batch-tracked item is received on /inventory/purchase/receive with a batch
 * number and an expiry date, then the stock is on /inventory/warehouse with its batch, and the stock value still
 * equals account 1140. Then the vendor and order forms check the shared schema next to the fields.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let api: Api;
let order: { id: number; code: string };
const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
let expiry: string;

beforeAll(async () => {
  clinic = await newBranch('inventaris', { roles: ['inventory', 'finance'] });
  await clinic.openPeriod();
  api = await clinic.api('inventory');
  expiry = addDays(clinic.today(), 45);
  const [apotek, from, obat] = await Promise.all([
    warehouse(clinic, 'apotek'),
    vendor(clinic),
    item(clinic, {
      code,
      name: `Obat Uji ${code}`,
      unit: 'tablet',
      purchase_unit: 'box',
      conversion: 10,
      track_batch: true,
      selling_price: 2000,
    }),
  ]);
  order = await purchaseOrder(clinic, { warehouse: apotek, item: obat, vendor: from, boxes: 3, price: 15000 });
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('inventory'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

async function typeInto(selector: string, text: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

describe('inventory: receive a purchase with batches and see the stock', () => {
  it('receives the order with a batch and expiry, and the stock appears with its batch', async () => {
    await page.goto(url(`/inventory/purchase/receive?id=${order.id}`), { waitUntil: 'domcontentloaded' });
    try {
      await waitForText(page, order.code);
    } catch (e) {
      await screenshot(page, 'inventory-receive-failed');
      throw new Error(`${String(e)}\n${await page.evaluate(() => document.body.innerText)}`);
    }
    await page.waitForSelector('#rcv-batch-0');
    // Submitting without the batch is refused next to the field.
    await page.click('button[type=submit]');
    await waitForText(page, 'Nomor batch wajib diisi');
    await typeInto('#rcv-qty-0', '2');
    await typeInto('#rcv-batch-0', `b-${code}`);
    await typeInto('#rcv-exp-0', expiry.split('-').reverse().join('/'));
    await page.keyboard.press('Tab');
    await page.click('button[type=submit]');
    try {
      await waitForText(page, 'Penerimaan RCV/');
    } catch (e) {
      throw new Error(`${String(e)}\n${await page.evaluate(() => document.body.innerText)}`);
    }
    await waitForText(page, 'Rp30.000');
    await screenshot(page, 'inventory-receive');

    await page.goto(url('/inventory/warehouse'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('input[aria-label="Cari"]');
    await page.type('input[aria-label="Cari"]', code);
    await waitForText(page, `B-${code}`);
    await waitForText(page, '20 tablet');
    await waitForText(page, formatDate(expiry));
    const value = await page.$eval('[data-testid="stock-value-total"]', (el) => (el as HTMLElement).innerText);
    expect(value).toContain('(sesuai)');
    await screenshot(page, 'inventory-stock');

    const detail = await api.data<{ status: number; items: { received: number }[] }>(
      'GET',
      `/api/inventory/purchase/${order.id}`,
    );
    expect(detail).toMatchObject({ status: 2, items: [{ received: 2 }] });
  });
});

describe('inventory: master and order forms check the shared schema next to the fields', () => {
  it('the vendor dialog refuses a bad NPWP before sending, then saves; the order form asks for an item', async () => {
    const posts: string[] = [];
    const onRequest = (r: { method: () => string; url: () => string }) => {
      if (r.method() !== 'GET' && r.url().includes('/api/inventory/')) posts.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(url('/inventory/master/vendor'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('input[aria-label="Cari"]');
      const add = await page.waitForSelector('xpath/.//button[contains(., "Tambah")]');
      await add!.click();
      await page.waitForSelector('#m-code');
      await typeInto('#m-name', `Vendor ${code}`);
      await typeInto('#m-npwp', '123');
      await page.click('[role=dialog] button[type=submit]');
      await waitForText(page, 'Kode wajib diisi');
      await waitForText(page, 'NPWP harus 15 atau 16 digit angka');
      expect(posts).toEqual([]);
      await typeInto('#m-code', `v-${code}`);
      await typeInto('#m-npwp', '01.234.567.8-901.000');
      await page.click('[role=dialog] button[type=submit]');
      await waitForText(page, 'Aksi Sukses');
      expect(posts).toHaveLength(1);
      const saved = await api.data<{ code: string; npwp: string | null }[]>(
        'GET',
        `/api/inventory/vendor?keyword=V-${code}`,
      );
      expect(saved).toMatchObject([{ code: `V-${code}`, npwp: '012345678901000' }]);

      posts.length = 0;
      await page.goto(url('/inventory/purchase'), { waitUntil: 'domcontentloaded' });
      const order = await page.waitForSelector('xpath/.//button[contains(., "Pesanan Baru")]');
      await order!.click();
      await page.waitForSelector('#po-qty-0');
      await typeInto('#po-qty-0', '0');
      // Leaving the field shows its error first (the form checks fields when touched), then the submit checks all.
      await page.keyboard.press('Tab');
      await waitForText(page, 'Jumlah harus bilangan bulat lebih dari 0');
      await page.click('[role=dialog] button[type=submit]');
      try {
        await waitForText(page, 'Vendor wajib dipilih');
      } catch (e) {
        await screenshot(page, 'inventory-order-invalid-failed');
        throw new Error(`${String(e)}\n${await page.evaluate(() => document.body.innerText)}`);
      }
      await waitForText(page, 'Item wajib dipilih');
      expect(posts).toEqual([]);

      // Issue 26 item 7: choosing an item takes the line's error away, and a line added after it starts clean.
      const itemErrors = () =>
        page.$$eval('[role=dialog] *', (els) => els.filter((e) => e.textContent === 'Item wajib dipilih').length);
      await page.click('#po-item-0');
      await page.keyboard.type(code);
      await page.waitForFunction(
        (c) => {
          const o = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((e) => e.innerText.includes(c));
          if (!o || document.querySelector('[role=listbox] .animate-spin')) return false;
          o.click();
          return true;
        },
        {},
        code,
      );
      await page.waitForFunction(
        () => ![...document.querySelectorAll('[role=dialog] *')].some((e) => e.textContent === 'Item wajib dipilih'),
      );
      const addLine = await page.waitForSelector('xpath/.//button[contains(., "Tambah Item")]');
      await addLine!.click();
      // Adding the line checks the list at once (before the fix the new line said 'Item wajib dipilih' from then on);
      // typing its quantity comes after that check.
      await typeInto('#po-qty-1', '2');
      await page.keyboard.press('Tab');
      expect(await itemErrors()).toBe(0);
    } finally {
      page.off('request', onRequest);
    }
  });
});
