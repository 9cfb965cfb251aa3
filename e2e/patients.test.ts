import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { MSG } from '../packages/shared/src/index.js';
import {
  bodyText,
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
  waitForText,
} from './helpers';
import { newBranch, type Branch } from './factory';

/**
 * 'Data Pasien' (/service/customer) in the browser, in this file's own branch (e2e/factory.ts: its admin, perawat and
 * investor; 24 patients registered through the REST API in beforeAll, more than a page of 20): search a patient and
 * open its profile card from the keyboard, 'Pasien Baru' with a guardian, Excel export of every matching row, as
 * admin; read-only for the perawat, refused for the investor. Nothing of the demo clinic is read.
 */
let browser: Browser;
let tmp: string;
let clinic: Branch;

/** Names no other is a part of, so a search by one lists that patient alone. */
const FIRST = [
  'Ayu',
  'Bagus',
  'Citra',
  'Dewi',
  'Eko',
  'Fajar',
  'Gita',
  'Hendra',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
];
const LAST = ['Wibowo', 'Saputri'];
const PATIENTS = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l} Uji`));

beforeAll(async () => {
  clinic = await newBranch('patients', { roles: ['admin', 'perawat', 'investor'] });
  for (const [i, name] of PATIENTS.entries())
    await clinic.patient({
      name,
      gender: i % 2 ? 0 : 1,
      phone: `08571${String(clinic.id * 100 + i).padStart(7, '0')}`,
    });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-patients-'));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Patient {
  id: number;
  username: string;
  name: string;
  wali_name: string | null;
  wali_phone: string | null;
  wali_gender: number | null;
  idcard: string | null;
}

function call<T>(page: Page, p: string): Promise<{ status: number; body: T }> {
  return callIn<T>(page, 'GET', p);
}

const button = enabledButton;

async function chooseOption(page: Page, trigger: string, text: string): Promise<void> {
  await page.click(trigger);
  const option = await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) => o.innerText.trim() === t) ?? null,
    {},
    text,
  );
  await (option.asElement() as ElementHandle<HTMLElement>).click();
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
}

/** Sets an input the way a user's edit does (React sees an input event); date inputs typed key by key depend on the locale. */
async function setValue(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(
    selector,
    (el, v) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      input.dispatchEvent(new Event('focusout', { bubbles: true }));
    },
    value,
  );
}

async function rowNames(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=patient-table] [data-testid=patient-name]', (els) =>
    els.map((e) => (e as HTMLElement).innerText.trim()),
  );
}

/** Types a keyword and waits until the (debounced) list shows only rows with it. */
async function search(page: Page, keyword: string): Promise<void> {
  await page.click('[data-testid=patient-search]', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type('[data-testid=patient-search]', keyword);
  await page.waitForFunction(
    (k) => {
      const names = [
        ...document.querySelectorAll<HTMLElement>('[data-testid=patient-table] [data-testid=patient-name]'),
      ].map((e) => e.innerText.toLowerCase());
      return names.length > 0 && names.every((n) => n.includes(k.toLowerCase()));
    },
    {},
    keyword,
  );
}

describe('Data Pasien', () => {
  it('admin: side nav to the list, search a patient, Enter opens the profile card', async () => {
    const admin = await signedIn(browser, clinic.as('admin'));
    try {
      // The side nav's 'Data Pasien' entry leads to the page.
      await admin.waitForSelector('a[href="/service/customer"]');
      await admin.$eval('a[href="/service/customer"]', (a) => a.click());
      await admin.waitForFunction(() => location.pathname === '/service/customer');
      await admin.waitForSelector('[data-testid=patient-name]');
      expect(await admin.title()).toContain('Data Pasien');
      const total = await call<{ data: Patient[]; count: number }>(admin, '/api/users?role=1&limit=50');
      expect(total.body.count).toBeGreaterThanOrEqual(PATIENTS.length);
      // Default page size 20: the pager tells the whole count.
      await waitForText(admin, `1-20 dari ${total.body.count}`);
      expect((await rowNames(admin)).length).toBe(20);
      await screenshot(admin, 'patients-list-large');

      const target = total.body.data[total.body.data.length - 1];
      await search(admin, target.name);
      expect(await bodyText(admin)).toContain(target.username);

      // Keyboard: the row is focusable and Enter opens the profile card.
      const index = await admin.$$eval(
        '[data-testid=patient-table] tbody tr',
        (rows, u) => rows.findIndex((r) => (r as HTMLElement).innerText.includes(u)),
        target.username,
      );
      expect(index).toBeGreaterThanOrEqual(0);
      await admin.$$eval('[data-testid=patient-table] tbody tr', (rows, i) => (rows[i] as HTMLElement).focus(), index);
      await admin.keyboard.press('Enter');
      await admin.waitForFunction((id) => location.pathname === `/user/${id}`, {}, target.id);
      await admin.waitForSelector('[data-testid=profile-name]');
      expect(await admin.$eval('[data-testid=profile-name]', (e) => (e as HTMLElement).innerText)).toBe(target.name);
    } finally {
      await closePage(admin);
    }
  });

  it('admin: Pasien Baru with a guardian (switch, NIK errors and warning), then found in the list', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/customer' });
    try {
      await admin.waitForSelector('[data-testid=patient-name]');
      await (await button(admin, 'main', 'Pasien Baru')).click();
      await admin.waitForSelector('[data-testid=new-patient-dialog] #np-name');
      expect(await admin.$('[data-testid=wali-fields]')).toBeNull();
      expect(await admin.$('#np-wali_name')).toBeNull();

      const name = clinic.unique('Pasien Baru Uji');
      await admin.type('#np-name', name);
      await chooseOption(admin, '#np-gender', 'Perempuan');
      await admin.type('#np-idcard', '317101550890000'); // 15 digits
      await setValue(admin, '#np-birth_date', '1990-08-15');
      await admin.type('#np-phone', '081298765432');
      await (await button(admin, '[data-testid=new-patient-dialog]', 'Simpan')).click();
      await admin.waitForFunction(
        () => document.querySelector('#np-idcard-error')?.textContent === 'NIK harus 16 digit angka',
      );
      expect(await admin.$('[data-testid=new-patient-dialog]')).not.toBeNull();

      // 16 digits whose date part (15-08-91, woman) disagrees with the birth date: a warning, not a block.
      await admin.click('#np-idcard', { clickCount: 3 });
      await admin.type('#np-idcard', '3171015508910001');
      await admin.waitForSelector('[data-testid=nik-warning]');
      expect(await admin.$('#np-idcard-error')).toBeNull();

      // Guardian fields only while 'Data Wali' is on.
      await admin.click('[data-testid=wali-switch]');
      await admin.waitForSelector('[data-testid=wali-fields] #np-wali_name');
      await admin.type('#np-wali_name', `Wali ${name}`);
      await chooseOption(admin, '#np-wali_gender', 'Laki-laki');
      await admin.type('#np-wali_phone', '081311112222');
      await admin.type('#np-wali_idcard', '123'); // wrong, then hidden: it must not block
      await admin.click('[data-testid=wali-switch]');
      await admin.waitForFunction(() => !document.querySelector('[data-testid=wali-fields]'));
      await admin.click('[data-testid=wali-switch]');
      await admin.waitForSelector('[data-testid=wali-fields] #np-wali_idcard');
      await admin.click('#np-wali_idcard', { clickCount: 3 });
      await admin.keyboard.press('Backspace');
      await screenshot(admin, 'patients-new-large');

      await (await button(admin, '[data-testid=new-patient-dialog]', 'Simpan')).click();
      await waitForText(admin, MSG.actionSuccessTitle);
      await waitForText(admin, MSG.actionSuccess);
      expect(await admin.$('[data-testid=new-patient-dialog]')).toBeNull();
      await (await button(admin, '[role=dialog]', 'OK')).click();
      await admin.waitForFunction(() => !document.querySelector('[role=dialog]'));

      await search(admin, name);
      expect(await rowNames(admin)).toEqual([name]);
      const found = await call<{ data: Patient[] }>(admin, `/api/users?role=1&keyword=${encodeURIComponent(name)}`);
      expect(found.body.data).toHaveLength(1);
      expect(found.body.data[0]).toMatchObject({
        name,
        idcard: '3171015508910001',
        wali_name: `Wali ${name}`,
        wali_phone: '081311112222',
        wali_gender: 0,
      });
      expect(found.body.data[0].username).toMatch(/^RM\d{8}$/);
      expect(await bodyText(admin)).toContain(found.body.data[0].username);
    } finally {
      await closePage(admin);
    }
  });

  it('admin: a likely duplicate is shown before saving; the existing record is offered, saving anyway shows the NO RM.', async () => {
    const existingName = clinic.unique('Ani Maharani');
    const nik = `3171${String(clinic.id).padStart(4, '0')}41059000`.slice(0, 16);
    const existing = await clinic.patient({ name: existingName, gender: 1, birth_date: '1990-05-01', idcard: nik });
    const admin = await signedIn(browser, clinic.as('admin'));
    const countNamed = async () =>
      (await call<{ data: Patient[] }>(admin, `/api/users?role=1&keyword=${encodeURIComponent(existingName)}`)).body
        .data.length;
    try {
      await admin.goto(url('/service/customer'), { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('[data-testid=patient-name]');
      const before = await countNamed();

      // The same person typed again (other case and spacing, same birth date): warned, and the record is offered.
      await (await button(admin, 'main', 'Pasien Baru')).click();
      await admin.waitForSelector('[data-testid=new-patient-dialog] #np-name');
      await admin.type('#np-name', `  ${existingName.toUpperCase()} `);
      await chooseOption(admin, '#np-gender', 'Perempuan');
      await setValue(admin, '#np-birth_date', '1990-05-01');
      await (await button(admin, '[data-testid=new-patient-dialog]', 'Simpan')).click();
      await admin.waitForSelector('[data-testid=duplicate-patients-dialog] [data-testid=duplicate-candidate]');
      const shown = await admin.$eval('[data-testid=duplicate-patients-dialog]', (e) => (e as HTMLElement).innerText);
      expect(shown).toContain(existing.username);
      expect(shown).toContain('Nama dan tanggal lahir sama');
      await screenshot(admin, 'patients-duplicate-large');
      await (await button(admin, '[data-testid=duplicate-patients-dialog]', 'Gunakan Pasien Ini')).click();
      await admin.waitForFunction((id) => location.pathname === `/user/${id}`, {}, existing.id);
      expect(await countNamed()).toBe(before);

      // The same NIK under another name: warned; saving anyway registers it and shows its NO RM.
      await admin.goto(url('/service/customer'), { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('[data-testid=patient-name]');
      await (await button(admin, 'main', 'Pasien Baru')).click();
      await admin.waitForSelector('[data-testid=new-patient-dialog] #np-name');
      const babyName = clinic.unique('Bayi Ny Ani');
      await admin.type('#np-name', babyName);
      await chooseOption(admin, '#np-gender', 'Laki-laki');
      await admin.type('#np-idcard', nik);
      await (await button(admin, '[data-testid=new-patient-dialog]', 'Simpan')).click();
      await admin.waitForSelector('[data-testid=duplicate-patients-dialog] [data-testid=duplicate-candidate]');
      expect(await bodyText(admin)).toContain('NIK sama');
      await admin.click('[data-testid=duplicate-save-anyway]');
      await waitForText(admin, MSG.actionSuccess);
      const saved = await call<{ data: Patient[] }>(admin, `/api/users?role=1&keyword=${encodeURIComponent(babyName)}`);
      expect(saved.body.data).toHaveLength(1);
      expect(saved.body.data[0].username).toMatch(/^RM\d{8}$/);
      await waitForText(admin, `NO RM. ${saved.body.data[0].username}`);
    } finally {
      await closePage(admin);
    }
  });

  it("admin: 'Data Wali' on needs the guardian's name; under 17 a guardian is suggested", async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/customer' });
    try {
      await admin.waitForSelector('[data-testid=patient-name]');
      await (await button(admin, 'main', 'Pasien Baru')).click();
      await admin.waitForSelector('[data-testid=new-patient-dialog] #np-name');
      await admin.type('#np-name', clinic.unique('Anak Wali'));
      await chooseOption(admin, '#np-gender', 'Laki-laki');
      expect(await admin.$('[data-testid=wali-hint]')).toBeNull();
      await setValue(admin, '#np-birth_date', '2018-03-04');
      await admin.waitForSelector('[data-testid=wali-hint]');
      await admin.click('[data-testid=wali-switch]');
      await admin.waitForSelector('[data-testid=wali-fields] #np-wali_name');
      expect(await admin.$('[data-testid=wali-hint]')).toBeNull();
      await (await button(admin, '[data-testid=new-patient-dialog]', 'Simpan')).click();
      await admin.waitForFunction(
        () => document.querySelector('#np-wali_name-error')?.textContent === 'Nama wali wajib diisi',
      );
      expect(await admin.$('[data-testid=new-patient-dialog]')).not.toBeNull();
    } finally {
      await closePage(admin);
    }
  });

  it('admin: Excel export holds every matching patient, not just the page', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/customer' });
    try {
      await admin.waitForSelector('[data-testid=patient-name]');
      await chooseOption(admin, '[aria-label="Baris per halaman"]', '8');
      await admin.waitForFunction(
        () => document.querySelectorAll('[data-testid=patient-table] [data-testid=patient-name]').length === 8,
      );
      const total = await call<{ count: number }>(admin, '/api/users?role=1&limit=1');
      const cdp = await admin.createCDPSession();
      await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: tmp });
      // A DOM click: choosing the page size scrolled the header's buttons under the sticky top bar.
      await (await button(admin, 'main', 'Export Excel')).evaluate((b) => b.click());
      const file = await downloadedFile(tmp, 'data-pasien.xlsx');
      const wb = await readWorkbook(file);
      const ws = wb.worksheets[0];
      expect(ws.name).toBe('Data Pasien');
      expect(ws.getRow(1).values).toContain('NO RM.');
      expect(ws.rowCount - 1).toBe(total.body.count);
      expect(total.body.count).toBeGreaterThan(8);
    } finally {
      await closePage(admin);
    }
  });

  it('small screens: the list and the new-patient dialog fit 375 px', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'small', { at: '/service/customer' });
    try {
      await admin.waitForSelector('[data-testid=patient-name]');
      const overflow = await sidewaysScroll(admin);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(admin, 'patients-list-small');
      await (await button(admin, 'main', 'Pasien Baru')).click();
      await admin.waitForSelector('[data-testid=new-patient-dialog] #np-name');
      await admin.click('[data-testid=wali-switch]');
      await admin.waitForSelector('[data-testid=wali-fields]');
      await admin.$eval('[data-testid=wali-fields]', (e) => e.scrollIntoView({ block: 'center' }));
      await screenshot(admin, 'patients-new-small');
    } finally {
      await closePage(admin);
    }
  });

  it('perawat reads the list without Pasien Baru; investor is refused and has no nav entry', async () => {
    const perawat = await signedIn(browser, clinic.as('perawat'), 'large', { at: '/service/customer' });
    try {
      await perawat.waitForSelector('[data-testid=patient-name]');
      expect(await perawat.$('[data-testid=new-patient-button]')).toBeNull();
    } finally {
      await closePage(perawat);
    }

    const investor = await signedIn(browser, clinic.as('investor'), 'large', { at: '/service/customer' });
    try {
      // The clinic guard lets investors in, PASIEN read does not: the one no-access state (issue 16).
      await investor.waitForSelector('[data-testid=no-access]');
      expect(await investor.$('a[href="/service/customer"]')).toBeNull();
      expect(await investor.$('[data-testid=patient-table]')).toBeNull();
    } finally {
      await closePage(investor);
    }
  });
});
