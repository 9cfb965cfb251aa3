import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { closePage, launchBrowser, retype, screenshot, signedIn, url, waitForText, callIn as call } from './helpers';
import { newBranch, type Branch } from './factory';
import {
  finishedVisit,
  onHand,
  openTill,
  pharmacy,
  registration,
  type FinishedVisit,
  type Pharmacy,
  type Registration,
} from './fixtures/kasir';

/**
 * Issue 14 in the browser, in this file's own branch (e2e/factory.ts) with its own accounts: the cashier (admin, whose
 * till beforeAll opens), the manager who approves a void, the finance account (the period), the inventory account
 * (the pharmacy and its stock) and the doctor (the medical records). Made in beforeAll through the REST API
 * (e2e/fixtures/kasir.ts): a pharmacy with a cream bought and received, a package with instalments registered for one
 * patient, a package covering a treatment registered for another whose finished visit has that treatment and one
 * more, and a third patient's finished visit with a treatment and the cream. The tests: a package instalment paid
 * with two methods (transfer and cash with change), its nota PDF read back (terbilang), and the till closed with a
 * difference; a sale at the general cashier; the package-covered bill paid, voided through approval and settled in
 * two parts; the other bill paid by the API, its cream leaving the pharmacy. Payment methods are the app's own
 * (chain-wide, from the migrations), not demo data.
 */
let browser: Browser;
let clinic: Branch;
let store: Pharmacy;
let instalments: Registration;
let coveredVisit: FinishedVisit;
let productVisit: FinishedVisit;
const CREAM_SOLD_WITH_VISIT = 2;

beforeAll(async () => {
  clinic = await newBranch('kasir', { roles: ['admin', 'manager', 'finance', 'inventory', 'dokter'] });
  await clinic.openPeriod();
  store = await pharmacy(clinic, [{ name: 'Krim Pagi Uji', price: 85_000, cost: 40_000, qty: 50 }]);
  const facial = await clinic.procedure({ name: 'Facial Uji', price: 350_000 });
  const peeling = await clinic.procedure({ name: 'Peeling Uji', price: 450_000 });
  const cicilan = await clinic.paket({
    name: 'Paket Cicilan Uji',
    price: 1_500_000,
    procedures: [facial],
    installments: { dp: 300_000, count: 4 },
  });
  instalments = await registration(clinic, await clinic.patient({ name: 'Rina Cicilan Uji' }), cicilan.id);
  const glow = await clinic.paket({ name: 'Paket Glow Uji', price: 1_200_000, procedures: [facial] });
  const member = await clinic.patient({ name: 'Dewi Paket Uji' });
  await registration(clinic, member, glow.id);
  coveredVisit = await finishedVisit(clinic, member, { treatments: [facial, peeling] });
  productVisit = await finishedVisit(clinic, await clinic.patient({ name: 'Budi Produk Uji' }), {
    treatments: [peeling],
    products: [{ item: store.items[0].id, qty: CREAM_SOLD_WITH_VISIT }],
  });
  await openTill(clinic);
  // The nota PDF is opened in a tab: the full browser, which has a PDF viewer (e2e/helpers.ts launchBrowser).
  browser = await launchBrowser('id-ID', { pdfViewer: true });
});
afterAll(async () => {
  await browser?.close();
});

/** On a cashier page: opens the till with a float when it is closed; the ids of the cash and transfer methods. */
async function tillOpen(page: Page): Promise<{ cash: number; transfer: number }> {
  await page.waitForSelector('[data-testid=session-open-form], [data-testid=session-bar]');
  if (await page.$('[data-testid=session-open-form]')) {
    await page.type('#kasir-float', '200000');
    await clickButton(page, 'Buka Kasir');
    await page.waitForSelector('[data-testid=session-bar]');
  }
  const methods = (await call(page, 'GET', '/api/kasir/method')).body.data as { id: number; type: string }[];
  return {
    cash: methods.find((m) => m.type === 'tunai')!.id,
    transfer: methods.find((m) => m.type === 'transfer')!.id,
  };
}

