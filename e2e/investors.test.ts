import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addMonths } from '../packages/shared/src/index.js';
import { bodyText, closePage, launchBrowser, screenshot, sidewaysScroll, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 29 part B in the browser as finance of this file's own branch, on a 360 px phone: 'Investor & Rumah Sakit'
 * registers an investor through its form (a bad NIK is refused next to the field), 'Setting Deviden' lists a share
 * and computes last month's distribution, which waits for a second person.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;

beforeAll(async () => {
  clinic = await newBranch('investor', { roles: ['finance', 'manager'] });
  await clinic.openPeriod(addMonths(`${clinic.today().slice(0, 8)}01`, -1));
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
  await page.setViewport({ width: 360, height: 780 });
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

const sideways = () => sidewaysScroll(page);

describe('investors and deviden on a phone', () => {
  it('registers an investor through the form and lists it', async () => {
    await page.goto(url('/finance/master/investor'));
    await waitForText(page, 'Investor & Rumah Sakit');
    expect(await sideways()).toBeLessThanOrEqual(1);
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button')]
        .find((b) => b.innerText.trim() === 'Investor Baru')!
        .click(),
    );
    await page.waitForSelector('#inv-name');
    await page.type('#inv-name', 'Ibu Sari Investor');
    await page.type('#inv-nik', '12345');
    await page.click('[data-testid=investor-save]');
    await waitForText(page, 'NIK harus 16 digit angka');
    await page.click('#inv-nik', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('#inv-nik', '3171014507800002');
    await page.click('[data-testid=investor-save]');
    await page.waitForFunction(() => !document.querySelector('#inv-name'));
    await waitForText(page, 'Ibu Sari Investor');
    expect(await bodyText(page)).toContain('3171014507800002');
    expect(await sideways()).toBeLessThanOrEqual(1);
    await screenshot(page, 'investors-list-360');
  });

  it("lists the share and computes last month's distribution, waiting for approval", async () => {
    const fin = await clinic.api('finance');
    const [inv] = await fin.data<{ id: number }[]>('GET', '/api/finance/investor');
    await fin.data('POST', '/api/finance/deviden/settings', {
      investor: inv.id,
      basis: 'revenue',
      percent: 2.5,
      effective_from: addMonths(`${clinic.today().slice(0, 8)}01`, -1),
    });
    await page.goto(url('/finance/master/devidensetting'));
    await waitForText(page, 'Persentase pendapatan cabang');
    await waitForText(page, '2,5%');
    expect(await sideways()).toBeLessThanOrEqual(1);
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button')]
        .find((b) => b.innerText.includes('Hitung & Ajukan Persetujuan'))!
        .click(),
    );
    await waitForText(page, 'Menunggu persetujuan');
    const runs = await fin.data<{ status: string; lines: { investor: number }[] }[]>(
      'GET',
      '/api/finance/deviden/runs',
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'pending', lines: [{ investor: inv.id }] });
    expect(await sideways()).toBeLessThanOrEqual(1);
    await screenshot(page, 'deviden-setting-360');
  });
});
