import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, launchBrowser, screenshot, sidewaysScroll, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 29 item 3 in the browser as the finance account of this file's own branch: /finance/sharingprofit shows its
 * empty state, computing a month without payable fees shows the server's message on the form, and the page fits a
 * 360 px phone. (The run's figures, approval and slip are checked through REST in
 * packages/server/src/modules/sharing/runs.test.ts.)
 */
let browser: Browser;
let page: Page;
let clinic: Branch;

beforeAll(async () => {
  clinic = await newBranch('sharing-runs', { roles: ['finance'] });
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

describe('doctor payout runs page', () => {
  it('shows the empty state and the refusal of a month without payable fees', async () => {
    await page.goto(url('/finance/sharingprofit'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, 'Belum ada perhitungan jasa dokter');
    await page.click('form button[type=submit]');
    await waitForText(page, 'Tidak ada jasa dokter yang siap dibayar');
    await screenshot(page, 'sharing-runs');
  });

  it('fits a 360 px phone', async () => {
    await page.setViewport({ width: 360, height: 780 });
    await page.waitForFunction(() => window.innerWidth === 360);
    await waitForText(page, 'Belum ada perhitungan jasa dokter');
    const overflow = await sidewaysScroll(page);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
