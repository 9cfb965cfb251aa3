import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { MSG } from '../packages/shared/src/index.js';
import {
  bodyText,
  closePage,
  launchBrowser,
  pathname,
  screenshot,
  url,
  waitForText,
  signedIn,
  callIn as call,
} from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * Issue 5 in the browser: the 'Pembelian Paket Promo' wizard as admin, in this file's own branch (e2e/factory.ts: its
 * admin, finance and doctor, two packages, a patient), first without an active finance period (download refused),
 * then with one, for an existing patient and for a new patient with a guardian, ending on /paket/sales.
 */
let browser: Browser;
let clinic: Branch;

beforeAll(async () => {
  clinic = await newBranch('paket', { roles: ['admin', 'finance', 'dokter'] });
  await clinic.patient({ name: 'Ayu Kartika Uji' });
  await clinic.paket({ name: 'Paket Glow Uji' });
  await clinic.paket({ name: 'Paket Acne Uji', installments: { dp: 300_000, count: 4 } });
  // The agreement PDF is shown in a frame: the full browser, which has a PDF viewer (e2e/helpers.ts launchBrowser).
  browser = await launchBrowser('id-ID', { pdfViewer: true });
});
afterAll(async () => {
  await browser?.close();
});

async function buttonByText(page: Page, text: string, scope: string = '[data-testid=purchase-wizard]') {
  await page.waitForFunction(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].some((b) => b.innerText.trim().includes(t)),
    {},
    text,
    scope,
  );
  return page.evaluateHandle(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find((b) => b.innerText.trim().includes(t))!,
    text,
    scope,
  );
}

async function isDisabled(page: Page, text: string): Promise<boolean> {
  const b = await buttonByText(page, text);
  return b.evaluate((el) => el.disabled);
}

async function click(page: Page, text: string, scope?: string): Promise<void> {
  const b = await buttonByText(page, text, scope);
  await b.evaluate((el) => el.click());
}

/** 'Unduh Perjanjian' also opens the PDF in a new window: close it and bring the wizard back to the front. */
async function download(page: Page): Promise<void> {
  const opened = new Promise<void>((resolve) => page.browserContext().once('targetcreated', () => resolve()));
  await click(page, 'Unduh Perjanjian');
  await opened;
  for (const p of await page.browserContext().pages()) if (p !== page) await p.close();
  await page.bringToFront();
}

async function pickOption(page: Page, comboId: string, typed: string): Promise<string> {
  await page.click(`#${comboId}`);
  await page.keyboard.type(typed);
  // Found, read and clicked in one step: the list re-renders while results arrive, so an option seen by one call
  // may be gone by the next.
  const picked = await page.waitForFunction(() => {
    const o = document.querySelector<HTMLElement>('[role=option]');
    if (!o || document.querySelector('[role=listbox] .animate-spin')) return null;
    const text = o.innerText;
    o.click();
    return text;
  });
  return (await picked.jsonValue()) as string;
}

async function stepTitle(page: Page): Promise<string> {
  return page.$eval('[data-testid=wizard-step-title]', (e) => (e as HTMLElement).innerText);
}

/** Steps 1-3 for an existing patient; leaves the wizard on step 4. */
async function throughDoctor(page: Page, patientKeyword: string): Promise<void> {
  await page.goto(url('/paket/sales'), { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid=daftar-paket]');
  await page.click('[data-testid=daftar-paket]');
  await page.waitForSelector('[data-testid=purchase-wizard]');
  await waitForText(page, 'Pembelian Paket Promo');
  expect(await stepTitle(page)).toBe('Informasi Member');
  expect(await isDisabled(page, 'Lanjut')).toBe(true); // the patient-type toggle is mandatory
  await click(page, 'Pasien Lama');
  expect(await isDisabled(page, 'Lanjut')).toBe(true); // no patient yet
  await pickOption(page, 'wizard-patient', patientKeyword);
  await page.waitForSelector('[data-testid=member-info]');
  expect(await page.$eval('[data-testid=member-info]', (e) => (e as HTMLElement).innerText)).toContain('NO RM.');
  expect(await isDisabled(page, 'Lanjut')).toBe(false);
  await click(page, 'Lanjut');

  await page.waitForSelector('[data-testid=paket-option]');
  expect(await stepTitle(page)).toBe('Pilih Paket');
  expect(await isDisabled(page, 'Lanjut')).toBe(true);
  const first = await page.$eval('[data-testid=paket-option]', (e) => (e as HTMLElement).innerText);
  expect(first).toContain('PKT-');
  // 'lihat' lists the treatments.
  await page.$eval('[data-testid=paket-option] button:not([role=checkbox])', (b) => b.click());
  await page.waitForSelector('[data-testid=treatment-list], [data-testid=no-treatments]');
  await screenshot(page, 'paket-wizard-lihat');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid=treatment-list]'));
  const boxes = await page.$$('[data-testid=paket-option] [role=checkbox]');
  await boxes[0].click();
  expect(await isDisabled(page, 'Lanjut')).toBe(false);
  await boxes[1].click(); // at most one: the second replaces the first
  expect(await page.$$eval('[data-testid=paket-option] [role=checkbox][data-state=checked]', (x) => x.length)).toBe(1);
  await boxes[1].click(); // none ticked
  expect(await isDisabled(page, 'Lanjut')).toBe(true);
  await boxes[0].click();
  await click(page, 'Lanjut');

  expect(await stepTitle(page)).toBe('Pilih Dokter');
  expect(await isDisabled(page, 'Lanjut')).toBe(true);
  // Back keeps the ticked package.
  await click(page, 'Kembali');
  await page.waitForSelector('[data-testid=paket-option] [role=checkbox][data-state=checked]');
  await click(page, 'Lanjut');
  const doctor = await pickOption(page, 'wizard-doctor', 'dr');
  expect(doctor).toContain('dr.');
  await click(page, 'Lanjut');
  expect(await stepTitle(page)).toBe('Persetujuan');
}

