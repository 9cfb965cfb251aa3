import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { IMAGE_ERRORS, ROLE_IDS } from '../packages/shared/src/index.js';
import {
  closePage,
  downloadedFile,
  freshPage,
  launchBrowser,
  login,
  screenshot,
  setViewport,
  url,
  waitForText,
  signedIn,
  callIn as call,
} from './helpers';
import { enterBranch, newBranch, type Branch } from './factory';
import {
  button,
  isDisabled,
  waitEnabled,
  fill,
  expectSuccess,
  openProfile,
  applogScope,
  makePng,
  chooseOption,
} from './staff-ui';

/**
 * Issue 3 in the browser: profile dialogs, avatar upload, approvals, announcements, in this file's own branch
 * (e2e/factory.ts: its manager, admin and superadmin; the people whose status or password changes are made here).
 * The demo owner acts in it after switching its session to it; the owner's
 * 'Tambah Cabang' test opens one more branch, as that feature does.
 */
let browser: Browser;
let tmp: string;
let clinic: Branch;
const suffix = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  clinic = await newBranch('staff', { roles: ['manager', 'admin', 'superadmin'] });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-staff-'));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------

/**
 * A staff account made for these tests (a perawat of the file's branch). The owner makes it (e2e/factory.ts): a manager
 * may not grant a perawat's clinical privileges it does not hold, and its grants wait for approval (issue 8).
 */
async function makeEmployee(name: string): Promise<{ id: number; username: string }> {
  return clinic.addAccount('perawat', name, 'Perawat2026x');
}

/** A top-level demo account signed in and moved into the file's branch. */
async function topLevelIn(username: string): Promise<Page> {
  const page = await signedIn(browser, username);
  await enterBranch(page, clinic);
  await page.waitForSelector('[data-layout]');
  return page;
}

