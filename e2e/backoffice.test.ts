/**
 * Issue 30 item 1 in Chromium: the owner's Backoffice dashboard compares two branches. Two branches of this file
 * get books (revenue this month) and a patient each through REST; the owner picks both in the branch filter and reads
 * each branch's revenue, new patients and the total back from the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { formatRupiah } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, url } from './helpers';
import { newBranch, type Branch } from './factory';

let browser: Browser;
let north: Branch;
let south: Branch;
const REVENUE = { north: 2_500_000, south: 1_250_000 };

async function books(branch: Branch, revenue: number): Promise<void> {
  await branch.openPeriod();
  const api = await branch.api('finance');
  await api.data('POST', '/api/finance/jurnal', {
    transaction_at: branch.today(),
    memo: 'Pendapatan tindakan e2e backoffice',
    details: [
      { akun: '1101', debit: revenue, credit: 0 },
      { akun: '4101', debit: 0, credit: revenue },
    ],
  });
  await branch.patient();
}

beforeAll(async () => {
  north = await newBranch('bo-north', { roles: ['finance', 'admin'] });
  south = await newBranch('bo-south', { roles: ['finance', 'admin'] });
  await books(north, REVENUE.north);
  await books(south, REVENUE.south);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/backoffice (Beranda Backoffice)', () => {
  it('the owner compares two branches and reads their figures back', async () => {
    const page = await signedIn(browser, 'owner', 'large');
    try {
      await page.goto(url('/backoffice'));
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Beranda Backoffice');
      await page.click('#bo-branches');
      for (const b of [north, south]) {
        await page.waitForFunction(
          (name) => [...document.querySelectorAll('label')].some((l) => l.textContent?.includes(name)),
          {},
          b.name,
        );
        await page.evaluate((name) => {
          const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.includes(name));
          label?.querySelector('button')?.click();
        }, b.name);
      }
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('#bo-branches')?.textContent?.includes(','));
      // The per-branch table: exactly the two branches, then the total.
      const rowText = (name: string) =>
        page.waitForFunction(
          (n) => {
            const rows = [...document.querySelectorAll('main table')][0]?.querySelectorAll('tbody tr') ?? [];
            return [...rows].map((r) => (r as HTMLElement).innerText).find((t) => t.startsWith(n)) ?? false;
          },
          {},
          name,
        );
      await page.waitForFunction(
        () => ([...document.querySelectorAll('main table')][0]?.querySelectorAll('tbody tr').length ?? 0) === 3,
      );
      const northRow = String(await (await rowText(north.name)).jsonValue());
      const southRow = String(await (await rowText(south.name)).jsonValue());
      const totalRow = String(await (await rowText('Total')).jsonValue());
      expect(northRow).toContain(formatRupiah(REVENUE.north));
      expect(southRow).toContain(formatRupiah(REVENUE.south));
      expect(totalRow).toContain(formatRupiah(REVENUE.north + REVENUE.south));
      // One new patient each, two in total (the 'Pasien Baru' column, third figure).
      const cells = await page.evaluate(() =>
        [...([...document.querySelectorAll('main table')][0]?.querySelectorAll('tbody tr') ?? [])].map((r) =>
          [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
        ),
      );
      expect(cells.map((c) => c[3])).toEqual(['1', '1', '2']);
      // The chart compares the two branches (its legend names both).
      await page.waitForFunction(
        (a, b) => {
          const legend = document.querySelector('.recharts-legend-wrapper')?.textContent ?? '';
          return legend.includes(a) && legend.includes(b);
        },
        {},
        north.name,
        south.name,
      );
      await screenshot(page, 'backoffice-dashboard');
    } finally {
      await closePage(page);
    }
  });
});