describe('Pembelian Paket Promo', () => {
  it('says when it opens that there is no active finance period, and goes no further (issue 16)', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/paket/sales' });
    await admin.waitForSelector('[data-testid=daftar-paket]');
    await admin.click('[data-testid=daftar-paket]');
    await admin.waitForSelector('[data-testid=purchase-wizard]');
    // On the first step, before any patient is chosen or created.
    await admin.waitForSelector('[data-testid=wizard-no-period]');
    await waitForText(admin, MSG.noActivePeriod);
    expect(await stepTitle(admin)).toBe('Informasi Member');
    await click(admin, 'Pasien Lama');
    await pickOption(admin, 'wizard-patient', 'a');
    await admin.waitForSelector('[data-testid=member-info]');
    expect(await isDisabled(admin, 'Lanjut')).toBe(true);
    // No new patient is created for a purchase that cannot finish.
    await click(admin, 'Pasien Baru');
    expect(await isDisabled(admin, 'Lanjut')).toBe(true);
    expect(await stepTitle(admin)).toBe('Informasi Member');
    await screenshot(admin, 'paket-wizard-no-period');
    await closePage(admin);
  });

  it('registers a package for an existing patient and lands on /paket/sales', async () => {
    const finance = await signedIn(browser, clinic.as('finance'));
    const created = await call(finance, 'POST', '/api/finance/periode', {
      start_date: clinic.today().slice(0, 8) + '01',
    });
    expect(created.status).toBe(201);
    await closePage(finance);

    const admin = await signedIn(browser, clinic.as('admin'));
    await throughDoctor(admin, 'a');
    await admin.waitForSelector('[data-testid=agreement-frame]');
    expect(await isDisabled(admin, 'Konfirmasi')).toBe(true);
    expect(await admin.$('[data-testid=wizard-no-period]')).toBeNull();
    // Step 4 says before Confirm that the agreement must be downloaded first (issue 16).
    await admin.waitForSelector('[data-testid=agreement-hint]');
    // The agreement answers a PDF.
    const src = await admin.$eval('[data-testid=agreement-frame]', (f) => (f as HTMLIFrameElement).src);
    const head = await admin.evaluate(async (u) => {
      const r = await fetch(u);
      return { status: r.status, type: r.headers.get('content-type') };
    }, src);
    expect(head).toEqual({ status: 200, type: 'application/pdf' });
    // The preview frame itself loads the PDF under the CSP and frame headers (issue 8): a refused frame would be
    // Chromium's error page instead.
    const frame = await admin.waitForFrame((f) => f.url() === src, { timeout: 15_000 });
    expect(frame.url()).toBe(src);
    await screenshot(admin, 'paket-wizard-persetujuan');
    await download(admin);
    expect(await isDisabled(admin, 'Konfirmasi')).toBe(false);
    expect(await admin.$('[data-testid=agreement-hint]')).toBeNull();
    await click(admin, 'Konfirmasi');
    try {
      await admin.waitForFunction(
        (ok) => document.body.innerText.includes(ok) || !!document.querySelector('[data-slot=error-list]'),
        {},
        MSG.registrationSuccess,
      );
    } finally {
      await screenshot(admin, 'paket-wizard-after-confirm');
    }
    await waitForText(admin, MSG.registrationSuccess);
    const text = await bodyText(admin);
    expect(text).toMatch(/Registrasi PKT\/\d{2}\/\d{6}\/\d{4} Sukses/);
    await screenshot(admin, 'paket-wizard-sukses');
    await click(admin, 'Selesai', 'body');
    await admin.waitForFunction(() => location.pathname === '/paket/sales');
    expect(await pathname(admin)).toBe('/paket/sales');
    await waitForText(admin, 'PKT/');
    await screenshot(admin, 'paket-sales');
    await closePage(admin);
  });

  it('registers a new patient with a guardian', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/paket/sales' });
    await admin.waitForSelector('[data-testid=daftar-paket]');
    await admin.click('[data-testid=daftar-paket]');
    await admin.waitForSelector('[data-testid=purchase-wizard]');
    await click(admin, 'Pasien Baru');
    await admin.waitForSelector('#np-name');
    expect(await admin.$('[data-testid=wali-fields]')).toBeNull();
    const name = `Anak Uji ${Date.now().toString(36).slice(-4)}`;
    await admin.type('#np-name', name);
    await admin.click('#np-gender');
    await admin.waitForSelector('[role=option]');
    await admin.$$eval('[role=option]', (os) => (os[1] as HTMLElement).click());
    await admin.type('#np-phone', 'abc');
    await admin.click('[aria-label="Dengan Wali"]');
    await admin.waitForSelector('[data-testid=wali-fields]');
    await admin.type('#np-wali_name', 'Bapak Wali Uji');
    await admin.type('#np-wali_phone', '081234567890');
    await click(admin, 'Lanjut');
    await waitForText(admin, 'Nomor telepon tidak valid'); // the server's answer, inline
    await admin.click('#np-phone', { clickCount: 3 });
    await admin.keyboard.press('Backspace');
    await screenshot(admin, 'paket-wizard-pasien-baru');
    await click(admin, 'Lanjut');
    await admin.waitForSelector('[data-testid=paket-option]');
    await click(admin, 'Kembali');
    await waitForText(admin, 'Pasien baru tersimpan');
    expect(await bodyText(admin)).toContain(name);
    await click(admin, 'Lanjut');
    const boxes = await admin.$$('[data-testid=paket-option] [role=checkbox]');
    await boxes[boxes.length - 1].click();
    await click(admin, 'Lanjut');
    await pickOption(admin, 'wizard-doctor', 'dr');
    await click(admin, 'Lanjut');
    await admin.waitForSelector('[data-testid=agreement-frame]');
    await download(admin);
    await click(admin, 'Konfirmasi');
    await waitForText(admin, MSG.registrationSuccess);
    await click(admin, 'Selesai', 'body');
    await admin.waitForFunction(() => location.pathname === '/paket/sales');
    await waitForText(admin, name);
    await closePage(admin);
  });

  it('back from step 2 and on again keeps one patient: an edit changes it, never registers a second (issue 26)', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/paket/sales' });
    try {
      await admin.waitForSelector('[data-testid=daftar-paket]');
      await admin.click('[data-testid=daftar-paket]');
      await admin.waitForSelector('[data-testid=purchase-wizard]');
      await click(admin, 'Pasien Baru');
      await admin.waitForSelector('#np-name');
      const name = `Sekali Uji ${Date.now().toString(36).slice(-5)}`;
      await admin.type('#np-name', name);
      await admin.click('#np-gender');
      await admin.waitForSelector('[role=option]');
      await admin.$$eval('[role=option]', (os) => (os[1] as HTMLElement).click());
      await admin.type('#np-phone', '081377778888');
      await click(admin, 'Lanjut');
      await admin.waitForSelector('[data-testid=paket-option]');
      // The new NO RM. is shown once saved (issue 26 item 7).
      await waitForText(admin, 'Pasien baru tersimpan dengan NO RM. RM');

      const patients = async () =>
        (
          await call<{ data: { id: number; phone: string | null; username: string }[] }>(
            admin,
            'GET',
            `/api/users?role=1&keyword=${encodeURIComponent(name)}`,
          )
        ).body.data;
      const [first] = await patients();

      // Back and on twice with the same form: the same patient.
      for (let i = 0; i < 2; i++) {
        await click(admin, 'Kembali');
        await admin.waitForSelector('[data-testid=member-info]');
        await click(admin, 'Lanjut');
        await admin.waitForSelector('[data-testid=paket-option]');
      }
      // Back, a corrected phone, on: the same patient, edited.
      await click(admin, 'Kembali');
      await admin.waitForSelector('#np-phone');
      await admin.click('#np-phone', { clickCount: 3 });
      await admin.type('#np-phone', '081399990000');
      await click(admin, 'Lanjut');
      await admin.waitForSelector('[data-testid=paket-option]');
      const after = await patients();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: first.id, username: first.username, phone: '081399990000' });
    } finally {
      await closePage(admin);
    }
  });
});

