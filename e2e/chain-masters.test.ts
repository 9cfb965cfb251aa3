import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { closePage, enabledButton, launchBrowser, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Masters owned by the chain (issue 30 item 2): the demo owner creates a chain item at /backoffice/master/item (the
 * list then names the branches using it, this file's branch among them); the branch's admin sees the item on its
 * own 'Master Item' page marked 'Pusat', with no way to change it.
 */
let browser: Browser;
let clinic: Branch;
const code = `RNT-${randomBytes(3).toString('hex').toUpperCase()}`;
const name = `Serum Rantai ${code}`;

beforeAll(async () => {
  clinic = await newBranch('chainmaster', { roles: ['admin'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('chain masters (issue 30 item 2)', () => {
  it('the owner creates a chain item; a branch admin sees it read-only with the Pusat badge', async () => {
    const page = await signedIn(browser, 'owner');
    try {
      await page.goto(url('/backoffice/master/item'), { waitUntil: 'domcontentloaded' });
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
    const admin = await signedIn(browser, clinic.as('admin'));
    try {
      await admin.goto(url('/inventory/master/item'), { waitUntil: 'domcontentloaded' });
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
      expect(row.buttons.filter((b) => /Ubah|Nonaktifkan/.test(b))).toEqual([]);
      const adds = await admin.evaluate(
        () => [...document.querySelectorAll('button')].filter((b) => b.innerText.trim() === 'Tambah').length,
      );
      expect(adds).toBe(0);
    } finally {
      await closePage(admin);
    }
  });
});
