import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { MSG } from '../packages/shared/src/index.js';
import {
  bodyText,
  closePage,
  launchBrowser,
  screenshot,
  signedIn,
  url,
  callIn as call,
  enabledButton,
} from './helpers';
import { newBranch, type Branch, type Patient } from './factory';
import { jpeg, member, photo, photoLabel, visit, type Visit } from './fixtures/desk';

/**
 * 'Antrian Multimedia' and the desk's lists in the browser, in this file's own branch (e2e/factory.ts: its multimedia
 * user, admin, finance and doctor) and a second own branch (its admin). Made through REST before the tests: a photo
 * label; today's visit needing photos (one photo already); a patient with two visits of today, each with a photo of
 * that label an hour apart (the history's before/after); the treatments 'Facial Brightening' (Rp450.000) and
 * 'Chemical Peeling'; a patient registered to a package (a member). The multimedia user uploads a progress photo to
 * the queue's visit through the cropper, sees it, deletes it; the photo is gone from the queue but still in the
 * history of the demo owner (the auditor, who only reads here); the other branch's admin cannot fetch it.
 */
let browser: Browser;
let tmp: string;
let clinic: Branch;
let other: Branch;
let queued: Visit;
let withPhotos: Patient;
let memberPatient: Patient;

beforeAll(async () => {
  clinic = await newBranch('multimedia', { roles: ['multimedia', 'admin', 'finance', 'dokter'] });
  other = await newBranch('mm-other', { roles: ['admin'] });
  const label = await photoLabel(clinic, 'Wajah Depan');
  queued = await visit(clinic, {
    patient: await clinic.patient({ name: clinic.unique('Gita Foto') }),
    needsMultimedia: true,
    complaint: 'Foto progres',
  });
  await photo(clinic, { visit: queued, label });
  withPhotos = await clinic.patient({ name: clinic.unique('Hana Riwayat') });
  const hour = 3_600_000;
  const first = await visit(clinic, { patient: withPhotos, status: 'selesai' });
  await photo(clinic, { visit: first, label, uploadAt: new Date(Date.now() - 2 * hour).toISOString() });
  const second = await visit(clinic, { patient: withPhotos });
  await photo(clinic, {
    visit: second,
    label,
    uploadAt: new Date(Date.now() - hour).toISOString(),
    background: '#c48b6a',
  });
  await clinic.procedure({ name: 'Facial Brightening', price: 450_000 });
  await clinic.procedure({ name: 'Chemical Peeling', price: 350_000 });
  memberPatient = await clinic.patient({ name: clinic.unique('Indah Member') });
  await member(clinic, { patient: memberPatient, paket: await clinic.paket(), openPeriod: true });
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'klinik-multimedia-'));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const button = enabledButton;

async function closeSuccess(page: Page): Promise<void> {
  await page.waitForFunction(
    (t, d) =>
      [...document.querySelectorAll<HTMLElement>('[role=dialog]')].some(
        (el) => el.innerText.includes(t) && el.innerText.includes(d),
      ),
    {},
    MSG.actionSuccessTitle,
    MSG.actionSuccess,
  );
  await (await button(page, '[role=dialog]', 'OK')).click();
  await page.waitForFunction(() => !document.querySelector('[role=dialog]'));
}

interface Photo {
  id: number;
  status: number;
  visit: number;
  customer: number;
}

