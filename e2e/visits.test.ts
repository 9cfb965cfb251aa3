import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, launchBrowser, screenshot, signedIn, url, waitForText, callIn as call } from './helpers';
import { newBranch, type Branch, type Patient } from './factory';
import { visit, type Visit } from './fixtures/desk';

/**
 * Issue 11 items 3 and 4 in the browser, in this file's own branch (e2e/factory.ts: its admin, nurse and doctor,
 * four patients, one visit of today already called for the waiting-room display) and a second own branch (its
 * admin) that must not see the first one's queue. A visit is registered, called on one screen and started and
 * finished on the other; each change shows on the other screen without a reload (server-sent events). Invalid steps
 * are refused, and the other branch's queue never shows it.
 *
 * One test only reads the demo clinic, as the demo admin ('admin', Jakarta), and writes nothing: it is about the
 * demo seed's day (every visit status in today's queue, cancelled visits in the history).
 */
let browser: Browser;
let clinic: Branch;
let other: Branch;
let patients: Patient[];
let called: Visit;

beforeAll(async () => {
  clinic = await newBranch('visits', { roles: ['admin', 'perawat', 'dokter'] });
  other = await newBranch('visits-other', { roles: ['admin'] });
  patients = [];
  for (const name of ['Bunga Dua Layar', 'Candra Polling', 'Dewi Walkin', 'Eka Layar Tunggu'])
    patients.push(await clinic.patient({ name: clinic.unique(name) }));
  called = await visit(clinic, { patient: patients[3], status: 'dipanggil' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The queue row of a visit (by its code) shows this status. */
async function rowShows(page: Page, code: string, status: string, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    (c, s) =>
      [...document.querySelectorAll('tr')].some(
        (tr) =>
          (tr as HTMLElement).innerText.includes(c) &&
          tr.querySelector('[data-testid=visit-status]')?.textContent?.trim() === s,
      ),
    { timeout },
    code,
    status,
  );
}

/** Clicks a queue button once it is there (the own screen refetches after each step). */
async function press(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}:not([disabled])`);
  await page.click(selector);
}

async function openQueue(page: Page): Promise<void> {
  await page.goto(url('/service/visit'), { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid=queue-live][data-live="1"]');
  // A reload would lose this marker: the test proves the changes arrive without one.
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
}

describe('Antrian Perawatan on two screens', () => {
  it('moves a visit through every status; each change shows on the other screen without reloading', async () => {
    const admin = await signedIn(browser, clinic.as('admin'));
    const perawat = await signedIn(browser, clinic.as('perawat'));
    const otherAdmin = await signedIn(browser, other.as('admin'));
    try {
      await openQueue(admin);
      await openQueue(perawat);
      await openQueue(otherAdmin);

      const doctors = await call(admin, 'GET', '/api/service/visit/doctors');
      expect(doctors.status).toBe(200);
      expect(doctors.body.data[0].id).toBe(clinic.account('dokter').id);
      const created = await call(admin, 'POST', '/api/service/visit', {
        customer: patients[0].id,
        doctor: doctors.body.data[0].id,
        kind: 'konsultasi',
        complaint: 'Uji dua layar',
      });
      expect(created.status).toBe(201);
      const v = created.body.data as { id: number; code: string; queue_number: number };
      await rowShows(perawat, v.code, 'Menunggu');

      // Call on the nurse's screen: the admin's screen shows it within 2 seconds.
      await press(perawat, `[data-testid=visit-dipanggil-${v.id}]`);
      await rowShows(admin, v.code, 'Dipanggil', 2500);
      // Start and finish on the admin's screen: the nurse's screen follows.
      await press(admin, `[data-testid=visit-diperiksa-${v.id}]`);
      await rowShows(perawat, v.code, 'Diperiksa', 2500);
      await press(admin, `[data-testid=visit-selesai-${v.id}]`);
      await rowShows(perawat, v.code, 'Selesai', 2500);

      // The state machine refuses a step back, with its Indonesian message.
      const back = await call(perawat, 'POST', `/api/service/visit/${v.id}/status`, { status: 'dipanggil' });
      expect(back.status).toBe(409);
      expect(back.body[0].message).toBe('Status kunjungan tidak dapat diubah dari Selesai ke Dipanggil');

      for (const p of [admin, perawat]) {
        expect(await p.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
      }
      // The other branch neither sees nor changes this branch's visit.
      expect(await otherAdmin.evaluate((c) => document.body.innerText.includes(c), v.code)).toBe(false);
      const cross = await call(otherAdmin, 'POST', `/api/service/visit/${v.id}/status`, {
        status: 'batal',
        reason: 'x',
      });
      expect(cross.status).toBe(404);
    } finally {
      await closePage(admin);
      await closePage(perawat);
      await closePage(otherAdmin);
    }
  });

  it('shows the called number with initials only on the waiting-room display', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: '/service/visit/display' });
    try {
      await admin.waitForFunction(
        (n) => [...document.querySelectorAll('[data-testid=display-number]')].some((e) => e.textContent?.trim() === n),
        {},
        String(called.queue_number),
      );
      const text = await admin.evaluate(() => document.body.innerText);
      expect(text).toContain('Antrian Perawatan');
      // The called patient by initials, never by name.
      expect(text).not.toContain(patients[3].name);
      await screenshot(admin, 'visits-display');
      // No clinic chrome on the wall screen.
      expect(await admin.$('[data-layout]')).toBeNull();
    } finally {
      await closePage(admin);
    }
  });

  it('registers a walk-in through the Registrasi Visit dialog: errors beside the fields, then a queue number', async () => {
    const admin = await signedIn(browser, clinic.as('admin'));
    try {
      await openQueue(admin);
      await admin.click('[data-testid=register-visit]');
      await admin.waitForSelector('[data-testid=register-visit-dialog]');
      // Nothing chosen: the shared schema's messages beside the fields, nothing sent.
      await admin.click('[data-testid=visit-submit]');
      await waitForText(admin, 'Pilih pasien');
      await waitForText(admin, 'Pilih dokter');
      // Patient from the search, doctor from the branch's doctors.
      await admin.click('#visit-customer');
      await admin.keyboard.type(patients[2].name);
      // The option of the typed name, once the search has answered it (the list before shows the first patients).
      const picked = await admin.waitForFunction(
        (n) => {
          const o = [...document.querySelectorAll<HTMLElement>('[role=listbox] [role=option]')].find((e) =>
            e.innerText.startsWith(`${n} (`),
          );
          if (!o || document.querySelector('[role=listbox] .animate-spin')) return null;
          const text = o.innerText.split('\n')[0];
          o.click();
          return text;
        },
        {},
        patients[2].name,
      );
      const patientName = (await picked.jsonValue()) as string;
      expect(patientName.split(' (')[0]).toBe(patients[2].name);
      await admin.click('#visit-doctor');
      await admin.waitForSelector('[role=option]');
      await admin.click('[role=option]');
      await admin.type('#visit-complaint', 'Daftar lewat dialog');
      await admin.click('#visit-needs-multimedia');
      await admin.click('[data-testid=visit-submit]');
      await admin.waitForFunction(() => !document.querySelector('[data-testid=register-visit-dialog]'));
      // The toast names the new visit's code and queue number; its row is on the queue, waiting, needing photos.
      const toast = await admin.waitForFunction(() => /(KJ\/[\d/]+), No\. Antrian (\d+)/.exec(document.body.innerText));
      const [, code] = (await toast.jsonValue()) as string[];
      const row = await admin.waitForFunction(
        (c) => [...document.querySelectorAll('tr')].find((tr) => tr.innerText.includes(c))?.innerText ?? null,
        {},
        code,
      );
      const text = (await row.jsonValue()) as string;
      expect(text).toContain(patientName.split(' (')[0]);
      expect(text).toContain('Butuh foto');
      expect(await row.jsonValue()).toContain('Menunggu');
    } finally {
      await closePage(admin);
    }
  });

  // The demo seed's day, read as the demo admin (Jakarta); nothing is written.
  it("opens on the demo clinic's day: every status in the queue, the history with its filters", async () => {
    const admin = await signedIn(browser, 'admin');
    try {
      await openQueue(admin);
      const today = await call(admin, 'GET', '/api/service/visit');
      const statuses = new Set((today.body.data as { status: string }[]).map((v) => v.status));
      expect([...statuses].sort()).toEqual(['batal', 'dipanggil', 'diperiksa', 'menunggu', 'selesai']);
      await screenshot(admin, 'visits-queue');
      await admin.goto(url('/service/kunjungan'), { waitUntil: 'domcontentloaded' });
      await admin.waitForSelector('tbody tr');
      await waitForText(admin, 'Selesai');
      const history = await call(admin, 'GET', '/api/service/kunjungan?status=batal&limit=5');
      expect(history.body.count).toBeGreaterThan(0);
      expect((history.body.data as { status: string }[]).every((v) => v.status === 'batal')).toBe(true);
      await screenshot(admin, 'visits-kunjungan');
    } finally {
      await closePage(admin);
    }
  });

  it("does not say 'Langsung' while the browser is offline (issue 26 item 7)", async () => {
    const perawat = await signedIn(browser, clinic.as('perawat'), 'large', { at: '/service/visit' });
    try {
      await perawat.waitForSelector('[data-testid=queue-live][data-live="1"]');
      await perawat.setOfflineMode(true);
      await perawat.waitForSelector('[data-testid=queue-live][data-live="0"]');
      expect(await perawat.$eval('[data-testid=queue-live]', (e) => e.textContent)).toBe('○ Berkala');
      await perawat.setOfflineMode(false);
      await perawat.waitForSelector('[data-testid=queue-live][data-live="1"]');
    } finally {
      await closePage(perawat);
    }
  });

  it('falls back to polling when the event stream is unavailable', async () => {
    const admin = await signedIn(browser, clinic.as('admin'));
    const perawat = await signedIn(browser, clinic.as('perawat'));
    try {
      // The nurse's browser cannot open the event stream (a proxy that buffers it, say).
      await perawat.setRequestInterception(true);
      perawat.on('request', (r) => {
        if (r.url().includes('/api/service/visit/events')) void r.abort();
        else void r.continue();
      });
      await perawat.goto(url('/service/visit'), { waitUntil: 'domcontentloaded' });
      await perawat.waitForSelector('[data-testid=queue-live][data-live="0"]');
      await perawat.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1));
      await openQueue(admin);
      const doctors = await call(admin, 'GET', '/api/service/visit/doctors');
      const created = await call(admin, 'POST', '/api/service/visit', {
        customer: patients[1].id,
        doctor: doctors.body.data[0].id,
        kind: 'tindakan',
      });
      const v = created.body.data as { id: number; code: string };
      await rowShows(perawat, v.code, 'Menunggu', 5000);
      await press(admin, `[data-testid=visit-dipanggil-${v.id}]`);
      await rowShows(perawat, v.code, 'Dipanggil', 5000);
      expect(await perawat.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(1);
    } finally {
      await closePage(admin);
      await closePage(perawat);
    }
  });
});
