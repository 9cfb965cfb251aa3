import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { IMAGE_ERRORS, MSG, ROLE_IDS } from '../packages/shared/src/index.js';
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

/** The button (or menu item) in `scope` whose visible text is exactly `text`. */
async function button(page: Page, scope: string, text: string): Promise<ElementHandle<HTMLButtonElement>> {
  const handle = await page.waitForFunction(
    (s, t) =>
      [...document.querySelectorAll<HTMLElement>(`${s} button, ${s} [role=menuitem]`)].find(
        (b) => b.innerText.trim() === t,
      ) ?? null,
    {},
    scope,
    text,
  );
  return handle.asElement() as ElementHandle<HTMLButtonElement>;
}

const isDisabled = (b: ElementHandle<HTMLButtonElement>) => b.evaluate((el) => el.disabled);

async function waitEnabled(page: Page, scope: string, text: string, enabled = true): Promise<void> {
  await page.waitForFunction(
    (s, t, e) => {
      const b = [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find((x) => x.innerText.trim() === t);
      return !!b && b.disabled === !e;
    },
    {},
    scope,
    text,
    enabled,
  );
}

async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/** Waits for the success dialog of spec 2.11, checks its words, and closes it. */
async function expectSuccess(
  page: Page,
  title: string = MSG.actionSuccessTitle,
  text: string = MSG.actionSuccess,
): Promise<void> {
  await page.waitForFunction(
    (t, d) =>
      [...document.querySelectorAll<HTMLElement>('[role=dialog]')].some(
        (el) => el.innerText.includes(t) && el.innerText.includes(d),
      ),
    {},
    title,
    text,
  );
  const ok = await button(page, '[role=dialog]', 'OK');
  await ok.click();
  await page.waitForFunction(
    (t) => ![...document.querySelectorAll<HTMLElement>('[role=dialog]')].some((el) => el.innerText.includes(t)),
    {},
    title,
  );
}

async function openProfile(page: Page, id: number): Promise<void> {
  await page.goto(url(`/user/${id}`), { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid=profile-name]');
}

/** The activity entry whose message mentions `text`, as a CSS scope. */
async function applogScope(page: Page, text: string): Promise<string> {
  const handle = await page.waitForFunction(
    (t) =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=applog-item]')]
        .find((el) => el.innerText.includes(t))
        ?.getAttribute('data-applog-id') ?? null,
    {},
    text,
  );
  return `[data-applog-id="${String(await handle.jsonValue())}"]`;
}

// A real PNG, written by hand so the test needs no image library: a 160x120 colour gradient.
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function makePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++)
      raw.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------

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
    const manager = await signedIn(browser, clinic.as('manager'));
    try {
      await manager.goto(url('/'), { waitUntil: 'domcontentloaded' });
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

async function chooseOption(page: Page, trigger: string, text: string): Promise<void> {
  await page.click(trigger);
  await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLElement>('[role=option]')].some((o) => o.innerText.trim() === t),
    {},
    text,
  );
  const option = await page.waitForFunction(
    (t) => [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) => o.innerText.trim() === t) ?? null,
    {},
    text,
  );
  await (option.asElement() as ElementHandle<HTMLElement>).click();
  await page.waitForFunction(() => !document.querySelector('[role=listbox]'));
}

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

describe('branches', () => {
  it('the owner creates a branch, uploads its logo and switches it inactive (warning badge)', async () => {
    const owner = await signedIn(browser, 'owner');
    try {
      await owner.goto(url('/backoffice/cabang'), { waitUntil: 'domcontentloaded' });
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
    const manager = await signedIn(browser, clinic.as('manager'));
    try {
      await manager.goto(url('/'), { waitUntil: 'domcontentloaded' });
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
      const admin = await signedIn(browser, clinic.as('admin'), 'small');
      try {
        await admin.goto(url('/pengumuman'), { waitUntil: 'domcontentloaded' });
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
