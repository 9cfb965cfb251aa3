import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, launchBrowser, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * 'Musim Promo' (/season): the branch's superadmin adds a season through the dialog (the shared seasonInput's
 * messages stand next to their fields before anything is sent) and then renames it in 'Ubah Musim Promo'.
 */
let browser: Browser;
let clinic: Branch;
let page: Page;

beforeAll(async () => {
  clinic = await newBranch('season', { roles: ['superadmin'] });
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('superadmin'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

describe('season dialog', () => {
  it('says what is missing next to the field, adds the season, then edits it', async () => {
    const name = clinic.unique('Musim Lebaran');
    await page.goto(url('/season'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid=season-add]');
    await page.click('[data-testid=season-add]');
    await page.waitForSelector('#season-name');
    await waitForText(page, clinic.name);
    await page.click('[data-testid=season-save]');
    await waitForText(page, 'Nama minimal 2 karakter');
    await waitForText(page, 'Pilih minimal satu cabang');
    await page.type('#season-name', name);
    await page.evaluate((branch) => {
      const label = [...document.querySelectorAll('#season-branches label')].find((l) => l.textContent === branch);
      (label?.querySelector('button') as HTMLElement | null)?.click();
    }, clinic.name);
    await page.type('#season-target', '1500000');
    await page.click('[data-testid=season-save]');
    await waitForText(page, 'Musim promo disimpan');
    await page.waitForFunction(() => !document.querySelector('#season-name'));
    await waitForText(page, name);

    await page.evaluate((n) => {
      const row = [...document.querySelectorAll('tr')].find((r) => r.textContent?.includes(n));
      [...(row?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Ubah')?.click();
    }, name);
    await waitForText(page, 'Ubah Musim Promo');
    expect(await page.$eval('#season-name', (el) => (el as HTMLInputElement).value)).toBe(name);
    expect(await page.$eval('#season-target', (el) => (el as HTMLInputElement).value)).toBe('1500000');
    await page.click('#season-name', { clickCount: 3 });
    await page.type('#season-name', `${name} Baru`);
    await page.click('[data-testid=season-save]');
    await waitForText(page, 'Musim promo diubah');
    await waitForText(page, `${name} Baru`);
  });
});
