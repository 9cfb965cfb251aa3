import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { formatRupiah } from '../packages/shared/src/index.js';
import {
  closePage,
  downloadedFile,
  launchBrowser,
  readWorkbook,
  screenshot,
  signedIn,
  url,
  waitForText,
} from './helpers';
import { newBranch, type Branch } from './factory';
import { finishedVisit, openTill } from './fixtures/kasir';

/**
 * Issue 28 item 6 in the browser as the finance account of this file's own branch: a treatment paid at the till
 * (through the REST API in beforeAll) shows on the income report per medical procedure with its amount, and its
 * Excel file holds the row and the total; the statements hub shows the profit and loss and the cash flow of the
 * day, and the cash flow's Excel file holds the net change.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let tmp: string;
let procedure: string;
const PRICE = 450_000;

beforeAll(async () => {
  clinic = await newBranch('pendapatan', { roles: ['admin', 'finance', 'dokter', 'manager'] });
  await clinic.openPeriod();
  const p = await clinic.procedure({ name: clinic.unique('Peeling Pendapatan'), price: PRICE, doctor_share: 90_000 });
  procedure = p.name;
  const visit = await finishedVisit(clinic, await clinic.patient({ name: clinic.unique('Sari Pendapatan') }), {
    treatments: [p],
  });
  await openTill(clinic, 0);
  const admin = await clinic.api('admin');
  const methods = await admin.data<{ id: number; type: string }[]>('GET', '/api/kasir/method');
  const cash = methods.find((m) => m.type === 'tunai')!.id;
  await admin.data('POST', '/api/kasir/payment', {
    visit: visit.id,
    use_paket: false,
    payments: [{ method: cash, amount: PRICE }],
  });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-income-'));
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
  const cdp = await page.createCDPSession();
  await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: tmp });
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

async function clickButton(text: string, scope = 'main'): Promise<void> {
  const b = await page.waitForFunction(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find(
        (x) => x.innerText.trim() === t && !x.disabled,
      ) ?? null,
    {},
    text,
    scope,
  );
  await (b.asElement() as unknown as { click(): Promise<void> }).click();
}

describe('income reports and the statements hub', () => {
  it('shows the procedure paid at the till with its revenue and exports it to Excel', async () => {
    await page.goto(url('/finance/income/tindakanmedis'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, procedure);
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid=income-total-net]')?.textContent?.includes(v),
      {},
      formatRupiah(PRICE),
    );
    const ledger = await page.$eval('[data-testid=income-ledger-total]', (e) => e.textContent);
    expect(ledger).toBe(formatRupiah(PRICE));
    await screenshot(page, 'income-tindakanmedis');
    await clickButton('Export Excel');
    const file = await downloadedFile(tmp, (f) => f.startsWith('tindakanmedis-') && f.endsWith('.xlsx'));
    const ws = (await readWorkbook(file)).worksheets[0];
    expect(ws.name).toBe('Pendapatan Tindakan Medis');
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['Tindakan Medis', 'Pendapatan Bersih']));
    expect(ws.getRow(2).values).toEqual(expect.arrayContaining([procedure, 1, PRICE]));
    expect(ws.getRow(ws.rowCount).values).toEqual(expect.arrayContaining(['TOTAL', PRICE]));
    // The tab to the revenue per service kind: the same revenue, matching the ledger.
    await (await page.waitForSelector('a[href="/finance/income/service"]'))!.click();
    await waitForText(page, 'Seluruh pendapatan buku besar berasal dari dokumen kasir dan paket.');
  });

  it('shows the profit and loss and the cash flow of the day on the hub, and exports the cash flow', async () => {
    await page.goto(url('/finance/report'), { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid=hub-pl-net]')?.textContent?.includes(v),
      {},
      formatRupiah(PRICE - 90_000),
    );
    await clickButton('Arus Kas');
    await page.waitForFunction(
      (v) => document.querySelector('[data-testid=hub-cf-net]')?.textContent?.includes(v),
      {},
      formatRupiah(PRICE),
    );
    await waitForText(page, 'Arus Kas dari Aktivitas Operasi');
    await screenshot(page, 'finance-report-aruskas');
    await clickButton('Export Excel');
    const file = await downloadedFile(tmp, (f) => f.startsWith('laporan-aruskas-') && f.endsWith('.xlsx'));
    const ws = (await readWorkbook(file)).worksheets[0];
    expect(ws.name).toBe('Arus Kas');
    const rows = Array.from({ length: ws.rowCount }, (_, i) => ws.getRow(i + 1).values);
    expect(rows).toContainEqual(expect.arrayContaining(['KENAIKAN (PENURUNAN) KAS DAN BANK', PRICE]));
    await clickButton('Neraca Saldo');
    await waitForText(page, 'Pendapatan Tindakan Medis');
  });
});
