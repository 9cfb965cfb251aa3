import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { ROLE_IDS, TOPLEVEL_IDS } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, waitForText } from './helpers';
import { Api, newBranch, type Branch } from './factory';

/**
 * Issue 31 in the browser, in this file's own branch against the simulator the server was started with
 * (global-setup.ts): the branch's manager operational fills in the SATUSEHAT settings and 'Tes koneksi' answers
 * with a token; a finished visit whose patient has no IHS number fails with the reason on the data page, and once
 * the number is mapped 'Kirim ulang' sends it ('Terkirim').
 */
let browser: Browser;
let clinic: Branch;
let ops: { username: string; password: string };
let opsApi: Api;
let patient: number;

beforeAll(async () => {
  clinic = await newBranch('satusehat', { roles: ['manager', 'admin', 'dokter'] });
  const boss = await Api.signIn('owner');
  const username = `${clinic.key}${clinic.run}.ops`;
  const made = await boss.call('POST', '/api/users/employee', {
    name: `Manajer Operasional ${clinic.run}`,
    username,
    role: ROLE_IDS.manager,
    roletoplevel: TOPLEVEL_IDS.manageroperational,
    profile_id: clinic.id,
    gender: 1,
    phone: '081399990000',
    password: clinic.password,
    repeatpassword: clinic.password,
  });
  expect(made.status).toBe(201);
  ops = { username, password: clinic.password };
  opsApi = await Api.signIn(username, clinic.password);
  patient = (await clinic.patient({ name: clinic.unique('Budi Satusehat') })).id;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function clickButton(p: Page, text: string) {
  await p.waitForFunction(
    (t) =>
      [...document.querySelectorAll<HTMLButtonElement>('button')].some((b) => b.innerText.trim() === t && !b.disabled),
    {},
    text,
  );
  await p.evaluate(
    (t) =>
      [...document.querySelectorAll<HTMLButtonElement>('button')]
        .find((b) => b.innerText.trim() === t && !b.disabled)!
        .click(),
    text,
  );
}

describe('SATUSEHAT pages', () => {
  it("saves the branch's settings and 'Tes koneksi' gets a token from the simulator", async () => {
    const page = await signedIn(browser, ops, 'large', { at: '/backoffice/satusehat/settings' });
    try {
      await page.waitForSelector('#ss-organization_id');
      await page.type('#ss-organization_id', '100000001');
      await page.type('#ss-client_id', 'sim-client-pusat');
      await page.type('#ss-client_secret', 'sim-secret-pusat');
      await clickButton(page, 'Simpan');
      await waitForText(page, 'Pengaturan SATUSEHAT disimpan');
      // The settings are refetched after the test (token health): the result stays on the page after that.
      const refetched = page.waitForResponse((r) => r.url().includes('satusehat.settings'));
      await clickButton(page, 'Tes koneksi');
      await refetched;
      await page.waitForSelector('[data-testid="ss-test-result"]');
      const result = await page.$eval('[data-testid="ss-test-result"]', (e) => (e as HTMLElement).innerText);
      expect(result).toContain('Koneksi berhasil');
      // The secret never comes back to the page.
      expect(await page.content()).not.toContain('sim-secret-pusat');
      await screenshot(page, 'satusehat-settings');
    } finally {
      await closePage(page);
    }
  });

  it("shows a failed visit with its reason and sends it again with 'Kirim ulang'", async () => {
    await opsApi.data('PUT', '/api/satusehat/mappings', {
      kind: 'location',
      local_key: 'konsultasi',
      code: 'loc-e2e-1',
      display: 'Poli Umum',
    });
    const dokter = clinic.account('dokter');
    await opsApi.data('PUT', '/api/satusehat/mappings', {
      kind: 'practitioner',
      local_key: String(dokter.id),
      code: '10009880728',
    });
    const manager = await clinic.api('manager');
    const visit = await manager.data<{ id: number }>('POST', '/api/service/visit', {
      customer: patient,
      doctor: dokter.id,
      kind: 'konsultasi',
    });
    const doc = await clinic.api('dokter');
    await doc.data('POST', `/api/rekammedis/visit/${visit.id}/soap`, {
      subjective: 'Demam dua hari',
      vitals: { nadi: 90 },
      diagnoses: [{ code: 'J06.9', primary: true }],
    });
    await doc.data('POST', `/api/rekammedis/visit/${visit.id}/finish`, {});
    // The sweep (every 2 s here) sends it; the patient has no IHS number yet: failed with the reason.
    let failed = false;
    for (let i = 0; i < 60 && !failed; i++) {
      const r = await opsApi.call<{ data: { visit_id: number }[] }>('GET', '/api/satusehat/visits?status=failed');
      failed = r.body.data.some((x) => x.visit_id === visit.id);
      if (!failed) await new Promise((res) => setTimeout(res, 500));
    }
    expect(failed).toBe(true);
    const page = await signedIn(browser, ops, 'large', { at: '/backoffice/satusehat/data' });
    try {
      await waitForText(page, 'Gagal');
      await waitForText(page, 'IHS');
      await opsApi.data('PUT', '/api/satusehat/mappings', {
        kind: 'patient',
        local_key: String(patient),
        code: 'P02478375538',
      });
      await clickButton(page, 'Kirim ulang');
      await waitForText(page, 'Dikirim ulang');
      for (let i = 0; i < 60; i++) {
        const r = await opsApi.call<{ data: { visit_id: number }[] }>('GET', '/api/satusehat/visits?status=sent');
        if (r.body.data.some((x) => x.visit_id === visit.id)) break;
        await new Promise((res) => setTimeout(res, 500));
      }
      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForText(page, 'Terkirim');
      await screenshot(page, 'satusehat-data');
    } finally {
      await closePage(page);
    }
  });
});
