import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addDays, formatDate, todayIn } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, url, waitForText } from './helpers';

/**
 * Issue 13 in the browser as the demo inventory user (Jakarta): an order for a new batch-tracked item is received on
 * /inventory/purchase/receive with a batch number and an expiry date, then the stock is on /inventory/warehouse with
 * its batch, and the stock value still equals account 1140. The order and item are this file's own (unique code).
 */
let browser: Browser;
let page: Page;
const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
const today = todayIn('Asia/Jakarta');
const expiry = addDays(today, 45);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await signedIn(browser, 'inventory');
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await page.evaluate(
    async (m, p, b) => {
      const r = await fetch(p, {
        method: m,
        headers: { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: r.status, json: (await r.json()) as unknown };
    },
    method,
    path,
    body,
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
}

async function typeInto(selector: string, text: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

describe('inventory: receive a purchase with batches and see the stock', () => {
  it('receives the order with a batch and expiry, and the stock appears with its batch', async () => {
    const item = await rest<{ data: { id: number } }>('POST', '/api/master/item', {
      code,
      name: `Obat Uji ${code}`,
      unit: 'tablet',
      purchase_unit: 'box',
      conversion: 10,
      track_batch: true,
      selling_price: 2000,
    });
    const warehouses = await rest<{ data: { id: number; kind: string }[] }>('GET', '/api/inventory/warehouse?status=1');
    const vendors = await rest<{ data: { id: number }[] }>('GET', '/api/inventory/vendor?status=1');
    const apotek = warehouses.data.find((w) => w.kind === 'apotek')!.id;
    const order = await rest<{ data: { id: number; code: string } }>('POST', '/api/inventory/purchase', {
      vendor: vendors.data[0].id,
      warehouse: apotek,
      items: [{ item: item.data.id, qty: 3, price: 15000 }],
    });

    await page.goto(url(`/inventory/purchase/receive?id=${order.data.id}`), { waitUntil: 'domcontentloaded' });
    try {
      await waitForText(page, order.data.code);
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
    await waitForText(page, 'Rp30.000,00');
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

    const detail = await rest<{ data: { status: number; items: { received: number }[] } }>(
      'GET',
      `/api/inventory/purchase/${order.data.id}`,
    );
    expect(detail.data).toMatchObject({ status: 2, items: [{ received: 2 }] });
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
      const saved = await rest<{ data: { code: string; npwp: string | null }[] }>(
        'GET',
        `/api/inventory/vendor?keyword=V-${code}`,
      );
      expect(saved.data).toMatchObject([{ code: `V-${code}`, npwp: '012345678901000' }]);

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
    } finally {
      page.off('request', onRequest);
    }
  });
});