describe('Paket Promosi master', () => {
  it('creates a package type: errors next to the field first, then saved and listed', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/paket/promosi' });
    try {
      // Radix tabs switch on a real press (mousedown), not on a scripted click().
      const tab = await buttonByText(admin, 'Jenis Paket', '[role=tablist]');
      await (tab.asElement() as import('puppeteer-core').ElementHandle<HTMLButtonElement>).click();
      await click(admin, 'Jenis Paket Baru', 'body');
      await admin.waitForSelector('#type-name');
      // Start date before the end date is the shared schema's rule, checked before anything is sent.
      await admin.type('#type-end', '01/01/2020');
      await admin.click('#type-name');
      await click(admin, 'Simpan', '[role=dialog]');
      await waitForText(admin, 'Tanggal berakhir tidak boleh sebelum tanggal mulai');
      expect(await admin.$eval('#type-name', (el) => el.getAttribute('aria-invalid'))).toBe('true');
      const name = `Jenis Uji ${Date.now() % 100000}`;
      await admin.type('#type-name', name);
      await admin.click('#type-end', { clickCount: 3 });
      await admin.keyboard.press('Backspace');
      await admin.keyboard.press('Tab');
      await click(admin, 'Simpan', '[role=dialog]');
      await waitForText(admin, 'Aksi Sukses');
      await click(admin, 'OK', '[role=dialog], [role=alertdialog]');
      await waitForText(admin, name);
    } finally {
      await closePage(admin);
    }
  });
});

