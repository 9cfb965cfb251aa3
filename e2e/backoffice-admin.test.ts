import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Dialog, Page } from 'puppeteer-core';
import { MSG } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, pathname, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 30 in the browser: the Backoffice's unsaved-changes question (in-app navigation, closing the tab), a
 * session ended from the sessions list is signed out at once, and the admin panel's logout question. The demo owner
 * and superadmin only read here (a form is typed in, never saved); the sessions are this file's own branch's manager's.
 */
let browser: Browser;
let clinic: Branch;

beforeAll(async () => {
  browser = await launchBrowser();
  clinic = await newBranch('backoffice', { roles: ['manager'] });
});
afterAll(async () => {
  await browser?.close();
});

const alertText = (page: Page) => page.$eval('[role=alertdialog]', (e) => e.textContent ?? '');
async function clickInAlert(page: Page, label: string) {
  const [button] = await page.$$(`xpath/.//div[@role="alertdialog"]//button[normalize-space()="${label}"]`);
  await button.click();
}

describe('Backoffice: unsaved changes', () => {
  it("asks 'Do you really want to leave? you have unsaved changes!' before leaving a changed form", async () => {
    const page = await signedIn(browser, 'owner', 'large', { layout: false });
    try {
      await page.goto(url('/backoffice/pasien'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-layout=backoffice] [data-testid=patient-table]');
      // In-app navigation to a page with a form (the sidebar's link).
      await page.click('[data-testid=module-nav] a[href="/backoffice/attendance/office"]');
      await page.waitForFunction(() => location.pathname === '/backoffice/attendance/office');
      // The page is loaded on demand: wait for its button rather than reading the DOM at once.
      const add = await page.waitForSelector('xpath/.//button[normalize-space()="Tambah"]');
      await add!.click();
      await page.waitForSelector('[data-testid=master-dialog] #f-name');
      await page.type('#f-name', 'Kantor Belum Disimpan');
      // Back (in the app's history) while the form is changed: the question, and staying keeps the form.
      await page.evaluate(() => history.back());
      await page.waitForSelector('[role=alertdialog]');
      expect(await alertText(page)).toContain(MSG.unsavedChanges);
      await clickInAlert(page, 'Tetap di sini');
      await page.waitForFunction(() => !document.querySelector('[role=alertdialog]'));
      expect(await pathname(page)).toBe('/backoffice/attendance/office');
      expect(await page.$eval('#f-name', (e) => (e as HTMLInputElement).value)).toBe('Kantor Belum Disimpan');
      // Asked again, leaving goes.
      await page.evaluate(() => history.back());
      await page.waitForSelector('[role=alertdialog]');
      await clickInAlert(page, 'Tinggalkan');
      await page.waitForFunction(() => location.pathname === '/backoffice/pasien');
      // A page left without changes asks nothing.
      await page.click('[data-testid=module-nav] a[href="/backoffice/kunjungan"]');
      await page.waitForFunction(() => location.pathname === '/backoffice/kunjungan');
      expect(await page.$('[role=alertdialog]')).toBeNull();
    } finally {
      await closePage(page);
    }
  });
});

describe('Backoffice: unsaved changes when closing the tab', () => {
  it('asks the browser to confirm closing a tab with a changed form; staying keeps the form', async () => {
    const page = await signedIn(browser, 'owner', 'large', { layout: false });
    try {
      await page.goto(url('/backoffice/attendance/office'), { waitUntil: 'domcontentloaded' });
      const add = await page.waitForSelector('xpath/.//button[normalize-space()="Tambah"]');
      await add!.click();
      await page.waitForSelector('[data-testid=master-dialog] #f-name');
      await page.type('#f-name', 'Kantor Belum Disimpan');
      // Closing the tab runs beforeunload: the browser asks (its own words; a page cannot set them).
      const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
      // Stayed: the tab is open and the typed name is still there.
      expect(page.isClosed()).toBe(false);
      expect(await page.$eval('#f-name', (e) => (e as HTMLInputElement).value)).toBe('Kantor Belum Disimpan');
    } finally {
      await closePage(page);
    }
  });
});

describe('Sessions: Akhiri sesi ini', () => {
  it('ends another session of one’s own from the profile: that session is signed out at once', async () => {
    const me = clinic.account('manager');
    const other = await signedIn(browser, clinic.as('manager'));
    const page = await signedIn(browser, clinic.as('manager'), 'large', { at: `/user/${me.id}` });
    try {
      await page.waitForSelector('[data-testid=sessions]');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=session-row]').length >= 2);
      const rows = await page.$$('[data-testid=session-row]');
      const texts = await Promise.all(rows.map((r) => r.evaluate((e) => e.textContent ?? '')));
      const target = rows[texts.findIndex((t) => !t.includes('Sesi ini'))];
      const [end] = await target.$$('xpath/.//button[normalize-space()="Akhiri sesi ini"]');
      await end.click();
      await page.waitForSelector('[role=alertdialog]');
      await clickInAlert(page, 'Akhiri');
      await waitForText(page, 'Sesi diakhiri');
      const status = (p: Page) => p.evaluate(async () => (await fetch('/api/auth/me')).status);
      expect(await status(other)).toBe(401);
      expect(await status(page)).toBe(200);
      // The signed-out page goes to the sign-in page on its next load.
      await other.goto(url('/'), { waitUntil: 'domcontentloaded' });
      await other.waitForSelector('#username');
    } finally {
      await closePage(page);
      await closePage(other);
    }
  });
});

describe('Admin panel', () => {
  it("asks 'Apakah anda yakin ingin logout?' before logging out of the admin panel", async () => {
    const page = await signedIn(browser, 'superadmin', 'large', { layout: false });
    try {
      await page.goto(url('/me/profile'), { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-layout=admin] [data-testid=sessions]');
      await page.click('[data-testid=user-menu]');
      await page.waitForSelector('[data-testid=logout]');
      await page.click('[data-testid=logout]');
      await page.waitForSelector('[role=alertdialog]');
      expect(await alertText(page)).toContain(MSG.logoutConfirmAdmin);
      await clickInAlert(page, 'Keluar');
      await page.waitForFunction(() => location.pathname === '/login');
      expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    } finally {
      await closePage(page);
    }
  });
});