describe("'Antrian Multimedia' (/service/visit/multimedia)", () => {
  it('uploads a photo to a visit from the queue, shows it, deletes it (kept for the auditor)', async () => {
    const mm = await signedIn(browser, clinic.as('multimedia'), 'large', { at: '/service/visit/multimedia' });
    try {
      await mm.waitForSelector('[data-testid=multimedia-queue] [data-testid=photo-upload]');
      await screenshot(mm, 'multimedia-queue-large');
      // The first visit of the queue (today's one needing photos) and how many photos it shows.
      const card = await mm.$eval('[data-testid=multimedia-queue] [data-testid^=queue-visit-]', (el) =>
        el.getAttribute('data-testid'),
      );
      const visitId = Number(card!.replace('queue-visit-', ''));
      expect(visitId).toBe(queued.id);
      const scope = `[data-testid=${card}]`;
      const thumbs = () => mm.$$eval(`${scope} [data-testid=photo-thumb]`, (els) => els.length);
      const before = await thumbs();
      expect(before).toBe(1);

      await (await button(mm, scope, 'Unggah Foto')).click();
      await mm.waitForSelector('[data-testid=image-cropper]');
      const input = (await mm.$('[data-testid=image-cropper] input[type=file]')) as ElementHandle<HTMLInputElement>;
      const file = path.join(tmp, 'wajah.jpg');
      fs.writeFileSync(file, await jpeg(480, 640, '#d9a98a'));
      await input.uploadFile(file);
      await (await button(mm, '[data-testid=image-cropper]', 'Unggah')).click();
      await closeSuccess(mm);
      await mm.waitForFunction(
        (s, n) => document.querySelectorAll(`${s} [data-testid=photo-thumb]`).length === n,
        {},
        scope,
        before + 1,
      );

      // The new photo is the visit's latest; its thumbnail loads as an image.
      const list = await call<{ data: Photo[] }>(mm, 'GET', `/api/service/visitmultimedia?visit=${visitId}`);
      const newest = list.body.data[0];
      expect(newest.visit).toBe(visitId);
      const loaded = await mm.waitForFunction(
        (s) => {
          const imgs = [...document.querySelectorAll<HTMLImageElement>(`${s} [data-testid=photo-thumb] img`)];
          return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
        },
        {},
        scope,
      );
      expect(await loaded.jsonValue()).toBe(true);

      // Open it and delete it.
      const thumbIndex = await mm.$$eval(
        `${scope} [data-testid=photo-thumb] img`,
        (imgs, id) => imgs.findIndex((i) => i.src.includes(`/visitmultimedia/${id}/`)),
        newest.id,
      );
      expect(thumbIndex).toBeGreaterThanOrEqual(0);
      const buttons = await mm.$$(`${scope} [data-testid=photo-thumb]`);
      await buttons[thumbIndex].click();
      await mm.waitForSelector('[data-testid=photo-viewer] img');
      await screenshot(mm, 'multimedia-photo-large');
      await (await button(mm, '[data-testid=photo-viewer]', 'Hapus')).click();
      await (await button(mm, '[role=alertdialog]', 'Hapus')).click();
      await closeSuccess(mm);
      await mm.waitForFunction(
        (s, n) => document.querySelectorAll(`${s} [data-testid=photo-thumb]`).length === n,
        {},
        scope,
        before,
      );
      const file404 = await call(mm, 'GET', `/api/files/visitmultimedia/${newest.id}/photo`);
      expect(file404.status).toBe(404);

      // A patient's photo history compares the oldest and newest photo of a label side by side and with a slider:
      // the patient whose two visits carry photos, not the queue's (one photo left).
      const all = await call<{ data: Photo[] }>(mm, 'GET', '/api/service/visitmultimedia?limit=100');
      const perCustomer = new Map<number, number>();
      for (const p of all.body.data) perCustomer.set(p.customer, (perCustomer.get(p.customer) ?? 0) + 1);
      const withHistory = [...perCustomer].find(([, n]) => n >= 2)?.[0];
      expect(withHistory).toBe(withPhotos.id);
      await mm.goto(url(`/customer/${withHistory}`), { waitUntil: 'domcontentloaded' });
      await mm.waitForSelector('[data-testid=photo-history] [data-testid=photo-thumb]');
      await mm.waitForFunction(() => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid=photo-compare] img')];
        return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      });
      await screenshot(mm, 'multimedia-history-large');
      await (await button(mm, '[data-testid=photo-compare]', 'Geser')).click();
      await mm.waitForSelector('[data-testid=photo-compare] input[type=range]');

      // The owner (auditor, the demo's top-level account: it only reads here) still sees it in the history, marked
      // deleted, and can open the file (every branch asked: the owner's own branch is the demo's).
      const owner = await signedIn(browser, 'owner');
      try {
        const history = await call<{ data: Photo[] }>(
          owner,
          'GET',
          `/api/service/visitmultimedia?visit=${visitId}&withdeleted=1&isallbranch=1`,
        );
        expect(history.body.data.find((p) => p.id === newest.id)).toMatchObject({ status: 0 });
        expect((await call(owner, 'GET', `/api/files/visitmultimedia/${newest.id}/photo`)).status).toBe(200);
      } finally {
        await closePage(owner);
      }

      // Another branch's user sees neither the photos nor their files.
      const otherAdmin = await signedIn(browser, other.as('admin'));
      try {
        const shown = list.body.data.find((p) => p.status === 1 && p.id !== newest.id);
        expect(shown).toBeDefined();
        for (const id of [newest.id, shown!.id]) {
          expect((await call(otherAdmin, 'GET', `/api/files/visitmultimedia/${id}/thumbnail`)).status).toBe(404);
          expect((await call(otherAdmin, 'GET', `/api/files/visitmultimedia/${id}/photo`)).status).toBe(404);
        }
        const theirs = await call<{ count: number }>(
          otherAdmin,
          'GET',
          `/api/service/visitmultimedia?visit=${visitId}`,
        );
        expect(theirs.body.count).toBe(0);
      } finally {
        await closePage(otherAdmin);
      }
    } finally {
      await closePage(mm);
    }
  });

  it("around the desk: 'Daftar Harga' searches, 'Member' leads to the patient's packages", async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/pricelist' });
    try {
      await admin.waitForFunction(() => document.body.innerText.includes('Facial Brightening'));
      expect(await bodyText(admin)).toMatch(/Rp450\.000(?!,)/);
      await admin.type('[data-testid=pricelist-search]', 'peel');
      await admin.waitForFunction(
        () =>
          document.querySelector('[data-testid=pricelist-table]')?.textContent?.includes('Chemical Peeling') &&
          !document.querySelector('[data-testid=pricelist-table]')?.textContent?.includes('Facial Brightening'),
      );
      await screenshot(admin, 'desk-pricelist-large');

      await admin.goto(url('/membership/member'), { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('[data-testid=member-table] tbody tr td:nth-child(2)');
      await screenshot(admin, 'desk-member-large');
      expect(await admin.$eval('[data-testid=member-table] tbody tr', (e) => (e as HTMLElement).innerText)).toContain(
        memberPatient.name,
      );
      await admin.click('[data-testid=member-table] tbody tr');
      await admin.waitForFunction(() => /^\/customer\/\d+$/.test(location.pathname));
      await admin.waitForSelector('[data-testid^=paket-pasien-] table');
      const id = Number(new URL(admin.url()).pathname.split('/').pop());
      expect(id).toBe(memberPatient.id);
      await admin.goto(url(`/service/paket?customer=${id}`), { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('[data-testid^=paket-pasien-] table');
      expect(await bodyText(admin)).toContain('Berlaku s.d.');
      await screenshot(admin, 'desk-paket-pasien-large');
    } finally {
      await closePage(admin);
    }
  });
});