describe('profile card', () => {
  it('edit dialog: inline errors, address pickers, then closes and shows the success dialog', async () => {
    const manager = await signedIn(browser, clinic.as('manager'));
    try {
      const target = await makeEmployee('Rina Edit');
      await openProfile(manager, target.id);
      await (await button(manager, '[data-testid=profile-card]', 'Edit')).click();
      await manager.waitForSelector('[data-testid=edit-profile-dialog]');

      await fill(manager, '#pf-phone', 'abc');
      await (await button(manager, '[data-testid=edit-profile-dialog]', 'Simpan')).click();
      await waitForText(manager, 'Nomor telepon tidak valid (contoh: 081234567890)');

      await fill(manager, '#pf-phone', '081234567890');
      await fill(manager, '#pf-birth_place', 'Bandung');
      // Province -> city: the city picker opens once a province is chosen.
      expect(await manager.$eval('#wilayah-city', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
      await manager.click('#wilayah-provincy');
      await manager.waitForSelector('[role=listbox]');
      await manager.keyboard.type('jawa barat');
      await manager.waitForFunction(() =>
        [...document.querySelectorAll<HTMLElement>('[role=option]')].some((o) => o.innerText.trim() === 'Jawa Barat'),
      );
      await manager.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role=option]')]
          .find((o) => o.innerText.trim() === 'Jawa Barat')
          ?.click(),
      );
      await manager.waitForFunction(() => !(document.querySelector('#wilayah-city') as HTMLButtonElement).disabled);
      await screenshot(manager, 'staff-edit-dialog-large');

      await (await button(manager, '[data-testid=edit-profile-dialog]', 'Simpan')).click();
      await expectSuccess(manager);
      expect(await manager.$('[data-testid=edit-profile-dialog]')).toBeNull();
      await manager.waitForFunction(() =>
        document.querySelector('[data-testid=profile-card]')?.textContent?.includes('Jawa Barat'),
      );
      const wa = await manager.$eval('[data-testid=wa-link]', (a) => a.getAttribute('href'));
      expect(wa).toBe('https://wa.me/6281234567890');

      const saved = await call<{ data: { phone: string; birth_place: string; provincy: string } }>(
        manager,
        'GET',
        `/api/users/${target.id}`,
      );
      expect(saved.body.data).toMatchObject({ phone: '081234567890', birth_place: 'Bandung', provincy: 'Jawa Barat' });
      await screenshot(manager, 'staff-profile-large');
      await setViewport(manager, 'small');
      await screenshot(manager, 'staff-profile-small');
    } finally {
      await closePage(manager);
    }
  });

  it('password dialog: Save stays disabled until the rules hold, then the success dialog', async () => {
    const manager = await signedIn(browser, clinic.as('manager'));
    try {
      const target = await makeEmployee('Rudi Password');
      await openProfile(manager, target.id);
      await (await button(manager, '[data-testid=profile-card]', 'Password')).click();
      await manager.waitForSelector('[data-testid=password-dialog]');
      const save = await button(manager, '[data-testid=password-dialog]', 'Simpan');
      expect(await isDisabled(save)).toBe(true);

      await fill(manager, '#pw-new', 'abc');
      await fill(manager, '#pw-repeat', 'abc');
      await waitForText(manager, 'Password minimal 5 karakter');
      expect(await isDisabled(save)).toBe(true);

      await fill(manager, '#pw-new', 'baru 2026');
      await waitForText(manager, 'Password tidak boleh mengandung spasi');
      expect(await isDisabled(save)).toBe(true);

      await fill(manager, '#pw-new', 'Baru2026x');
      await fill(manager, '#pw-repeat', 'Baru2026y');
      await waitForText(manager, 'Ulangi password harus sama dengan password');
      expect(await isDisabled(save)).toBe(true);

      await fill(manager, '#pw-repeat', 'Baru2026x');
      await waitEnabled(manager, '[data-testid=password-dialog]', 'Simpan');
      await save.click();
      await expectSuccess(manager);
      expect(await manager.$('[data-testid=password-dialog]')).toBeNull();

      // The new password works.
      const other = await freshPage(browser);
      try {
        await login(other, target.username, 'Baru2026x');
        await other.waitForSelector('[data-layout]');
      } finally {
        await closePage(other);
      }
    } finally {
      await closePage(manager);
    }
  });

  it('avatar upload: a real PNG is cropped and stored; a renamed text file and an 11 MB file are refused', async () => {
    const manager = await signedIn(browser, clinic.as('manager'));
    try {
      const me = await call<{ data: { id: number } }>(manager, 'GET', '/api/auth/me');
      await openProfile(manager, me.body.data.id);
      await manager.click('[aria-label="Ganti foto"]');
      await manager.waitForSelector('[data-testid=image-cropper]');
      expect(await isDisabled(await button(manager, '[data-testid=image-cropper]', 'Unggah'))).toBe(true);
      const input = (await manager.$(
        '[data-testid=image-cropper] input[type=file]',
      )) as ElementHandle<HTMLInputElement>;

      const text = path.join(tmp, 'catatan.png');
      fs.writeFileSync(text, 'ini bukan gambar, hanya teks biasa\n'.repeat(20));
      await input.uploadFile(text);
      await manager.waitForFunction(
        (m) => document.querySelector('[data-testid=image-file-error]')?.textContent === m,
        {},
        IMAGE_ERRORS.type,
      );
      expect(await isDisabled(await button(manager, '[data-testid=image-cropper]', 'Unggah'))).toBe(true);

      const big = path.join(tmp, 'besar.png');
      const png = makePng(160, 120);
      const filler = Buffer.alloc(11 * 1024 * 1024 - png.length);
      fs.writeFileSync(big, Buffer.concat([png, filler]));
      await input.uploadFile(big);
      await manager.waitForFunction(
        (m) => document.querySelector('[data-testid=image-file-error]')?.textContent === m,
        {},
        IMAGE_ERRORS.size,
      );
      expect(await isDisabled(await button(manager, '[data-testid=image-cropper]', 'Unggah'))).toBe(true);

      const real = path.join(tmp, 'foto.png');
      fs.writeFileSync(real, png);
      await input.uploadFile(real);
      await waitEnabled(manager, '[data-testid=image-cropper]', 'Unggah');
      expect(await manager.$('[data-testid=image-file-error]')).toBeNull();
      await screenshot(manager, 'staff-cropper-large');
      await (await button(manager, '[data-testid=image-cropper]', 'Unggah')).click();
      await expectSuccess(manager);

      const after = await call<{ data: { avatarurl: string | null } }>(manager, 'GET', `/api/users/${me.body.data.id}`);
      expect(after.body.data.avatarurl).toBeTruthy();
      await manager.waitForSelector('[data-testid=profile-card] img');
      const image = await manager.evaluate(async (u) => {
        const r = await fetch(u);
        return { status: r.status, type: r.headers.get('content-type') };
      }, after.body.data.avatarurl as string);
      expect(image).toEqual({ status: 200, type: 'image/jpeg' });
    } finally {
      await closePage(manager);
    }
  });
});