/**
 * The visit's bill as the till sees it: the visit is in today's queue of finished, unpaid visits, and its bill has
 * something to pay and a line a package slot of its patient covers.
 */
async function coveredBill(page: Page, visit: FinishedVisit): Promise<{ total: number; covered: string }> {
  const queue = (await call(page, 'GET', '/api/kasir/visit?unpaid=1')).body.data as { id: number; code: string }[];
  expect(queue.map((v) => v.code)).toContain(visit.code);
  const bill = (await call(page, 'GET', `/api/kasir/bill/${visit.id}`)).body.data as {
    total: number;
    lines: { name: string; covered_by_paket: number | null }[];
  };
  const line = bill.lines.find((l) => l.covered_by_paket);
  expect(line, "a line of the bill covered by the patient's package").toBeDefined();
  expect(bill.total).toBeGreaterThan(0);
  return { total: bill.total, covered: line!.name };
}

/**
 * Picks a payment method in a tender row's select once the methods have loaded: the select is drawn with only
 * 'Pilih metode' until then, and puppeteer's select() of a value not (yet) there selects nothing.
 */
async function selectMethod(page: Page, select: string, method: string): Promise<void> {
  await page.waitForSelector(`${select} option[value="${method}"]`);
  await page.select(select, method);
}

async function clickButton(page: Page, text: string, scope = 'body'): Promise<void> {
  await page.waitForFunction(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].some(
        (b) => b.innerText.trim() === t && !b.disabled,
      ),
    {},
    text,
    scope,
  );
  const b = await page.evaluateHandle(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find(
        (x) => x.innerText.trim() === t && !x.disabled,
      )!,
    text,
    scope,
  );
  await (b as unknown as { click(): Promise<void> }).click();
}

