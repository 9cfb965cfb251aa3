import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addDays, formatDate, MSG } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, pathname, screenshot, signedIn, url, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 4 in the browser as the finance account of this file's own WITA branch (e2e/factory.ts, 'Asia/Makassar', no
 * period yet): create a period with opening balances, post an unbalanced journal (Save disabled) and a balanced one,
 * reverse it, read every report, read the neraca, close the period, add a tax. The neraca with a profit not yet closed
 * is read in a second own branch ('finance-laba', its finance account) whose period, opening balances and journals
 * are posted through the REST API in beforeAll. Only the chain-wide masters seeded by the migrations (the chart of
 * accounts, 'Tunai', 'PPh Pasal 23') are read as they come; the tax this file adds has a code of its own.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let laba: Branch;
// The branch is in WITA: its today is a day ahead of Jakarta's from 16:00 UTC.
let today: string;
let start: string;

beforeAll(async () => {
  clinic = await newBranch('finance', { roles: ['finance'], timezone: 'Asia/Makassar' });
  today = clinic.today();
  start = `${today.slice(0, 8)}01`;
  laba = await newBranch('finance-laba', { roles: ['finance'] });
  await bookedProfit(laba);
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('finance'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

/**
 * Books with a profit not yet closed: opening balances (cash 10 000 000 against 3 000 000 of trade payables and
 * 7 000 000 of paid-in capital), then 2 000 000 of treatment revenue and 500 000 of rent, both in cash.
 */
const PROFIT = 1_500_000;
async function bookedProfit(branch: Branch): Promise<void> {
  const api = await branch.api('finance');
  await api.data('POST', '/api/finance/periode', {
    start_date: branch.today().slice(0, 8) + '01',
    saldo_awal: [
      { akun: '1101', debit: 10_000_000, credit: 0 },
      { akun: '2101', debit: 0, credit: 3_000_000 },
      { akun: '3101', debit: 0, credit: 7_000_000 },
    ],
  });
  for (const [memo, debit, credit, amount] of [
    ['Pendapatan tindakan e2e', '1101', '4101', 2_000_000],
    ['Sewa ruko e2e', '6103', '1101', 500_000],
  ] as const)
    await api.data('POST', '/api/finance/jurnal', {
      transaction_at: branch.today(),
      memo,
      details: [
        { akun: debit, debit: amount, credit: 0 },
        { akun: credit, debit: 0, credit: amount },
      ],
    });
}

/** Sets a React-controlled input's value the way a user would. */
async function setValue(selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      descriptor?.set?.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

async function clickText(text: string, scope = 'body', tag = 'button, [role=menuitem]'): Promise<void> {
  await page.waitForFunction(
    (t, s, g) => [...document.querySelectorAll<HTMLElement>(`${s} :is(${g})`)].some((b) => b.innerText.trim() === t),
    {},
    text,
    scope,
    tag,
  );
  await page.evaluate(
    (t, s, g) =>
      [...document.querySelectorAll<HTMLElement>(`${s} :is(${g})`)].find((b) => b.innerText.trim() === t)!.click(),
    text,
    scope,
    tag,
  );
}

async function disabled(selector: string): Promise<boolean> {
  return page.$eval(selector, (el) => (el as HTMLButtonElement).disabled);
}

async function openNewMenu(item: string): Promise<void> {
  // The module's own 'Baru' menu is a lazy part of the layout: it may arrive after the page's first text.
  await page.waitForSelector('[data-testid=finance-new-menu]');
  await page.click('[data-testid=finance-new-menu]');
  await page.waitForSelector('[role=menuitem]');
  await clickText(item, 'body', '[role=menuitem]');
}

async function chooseAccount(line: number, code: string): Promise<void> {
  await page.click(`#ju-akun-${line}`);
  await page.waitForSelector('input[placeholder="Kode atau nama akun"]');
  await page.type('input[placeholder="Kode atau nama akun"]', code);
  await page.waitForFunction(
    (c) =>
      [...document.querySelectorAll('[role=option]')].length === 1 &&
      (document.querySelector('[role=option]')?.textContent ?? '').includes(c),
    {},
    code,
  );
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (l) => !(document.querySelector(`[data-testid=ju-debit-${l}]`) as HTMLInputElement).disabled,
    {},
    line,
  );
}

/** Reads /finance/laporan/neraca: its labels in order, and the totals as rupiah numbers. */
async function readNeraca(p: Page) {
  await p.goto(url('/finance/laporan/neraca'), { waitUntil: 'domcontentloaded' });
  await p.waitForSelector('[data-testid=bs-le]');
  const bs = await p.evaluate(() => {
    const rupiah = (el: Element | null | undefined) => {
      const t = el?.textContent ?? '';
      const v = Number(t.replace(/[^\d,]/g, '').replace(',', '.'));
      return t.trim().startsWith('-') ? -v : v;
    };
    const area = document.querySelector<HTMLElement>('.finance-print-area')!;
    const labels = area.innerText
      .split(/[\n\t]/)
      .map((x) => x.trim())
      .filter(Boolean);
    const equityRows = [...document.querySelectorAll('[data-testid=bs-ekuitas] tr')].slice(1, -2);
    return {
      labels,
      total_assets: rupiah(document.querySelector('[data-testid=bs-assets] span:last-child')),
      total_liabilities: rupiah(document.querySelector('[data-testid=bs-kewajiban-total]')),
      total_equity: rupiah(document.querySelector('[data-testid=bs-ekuitas-total]')),
      equity_lines: equityRows.reduce((s, r) => s + rupiah(r.querySelector('td:last-child')), 0),
      current_earnings: rupiah(document.querySelector('[data-testid=bs-current-earnings]')),
      total_le: rupiah(document.querySelector('[data-testid=bs-le] span:last-child')),
    };
  });
  expect(bs.labels.filter((l) => l === 'Total Aset')).toHaveLength(1);
  const order = [
    'Aset',
    'Total Aset',
    'Kewajiban',
    'Total Kewajiban',
    'Ekuitas',
    'Laba (Rugi) Berjalan',
    'Total Ekuitas',
    'Total Kewajiban dan Ekuitas',
  ];
  const at = order.map((l) => bs.labels.indexOf(l));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  return bs;
}

describe('finance in the browser', () => {
  it('creates the period from the Baru menu with opening balances', async () => {
    await page.goto(url('/finance/periode'), { waitUntil: 'domcontentloaded' });
    await waitForText(page, MSG.noActivePeriod);
    await openNewMenu('Periode baru');
    await page.waitForSelector('[data-testid=periode-dialog]');
    await waitForText(page, 'Periode Keuangan Baru');
    expect(await disabled('[data-testid=periode-save]')).toBe(true);
    await setValue('#periode-start', start);
    await page.waitForSelector('input[aria-label="Debit 1101"]');
    await setValue('input[aria-label="Debit 1101"]', '5.000.000');
    expect(await disabled('[data-testid=periode-save]')).toBe(true);
    await setValue('input[aria-label="Kredit 3101"]', '5.000.000');
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid=periode-save]') as HTMLButtonElement).disabled,
    );
    await page.click('[data-testid=periode-save]');
    await waitForText(page, MSG.periodActivated(formatDate(start)));
    expect(await pathname(page)).toBe('/finance/periode');
    const stored = await page.evaluate(() => localStorage.getItem('klinik.finance.periode'));
    expect(JSON.parse(stored!)).toMatchObject({ periode: { start_date: start }, range: { from: start, to: today } });
    await screenshot(page, 'finance-periode');
  });

  it('keeps Save disabled for an unbalanced journal and posts a balanced one', async () => {
    await openNewMenu('Jurnal Umum');
    await page.waitForSelector('[data-testid=jurnal-umum-dialog]');
    await waitForText(page, 'Jurnal Umum Baru');
    expect(await disabled('[data-testid=ju-debit-0]')).toBe(true);
    await chooseAccount(0, '6103');
    await setValue('[data-testid=ju-debit-0]', '250.000');
    await chooseAccount(1, '1101');
    await setValue('[data-testid=ju-credit-1]', '200.000');
    expect(await disabled('[data-testid=ju-save]')).toBe(true);
    expect(await page.$('[data-testid=ju-balanced]')).toBeNull();
    await setValue('[data-testid=ju-credit-1]', '250.000');
    await page.waitForSelector('[data-testid=ju-balanced]');
    expect(await disabled('[data-testid=ju-save]')).toBe(false);
    await setValue('#ju-memo', 'Sewa ruko e2e');
    await screenshot(page, 'finance-jurnal-umum');
    await page.click('[data-testid=ju-save]');
    await page.waitForFunction(() => location.pathname === '/finance/laporan/jurnal');
    await waitForText(page, 'Sewa ruko e2e');
  });

  it('reverses the journal with Batalkan', async () => {
    await page.waitForSelector('[data-testid^=jurnal-batalkan-]');
    await page.click('[data-testid^=jurnal-batalkan-]');
    // The reversal date: today in the branch (WITA) by default, refused before the active period.
    await page.waitForSelector('#jurnal-reverse-date');
    const branchToday = clinic.today();
    expect(await page.$eval('#jurnal-reverse-date', (el) => el.getAttribute('data-value'))).toBe(branchToday);
    await setValue('#jurnal-reverse-date', addDays(start, -1));
    await waitForText(page, 'Tanggal harus di dalam periode aktif');
    expect(await disabled('[data-testid=jurnal-reverse-confirm]')).toBe(true);
    await setValue('#jurnal-reverse-date', branchToday);
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid=jurnal-reverse-confirm]') as HTMLButtonElement).disabled,
    );
    await clickText('Ya, Batalkan');
    await waitForText(page, 'Jurnal pembalik');
    await waitForText(page, 'Pembatalan');
    await waitForText(page, 'Dibatalkan');
    await screenshot(page, 'finance-laporan-jurnal');
  });

  it('reads every report', async () => {
    // Each report is read once its numbers are on screen (not just its title), then photographed.
    for (const [path, title, loaded] of [
      ['/finance/laporan/trialbalance', 'Neraca Saldo', '[data-testid=tb-closing-debit]'],
      ['/finance/laporan/bukubesar', 'Buku Besar', '[data-testid=ledger-1101]'],
      ['/finance/laporan/labarugi', 'Laporan Laba Rugi', '[data-testid=pl-net]'],
      ['/finance/laporan/neraca', 'Total Kewajiban dan Ekuitas', '[data-testid=bs-le]'],
      ['/finance/master/akun', 'Master Akun', null],
      ['/finance/master/paymentmethod', 'Tunai', null],
      ['/finance/master/pajak', 'PPh Pasal 23', null],
    ] as const) {
      await page.goto(url(path), { waitUntil: 'domcontentloaded' });
      await waitForText(page, title);
      if (loaded) await page.waitForSelector(loaded);
      await screenshot(page, `finance-${path.split('/').pop()}`);
    }
    await page.goto(url('/finance/laporan/trialbalance'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid=tb-closing-debit]');
    const [d, c] = await page.evaluate(() => [
      document.querySelector('[data-testid=tb-closing-debit]')!.textContent,
      document.querySelector('[data-testid=tb-closing-credit]')!.textContent,
    ]);
    expect(d).toBe(c);
  });

  it('shows the balance sheet as a neraca: one Total Aset, equity with the current profit, balanced', async () => {
    const own = await readNeraca(page);
    expect(own.total_assets).toBe(5_000_000);
    expect(own.total_le).toBe(own.total_assets);
    // The second branch's books (bookedProfit) carry a profit not yet closed: it sits inside equity.
    const other = await signedIn(browser, laba.as('finance'), 'large', { layout: false });
    try {
      const bs = await readNeraca(other);
      expect(bs.current_earnings).not.toBe(0);
      expect(bs.current_earnings).toBe(PROFIT);
      expect(bs.total_liabilities).toBe(3_000_000);
      expect(bs.total_le).toBe(bs.total_assets);
      expect(Math.round((bs.total_liabilities + bs.total_equity) * 100)).toBe(Math.round(bs.total_le * 100));
      expect(Math.round((bs.equity_lines + bs.current_earnings) * 100)).toBe(Math.round(bs.total_equity * 100));
      await screenshot(other, 'finance-neraca-laba');
    } finally {
      await closePage(other);
    }
  });

  it('closes the period', async () => {
    await page.goto(url('/finance/periode'), { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid=periode-close]');
    await page.click('[data-testid=periode-close]');
    await page.waitForSelector('[data-testid=periode-close-confirm]');
    await page.click('[data-testid=periode-close-confirm]');
    await waitForText(page, 'Ditutup');
    await waitForText(page, MSG.noActivePeriod);
  });
  it('adds a tax: its rules answer next to the field, a decimal comma is read as the point', async () => {
    await page.goto(url('/finance/master/pajak'), { waitUntil: 'domcontentloaded' });
    await clickText('Pajak Baru');
    await page.waitForSelector('#pajak-code');
    // Taxes are one list for the whole chain, their codes unique: this one carries the branch's id.
    const code = `pph23e2e${clinic.id}`;
    await page.type('#pajak-code', code);
    await page.type('#pajak-name', 'PPh 23 Jasa e2e');
    await page.type('#pajak-rate', '120');
    await page.click('[data-testid=pajak-save]');
    await waitForText(page, 'Tarif maksimal 100%');
    await waitForText(page, 'Akun wajib dipilih');
    await page.click('#pajak-rate', { clickCount: 3 });
    await page.type('#pajak-rate', '2,5');
    await page.click('#pajak-akun');
    await page.waitForSelector('[role=option]');
    await page.click('[role=option]');
    await page.click('[data-testid=pajak-save]');
    await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
    await waitForText(page, code.toUpperCase());
    await waitForText(page, '2,5%');
  });
});
