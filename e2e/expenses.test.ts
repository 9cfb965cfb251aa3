import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { bodyText, closePage, enabledButton, launchBrowser, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';
import { vendor } from './fixtures/stock';

/**
 * Issue 28 item 5 in the browser as finance of this file's own branch: 'Daftarkan Pengeluaran' registers an
 * expense above the approval limit with a proof photo; it waits for a second person; the branch's manager (another
 * user) approves it; 'Kelola Pengeluaran' shows it posted with its proof.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-expense-'));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  clinic = await newBranch('expense', { roles: ['finance', 'manager'] });
  await clinic.openPeriod();
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function selectByText(selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    (s, t) => [...(document.querySelector(s) as HTMLSelectElement).options].some((o) => o.text.includes(t)),
    {},
    selector,
    text,
  );
  const value = await page.$eval(
    selector,
    (el, t) => [...(el as HTMLSelectElement).options].find((o) => o.text.includes(t))!.value,
    text,
  );
  await page.select(selector, value);
}

describe('an expense with proof, approved by a second person', () => {
  it('registers it in the browser, waits, is approved by the manager and shows posted', async () => {
    await page.goto(url('/finance/hutang/dokter'));
    await waitForText(page, 'Daftarkan Pengeluaran');
    await selectByText('#exp-category', 'Pemeliharaan');
    await page.type('#exp-amount', '6000000');
    await selectByText('#exp-method', 'Tunai');
    await page.type('#exp-memo', 'Servis AC ruang tindakan e2e');
    // Without a proof the server refuses (above the proof limit) and says so on the field.
    await page.click('button[type=submit]');
    await waitForText(page, 'Bukti pengeluaran wajib diunggah');
    const file = path.join(tmp, 'nota.png');
    fs.writeFileSync(file, PNG);
    const input = (await page.$('#exp-proof')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    await page.click('button[type=submit]');
    await waitForText(page, 'tersimpan dan menunggu persetujuan');

    const fin = await clinic.api('finance');
    const pending = await fin.data<{ id: number; applog_id: number; status: string; proof: { url: string } }[]>(
      'GET',
      '/api/finance/expenses?status=pending',
    );
    expect(pending).toHaveLength(1);
    expect(pending[0].proof.url).toMatch(/expense-proof/);
    // The one who registered it cannot approve it.
    expect((await fin.call('POST', `/api/applog/doconfirm/${pending[0].applog_id}`, { status: 1 })).status).toBe(403);
    const mgr = await clinic.api('manager');
    await mgr.data('POST', `/api/applog/doconfirm/${pending[0].applog_id}`, { status: 1 });

    await page.goto(url('/finance/hutang/customer'));
    await waitForText(page, 'Servis AC ruang tindakan e2e');
    await waitForText(page, 'Diposting');
    expect(await bodyText(page)).toContain('Rp6.000.000');
    const proof = await fin.call('GET', pending[0].proof.url);
    expect(proof.status).toBe(200);
  });
});

describe('an expense owed to a party', () => {
  it("registers it as the vendor's payable with 'Dicatat sebagai hutang ke pihak' and the party picker", async () => {
    const name = clinic.unique('CV Servis AC');
    const v = await vendor(clinic, { name });
    await page.goto(url('/finance/hutang/dokter'));
    await waitForText(page, 'Daftarkan Pengeluaran');
    await selectByText('#exp-category', 'Pemeliharaan');
    await page.type('#exp-amount', '350000');
    await page.click('#exp-mode-party');
    await page.waitForSelector('#exp-party-type');
    await page.select('#exp-party-type', 'vendor');
    await selectByText('#exp-party', name);
    await page.type('#exp-memo', 'Servis AC dibayar akhir bulan e2e');
    await page.click('button[type=submit]');
    await waitForText(page, 'tersimpan dan diposting');

    const fin = await clinic.api('finance');
    const items = await fin.data<{ amount: number; outstanding: number; akun: string; source_type: string }[]>(
      'GET',
      `/api/finance/hutang/items?party_type=vendor&party=${v.id}`,
    );
    expect(items).toEqual([
      expect.objectContaining({ amount: 350_000, outstanding: 350_000, akun: '2101', source_type: 'expense' }),
    ]);

    // Paying it: the dialog proposes PPh 23 from the party's tax treatment (a service of a vendor without NPWP: 4%).
    const [item] = await fin.data<{ id: number }[]>('GET', `/api/finance/hutang/items?party_type=vendor&party=${v.id}`);
    await page.goto(url('/finance/hutang/transaction'));
    await (await enabledButton(page, 'main', 'Bayar Hutang')).click();
    await page.waitForFunction(
      (n) => [...(document.querySelector('#pay-party') as HTMLSelectElement).options].some((o) => o.text === n),
      {},
      name,
    );
    await page.select('#pay-party', `id:${v.id}`);
    await page.waitForSelector(`input[data-item="${item.id}"]`);
    await page.click(`input[data-item="${item.id}"]`);
    await selectByText('#pay-method', 'Tunai');
    await page.waitForFunction(() => (document.querySelector('#pay-withheld') as HTMLInputElement).value === '14.000');
    await waitForText(page, 'tanpa NPWP');
    await (await enabledButton(page, '[role=dialog]', 'Simpan Pembayaran')).click();
    await page.waitForSelector('[data-testid=pay-result]');
    const pays = await fin.data<{ total: number; withheld: number; cash: number }[]>(
      'GET',
      `/api/finance/hutang/payments?party_type=vendor&party=${v.id}`,
    );
    expect(pays).toEqual([expect.objectContaining({ total: 350_000, withheld: 14_000, cash: 336_000 })]);
  });
});
