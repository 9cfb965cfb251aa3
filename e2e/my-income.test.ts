import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, launchBrowser, screenshot, sidewaysScroll, signedIn, waitForText } from './helpers';
import { newBranch, type Branch, type Patient } from './factory';

/**
 * Issue 29 item 6 in the browser: a doctor of this file's own branch with one treatment paid at the till and this
 * month's payout run approved (set up through REST by the branch's admin, finance and manager) opens 'Pendapatan
 * Saya' from the user menu, sees the fee line (patient's NO RM, not their name; status paid), the run and the year
 * to date, reads their fee slip PDF back (pdftotext), and the page fits a 360 px phone.
 */
let browser: Browser;
let page: Page;
let clinic: Branch;
let patient: Patient;
let runId: number;

beforeAll(async () => {
  clinic = await newBranch('income', { roles: ['admin', 'finance', 'manager', 'dokter'] });
  await clinic.openPeriod();
  const admin = await clinic.api('admin');
  const fin = await clinic.api('finance');
  const doc = await clinic.api('dokter');
  const doctor = clinic.account('dokter');
  patient = await clinic.patient();
  const tm = await clinic.procedure({ name: 'Laser Wajah', price: 1_000_000, doctor_share: 300_000 });
  await admin.data('POST', '/api/kasir/session', { opening_float: 0 });
  const methods = await admin.data<{ id: number; type: string }[]>('GET', '/api/kasir/method');
  const cash = methods.find((m) => m.type === 'tunai')!.id;
  const visit = await admin.data<{ id: number }>('POST', '/api/service/visit', {
    customer: patient.id,
    doctor: doctor.id,
    kind: 'konsultasi',
  });
  await doc.data('POST', `/api/rekammedis/visit/${visit.id}/treatment`, {
    perawatan: tm.id,
    qty: 1,
    doctor: doctor.id,
  });
  await doc.data('POST', `/api/rekammedis/visit/${visit.id}/finish`, {});
  await admin.data('POST', '/api/kasir/payment', { visit: visit.id, payments: [{ method: cash, amount: 1_000_000 }] });
  const run = await fin.data<{ id: number }>('POST', '/api/finance/sharing/runs', {
    period: clinic.today().slice(0, 7),
  });
  runId = run.id;
  expect((await fin.call('POST', `/api/finance/sharing/runs/${runId}/approve`, {})).status).toBe(202);
  const mgr = await clinic.api('manager');
  expect((await mgr.call('POST', `/api/finance/sharing/runs/${runId}/approve`, {})).status).toBe(200);
  browser = await launchBrowser();
  page = await signedIn(browser, clinic.as('dokter'));
});
afterAll(async () => {
  if (page) await closePage(page);
  await browser?.close();
});

describe('My Income of a doctor', () => {
  it('opens from the user menu with the fee line, the run and the year to date', async () => {
    await page.click('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=my-income]');
    await page.click('[data-testid=my-income]');
    await waitForText(page, 'Pendapatan Saya');
    await waitForText(page, patient.username);
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('Laser Wajah');
    expect(text).toContain('Dibayar');
    expect(text).toContain('300.000');
    expect(text).not.toContain(patient.name);
    expect(await page.$eval('[data-testid=income-ytd]', (e) => e.textContent)).toContain('300.000');
    await screenshot(page, 'my-income');
  });

  it('reads the fee slip PDF back', async () => {
    const href = await page.$eval('a[href^="/api/finance/sharing/my/slip"]', (a) => a.getAttribute('href'));
    expect(href).toBe(`/api/finance/sharing/my/slip?run=${runId}`);
    const pdf = await page.evaluate(async (h) => {
      const r = await fetch(h);
      return {
        status: r.status,
        type: r.headers.get('content-type'),
        b64: btoa(String.fromCharCode(...new Uint8Array(await r.arrayBuffer()))),
      };
    }, href!);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'income-e2e-')), 'slip.pdf');
    fs.writeFileSync(file, Buffer.from(pdf.b64, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('SLIP JASA DOKTER');
    expect(text).toContain(clinic.account('dokter').name);
    expect(text).toContain('300.000');
  });

  it('fits a 360 px phone', async () => {
    await page.setViewport({ width: 360, height: 780 });
    await page.waitForFunction(() => window.innerWidth === 360);
    await waitForText(page, patient.username);
    const overflow = await sidewaysScroll(page);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
