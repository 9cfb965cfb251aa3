import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import {
  callIn as call,
  closePage,
  launchBrowser,
  screenshot,
  setViewport,
  sidewaysScroll,
  signedIn,
  url,
  waitForText,
} from './helpers';
import { newBranch, type Branch, type Patient } from './factory';
import { recordMasters, waitingVisit } from './fixtures/records';

/**
 * Issue 12 in the browser, in this file's own branch (e2e/factory.ts: its admin, dokter and manager; a procedure, an
 * item, the lab form 'Darah Lengkap' at 150 000, a patient and the patient's walk-in visit with the branch's doctor,
 * all made through the REST API in beforeAll, e2e/fixtures/records.ts): the doctor opens the visit from the treatment
 * queue, writes SOAP with vital signs and an ICD-10 diagnosis (the ICD list comes with the migrations), a treatment, a
 * prescription and a lab form (then on the visit's bill), finishes the record (the visit goes to 'Selesai'), then
 * corrects the SOAP with a reason and sees both versions side by side. The admin, without RM rights by its role's
 * defaults, is refused the record.
 */
let browser: Browser;
let clinic: Branch;
let visit: { id: number };
let patient: Patient;

beforeAll(async () => {
  clinic = await newBranch('records', { roles: ['admin', 'dokter', 'manager'] });
  await recordMasters(clinic, { labName: 'Darah Lengkap', labPrice: 150_000 });
  ({ visit, patient } = await waitingVisit(clinic, {
    patient: await clinic.patient({ name: 'Nur Aini Uji' }),
    complaint: 'Batuk pilek (uji rekam medis)',
  }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a combobox, types, and picks the first option once the search answered. */
async function pick(page: Page, selector: string, text: string, optionText?: string): Promise<void> {
  await page.click(selector);
  await page.waitForSelector('[role=listbox]');
  await page.keyboard.type(text);
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('[role=option]')].some((o) => !t || (o as HTMLElement).innerText.includes(t)),
    {},
    optionText ?? '',
  );
  await page.evaluate((t) => {
    const o = [...document.querySelectorAll('[role=option]')].find(
      (x) => !t || (x as HTMLElement).innerText.includes(t),
    );
    (o as HTMLElement).click();
  }, optionText ?? '');
  // The list closes and gives the focus back to its trigger: typing into the next field before that loses keys.
  await page.waitForSelector('[role=listbox]', { hidden: true });
}

async function clickButton(page: Page, scope: string, text: string): Promise<void> {
  await page.waitForFunction(
    (s, t) => [...document.querySelectorAll(`${s} button`)].some((b) => (b as HTMLElement).innerText.trim() === t),
    {},
    scope,
    text,
  );
  await page.evaluate(
    (s, t) => {
      const b = [...document.querySelectorAll(`${s} button`)].find((x) => (x as HTMLElement).innerText.trim() === t);
      (b as HTMLElement).click();
    },
    scope,
    text,
  );
}

async function fill(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

describe('Rekam medis of a visit', () => {
  it('a doctor writes, finishes and corrects a record from the queue; the history shows both versions', async () => {
    const admin = await signedIn(browser, clinic.as('admin'));
    const dokter = await signedIn(browser, clinic.as('dokter'));
    try {
      // The branch's admin has no RM rights: the record is refused.
      const refused = await call(admin, 'GET', `/api/rekammedis/visit/${visit.id}`);
      expect(refused.status).toBe(403);

      // From the queue to the record.
      await dokter.goto(url('/service/visit'), { waitUntil: 'domcontentloaded' });
      await dokter.waitForSelector(`[data-testid=visit-record-${visit.id}]`);
      await dokter.click(`[data-testid=visit-record-${visit.id}]`);
      await dokter.waitForSelector('[data-testid=rm-patient]');
      expect(new URL(dokter.url()).pathname).toBe(`/service/rekammedis/visit/${visit.id}`);
      await waitForText(dokter, patient.name);

      // SOAP with vital signs (BMI computed as typed) and a diagnosis.
      await dokter.click('[data-testid=rm-add-soap]');
      await dokter.waitForSelector('[data-testid=soap-dialog]');
      // Saving an empty note is refused next to the field.
      await dokter.click('[data-testid=soap-save]');
      await waitForText(dokter, 'Isi minimal satu bagian SOAP atau tanda vital');
      await dokter.type('#soap-subjective', 'Batuk pilek 3 hari');
      await dokter.type('#soap-assessment', 'ISPA');
      await dokter.type('#soap-plan', 'Parasetamol');
      await dokter.type('#vital-sistole', '120');
      await dokter.type('#vital-diastole', '80');
      await dokter.type('#vital-suhu', '38,2');
      await dokter.type('#vital-berat', '70');
      await dokter.type('#vital-tinggi', '170');
      await dokter.waitForFunction(() =>
        document.querySelector('[data-testid=soap-bmi]')?.textContent?.includes('24,2'),
      );
      await pick(dokter, '#soap-icd10', 'J06.9', 'J06.9');
      await dokter.waitForSelector('[data-testid=soap-diagnosis-row]');
      await dokter.click('[data-testid=soap-save]');
      await dokter.waitForSelector('[data-testid=soap-dialog]', { hidden: true });
      await dokter.waitForFunction(() =>
        document
          .querySelector('[data-testid=rm-entry-soap] [data-testid=rm-diagnoses]')
          ?.textContent?.includes('J06.9'),
      );

      // A treatment.
      await dokter.click('[data-testid=rm-tab-treatment]');
      await dokter.click('[data-testid=rm-add-treatment]');
      await dokter.waitForSelector('[data-testid=treatment-dialog]');
      await pick(dokter, '#tr-perawatan', '');
      await dokter.click('[data-testid=treatment-save]');
      await dokter.waitForSelector('[data-testid=treatment-dialog]', { hidden: true });
      await dokter.waitForSelector('[data-testid=rm-entry-treatment]');

      // A prescription.
      await dokter.click('[data-testid=rm-tab-resep]');
      await dokter.click('[data-testid=rm-add-resep]');
      await dokter.waitForSelector('[data-testid=resep-dialog]');
      await pick(dokter, '#resep-item-0', '');
      await fill(dokter, '#resep-qty-0', '10');
      await dokter.type('#resep-signa-0', '3 x 1 sesudah makan');
      await dokter.click('[data-testid=resep-save]');
      await dokter.waitForSelector('[data-testid=resep-dialog]', { hidden: true });
      await dokter.waitForSelector('[data-testid=rm-entry-resep]');
      await waitForText(dokter, '3 x 1 sesudah makan');

      // A lab form from the branch's lab master (searched by name), with a note.
      await dokter.click('[data-testid=rm-tab-lab]');
      await dokter.click('[data-testid=rm-add-lab]');
      await dokter.waitForSelector('[data-testid=lab-dialog]');
      await pick(dokter, '#lab-form', 'Darah', 'Darah Lengkap');
      await dokter.type('#lab-note', 'Cek hemoglobin');
      await dokter.click('[data-testid=lab-save]');
      await dokter.waitForSelector('[data-testid=lab-dialog]', { hidden: true });
      await dokter.waitForSelector('[data-testid=rm-entry-lab]');
      await waitForText(dokter, 'Cek hemoglobin');

      // Finish: the visit is ready for the cashier.
      await dokter.click('[data-testid=rm-finish]');
      await clickButton(dokter, '[role=alertdialog]', 'Selesai');
      await dokter.waitForFunction(
        () => document.querySelector('[data-testid=rm-record-status]')?.textContent === 'Rekam medis selesai',
      );
      const after = await call(admin, 'GET', `/api/service/visit/${visit.id}`);
      expect(after.body.data.status).toBe('selesai');
      // The lab form is on the visit's bill at the master's price.
      const bill = await call(admin, 'GET', `/api/kasir/bill/${visit.id}`);
      expect(bill.status).toBe(200);
      expect(bill.body.data.lines).toContainEqual(
        expect.objectContaining({ kind: 'lab', name: 'Darah Lengkap', qty: 1, price: 150000, tax: 0 }),
      );

      // Correct the SOAP with a reason; the original stays.
      await dokter.click('[data-testid=rm-tab-soap]');
      await dokter.click('[data-testid=rm-entry-soap] [data-testid=rm-correct]');
      await dokter.waitForSelector('[data-testid=soap-dialog]');
      await fill(dokter, '#soap-assessment', 'Faringitis akut');
      await dokter.click('[data-testid=soap-save]');
      await waitForText(dokter, 'Wajib diisi');
      await dokter.type('#rm-reason', 'Diagnosis kerja diperbaiki setelah pemeriksaan ulang');
      await dokter.click('[data-testid=soap-save]');
      await dokter.waitForSelector('[data-testid=soap-dialog]', { hidden: true });
      await waitForText(dokter, 'Diperbaiki (v2)');
      await waitForText(dokter, 'Faringitis akut');

      await dokter.click('[data-testid=rm-entry-soap] [data-testid=rm-history]');
      await dokter.waitForSelector('[data-testid=history-dialog]');
      await dokter.waitForFunction(() => document.querySelectorAll('[data-testid=history-version]').length === 2);
      const versions = await dokter.$$eval('[data-testid=history-version]', (els) =>
        els.map((e) => (e as HTMLElement).innerText),
      );
      expect(versions[0]).toContain('ISPA');
      expect(versions[0]).toContain('Dibuat');
      expect(versions[1]).toContain('Faringitis akut');
      expect(versions[1]).toContain('Diagnosis kerja diperbaiki setelah pemeriksaan ulang');
      await screenshot(dokter, 'rekam-medis-history');

      // The record fits a phone without sideways scrolling.
      await setViewport(dokter, 'phone');
      await dokter.reload({ waitUntil: 'domcontentloaded' });
      await dokter.waitForSelector('[data-testid=rm-patient]');
      const overflow = await sidewaysScroll(dokter);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(dokter, 'rekam-medis-phone');

      // The patient's history page lists the visit; the manager sees who opened the record.
      const manager = await signedIn(browser, clinic.as('manager'), 'large', {
        at: `/service/rekammedis?patient=${patient.id}`,
      });
      try {
        await manager.waitForSelector('[data-testid=rm-timeline-visit]');
        await manager.waitForSelector('[data-testid=rm-access-log]');
        await waitForText(manager, clinic.account('dokter').name);
        await screenshot(manager, 'rekam-medis-patient');
      } finally {
        await closePage(manager);
      }
    } finally {
      await closePage(admin);
      await closePage(dokter);
    }
  });
});
