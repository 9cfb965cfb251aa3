import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callIn,
  closePage,
  downloadedFile,
  enabledButton,
  launchBrowser,
  readWorkbook,
  screenshot,
  sidewaysScroll,
  signedIn,
  url,
} from './helpers';
import { addDays, todayIn } from '../packages/shared/src/index.js';

// Issue 12: a record list page (filter by patient, Excel of the filter), the printouts read back from the PDF, and
// the demo patient with 700 visits.
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-rm-'));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function call<T>(page: Page, p: string): Promise<{ status: number; body: T }> {
  return callIn<T>(page, 'GET', p);
}
function button(page: Page, text: string): Promise<ElementHandle<HTMLButtonElement>> {
  return enabledButton(page, 'main', text);
}
/** A PDF fetched with the page's session, as text (pdftotext). */
async function pdfText(page: Page, p: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await page.evaluate(async (u) => {
    const r = await fetch(u);
    const bytes = Array.from(new Uint8Array(await r.arrayBuffer()));
    return { status: r.status, type: r.headers.get('content-type'), bytes };
  }, p);
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.from(res.bytes));
  const text = res.status === 200 ? execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) : '';
  return { status: res.status, type: res.type, text: text.replace(/\s+/g, ' ') };
}

interface SoapRow {
  visit_id: number;
  customer: { name: string; username: string };
  diagnoses: { code: string }[];
}

