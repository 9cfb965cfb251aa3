/**
 * Issue 30 item 1 in Chromium: the owner's Backoffice dashboard compares two branches. Two branches of this file
 * get books (revenue this month) and a patient each through REST; the owner picks both in the branch filter and reads
 * each branch's revenue, new patients and the total back from the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
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

/** Opens a report tab with a real click (Radix tabs switch on the pointer going down). */
async function openTab(page: Page, name: string): Promise<void> {
  for (const tab of await page.$$('[role=tab]'))
    if ((await tab.evaluate((t) => t.textContent)) === name) return tab.click();
  throw new Error(`No tab ${name}`);
}

/** Ticks branches (this file's two unless named) in a Backoffice branch filter. */
async function pickBranches(page: Page, trigger: string, names = [north.name, south.name]): Promise<void> {
  await page.click(trigger);
  for (const name of names) {
    await page.waitForFunction(
      (n) => [...document.querySelectorAll('label')].some((l) => l.textContent?.includes(n)),
      {},
      name,
    );
    await page.evaluate((n) => {
      const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.includes(n));
      label?.querySelector('button')?.click();
    }, name);
  }
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

/** The dashboard table's rows (first table of the page): each row's cells' text. */
async function tableCells(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    [...([...document.querySelectorAll('main table')][0]?.querySelectorAll('tbody tr') ?? [])].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
    ),
  );
}

/** Rupiah text ('Rp 12.500.000') as a number. */
const rupiahOf = (text: string) => Number(text.replace(/[^0-9-]/g, ''));

describe('/backoffice (Beranda Backoffice)', () => {
  it("the owner compares the demo chain's two branches with books: Jakarta's and Bandung's revenue and a chart", async () => {
    const jakarta = 'Klinik Sehat Sentosa Jakarta';
    const bandung = 'Klinik Sehat Sentosa Bandung';
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice' });
    try {
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Beranda Backoffice');
      await pickBranches(page, '#bo-branches', [jakarta, bandung]);
      await page.keyboard.press('Escape');
      // The two demo branches and the total, both with revenue of their own (the demo seed gives Bandung books).
      await page.waitForFunction(
        (a, b) => {
          const rows = [...([...document.querySelectorAll('main table')][0]?.querySelectorAll('tbody tr') ?? [])];
          const text = rows.map((r) => (r as HTMLElement).innerText);
          return rows.length === 3 && text.some((t) => t.startsWith(a)) && text.some((t) => t.startsWith(b));
        },
        {},
        jakarta,
        bandung,
      );
      const cells = await tableCells(page);
      const row = (name: string) => cells.find((c) => c[0].startsWith(name))!;
      const [jkt, bdg, total] = [row(jakarta), row(bandung), row('Total')];
      expect(rupiahOf(jkt[1])).toBeGreaterThan(0);
      expect(rupiahOf(bdg[1])).toBeGreaterThan(0);
      expect(rupiahOf(total[1])).toBe(rupiahOf(jkt[1]) + rupiahOf(bdg[1]));
      // The chart is drawn and its legend names both branches.
      await page.waitForFunction(
        (a, b) => {
          const legend = document.querySelector('.recharts-legend-wrapper')?.textContent ?? '';
          return !!document.querySelector('.recharts-surface') && legend.includes(a) && legend.includes(b);
        },
        {},
        jakarta,
        bandung,
      );
      await screenshot(page, 'backoffice-dashboard-demo');
    } finally {
      await closePage(page);
    }
  });

  it('the owner compares two branches and reads their figures back', async () => {
    const page = await signedIn(browser, 'owner', 'large', { at: '/backoffice' });
    try {
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Beranda Backoffice');
      await pickBranches(page, '#bo-branches');
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

  it('the owner reads the two branches consolidated: trial balance, profit and loss per branch, balance sheet', async () => {
    const page = await signedIn(browser, 'owner', 'large');
    const total = formatRupiah(REVENUE.north + REVENUE.south);
    const rowWith = (label: string) =>
      page.waitForFunction(
        (l, want) =>
          [...document.querySelectorAll('main tbody tr')]
            .map((r) => (r as HTMLElement).innerText)
            .find((t) => t.includes(l) && t.includes(want)) ?? false,
        {},
        label,
        total,
      );
    try {
      await page.goto(url('/backoffice/finance/report'));
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Laporan Keuangan');
      await pickBranches(page, '#bo-report-branches');
      await page.keyboard.press('Escape');
      // Consolidated trial balance: the two revenues on one line, and the totals.
      await rowWith('4101');
      await rowWith('Total');
      await openTab(page, 'Laba Rugi');
      await rowWith('Laba (Rugi) Bersih');
      const header = await page.$eval('main thead', (h) => (h as HTMLElement).innerText);
      expect(header).toContain(north.name);
      expect(header).toContain(south.name);
      await openTab(page, 'Neraca');
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid=bo-total-assets]')?.textContent?.includes(want),
        {},
        total,
      );
      await screenshot(page, 'backoffice-report');
    } catch (e) {
      await screenshot(page, 'backoffice-report-failed');
      throw e;
    } finally {
      await closePage(page);
    }
  });
});
