import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addDays } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, waitForText, callIn as call } from './helpers';
import { newBranch, type Branch } from './factory';
import { item, prescribedVisit, stockIn, warehouse, type Item, type Warehouse } from './fixtures/stock';

/**
 * Issue 13 stock flows in the browser, in two branches of this file's own (e2e/factory.ts, fixtures in
 * e2e/fixtures/stock.ts): the sending branch ('stok-kirim': inventory, finance, admin, dokter, apoteker) has an
 * apotek stocked through a received purchase order of a batch-tracked paracetamol, and a consultation whose doctor's
 * record prescribes it; the receiving branch ('stok-terima': manager, finance) has its own apotek. Both keep books
 * (their finance periods are open). The sender's inventory account sends a transfer, the receiver's manager receives
 * it with a difference (and its reason); the sender's pharmacist dispenses the waiting prescription.
 */
let browser: Browser;
let sender: Branch;
let receiver: Branch;
let senderApotek: Warehouse;
let receiverApotek: Warehouse;
let pct: Item;

beforeAll(async () => {
  [sender, receiver] = await Promise.all([
    newBranch('stok-kirim', { roles: ['inventory', 'finance', 'admin', 'dokter', 'apoteker'] }),
    newBranch('stok-terima', { roles: ['manager', 'finance'] }),
  ]);
  await Promise.all([sender.openPeriod(), receiver.openPeriod()]);
  [senderApotek, receiverApotek] = await Promise.all([warehouse(sender, 'apotek'), warehouse(receiver, 'apotek')]);
  pct = await item(sender, { name: 'Paracetamol 500 mg Uji', track_batch: true, selling_price: 1500 });
  // Six boxes of ten: twenty travel to the other branch, ten go to the prescription.
  await stockIn(sender, {
    warehouse: senderApotek,
    item: pct,
    boxes: 6,
    batch: `PCT-${sender.id}`,
    expiry: addDays(sender.today(), 180),
  });
  await prescribedVisit(sender, { items: [{ item: pct, qty: 10 }] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function clickText(page: Page, text: string, selector = 'button'): Promise<void> {
  await page.waitForFunction(
    (t, s) => [...document.querySelectorAll<HTMLElement>(s)].some((b) => b.innerText.trim() === t),
    {},
    text,
    selector,
  );
  await page.evaluate(
    (t, s) => [...document.querySelectorAll<HTMLElement>(s)].find((b) => b.innerText.trim() === t)!.click(),
    text,
    selector,
  );
}

describe('inventory flows', () => {
  it('sends from one branch, the other receives with a difference and its reason', async () => {
    const from = await signedIn(browser, sender.as('inventory'));
    type Wh = { id: number; kind: string; profile_id: number; branch_name: string; name: string };
    const targets = await call<{ data: Wh[] }>(from, 'GET', '/api/inventory/mutation/targets');
    const mine = await call<{ data: { id: number; kind: string }[] }>(from, 'GET', '/api/inventory/warehouse?status=1');
    const apotek = mine.body.data.find((w) => w.kind === 'apotek')!;
    expect(apotek.id).toBe(senderApotek.id);
    const to = targets.body.data.find((w) => w.profile_id === receiver.id && w.kind === 'apotek')!;
    expect(to).toMatchObject({ id: receiverApotek.id, branch_name: receiver.name });
    const stock = await call<{ data: { item: number; code: string; quantity: number; expires_in: number | null }[] }>(
      from,
      'GET',
      `/api/inventory/stock?warehouse=${apotek.id}&limit=200`,
    );
    const onHand = stock.body.data.find((s) => s.code === pct.code && (s.expires_in ?? 1) > 0 && s.quantity >= 20)!;
    expect(onHand.item).toBe(pct.id);
    const sent = await call<{ data: { id: number; code: string } }>(from, 'POST', '/api/inventory/mutation', {
      from_warehouse: apotek.id,
      to_warehouse: to.id,
      items: [{ item: onHand.item, qty: 20 }],
    });
    expect(sent.status).toBe(201);
    const code = sent.body.data.code;
    await closePage(from);

    const page = await signedIn(browser, receiver.as('manager'), 'large', { at: '/inventory/mutation' });
    await waitForText(page, code);
    await clickText(page, code, 'td span');
    await page.waitForSelector('#terima-qty-0');
    await page.click('#terima-qty-0', { clickCount: 3 });
    await page.type('#terima-qty-0', '18');
    // Without a reason the difference is refused next to the field.
    await page.click('[data-testid=mutasi-receive]');
    await waitForText(page, 'Alasan selisih wajib diisi');
    await page.type('#terima-note', 'Dua tablet hancur dalam perjalanan');
    await page.click('[data-testid=mutasi-receive]');
    await page.waitForFunction(() => !document.querySelector('#terima-qty-0'));
    await waitForText(page, 'Diterima dengan Selisih');
    await screenshot(page, 'inventory-mutation-received');
    const got = await call<{ data: { status: number; items: { received: number }[] } }>(
      page,
      'GET',
      `/api/inventory/mutation/${sent.body.data.id}`,
    );
    expect(got.body.data.status).toBe(3);
    expect(got.body.data.items[0].received).toBe(18);
    await closePage(page);
  });

  it('the pharmacist dispenses a waiting prescription', async () => {
    const page = await signedIn(browser, sender.as('apoteker'), 'large', { at: '/inventory/sales/resep' });
    await clickText(page, 'Serahkan');
    await page.waitForSelector('[data-testid=resep-dispense]');
    await screenshot(page, 'inventory-resep-dialog');
    await page.click('[data-testid=resep-dispense]');
    await waitForText(page, 'Penyerahan');
    await page.waitForFunction(() => !document.querySelector('[data-testid=resep-dispense]'));
    const sales = await call<{ count: number }>(page, 'GET', '/api/inventory/sales?kind=dispense');
    expect(sales.body.count).toBeGreaterThan(0);
    await closePage(page);
  });
});