describe('rekam medis lists and printouts', () => {
  it('a doctor filters the SOAP list by patient and downloads it as Excel', async () => {
    const page = await signedIn(browser, 'dokter', 'large', { at: '/rekammedis/soap' });
    try {
      await page.waitForSelector('main table tbody tr td');
      const all = await call<{ data: SoapRow[]; count: number }>(page, '/api/rekammedis/daftar/soap?limit=1');
      expect(all.body.count).toBeGreaterThan(0);
      const name = all.body.data[0].customer.name;
      await page.type('#rm-soap-keyword', name);
      await page.waitForFunction(
        (n) => {
          const rows = [...document.querySelectorAll('main table tbody tr')];
          return rows.length > 0 && rows.every((r) => (r as HTMLElement).innerText.includes(n));
        },
        {},
        name,
      );
      await screenshot(page, 'rekammedis-soap-filtered');
      // The page's default range: the last 30 days of the branch's own calendar (Jakarta), not the machine's.
      const today = todayIn('Asia/Jakarta');
      const from = addDays(today, -30);
      const filtered = await call<{ count: number }>(
        page,
        `/api/rekammedis/daftar/soap?limit=1&keyword=${encodeURIComponent(name)}&fromdate=${from}&todate=${today}`,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: tmp });
      await (await button(page, 'Export Excel')).evaluate((b) => b.click());
      const file = await downloadedFile(tmp, (f) => f.startsWith('rekam-medis-soap-') && f.endsWith('.xlsx'));
      const wb = await readWorkbook(file);
      const ws = wb.worksheets[0];
      expect(ws.name).toBe('Catatan SOAP');
      expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['NO RM', 'Pasien', 'Diagnosis']));
      expect(ws.rowCount - 1).toBe(filtered.body.count);
      for (let r = 2; r <= ws.rowCount; r++) expect(ws.getRow(r).values).toContain(name);
    } finally {
      await closePage(page);
    }
  });

  it('prints the resume medis, the prescription and the sick-leave letter, read back from the PDF', async () => {
    const page = await signedIn(browser, 'dokter');
    try {
      const rx = await call<{
        data: { visit_id: number; prescription: { id: number; code: string }; item: { name: string } }[];
      }>(page, '/api/rekammedis/daftar/resep?limit=1&fromdate=2000-01-01');
      expect(rx.body.data.length).toBe(1);
      const { prescription, item } = rx.body.data[0];
      // The resume of a visit with a diagnosis (the newest prescription may belong to a record still in draft).
      const soap = await call<{ data: SoapRow[] }>(page, '/api/rekammedis/daftar/soap?limit=50&fromdate=2000-01-01');
      const visit = soap.body.data.find((r) => r.diagnoses.length > 0)!.visit_id;
      const resume = await pdfText(page, `/api/rekammedis/visit/${visit}/resume.pdf`);
      expect(resume.status).toBe(200);
      expect(resume.type).toBe('application/pdf');
      for (const s of [
        'Klinik Sehat Sentosa Jakarta',
        'RESUME MEDIS',
        'NO RM.',
        'Diagnosis (ICD-10)',
        'Utama',
        'SIP: SIP/',
      ])
        expect(resume.text).toContain(s);
      const resep = await pdfText(page, `/api/rekammedis/prescription/${prescription.id}/pdf`);
      expect(resep.text).toContain(prescription.code);
      expect(resep.text).toContain(item.name);
      // The demo doctor's stored sick-leave letter (issue 25: issued once, reprinted exactly as stored).
      let issued: { visit: number; code: string } | undefined;
      for (const r of soap.body.data) {
        const l = await call<{ data: { code: string } | null }>(
          page,
          `/api/rekammedis/visit/${r.visit_id}/surat-sakit`,
        );
        if (l.body.data) {
          issued = { visit: r.visit_id, code: l.body.data.code };
          break;
        }
      }
      expect(issued).toBeDefined();
      const letter = await pdfText(page, `/api/rekammedis/visit/${issued!.visit}/surat-sakit.pdf`);
      expect(letter.text).toContain('SURAT KETERANGAN SAKIT');
      expect(letter.text).toContain(issued!.code);
      expect(letter.text).toContain('2 (dua) hari');
    } finally {
      await closePage(page);
    }
  });

  it('the 700-visit demo patient has her records in the lists and opens fast', async () => {
    const page = await signedIn(browser, 'dokter');
    try {
      const list = await call<{ count: number }>(
        page,
        '/api/rekammedis/daftar/soap?limit=1&fromdate=2000-01-01&keyword=Sri%20Rahayu%20Wulandari',
      );
      expect(list.body.count).toBe(700);
      const [patient] = (
        await call<{ data: { customer: { id: number } }[] }>(
          page,
          '/api/rekammedis/daftar/soap?limit=1&fromdate=2000-01-01&keyword=Sri%20Rahayu',
        )
      ).body.data;
      const t0 = Date.now();
      const timeline = await call<{ count: number; data: unknown[] }>(
        page,
        `/api/rekammedis/patient/${patient.customer.id}?page=1&limit=10`,
      );
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(timeline.body.count).toBe(700);
      expect(timeline.body.data).toHaveLength(10);
      // Her whole history in the browser: the first ten visits, the count of 700, more as the list scrolls.
      const t1 = Date.now();
      await page.goto(url(`/service/rekammedis?patient=${patient.customer.id}`), { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=rm-timeline-visit]').length >= 10);
      expect(Date.now() - t1).toBeLessThan(10_000);
      expect(await page.$eval('[data-testid=rm-timeline-count]', (e) => e.textContent)).toContain('700');
      await page.$eval('[data-testid=rm-more]', (b) => (b as HTMLButtonElement).click());
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=rm-timeline-visit]').length >= 20);
      await screenshot(page, 'rekammedis-700-visits');
      await page.goto(url('/rekammedis/treatment'), { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.querySelector('main table tbody')?.textContent?.includes('NO RM.'));
      await screenshot(page, 'rekammedis-treatment');
    } finally {
      await closePage(page);
    }
  });

  it('fits a phone (390 x 844) without scrolling sideways', async () => {
    const page = await signedIn(browser, 'apoteker', 'phone', { at: '/rekammedis/resep' });
    try {
      await page.waitForFunction(() => document.querySelector('main table tbody')?.textContent?.includes('NO RM.'));
      const overflow = await sidewaysScroll(page);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'rekammedis-resep-phone');
    } finally {
      await closePage(page);
    }
  });
});