/** Opens a Radix select by its trigger and picks the option with that text (or the first one). */
async function choose(page: Page, triggerId: string, text?: string): Promise<void> {
  await page.click(`#${triggerId}`);
  await page.waitForSelector('[role=option]');
  await page.evaluate((t) => {
    const options = [...document.querySelectorAll<HTMLElement>('[role=option]')];
    (t === null ? options[0] : options.find((o) => o.innerText.trim() === t))!.click();
  }, text ?? null);
  await page.waitForFunction(() => !document.querySelector('[role=option]'));
}

async function retype(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

describe('Paket Promosi package dialog', () => {
  it('checks the shared rules next to the fields, the instalment sum included, before saving a package', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/paket/promosi' });
    try {
      await click(admin, 'Paket Baru', 'body');
      await admin.waitForSelector('#pk-code');
      // Nothing filled in: the shared schema's messages under their fields, nothing sent.
      await click(admin, 'Simpan', '[role=dialog]');
      await admin.waitForSelector('#pk-price-error');
      expect(await admin.$eval('#pk-code-error', (e) => e.textContent)).toBe('Kode wajib diisi');
      expect(await admin.$eval('#pk-code', (e) => e.getAttribute('aria-invalid'))).toBe('true');

      const code = `PU${Date.now() % 100000}`;
      await admin.type('#pk-code', code);
      await admin.type('#pk-name', 'Paket Cicilan Uji');
      await choose(admin, 'pk-type');
      await admin.type('#pk-price', '3.000.000');
      await choose(admin, 'pk-schema', 'Cicilan');
      await retype(admin, '#pk-dp', '600.000');
      await retype(admin, '#pk-cicilan', '700.000');
      await retype(admin, '#pk-attempt', '3');
      // The one instalment rule of shared, live while typing and again on the field when saving.
      const wrong = 'DP Rp600.000 + 3 x cicilan Rp700.000 = Rp2.700.000, tidak sama dengan harga paket Rp3.000.000';
      await waitForText(admin, wrong);
      await click(admin, 'Simpan', '[role=dialog]');
      await admin.waitForFunction((t) => document.querySelector('#pk-cicilan-error')?.textContent === t, {}, wrong);
      await retype(admin, '#pk-cicilan', '800.000');
      await admin.waitForFunction(() => !document.querySelector('#pk-cicilan-error'));
      expect(await bodyText(admin)).not.toContain('tidak sama dengan harga paket');

      // An item row without its treatment is refused on the row.
      await click(admin, 'Tambah Item', '[role=dialog]');
      await admin.waitForSelector('#it-ref-0');
      await click(admin, 'Simpan', '[role=dialog]');
      await admin.waitForSelector('#it-ref-0-error');
      await choose(admin, 'it-ref-0');
      await click(admin, 'Simpan', '[role=dialog]');
      await waitForText(admin, 'Aksi Sukses');
      await click(admin, 'OK', '[role=dialog], [role=alertdialog]');
      await waitForText(admin, code);
    } finally {
      await closePage(admin);
    }
  });
});
