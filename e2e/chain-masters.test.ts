import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { closePage, enabledButton, launchBrowser, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Masters owned by the chain (issue 30 item 2): the demo owner creates a chain item at /backoffice/master/item (the
 * list then names the branches using it, this file's branch among them); the branch's admin sees the item on its
 * own 'Master Item' page marked 'Pusat': no deactivation, and its edit dialog locks every field but the branch's
 * own minimum stock. Payment methods and membership levels: the owner manages them at /backoffice/master/*, a
 * branch's finance user reads the payment methods with no button that would be refused. Photo labels: the owner adds
 * one at /backoffice/master/foto-label; the branch's multimedia user sees it marked 'Pusat' without 'Ubah'.
 */
let browser: Browser;
let clinic: Branch;
const code = `RNT-${randomBytes(3).toString('hex').toUpperCase()}`;
const name = `Serum Rantai ${code}`;

beforeAll(async () => {
  clinic = await newBranch('chainmaster', { roles: ['admin', 'finance', 'multimedia'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('chain masters (issue 30 item 2)', () => {
  it('the owner creates a chain item; a branch admin sees it read-only with the Pusat badge', async () => {
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice/master/item' });
    try {
      await (await enabledButton(page, 'body', 'Tambah')).click();
      await page.waitForSelector('#m-code');
      await page.type('#m-code', code);
      await page.type('#m-name', name);
      await page.type('#m-unit', 'botol');
      await page.type('#m-selling_price', '150000');
      await (await enabledButton(page, '[role="dialog"]', 'Simpan')).click();
      await waitForText(page, 'Aksi berhasil dilakukan');
      await page.keyboard.press('Escape');
      await page.type('input[aria-label="Cari"]', code);
      await page.waitForFunction(
        (n, b) => document.body.innerText.includes(n) && document.body.innerText.includes(b),
        {},
        name,
        clinic.name,
      );
    } finally {
      await closePage(page);
    }
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/inventory/master/item' });
    try {
      await admin.waitForSelector('input[aria-label="Cari"]');
      await admin.type('input[aria-label="Cari"]', code);
      await admin.waitForFunction((n) => document.body.innerText.includes(n), {}, name);
      const row = await admin.evaluate((c) => {
        const tr = [...document.querySelectorAll('tr, [role="row"], li')].find((e) =>
          (e as HTMLElement).innerText.includes(c),
        ) as HTMLElement | undefined;
        return {
          text: tr?.innerText ?? '',
          buttons: tr ? [...tr.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.innerText) : [],
        };
      }, code);
      expect(row.text).toContain('Pusat');
      // no deactivation; the edit dialog locks the head office's fields and leaves the branch its minimum stock
      expect(row.buttons.filter((b) => /Nonaktifkan/.test(b))).toEqual([]);
      await admin.click(`button[aria-label="Ubah ${code}"]`);
      await admin.waitForSelector('#m-name');
      await waitForText(admin, 'Data ini dikelola kantor pusat');
      const locked = await admin.evaluate(() => ({
        name: document.querySelector<HTMLInputElement>('#m-name')?.readOnly,
        price: document.querySelector<HTMLInputElement>('#m-selling_price')?.readOnly,
        minStock: document.querySelector<HTMLInputElement>('#m-min_stock')?.readOnly,
      }));
      expect(locked).toEqual({ name: true, price: true, minStock: false });
    } finally {
      await closePage(admin);
    }
  });

  it('the owner adds a membership level; a branch finance user reads the payment methods without buttons', async () => {
    const level = `Level ${code}`;
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice/master/membership-level' });
    try {
      await (await enabledButton(page, 'main', 'Level Baru')).click();
      await page.waitForSelector('#ml-name');
      await page.type('#ml-name', level);
      await (await enabledButton(page, '[role="dialog"]', 'Simpan')).click();
      await waitForText(page, 'Level membership tersimpan');
      await page.waitForFunction((n) => document.querySelector('main')!.innerText.includes(n), {}, level);
      await page.goto(url('/backoffice/master/payment-method'), { waitUntil: 'domcontentloaded' });
      await waitForText(page, 'Tunai');
      await enabledButton(page, 'main', 'Metode Baru');
    } finally {
      await closePage(page);
    }
    const fin = await signedIn(browser, clinic.as('finance'), 'large', { at: '/finance/master/paymentmethod' });
    try {
      await waitForText(fin, 'Tunai');
      await waitForText(fin, 'Data ini dikelola kantor pusat');
      const buttons = await fin.$$eval('main button', (bs) => bs.map((b) => b.innerText.trim()));
      expect(buttons.filter((b) => /Metode Baru|Ubah|Nonaktifkan/.test(b))).toEqual([]);
    } finally {
      await closePage(fin);
    }
  });

  it('the owner adds a chain photo label; the branch shows it marked Pusat, without Ubah', async () => {
    const label = `Label ${code}`;
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice/master/foto-label' });
    try {
      await (await enabledButton(page, 'body', 'Tambah')).click();
      await page.waitForSelector('#m-name');
      await page.type('#m-name', label);
      await (await enabledButton(page, '[role="dialog"]', 'Simpan')).click();
      await waitForText(page, 'Aksi berhasil dilakukan');
      await page.keyboard.press('Escape');
      await page.type('input[aria-label="Cari"]', code);
      await page.waitForFunction(
        (n, b) => document.body.innerText.includes(n) && document.body.innerText.includes(b),
        {},
        label,
        clinic.name,
      );
    } finally {
      await closePage(page);
    }
    const mm = await signedIn(browser, clinic.as('multimedia'), 'large', { at: '/service/master/multimedialabel' });
    try {
      await mm.waitForSelector('input[aria-label="Cari label"]');
      await mm.type('input[aria-label="Cari label"]', code);
      await mm.waitForFunction((n) => document.body.innerText.includes(n), {}, label);
      const row = await mm.evaluate((c) => {
        const tr = [...document.querySelectorAll('tr, [role="row"], li')].find((e) =>
          (e as HTMLElement).innerText.includes(c),
        ) as HTMLElement | undefined;
        return { text: tr?.innerText ?? '', buttons: tr ? tr.querySelectorAll('button').length : -1 };
      }, label);
      expect(row.text).toContain('Pusat');
      expect(row.buttons).toBe(0);
    } finally {
      await closePage(mm);
    }
  });
});