describe('approvals', () => {
  it('status dialog: a deactivation awaits approval, and an approver carries it out', async () => {
    const manager = await signedIn(browser, clinic.as('manager'));
    const approver = await signedIn(browser, clinic.as('superadmin'));
    try {
      const target = await makeEmployee('Sari Status');
      await openProfile(manager, target.id);
      await (await button(manager, '[data-testid=profile-card]', 'Status')).click();
      await manager.waitForSelector('[data-testid=status-dialog]');
      const save = await button(manager, '[data-testid=status-dialog]', 'Simpan');
      expect(await isDisabled(save)).toBe(true);
      await manager.click('label[for=status-0]');
      await waitEnabled(manager, '[data-testid=status-dialog]', 'Simpan');
      await save.click();
      await expectSuccess(manager, 'Menunggu Persetujuan', 'Permintaan menunggu persetujuan');
      expect(await manager.$('[data-testid=status-dialog]')).toBeNull();
      expect(
        (await call<{ data: { status: number } }>(manager, 'GET', `/api/users/${target.id}`)).body.data.status,
      ).toBe(1);

      await approver.goto(url('/confirmation'), { waitUntil: 'domcontentloaded' });
      const scope = await applogScope(approver, 'Menonaktifkan pengguna Sari Status');
      await (await button(approver, scope, 'Setujui')).click();
      await approver.waitForSelector(`${scope} textarea`);
      await screenshot(approver, 'staff-confirmation-large');
      await (await button(approver, scope, 'Kirim Keputusan')).click();
      await approver.waitForFunction((s) => !document.querySelector(s), {}, scope);
      expect(
        (await call<{ data: { status: number } }>(manager, 'GET', `/api/users/${target.id}`)).body.data.status,
      ).toBe(0);

      // The decided request is read-only in the full list.
      await (await button(approver, '[role=tablist]', 'Semua')).click();
      await approver.waitForFunction(
        (s) => document.querySelector(`${s} [data-testid=applog-status]`)?.textContent === 'Disetujui',
        {},
        scope,
      );
      expect(await approver.$$eval(`${scope} button`, (bs) => bs.map((b) => b.textContent))).not.toContain('Setujui');
      expect(await approver.$(`${scope} textarea`)).toBeNull();
    } finally {
      await closePage(manager);
      await closePage(approver);
    }
  });

  it('a rejection needs a reason; a second decision on the same request is refused inline', async () => {
    const manager = await signedIn(browser, clinic.as('manager'));
    // A second manager of the branch reviews (not the requester: nobody decides their own request).
    const reviewer = await clinic.addAccount('manager', 'Hana Manajer Kedua');
    const first = await signedIn(browser, reviewer);
    const second = await signedIn(browser, clinic.as('superadmin'));
    try {
      const target = await makeEmployee('Tono Tolak');
      const req = await call(manager, 'PUT', `/api/users/${target.id}`, { status: 0 });
      expect(req.status).toBe(202);

      // Both reviewers have the request on screen.
      await second.goto(url('/confirmation'), { waitUntil: 'domcontentloaded' });
      const stale = await applogScope(second, 'Menonaktifkan pengguna Tono Tolak');
      await first.goto(url('/confirmation'), { waitUntil: 'domcontentloaded' });
      const scope = await applogScope(first, 'Menonaktifkan pengguna Tono Tolak');

      expect(await first.$(`${scope} textarea`)).toBeNull();
      await (await button(first, scope, 'Tolak')).click();
      await first.waitForSelector(`${scope} textarea`);
      const send = await button(first, scope, 'Kirim Keputusan');
      expect(await isDisabled(send)).toBe(true);
      await first.type(`${scope} textarea`, 'Masih dibutuhkan untuk shift malam');
      await waitEnabled(first, scope, 'Kirim Keputusan');
      await send.click();
      await first.waitForFunction((s) => !document.querySelector(s), {}, scope);
      expect(
        (await call<{ data: { status: number } }>(manager, 'GET', `/api/users/${target.id}`)).body.data.status,
      ).toBe(1);

      // The second reviewer's screen is stale: approving now is refused with the server's message.
      await (await button(second, stale, 'Setujui')).click();
      await (await button(second, stale, 'Kirim Keputusan')).click();
      await second.waitForFunction(
        (s) =>
          document
            .querySelector(`${s} [data-slot=error-list]`)
            ?.textContent?.includes('Permintaan ini sudah diputuskan dan tidak dapat diubah lagi'),
        {},
        stale,
      );
      await screenshot(second, 'staff-second-decision-large');
      expect(
        (await call<{ data: { status: number } }>(manager, 'GET', `/api/users/${target.id}`)).body.data.status,
      ).toBe(1);
    } finally {
      await closePage(manager);
      await closePage(first);
      await closePage(second);
    }
  });

  it('the activity drawer lists my requests, 700 px wide', async () => {
    const manager = await signedIn(browser, clinic.as('manager'), 'large', { at: '/' });
    try {
      await manager.waitForSelector('[data-testid=my-menu]');
      await manager.click('[data-testid=my-menu]');
      await (await button(manager, '[role=menu]', 'Aktivitas')).click();
      await manager.waitForSelector('[data-testid=activity-drawer] [data-testid=applog-item]');
      await waitForText(manager, 'Menonaktifkan pengguna Tono Tolak');
      const width = await manager.$eval('[data-testid=activity-drawer]', (el) => el.getBoundingClientRect().width);
      expect(width).toBe(700);
      await screenshot(manager, 'staff-activity-drawer-large');
    } finally {
      await closePage(manager);
    }
  });
});

