import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { closePage, enabledButton, launchBrowser, signedIn, url, waitForText } from './helpers';
import { Api, enterBranch, newBranch, type Branch, type Patient } from './factory';
import { doctorOnDuty, visit, type Visit } from './fixtures/desk';

/**
 * 'Gabungkan Pasien' on a patient's profile (issue 26 item 3), in this file's own branch: the demo owner (top level)
 * asks in the browser to merge a duplicate with a visit into the patient that keeps its NO RM.; nothing moves until
 * the demo developer (another top-level user) approves it through REST; then the visit is the kept patient's, the
 * duplicate's page says 'Digabung ke NO RM. ...' and both pages show 'Riwayat Penggabungan'. The branch's admin sees
 * no merge button.
 */
let browser: Browser;
let clinic: Branch;
let kept: Patient;
let dupe: Patient;
let dupeVisit: Visit;

beforeAll(async () => {
  clinic = await newBranch('merge', { roles: ['admin', 'dokter'] });
  kept = await clinic.patient({ name: clinic.unique('Rina Gabung') });
  dupe = await clinic.patient({ name: clinic.unique('Rina Ganda') });
  await doctorOnDuty(clinic);
  dupeVisit = await visit(clinic, { patient: dupe });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface VisitRow {
  id: number;
  customer: { id: number };
}

/** The demo developer's REST session, moved into the file's branch. */
async function developer(): Promise<Api> {
  const api = await Api.signIn('developer');
  await api.data('POST', '/api/profile/switch', { profile_id: clinic.id });
  return api;
}

/** Picks `p` in the dialog's patient picker by its NO RM. (typed, then Enter). */
async function pickPatient(page: Page, p: Patient): Promise<void> {
  await page.click('#merge-survivor');
  await page.waitForFunction(
    () => document.activeElement?.tagName === 'INPUT' && !!document.querySelector('[role=listbox]'),
  );
  await page.keyboard.type(p.username);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (u) => document.querySelector<HTMLElement>('#merge-survivor')?.innerText.includes(u),
    {},
    p.username,
  );
}

describe('patient merge (issue 26 item 3)', () => {
  it('is offered to top-level users only', async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: `/user/${dupe.id}` });
    try {
      await waitForText(admin, dupe.username);
      expect(await admin.$('[data-testid=patient-merge-button]')).toBeNull();
    } finally {
      await closePage(admin);
    }
  });

  it('owner asks in the browser, another top-level user approves, the visit moves to the kept NO RM.', async () => {
    const owner = await signedIn(browser, 'owner');
    try {
      await enterBranch(owner, clinic);
      await owner.goto(url(`/user/${dupe.id}`), { waitUntil: 'domcontentloaded' });
      await (await enabledButton(owner, '[data-testid=patient-merge-section]', 'Gabungkan Pasien')).click();
      await owner.waitForSelector('[data-testid=patient-merge-dialog]');
      // The shared schema asks for the kept patient and the reason before anything is sent.
      await (await enabledButton(owner, '[data-testid=patient-merge-dialog]', 'Simpan')).click();
      await waitForText(owner, 'Pasien yang dipertahankan wajib dipilih');
      await waitForText(owner, 'Alasan penggabungan wajib diisi');

      await pickPatient(owner, kept);
      const warning = await owner.$eval('[data-testid=patient-merge-warning]', (e) => (e as HTMLElement).innerText);
      expect(warning).toContain(`NO RM. ${dupe.username} akan dipindahkan ke NO RM. ${kept.username}`);
      expect(warning).toContain('owner/developer lain');
      await owner.type('#merge-reason', 'Pasien terdaftar dua kali di meja depan');
      await (await enabledButton(owner, '[data-testid=patient-merge-dialog]', 'Simpan')).click();
      await waitForText(owner, 'Permintaan penggabungan dikirim, menunggu persetujuan');
      await owner.waitForSelector('[data-testid=patient-merge-dialog]', { hidden: true });
    } finally {
      await closePage(owner);
    }

    const dev = await developer();
    // Nothing moved before the approval.
    expect((await dev.data<VisitRow>('GET', `/api/service/visit/${dupeVisit.id}`)).customer.id).toBe(dupe.id);
    const waiting = await dev.data<{ id: number; action: string | null; message: string }[]>(
      'GET',
      `/api/applog?scope=waiting&profile_id=${clinic.id}&limit=100`,
    );
    const request = waiting.find((r) => r.action === 'patient.merge' && r.message.includes(dupe.username));
    expect(request, JSON.stringify(waiting)).toBeDefined();
    await dev.data('POST', `/api/applog/doconfirm/${request!.id}`, { status: 1 });

    expect((await dev.data<VisitRow>('GET', `/api/service/visit/${dupeVisit.id}`)).customer.id).toBe(kept.id);
    const trace = await dev.data<
      { survivor: { id: number }; merged: { id: number }; moved: Record<string, number[]> }[]
    >('GET', `/api/patients/${kept.id}/merges`);
    expect(trace).toHaveLength(1);
    expect(trace[0]).toMatchObject({ survivor: { id: kept.id }, merged: { id: dupe.id } });
    expect(trace[0].moved.visit).toEqual([dupeVisit.id]);
  });

  it("shows 'Digabung ke' and 'Riwayat Penggabungan' once merged", async () => {
    const admin = await signedIn(browser, clinic.as('admin'), 'large', { at: `/user/${dupe.id}` });
    try {
      await waitForText(admin, `Digabung ke NO RM. ${kept.username}`);
      await admin.goto(url(`/user/${kept.id}`), { waitUntil: 'domcontentloaded' });
      await waitForText(admin, 'Riwayat Penggabungan');
      const row = await admin.waitForSelector('[data-testid=patient-merge-trace] li');
      const text = await row!.evaluate((e) => (e as HTMLElement).innerText);
      expect(text).toContain(dupe.username);
      expect(text).toContain('Pasien terdaftar dua kali di meja depan');
    } finally {
      await closePage(admin);
    }
  });
});
