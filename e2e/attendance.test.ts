import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { closePage, freshPage, launchBrowser, login, pathname, screenshot, url, waitForText } from './helpers';

/** Attendance and payroll pages (issue 15) in the browser. Only reads or computes; writes nothing shared. */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Simulasi PPh 21 (/attendance/payroll/simulator)', () => {
  it('a finance user fills twelve months and reads TER months and the December recomputation', async () => {
    const page = await freshPage(browser, 'large');
    try {
      await login(page, 'finance');
      await page.goto(url('/attendance/payroll/simulator'));
      await waitForText(page, 'Penghasilan bruto per bulan');
      await page.type('#sim-fill', '8.000.000');
      await page.click('xpath/.//button[normalize-space()="Isi"]');
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="pph21-last"]');
      const jan = await page.$eval('[data-testid="pph21-month-1"]', (el) => el.textContent ?? '');
      expect(jan).toContain('Rp8.000.000');
      expect(jan).toContain('1,5%');
      expect(jan).toContain('Rp120.000');
      const dec = await page.$eval('[data-testid="pph21-month-12"]', (el) => el.textContent ?? '');
      expect(dec).toContain('Pasal 17');
      expect(dec).toContain('Rp540.000');
      const last = await page.$eval('[data-testid="pph21-last"]', (el) => el.textContent ?? '');
      expect(last).toContain('Rp37.200.000');
      await screenshot(page, 'attendance-pph21-simulator');
    } finally {
      await closePage(page);
    }
  });

  it('a month typed as text is refused in Indonesian next to the form', async () => {
    const page = await freshPage(browser, 'small');
    try {
      await login(page, 'manager');
      await page.goto(url('/attendance/payroll/simulator'));
      await waitForText(page, 'Penghasilan bruto per bulan');
      await page.type('[aria-label="Bruto Januari"]', 'delapan juta');
      await page.click('button[type="submit"]');
      await waitForText(page, 'Januari: bruto bukan angka rupiah');
    } finally {
      await closePage(page);
    }
  });

  it('a perawat is sent home by the attendance guard', async () => {
    const page = await freshPage(browser, 'large');
    try {
      await login(page, 'perawat');
      await page.goto(url('/attendance/payroll/simulator'));
      await page.waitForFunction(() => location.pathname === '/');
      expect(await pathname(page)).toBe('/');
    } finally {
      await closePage(page);
    }
  });
});