describe('user accounts', () => {
  it('creates an employee, edits privileges (manage implies read) and exports the list', async () => {
    // The owner: a manager's new accounts and grants wait for approval (issue 8); that path is a server test.
    const manager = await topLevelIn('owner');
    try {
      await manager.goto(url('/master/users'), { waitUntil: 'domcontentloaded' });
      await (await button(manager, 'main', 'Tambah Pegawai')).click();
      await manager.waitForSelector('[data-testid=create-employee-dialog]');
      const name = `Wulan Akun ${suffix}`;
      const username = `e2e.wulan.${suffix}`;
      await manager.type('#emp-name', name);
      await manager.type('#emp-username', username);
      await chooseOption(manager, '#emp-role', 'Perawat');
      await manager.type('#emp-password', 'Wulan2026x');
      await manager.type('#emp-repeatpassword', 'Wulan2026x');
      await screenshot(manager, 'staff-create-employee-large');
      await (await button(manager, '[data-testid=create-employee-dialog]', 'Simpan')).click();
      await expectSuccess(manager);

      await manager.type('[aria-label="Cari pengguna"]', username);
      await waitForText(manager, name);
      await manager.click(`[aria-label="Hak akses ${name}"]`);
      await manager.waitForSelector(
        '[data-testid=privileges-dialog] [data-resource=MASTER_PROMO] button[role=checkbox]',
      );
      const read = '[data-resource=MASTER_PROMO] [aria-label="Lihat Master promo"]';
      const manage = '[data-resource=MASTER_PROMO] [aria-label="Kelola Master promo"]';
      expect(await manager.$eval(read, (el) => el.getAttribute('data-state'))).toBe('unchecked');
      await manager.click(manage);
      await manager.waitForFunction(
        (r) => document.querySelector(r)?.getAttribute('data-state') === 'checked',
        {},
        read,
      );
      expect(await manager.$eval(read, (el) => (el as HTMLButtonElement).disabled)).toBe(true);
      await screenshot(manager, 'staff-privileges-large');
      await (await button(manager, '[data-testid=privileges-dialog]', 'Simpan')).click();
      await expectSuccess(manager);

      const list = await call<{ data: { id: number; username: string }[] }>(
        manager,
        'GET',
        `/api/users?keyword=${username}&role=${ROLE_IDS.perawat}`,
      );
      const id = list.body.data.find((u) => u.username === username)!.id;
      const privs = await call<{ data: { fiturcode: string; iscanread: boolean; iscanmanage: boolean }[] }>(
        manager,
        'GET',
        `/api/users/${id}/privileges`,
      );
      expect(privs.body.data.find((p) => p.fiturcode === 'MASTER_PROMO')).toEqual({
        fiturcode: 'MASTER_PROMO',
        iscanread: true,
        iscanmanage: true,
      });

      // Excel export of the list: a real .xlsx (zip) file is downloaded.
      const cdp = await manager.createCDPSession();
      await cdp.send('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: tmp });
      await (await button(manager, 'main', 'Export Excel')).click();
      const file = await downloadedFile(tmp, 'pengguna.xlsx');
      expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    } finally {
      await closePage(manager);
    }
  });
});
