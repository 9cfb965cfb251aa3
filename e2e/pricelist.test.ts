import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { closePage, enabledButton, launchBrowser, signedIn, waitForText } from './helpers';
import { Api, newBranch, type Branch } from './factory';

/**
 * The chain's price list (issue 30 item 3), about this file's own treatment (its code is unique, so a base price
 * for it reaches no other branch): the demo owner schedules a base price through REST; the demo developer, a second
 * person, approves it on /backoffice/pricelist; the branch's admin then sees it on 'Daftar Harga'.
 */
let browser: Browser;
let clinic: Branch;
let code: string;
let entry: number;
let waiting: number;
let owner: Api;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  clinic = await newBranch('pricelist', { roles: ['admin'] });
  code = (await clinic.procedure({ name: clinic.unique('Facial Harga') })).code;
  owner = await Api.signIn('owner');
  const made = await owner.data<{ id: number }>('POST', '/api/backoffice/pricelist', {
    kind: 'treatment',
    code,
    effective_at: addDays(clinic.today(), 7),
    price: 275000,
  });
  entry = made.id;
  // A second price, for another branch override slot: it stays waiting and its maker (the owner) edits it.
  waiting = (
    await owner.data<{ id: number }>('POST', '/api/backoffice/pricelist', {
      kind: 'treatment',
      code,
      profile_id: clinic.id,
      effective_at: addDays(clinic.today(), 14),
      price: 300000,
    })
  ).id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('price list (issue 30)', () => {
  it('a second top-level person approves a scheduled base price; the branch sees it', async () => {
    const page = await signedIn(browser, 'developer', 'large', { at: '/backoffice/pricelist' });
    try {
      await page.waitForSelector('input[aria-label="Cari harga"]');
      await page.type('input[aria-label="Cari harga"]', code);
      await page.waitForSelector(`[data-testid="price-approve-${entry}"]`);
      await page.click(`[data-testid="price-approve-${entry}"]`);
      await (await enabledButton(page, '[role="alertdialog"]', 'Setujui')).click();
      await waitForText(page, 'Harga disetujui');
      // Approved, its row offers no approval any more (the waiting branch price of the next test still does).
      await page.waitForFunction((id) => !document.querySelector(`[data-testid="price-approve-${id}"]`), {}, entry);
      expect(await page.evaluate(() => document.body.innerText)).toContain('Disetujui');
    } finally {
      await closePage(page);
    }
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/pricelist' });
    try {
      await admin.waitForSelector('[data-testid="pricelist-entries"]');
      await admin.waitForFunction(
        (c) => document.querySelector<HTMLElement>('[data-testid="pricelist-entries"]')?.innerText.includes(c),
        {},
        code,
      );
    } finally {
      await closePage(admin);
    }
  });

  it('the maker edits a waiting price through the dialog; an approved one offers no edit', async () => {
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice/pricelist' });
    try {
      await page.waitForSelector('input[aria-label="Cari harga"]');
      await page.type('input[aria-label="Cari harga"]', code);
      await page.waitForSelector(`[data-testid="price-edit-${waiting}"]`);
      // The approved base price (previous test) has no edit button; the waiting one is not the maker's to approve.
      expect(await page.$(`[data-testid="price-edit-${entry}"]`)).toBeNull();
      expect(await page.$(`[data-testid="price-approve-${waiting}"]`)).toBeNull();
      await page.click(`[data-testid="price-edit-${waiting}"]`);
      await page.waitForSelector('[data-testid="price-edit-dialog"] #price-edit-price');
      expect(await page.$eval('#price-edit-price', (el) => (el as HTMLInputElement).value)).toBe('300000');
      await page.click('#price-edit-price', { clickCount: 3 });
      await page.keyboard.press('Backspace');
      await page.click('[data-testid="price-edit-save"]');
      await waitForText(page, 'Harus berupa angka');
      await page.type('#price-edit-price', '325000');
      await page.type('#price-edit-note', 'Harga baru cabang');
      await page.click('[data-testid="price-edit-save"]');
      await waitForText(page, 'Harga diubah; menunggu persetujuan');
      await page.waitForFunction(() => !document.querySelector('[data-testid="price-edit-dialog"]'));
    } finally {
      await closePage(page);
    }
    const saved = await owner.data<{ price: number; status: number; note: string }>(
      'GET',
      `/api/backoffice/pricelist/${waiting}`,
    );
    expect(saved).toMatchObject({ price: 325000, status: 0, note: 'Harga baru cabang' });
  });
});
