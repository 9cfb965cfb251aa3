import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, launchBrowser, screenshot, sidewaysScroll, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 29 item 1 in the browser as the finance account of this file's own branch: the sharing rules master lists a
 * rule made through REST, adds one through its form, answers 'which rule applies' for a doctor, a procedure and a
 * date with the doctor's own rule and why, and fits a 360 px phone.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let procedure: { id: number; name: string };
let doctorRule: number;

async function choose(trigger: string, text: string): Promise<void> {
  await page.click(trigger);
  await page.waitForSelector('[role=option]');
  await page.evaluate((t) => {
    const o = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((x) => x.innerText.trim() === t);
    if (!o) throw new Error(`Pilihan ${t} tidak ada`);
    o.click();
  }, text);
  await page.waitForFunction(() => !document.querySelector('[role=option]'));
}

beforeAll(async () => {
  clinic = await newBranch('sharing', { roles: ['admin', 'finance', 'dokter'] });
  procedure = await clinic.procedure({ name: clinic.unique('Laser Sharing'), price: 800_000, doctor_share: 0 });
  const fin = await clinic.api('finance');
  doctorRule = (
    await fin.data<{ id: number }>('POST', '/api/finance/sharing/rules', {
      doctor: clinic.accounts.dokter!.id,
      perawatan: procedure.id,
      kind: 'percent',
      value: 35,
      effective_from: '2024-01-01',
    })
  ).id;
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

describe('sharing rules master', () => {
  it('lists the rules, adds one through the form and says which rule applies and why', async () => {
    await page.goto(url('/finance/master/sharingprofit'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, procedure.name);
    await waitForText(page, '35%');
    await page.click('[data-testid=sharing-add]');
    await page.waitForSelector('#sharing-value');
    await page.type('#sharing-value', '12,5');
    await page.click('[data-testid=sharing-save]');
    await waitForText(page, 'Aturan sharing disimpan');
    await waitForText(page, '12,5%');
    await choose('#resolve-doctor', clinic.accounts.dokter!.name);
    await choose('#resolve-perawatan', procedure.name);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid=sharing-resolve-reason]')?.textContent?.includes(`#${id}`),
      {},
      doctorRule,
    );
    const reason = await page.$eval('[data-testid=sharing-resolve-reason]', (e) => e.textContent ?? '');
    expect(reason).toContain('paling spesifik');
    await screenshot(page, 'sharing-rules');
  });

  it('fits a 360 px phone (the table scrolls in its own box)', async () => {
    await page.setViewport({ width: 360, height: 780 });
    await page.waitForFunction(() => window.innerWidth === 360);
    await waitForText(page, procedure.name);
    const overflow = await sidewaysScroll(page);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'sharing-rules-phone');
  });
});
