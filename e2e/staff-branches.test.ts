import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle } from 'puppeteer-core';
import { closePage, launchBrowser, screenshot, setViewport, waitForText, signedIn, callIn as call } from './helpers';
import { newBranch, type Branch } from './factory';
import { button, isDisabled, waitEnabled, fill, expectSuccess, makePng, chooseOption } from './staff-ui';

/**
 * Issue 3 in the browser: the owner's branch manager (a new branch, its logo, inactive) and announcements, in this
 * file's own branch (e2e/factory.ts); the 'Tambah Cabang' test opens one more branch, as that feature does. The
 * profile, approval and account pages are in e2e/staff.test.ts.
 */
let browser: Browser;
let tmp: string;
let clinic: Branch;
const suffix = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  clinic = await newBranch('staff-branches', { roles: ['manager', 'admin', 'superadmin'] });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-staff-branches-'));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('branches', () => {
  it('the owner creates a branch, uploads its logo and switches it inactive (warning badge)', async () => {
    const owner = await signedIn(browser, 'owner', 'large', { at: '/backoffice/cabang' });
    try {
      await owner.waitForSelector('[data-testid=branch-card]');
      await (await button(owner, 'main', 'Tambah Cabang')).click();
      await owner.waitForSelector('[data-testid=branch-dialog]');
      const name = `Cabang Uji ${suffix}`;
      await owner.type('#br-name', name);
      await owner.type('#br-city', 'Makassar');
      await owner.type('#br-phone', 'abc');
      await chooseOption(owner, '#br-timezone', 'WITA (Asia/Makassar)');
      await (await button(owner, '[data-testid=branch-dialog]', 'Simpan')).click();
      await waitForText(owner, 'Nomor telepon tidak valid');
      await fill(owner, '#br-phone', '0411123456');
      await (await button(owner, '[data-testid=branch-dialog]', 'Simpan')).click();
      await expectSuccess(owner);

      const card = await owner.waitForFunction(
        (n) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=branch-card]')].find((c) =>
            c.innerText.includes(n),
          ) ?? null,
        {},
        name,
      );
      const cardEl = card.asElement() as ElementHandle<HTMLElement>;
      expect(await cardEl.evaluate((c) => c.innerText)).toContain('WITA');
      await (await cardEl.$('button[aria-label^="Aktif"]'))!.click();
      await owner.waitForFunction(
        (n) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=branch-card]')]
            .find((c) => c.innerText.includes(n))
            ?.innerText.includes('Tidak Aktif'),
        {},
        name,
      );
      const stored = await call<{ data: { name: string; status: number; timezone: string }[] }>(
        owner,
        'GET',
        '/api/profile?isallbranch=1',
      );
      expect(stored.body.data.find((b) => b.name === name)).toMatchObject({ status: 0, timezone: 'Asia/Makassar' });

      const logo = path.join(tmp, 'logo.png');
      fs.writeFileSync(logo, makePng(200, 100));
      await owner.evaluate(
        (n) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=branch-card]')]
            .find((c) => c.innerText.includes(n))
            ?.querySelectorAll('button')
            .forEach((b) => b.innerText.trim() === 'Logo' && b.click()),
        name,
      );
      await owner.waitForSelector('[data-testid=image-cropper]');
      const quality = await owner.$eval('[data-testid=image-cropper]', (el) => el.textContent?.includes('50%'));
      expect(quality).toBe(true);
      const input = (await owner.$('[data-testid=image-cropper] input[type=file]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(logo);
      await waitEnabled(owner, '[data-testid=image-cropper]', 'Unggah');
      await (await button(owner, '[data-testid=image-cropper]', 'Unggah')).click();
      await expectSuccess(owner);
      await owner.waitForFunction(
        (n) =>
          !![...document.querySelectorAll<HTMLElement>('[data-testid=branch-card]')]
            .find((c) => c.innerText.includes(n))
            ?.querySelector('img'),
        {},
        name,
      );
      await screenshot(owner, 'staff-branches-large');
      await setViewport(owner, 'small');
      await screenshot(owner, 'staff-branches-small');
    } finally {
      await closePage(owner);
    }
  });
});

describe('announcements', () => {
  it('the poster enforces 5 to 100 characters and the footer shows the new announcement', async () => {
    const manager = await signedIn(browser, clinic.as('manager'), 'large', { at: '/' });
    try {
      await manager.waitForSelector('[data-testid=my-menu]');
      await manager.click('[data-testid=my-menu]');
      await (await button(manager, '[role=menu]', 'Buat Pengumuman')).click();
      await manager.waitForSelector('[data-testid=poster-dialog] textarea');
      const post = await button(manager, '[data-testid=poster-dialog]', 'Posting');
      expect(await isDisabled(post)).toBe(true);
      await manager.type('[data-testid=poster-dialog] textarea', 'abc');
      await manager.waitForFunction(
        () => document.querySelector('[data-testid=poster-counter]')?.textContent === '3/100',
      );
      expect(await isDisabled(post)).toBe(true);

      const message = `Rapat staf hari Jumat pukul 15.00 (${suffix})`;
      await fill(manager, '[data-testid=poster-dialog] textarea', message);
      await manager.waitForFunction(
        (n) => document.querySelector('[data-testid=poster-counter]')?.textContent === `${n}/100`,
        {},
        message.length,
      );
      await waitEnabled(manager, '[data-testid=poster-dialog]', 'Posting');
      await post.click();
      await expectSuccess(manager);

      await manager.waitForFunction(
        (m) => document.querySelector('[data-testid=announcements-footer]')?.textContent?.includes(m),
        {},
        message,
      );
      const height = await manager.$eval(
        '[data-testid=announcements-footer]',
        (el) => el.parentElement!.getBoundingClientRect().height,
      );
      expect(height).toBe(45);
      await screenshot(manager, 'staff-footer-large');

      // Another user of the branch sees it too; below md the footer is hidden.
      const admin = await signedIn(browser, clinic.as('admin'), 'small', { at: '/pengumuman' });
      try {
        await waitForText(admin, message);
        await admin.waitForSelector('[data-testid=announcements-footer]');
        const shown = await admin.$eval(
          '[data-testid=announcements-footer]',
          (el) => getComputedStyle(el.parentElement!).display,
        );
        expect(shown).toBe('none');
        await screenshot(admin, 'staff-pengumuman-small');
      } finally {
        await closePage(admin);
      }
    } finally {
      await closePage(manager);
    }
  });
});
