import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import {
  closePage,
  enabledButton,
  launchBrowser,
  screenshot,
  sidewaysScroll,
  signedIn,
  url,
  waitForText,
} from './helpers';
import { newBranch, type Branch } from './factory';
import { item, stockIn, vendor, warehouse } from './fixtures/stock';

/**
 * Issue 28 items 2 and 3 in the browser as finance of this file's own branch: a vendor owed for a received purchase
 * (an open item on 2101) is paid from its party page /finance/hutang/actor/vendor with 'Bayar'; the item shows
 * 'Lunas', the payment is listed on /finance/hutang/transaction, and the statement PDF (Kartu Hutang) read back with
 * pdftotext names the payment's code. The pages fit a 360 px phone without sideways scroll.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let supplier: { id: number; code: string };
let second: { id: number; code: string };
const supplierName = `PT Farmasi Hutang ${Date.now().toString(36)}`;
const secondName = `CV Alkes Sebagian ${Date.now().toString(36)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-hutang-'));

interface ItemRow {
  id: number;
  party: number;
  party_name: string;
  source_type: string;
  amount: number;
  paid: number;
  outstanding: number;
  status: string;
  akun: string;
}

beforeAll(async () => {
  clinic = await newBranch('hutang', { roles: ['inventory', 'finance'] });
  await clinic.openPeriod();
  const [apotek, obat] = await Promise.all([warehouse(clinic, 'apotek'), item(clinic)]);
  supplier = await vendor(clinic, { name: supplierName });
  await stockIn(clinic, { warehouse: apotek, item: obat, vendor: supplier, boxes: 4, price: 25_000 });
  second = await vendor(clinic, { name: secondName });
  await stockIn(clinic, { warehouse: apotek, item: obat, vendor: second, boxes: 2, price: 100_000 });
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A PDF fetched with the page's session, as text (pdftotext). */
async function pdfText(p: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const bytes = Array.from(new Uint8Array(await r.arrayBuffer()));
    return { status: r.status, type: r.headers.get('content-type'), bytes };
  }, p);
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.from(res.bytes));
  const text = res.status === 200 ? execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) : '';
  return { status: res.status, type: res.type, text: text.replace(/\s+/g, ' ') };
}

