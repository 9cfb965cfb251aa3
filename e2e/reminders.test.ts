import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { addDays } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, waitForText } from './helpers';
import { newBranch, type Branch } from './factory';
import { doctorOnDuty, reservation } from './fixtures/desk';

/**
 * Issue 11 item 6 in the browser, in this file's own branch (e2e/factory.ts: its manager, admin and doctor; the
 * doctor on duty every day, one patient booked for tomorrow 09:00; no gateway yet: the gateway is a setting of each
 * branch, reminder_gateway.profile_id): its manager sets up the WhatsApp/SMS gateway on 'Pengingat Kunjungan' (here
 * a fake gateway in this test process), sends tomorrow's reminder with 'Kirim', and sees it 'Terkirim' once the job
 * queue has delivered it with the token header and a message that names the branch.
 */
let browser: Browser;
let clinic: Branch;
let gateway: http.Server;
const received: { headers: http.IncomingHttpHeaders; body: { target?: string; message?: string } }[] = [];

beforeAll(async () => {
  clinic = await newBranch('reminders', { roles: ['manager', 'admin', 'dokter'] });
  await doctorOnDuty(clinic);
  const patient = await clinic.patient({ name: clinic.unique('Fajar Pengingat') });
  await reservation(clinic, { patient, date: addDays(clinic.today(), 1), time: '09:00' });
  browser = await launchBrowser();
  gateway = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw || '{}') as { target?: string; message?: string } });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true}');
    });
  });
  // The port the server was started to allow (global-setup.ts): any other internal address is refused.
  await new Promise<void>((resolve) => gateway.listen(inject('gatewayPort'), '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => gateway?.close(resolve));
});

async function clickButton(p: Page, text: string, scope = 'body') {
  await p.waitForFunction(
    (t, s) => [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].some((b) => b.innerText.trim() === t),
    {},
    text,
    scope,
  );
  await p.evaluate(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find((b) => b.innerText.trim() === t)!.click(),
    text,
    scope,
  );
}

describe("'Pengingat Kunjungan' through a gateway", () => {
  it('sends a reminder through the configured gateway and shows it delivered', async () => {
    const page = await signedIn(browser, clinic.as('manager'), 'large', { at: '/service/visitreminder' });
    try {
      await waitForText(page, 'Belum diatur: pengingat dikirim lewat tautan WhatsApp');
      // Without a gateway there is nothing to send: only the wa.me links.
      expect(await page.evaluate(() => document.body.innerText.includes('Kirim semua'))).toBe(false);
      await clickButton(page, 'Atur Gateway');
      await page.waitForSelector('#gateway-url');
      await page.click('#gateway-enabled');
      const port = (gateway.address() as AddressInfo).port;
      await page.type('#gateway-url', `http://127.0.0.1:${port}/send`);
      await page.click('#gateway-token-header', { clickCount: 3 });
      await page.type('#gateway-token-header', 'Authorization');
      await page.type('#gateway-token', 'token-uji-e2e');
      await clickButton(page, 'Simpan', 'form');
      await waitForText(page, `Aktif: http://127.0.0.1:${port}/send`);
      await waitForText(page, 'Kirim semua');

      await clickButton(page, 'Kirim', 'main table');
      await vi.waitFor(() => expect(received.length).toBe(1), { timeout: 30_000, interval: 250 });
      expect(received[0].headers.authorization).toBe('token-uji-e2e');
      expect(received[0].body.target).toMatch(/^62\d{8,}$/);
      expect(received[0].body.message).toContain(clinic.name);
      await waitForText(page, 'Terkirim');
      await screenshot(page, 'reminders-gateway');
    } finally {
      await closePage(page);
    }
  });
});