describe('Kasir Klinik', () => {
  it('pays a package instalment with two methods, reads the nota back and closes the till with a difference', async () => {
    const page = await signedIn(browser, clinic.as('admin'), 'large', { at: '/kasir/payment' });
    try {
      await page.waitForSelector('[data-testid=session-bar]');
      const methods = (await call(page, 'GET', '/api/kasir/method')).body.data as { id: number; type: string }[];
      const cash = methods.find((m) => m.type === 'tunai')!.id;
      const transfer = methods.find((m) => m.type === 'transfer')!.id;
      const due = (await call(page, 'GET', '/api/kasir/cicilan')).body.data as {
        code: string;
        due_now: number;
        customer: { name: string };
      }[];
      // The registration made in beforeAll owes its down payment (the one due now).
      const m = due.find((d) => d.code === instalments.code)!;
      expect(m, `${instalments.code} among the instalments due`).toBeDefined();
      expect(m.due_now).toBe(300_000);

      await clickButton(page, 'Cicilan Paket');
      await page.waitForSelector('#cicilan-keyword');
      await page.type('#cicilan-keyword', m.code);
      await waitForText(page, m.code);
      await clickButton(page, 'Bayar');
      await page.waitForSelector('[data-testid=cicilan-form]');
      const amount = await page.$eval('#cicilan-amount', (e) => (e as HTMLInputElement).value);
      expect(Number(amount)).toBe(m.due_now);
      // Transfer part of it, the rest in cash with 20.000 change.
      const transferPart = Math.floor(m.due_now / 2);
      await selectMethod(page, 'select[aria-label="Metode pembayaran 1"]', String(transfer));
      await page.type('input[aria-label="Jumlah pembayaran 1"]', String(transferPart));
      await clickButton(page, 'Tambah metode');
      await selectMethod(page, 'select[aria-label="Metode pembayaran 2"]', String(cash));
      await page.type('input[aria-label="Jumlah pembayaran 2"]', String(m.due_now - transferPart + 20000));
      await page.waitForFunction(() => document.querySelector('[data-testid=change]')?.textContent?.includes('20.000'));
      await clickButton(page, 'Bayar Cicilan');
      await page.waitForSelector('[data-testid=paid-card]');
      expect(await page.$eval('[data-testid=paid-change]', (e) => e.textContent)).toContain('20.000');
      await screenshot(page, 'kasir-cicilan-paid');

      // The nota: the newest payment of today, read back with pdftotext.
      const list = (await call(page, 'GET', '/api/kasir/payment?kind=cicilan')).body.data as {
        id: number;
        total: number;
      }[];
      const paid = list[0];
      expect(paid.total).toBe(m.due_now);
      const pdf = await page.evaluate(async (id) => {
        const r = await fetch(`/api/kasir/payment/${id}/nota`);
        return {
          status: r.status,
          type: r.headers.get('content-type'),
          b64: btoa(String.fromCharCode(...new Uint8Array(await r.arrayBuffer()))),
        };
      }, paid.id);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kasir-e2e-')), 'nota.pdf');
      fs.writeFileSync(file, Buffer.from(pdf.b64, 'base64'));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('NOTA PEMBAYARAN');
      expect(text).toContain(m.customer.name);
      expect(text).toContain('Terbilang:');
      expect(text).toMatch(/rupiah/);
      expect(text).toContain(clinic.account('admin').name); // the cashier who signs it

      // Tutup kasir: the drawer counted 10.000 short.
      await page.keyboard.press('Escape');
      const session = (await call(page, 'GET', '/api/kasir/session/current')).body.data as {
        methods: { method: number; expected: number }[];
      };
      const cashExpected = session.methods.find((x) => x.method === cash)!.expected;
      await clickButton(page, 'Tutup Kasir');
      await page.waitForSelector(`#count-${cash}`);
      await page.type(`#count-${cash}`, String(cashExpected - 10000));
      for (const x of session.methods.filter((y) => y.method !== cash && y.expected > 0))
        await page.type(`#count-${x.method}`, String(x.expected));
      await clickButton(page, 'Simpan Tutup Kasir');
      await page.waitForSelector('[data-testid=session-closed]');
      expect(await page.$eval('[data-testid=session-closed]', (e) => e.textContent)).toContain('-Rp10.000');
      await screenshot(page, 'kasir-closed');
    } finally {
      await closePage(page);
    }
  });

  it('sells an item at the general cashier (after opening the till again)', async () => {
    const page = await signedIn(browser, clinic.as('admin'), 'large', { at: '/kasir/sales' });
    try {
      const { cash } = await tillOpen(page);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('button')].some((b) => b.innerText.trim() === 'Tambah' && !b.disabled),
      );
      // The branch's one warehouse is its pharmacy: the cream received in beforeAll is what it offers.
      await waitForText(page, store.items[0].name);
      await clickButton(page, 'Tambah');
      const qty = '[data-testid=sales-cart] input[aria-label^="Jumlah "]';
      await page.waitForSelector(qty);
      // The shared sales schema refuses a quantity of 0 under the line, before anything is sent.
      let posted = 0;
      const onRequest = (r: HTTPRequest) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/kasir/sales')) posted++;
      };
      page.on('request', onRequest);
      await page.click(qty, { clickCount: 3 });
      await page.keyboard.type('0');
      await clickButton(page, 'Bayar', '[data-testid=sales-cart]');
      await waitForText(page, 'Jumlah minimal 1');
      expect(posted).toBe(0);
      page.off('request', onRequest);
      await page.click(qty, { clickCount: 3 });
      await page.keyboard.type('1');
      await selectMethod(page, 'select[aria-label="Metode pembayaran 1"]', String(cash));
      await page.type('input[aria-label="Jumlah pembayaran 1"]', '5000000');
      await clickButton(page, 'Bayar', '[data-testid=sales-cart]');
      await page.waitForSelector('[data-testid=sales-paid]');
      await waitForText(page, 'PJU/');
      await screenshot(page, 'kasir-sales-paid');
    } finally {
      await closePage(page);
    }
  });
  it('pays a package-covered visit bill by clicking, voids it through approval, then settles a partly paid bill later', async () => {
    const page = await signedIn(browser, clinic.as('admin'));
    const approver = await signedIn(browser, clinic.as('manager'));
    try {
      await page.goto(url('/kasir/payment'));
      const { cash, transfer } = await tillOpen(page);
      // A finished visit of today, not paid, with a line a package slot of the patient covers.
      const visit = coveredVisit;
      const { total, covered } = await coveredBill(page, visit);

      // Open the bill from the queue: the covered line shows Rp 0.
      const openBill = async (label: string) => {
        await page.waitForSelector('#queue-keyword');
        await retype(page, '#queue-keyword', visit.code);
        try {
          await page.waitForFunction(
            (code, l) =>
              [...document.querySelectorAll('tr')].some(
                (tr) =>
                  tr.textContent?.includes(code) &&
                  [...tr.querySelectorAll('button')].some((b) => b.innerText.trim() === l),
              ),
            {},
            visit.code,
            label,
          );
        } catch (err) {
          // What the queue showed instead (a rare timeout here was not understood yet): keep it for the next look.
          await screenshot(page, `kasir-queue-no-${label}`);
          const seen = await page.evaluate(() => ({
            keyword: document.querySelector<HTMLInputElement>('#queue-keyword')?.value,
            focused: document.activeElement?.outerHTML.slice(0, 120),
            dialogs: document.querySelectorAll('[role=dialog]').length,
            rows: [...document.querySelectorAll('tr')].map((tr) => (tr as HTMLElement).innerText).slice(0, 8),
          }));
          throw new Error(`No queue row of ${visit.code} with '${label}': ${JSON.stringify(seen)}`, { cause: err });
        }
        await page.evaluate(
          (code, l) =>
            [...document.querySelectorAll('tr')]
              .find((tr) => tr.textContent?.includes(code))!
              .querySelectorAll('button')
              .forEach((b) => (b.innerText.trim() === l ? b.click() : undefined)),
          visit.code,
          label,
        );
        await page.waitForSelector('[data-testid=bill-panel]');
      };
      await openBill('Bayar');
      await page.waitForFunction(
        (name) =>
          [...document.querySelectorAll('[data-testid=bill-panel] tr')].some(
            (tr) => tr.textContent?.includes(name) && tr.textContent.includes('Rp0 (paket)'),
          ),
        {},
        covered,
      );
      expect(await page.$eval('[data-testid=bill-total]', (e) => e.textContent)).toContain(
        total.toLocaleString('id-ID'),
      );
      // Transfer part, the rest in cash with 10.000 change.
      const transferPart = Math.floor(total / 2);
      await selectMethod(page, 'select[aria-label="Metode pembayaran 1"]', String(transfer));
      await page.type('input[aria-label="Jumlah pembayaran 1"]', String(transferPart));
      await clickButton(page, 'Tambah metode');
      await selectMethod(page, 'select[aria-label="Metode pembayaran 2"]', String(cash));
      await page.type('input[aria-label="Jumlah pembayaran 2"]', String(total - transferPart + 10000));
      await clickButton(page, 'Bayar', '[data-testid=bill-panel]');
      await page.waitForSelector('[data-testid=paid-card]');
      expect(await page.$eval('[data-testid=paid-change]', (e) => e.textContent)).toContain('10.000');
      await screenshot(page, 'kasir-bill-paket-paid');
      // 'Nota PDF' records the print (POST .../printed), then opens the PDF, a pure read (issue 25 finding 8).
      const [nota] = await Promise.all([
        browser.waitForTarget((x) => /\/api\/kasir\/payment\/\d+\/nota$/.test(x.url())),
        page.$$eval('[data-testid=paid-card] button', (bs) =>
          bs.find((b) => b.textContent?.trim() === 'Nota PDF')?.click(),
        ),
      ]);
      const href = new URL(nota.url()).pathname;
      await (await nota.page())?.close();
      const code = await page.$eval('[data-testid=paid-card] b', (e) => e.textContent ?? '');
      const pdf = await page.evaluate(async (u) => {
        const r = await fetch(u);
        return { status: r.status, b64: btoa(String.fromCharCode(...new Uint8Array(await r.arrayBuffer()))) };
      }, href);
      expect(pdf.status).toBe(200);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kasir-bill-')), 'nota.pdf');
      fs.writeFileSync(file, Buffer.from(pdf.b64, 'base64'));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(code);
      expect(text).toContain('ditanggung paket');
      expect(text).toContain('Terbilang:');
      expect(text.toLowerCase()).toContain('rupiah');
      await page.keyboard.press('Escape');

      // Void with a reason, approved by the manager on the approval page.
      await clickButton(page, 'Nota');
      await page.waitForFunction(
        (c) => [...document.querySelectorAll('tr')].some((tr) => tr.textContent?.includes(c)),
        {},
        code,
      );
      await page.evaluate(
        (c) =>
          [...document.querySelectorAll('tr')]
            .find((tr) => tr.textContent?.includes(c))!
            .querySelectorAll('button')
            .forEach((b) => (b.innerText.trim() === 'Batal' ? b.click() : undefined)),
        code,
      );
      await page.waitForSelector('#void-reason');
      await page.type('#void-reason', 'Pasien minta dibatalkan (uji e2e)');
      await clickButton(page, 'Ajukan Pembatalan');
      await page.waitForSelector('[data-testid=void-message]');
      await page.keyboard.press('Escape');
      await approver.goto(url('/confirmation'), { waitUntil: 'domcontentloaded' });
      const item = await approver.waitForFunction(
        (t) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=applog-item]')]
            .find((el) => el.innerText.includes(t))
            ?.getAttribute('data-applog-id') ?? null,
        {},
        `Membatalkan pembayaran ${code}`,
      );
      const scope = `[data-applog-id="${String(await item.jsonValue())}"]`;
      await clickButton(approver, 'Setujui', scope);
      await approver.waitForSelector(`${scope} textarea`);
      await clickButton(approver, 'Kirim Keputusan', scope);
      await approver.waitForFunction((s) => !document.querySelector(s), {}, scope);
      await page.reload();
      await page.waitForSelector('[data-testid=session-bar]');
      await clickButton(page, 'Nota');
      // The payment shows as voided: status 'Batal', no void pending and no 'Batal' button left.
      await page.waitForFunction(
        (c) =>
          [...document.querySelectorAll('tr')].some(
            (tr) =>
              tr.textContent?.includes(c) &&
              tr.textContent.includes('Batal') &&
              !tr.textContent.includes('menunggu') &&
              ![...tr.querySelectorAll('button')].some((b) => b.innerText.trim() === 'Batal'),
          ),
        {},
        code,
      );
      await screenshot(page, 'kasir-bill-voided');

      // The visit is unpaid again: paid in part now, settled later from the 'Belum Lunas' list.
      await clickButton(page, 'Tagihan Kunjungan');
      await openBill('Bayar');
      const part = Math.floor(total / 3);
      await selectMethod(page, 'select[aria-label="Metode pembayaran 1"]', String(cash));
      await page.type('input[aria-label="Jumlah pembayaran 1"]', String(part));
      await clickButton(page, 'Bayar', '[data-testid=bill-panel]');
      await page.waitForSelector('[data-testid=paid-card]');
      expect(await page.$eval('[data-testid=paid-card]', (e) => e.textContent)).toContain('sebagian');
      await page.keyboard.press('Escape');
      // Later: the queue marks the bill 'Belum Lunas' and offers 'Lunasi'.
      await openBill('Lunasi');
      await page.waitForSelector('[data-testid=settle-panel]');
      expect(await page.$eval('[data-testid=bill-outstanding]', (e) => e.textContent)).toContain(
        (total - part).toLocaleString('id-ID'),
      );
      await selectMethod(page, '[data-testid=settle-panel] select[aria-label="Metode pembayaran 1"]', String(cash));
      await page.type(
        '[data-testid=settle-panel] input[aria-label="Jumlah pembayaran 1"]',
        String(total - part + 5000),
      );
      await clickButton(page, 'Bayar Pelunasan');
      await page.waitForSelector('[data-testid=settled-card]');
      expect(await page.$eval('[data-testid=settled-change]', (e) => e.textContent)).toContain('5.000');
      await page.waitForFunction(
        () => document.querySelector('[data-testid=bill-panel] [data-testid=pay-status]')?.textContent === 'Lunas',
      );
      expect(await page.$eval('[data-testid=bill-outstanding]', (e) => e.textContent)).toContain('Rp0');
      await screenshot(page, 'kasir-bill-settled');
    } finally {
      await closePage(page);
      await closePage(approver);
    }
  });

  it("pays a finished visit's bill with two methods; its products leave the pharmacy; the nota reads back", async () => {
    const page = await signedIn(browser, clinic.as('admin'), 'large', { at: '/kasir/payment' });
    try {
      const { cash, transfer } = await tillOpen(page);
      const queue = (await call(page, 'GET', '/api/kasir/visit?unpaid=1')).body.data as { id: number; code: string }[];
      // The visit made in beforeAll (a treatment and the pharmacy's cream) waits in the queue, its bill to pay.
      const visit = queue.find((v) => v.code === productVisit.code);
      expect(visit, `${productVisit.code} in the queue of unpaid visits`).toBeDefined();
      const bill = await call(page, 'GET', `/api/kasir/bill/${visit!.id}?use_paket=false`);
      expect(bill.status).toBe(200);
      const total = bill.body.data.total as number;
      expect(total).toBeGreaterThan(0);
      const cream = store.items[0];
      const before = await onHand(clinic, store.warehouse.id, cream.id);
      const transferPart = Math.floor(total / 2);
      const paid = await page.evaluate(
        async (body) => {
          const r = await fetch('/api/kasir/payment', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-visit-${body.visit}` },
            body: JSON.stringify(body),
          });
          return { status: r.status, body: (await r.json()) as { data: { id: number; code: string; change: number } } };
        },
        {
          visit: visit!.id,
          use_paket: false,
          payments: [
            { method: transfer, amount: transferPart },
            { method: cash, amount: total - transferPart + 10000 },
          ],
        },
      );
      expect(paid.status).toBe(201);
      expect(paid.body.data.change).toBe(10000);
      // Paid once: the second cashier (a retry without the key) is told who paid it.
      const again = await call(page, 'POST', '/api/kasir/payment', {
        visit: visit!.id,
        use_paket: false,
        payments: [{ method: cash, amount: total }],
      });
      expect(again.status).toBe(409);
      expect(again.body[0].message).toContain(paid.body.data.code);
      // The cream of the record left the pharmacy with the payment (once: the refused retry took nothing).
      expect(await onHand(clinic, store.warehouse.id, cream.id)).toBe(before - CREAM_SOLD_WITH_VISIT);

      const pdf = await page.evaluate(async (id) => {
        const r = await fetch(`/api/kasir/payment/${id}/nota`);
        return { status: r.status, bytes: Array.from(new Uint8Array(await r.arrayBuffer())) };
      }, paid.body.data.id);
      expect(pdf.status).toBe(200);
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nota-visit-')), 'nota.pdf');
      fs.writeFileSync(file, Buffer.from(pdf.bytes));
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain(paid.body.data.code);
      expect(text.toLowerCase()).toContain('rupiah');
      await screenshot(page, 'kasir-visit-paid');
    } finally {
      await closePage(page);
    }
  });
});