describe('a vendor paid from its party page', () => {
  it('pays the open item of a received purchase, shows it paid and reads the statement PDF back', async () => {
    const fin = await clinic.api('finance');
    const before = await fin.data<ItemRow[]>('GET', `/api/finance/hutang/items?party_type=vendor&party=${supplier.id}`);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ amount: 100_000, outstanding: 100_000, status: 'open', akun: '2101' });

    await page.goto(url('/finance/hutang/actor/vendor'));
    await waitForText(page, supplierName);
    await waitForText(page, 'Rp100.000');
    const link = await page.waitForFunction(
      (n) => [...document.querySelectorAll('main a')].find((a) => a.textContent?.trim() === n) ?? null,
      {},
      supplierName,
    );
    await (link.asElement() as unknown as { click(): Promise<void> }).click();
    await waitForText(page, 'Rincian Hutang');
    await (await enabledButton(page, 'main', 'Bayar')).click();
    await page.waitForSelector(`input[data-item="${before[0].id}"]`);
    await page.click(`input[data-item="${before[0].id}"]`);
    // The amount starts at the outstanding; the method is the clinic's cash.
    expect(await page.$eval(`#pay-amount-${before[0].id}`, (el) => (el as HTMLInputElement).value)).toBe('100000');
    const cash = await page.waitForFunction(
      () =>
        [...(document.querySelector('#pay-method') as HTMLSelectElement).options].find((o) => o.text.includes('Tunai'))
          ?.value ?? null,
    );
    await page.select('#pay-method', (await cash.jsonValue()) as string);
    await (await enabledButton(page, '[role=dialog]', 'Simpan Pembayaran')).click();
    await page.waitForSelector('[data-testid=pay-result]');
    const code = await page.$eval('[data-testid=pay-result] .font-mono', (el) => el.textContent.trim());
    expect(code).toMatch(/^BYH/);
    await (await enabledButton(page, '[role=dialog]', 'Tutup')).click();
    await waitForText(page, 'Lunas');
    await waitForText(page, code);

    const after = await fin.data<ItemRow[]>('GET', `/api/finance/hutang/items?party_type=vendor&party=${supplier.id}`);
    expect(after[0]).toMatchObject({ paid: 100_000, outstanding: 0, status: 'paid' });

    const href = await page.$eval('[data-testid=statement-pdf]', (a) => (a as HTMLAnchorElement).getAttribute('href')!);
    const pdf = await pdfText(href);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(pdf.text).toContain(supplierName);
    expect(pdf.text).toContain(code);

    await page.goto(url('/finance/hutang/transaction'));
    await waitForText(page, code);
    await waitForText(page, supplierName);
  });

  it('pays part of a purchase (goods: nothing withheld) from the transaction page, then asks for its void', async () => {
    const fin = await clinic.api('finance');
    const [item] = await fin.data<ItemRow[]>('GET', `/api/finance/hutang/items?party_type=vendor&party=${second.id}`);
    expect(item).toMatchObject({ amount: 200_000, outstanding: 200_000 });
    await page.goto(url('/finance/hutang/transaction'));
    await (await enabledButton(page, 'main', 'Bayar Hutang')).click();
    await page.waitForFunction(
      (n) => [...(document.querySelector('#pay-party') as HTMLSelectElement).options].some((o) => o.text === n),
      {},
      secondName,
    );
    await page.select('#pay-party', `id:${second.id}`);
    await page.waitForSelector(`input[data-item="${item.id}"]`);
    await page.click(`input[data-item="${item.id}"]`);
    const amount = `#pay-amount-${item.id}`;
    await page.click(amount, { clickCount: 3 });
    await page.type(amount, '250000');
    const cash = await page.waitForFunction(
      () =>
        [...(document.querySelector('#pay-method') as HTMLSelectElement).options].find((o) => o.text.includes('Tunai'))
          ?.value ?? null,
    );
    await page.select('#pay-method', (await cash.jsonValue()) as string);
    // Above the outstanding: refused next to the amount before anything is sent.
    await (await enabledButton(page, '[role=dialog]', 'Simpan Pembayaran')).click();
    await waitForText(page, 'Pembayaran melebihi sisa hutang');
    await page.click(amount, { clickCount: 3 });
    await page.type(amount, '150000');
    // A purchase receipt is goods: the party's tax treatment withholds nothing and the field says why.
    await waitForText(page, 'Tidak dipotong pajak: pembelian barang');
    expect(await page.$eval('#pay-withheld', (el) => (el as HTMLInputElement).disabled)).toBe(true);
    await (await enabledButton(page, '[role=dialog]', 'Simpan Pembayaran')).click();
    await page.waitForSelector('[data-testid=pay-result]');
    const code = await page.$eval('[data-testid=pay-result] .font-mono', (el) => el.textContent.trim());
    const [after] = await fin.data<ItemRow[]>('GET', `/api/finance/hutang/items?party_type=vendor&party=${second.id}`);
    expect(after).toMatchObject({ paid: 150_000, outstanding: 50_000, status: 'open' });
    const pays = await fin.data<{ code: string; total: number; withheld: number; cash: number; status: string }[]>(
      'GET',
      `/api/finance/hutang/payments?party_type=vendor&party=${second.id}`,
    );
    expect(pays).toEqual([expect.objectContaining({ code, total: 150_000, withheld: 0, cash: 150_000 })]);
    await (await enabledButton(page, '[role=dialog]', 'Tutup')).click();

    // 'Export Excel' downloads the list of the filters from the server.
    await page.waitForSelector('[data-testid=payments-export]');
    const href = await page.$eval('[data-testid=payments-export]', (a) => a.getAttribute('href')!);
    const sheet = await page.evaluate(async (u) => {
      const r = await fetch(u);
      return { status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength };
    }, href);
    expect(sheet.status).toBe(200);
    expect(sheet.type).toContain('spreadsheetml');
    expect(sheet.size).toBeGreaterThan(0);

    // The void is a request to a second person: the payment stays posted meanwhile.
    const row = await page.waitForFunction(
      (c) =>
        [...document.querySelectorAll('main tr')].find((tr) => tr.textContent?.includes(c))?.querySelector('button') ??
        null,
      {},
      code,
    );
    await (row.asElement() as unknown as { click(): Promise<void> }).click();
    await page.waitForSelector('#void-reason');
    await page.type('#void-reason', 'Salah jumlah e2e');
    await (await enabledButton(page, '[role=dialog]', 'Ajukan Pembatalan')).click();
    await waitForText(page, 'menunggu persetujuan');
    const still = await fin.data<{ status: string }[]>(
      'GET',
      `/api/finance/hutang/payments?party_type=vendor&party=${second.id}`,
    );
    expect(still[0].status).toBe('posted');
  });

  it('fits a 360 px phone without sideways scroll', async () => {
    await page.setViewport({ width: 360, height: 780 });
    for (const p of [
      '/finance/hutang/transaction',
      '/finance/hutang/actor/vendor',
      `/finance/hutang/actor/vendor?party=${supplier.id}`,
    ]) {
      await page.goto(url(p));
      await waitForText(
        page,
        p.includes('party=') ? 'Rincian Hutang' : p.includes('actor') ? 'Hutang Vendor' : 'Transaksi Pembayaran',
      );
      const overflow = await sidewaysScroll(page);
      expect(overflow, p).toBeLessThanOrEqual(0);
      await screenshot(
        page,
        `hutang-phone-${p
          .split('/')
          .pop()!
          .replace(/[^a-z0-9]/gi, '-')}`,
      );
    }
    // The pay dialog on the phone: the items stack, nothing scrolls sideways.
    await page.goto(url('/finance/hutang/transaction'));
    await (await enabledButton(page, 'main', 'Bayar Hutang')).click();
    await page.waitForSelector('#pay-party');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'hutang-phone-pay-dialog');
  });
});
