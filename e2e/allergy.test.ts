import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import type { DispensingDto, JurnalDto, RmPrescriptionDto } from '../packages/shared/src/index.js';
import { closePage, launchBrowser, screenshot, signedIn, url, waitForText, callIn as call } from './helpers';
import { newBranch, type Branch } from './factory';
import { visit as registerVisit, type Visit } from './fixtures/desk';
import { item, stockIn, warehouse, type Item } from './fixtures/stock';

/**
 * Issue 26 items 2 and 5 in the browser, in this file's own branch ('alergi': admin, dokter, apoteker, inventory,
 * finance): a patient with a recorded allergy to Amoxicillin; 'Amoxsan 500 mg' (active ingredient Amoxicillin) and a
 * paracetamol in the pharmacy. The doctor prescribes Amoxsan: the form shows the allergy, the server refuses, the
 * override dialog asks a reason, the record shows it. The pharmacist substitutes the paracetamol of another
 * prescription with Amoxsan: the 'Serahkan' dialog shows the allergy and asks the pharmacist's own reason. Finance
 * sees the dispensing's journal as 'Otomatis' with its document, without 'Batalkan', and a reversal is refused.
 */
let browser: Browser;
let clinic: Branch;
let amoxsan: Item;
let para: Item;
let visit: Visit;

beforeAll(async () => {
  clinic = await newBranch('alergi', { roles: ['admin', 'dokter', 'apoteker', 'inventory', 'finance'] });
  await clinic.openPeriod();
  const apotek = await warehouse(clinic, 'apotek');
  amoxsan = await item(clinic, { name: clinic.unique('Amoxsan 500 mg'), generic_name: 'Amoxicillin' });
  para = await item(clinic, { name: clinic.unique('Paracetamol 500 mg'), generic_name: 'Paracetamol' });
  await stockIn(clinic, { warehouse: apotek, item: amoxsan, boxes: 3 });
  await stockIn(clinic, { warehouse: apotek, item: para, boxes: 3 });
  const patient = await clinic.patient({ name: clinic.unique('Pasien Alergi') });
  visit = await registerVisit(clinic, { patient, complaint: 'Radang tenggorokan', status: 'diperiksa' });
  const doctor = await clinic.api('dokter');
  await doctor.data('POST', `/api/rekammedis/visit/${visit.id}/alergi`, { allergen: 'amoxicillin', note: 'Ruam' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function clickText(page: Page, scope: string, text: string): Promise<void> {
  await page.waitForFunction(
    (s, t) => [...document.querySelectorAll<HTMLElement>(s)].some((b) => b.innerText.trim() === t),
    {},
    scope,
    text,
  );
  await page.evaluate(
    (s, t) => [...document.querySelectorAll<HTMLElement>(s)].find((b) => b.innerText.trim() === t)!.click(),
    scope,
    text,
  );
}

/** The override dialog: refused without a reason, then given one. */
async function override(page: Page, reason: string): Promise<void> {
  await page.waitForSelector('[data-testid=allergy-override-dialog]');
  await waitForText(page, 'Obat cocok dengan alergi pasien');
  await page.click('[data-testid=allergy-override-confirm]');
  await waitForText(page, 'Alasan wajib diisi');
  await page.type('#allergy-override-reason', reason);
  await page.click('[data-testid=allergy-override-confirm]');
  await page.waitForSelector('[data-testid=allergy-override-dialog]', { hidden: true });
}

describe('allergies stop a wrong prescription', () => {
  it('the doctor prescribing a drug whose ingredient matches the allergy is asked for a recorded reason', async () => {
    const page = await signedIn(browser, clinic.as('dokter'), 'large', { at: `/service/rekammedis/visit/${visit.id}` });
    try {
      await page.waitForSelector('[data-testid=rm-tab-resep]');
      await page.click('[data-testid=rm-tab-resep]');
      await page.waitForSelector('[data-testid=rm-add-resep]');
      await page.click('[data-testid=rm-add-resep]');
      await page.waitForSelector('[data-testid=resep-dialog]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=allergy-banner]')?.textContent?.includes('amoxicillin'),
      );
      await page.click('#resep-item-0');
      await page.waitForSelector('[role=listbox]');
      await page.keyboard.type('Amoxsan');
      await page.waitForFunction(
        (n) => [...document.querySelectorAll<HTMLElement>('[role=option]')].some((o) => o.innerText.includes(n)),
        {},
        amoxsan.name,
      );
      await page.evaluate(
        (n) =>
          [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) => o.innerText.includes(n))!.click(),
        amoxsan.name,
      );
      await page.waitForSelector('[data-testid=allergy-match]');
      await page.type('#resep-signa-0', '3 x 1 sesudah makan');
      await page.click('[data-testid=resep-save]');
      await waitForText(page, `Pasien alergi amoxicillin: ${amoxsan.name} cocok`);
      await screenshot(page, 'allergy-prescribe-override');
      await override(page, 'Uji kulit negatif, dikonfirmasi pasien');
      await page.waitForSelector('[data-testid=resep-dialog]', { hidden: true });
      await page.waitForFunction(() =>
        document
          .querySelector('[data-testid=resep-allergy-override]')
          ?.textContent?.includes('Uji kulit negatif, dikonfirmasi pasien'),
      );
      const rec = await call<{ data: { resep: RmPrescriptionDto[] } }>(
        page,
        'GET',
        `/api/rekammedis/visit/${visit.id}`,
      );
      expect(rec.body.data.resep.flatMap((p) => p.items.map((e) => e.current.allergy_override))).toEqual([
        'Uji kulit negatif, dikonfirmasi pasien',
      ]);
    } finally {
      await closePage(page);
    }
  });

  it('the pharmacist substituting with a matching drug sees the allergy and gives a reason; finance cannot reverse its journal', async () => {
    const doctor = await clinic.api('dokter');
    const rx = await doctor.data<RmPrescriptionDto>('POST', `/api/rekammedis/visit/${visit.id}/resep`, {
      items: [{ item: para.id, qty: 5, signa: '3 x 1 bila demam' }],
    });
    await doctor.data('POST', `/api/rekammedis/visit/${visit.id}/finish`);
    const page = await signedIn(browser, clinic.as('apoteker'));
    let dispensing: DispensingDto;
    try {
      await page.goto(url('/inventory/sales/resep'), { waitUntil: 'domcontentloaded' });
      await waitForText(page, rx.code);
      await page.evaluate((code) => {
        const row = [...document.querySelectorAll('tr')].find((r) => r.textContent?.includes(code))!;
        [...row.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Serahkan')!.click();
      }, rx.code);
      await page.waitForSelector('[data-testid=resep-dispense]');
      await page.waitForFunction(() =>
        document.querySelector('[data-testid=serah-allergies]')?.textContent?.includes('amoxicillin'),
      );
      await page.click('#serah-item-0');
      await clickText(page, '[role=option]', `Ganti: ${amoxsan.name}`);
      await page.type('#serah-reason-0', 'Paracetamol sirup habis');
      await page.click('[data-testid=resep-dispense]');
      await waitForText(page, `Pasien alergi amoxicillin: ${amoxsan.name} cocok`);
      await screenshot(page, 'allergy-dispense-override');
      await override(page, 'Dokter dihubungi, tetap diberikan');
      await waitForText(page, 'Diberikan meski alergi: Dokter dihubungi, tetap diberikan');
      const detail = await call<{ data: { dispensings: DispensingDto[] } }>(
        page,
        'GET',
        `/api/inventory/resep/${rx.id}`,
      );
      dispensing = detail.body.data.dispensings[0];
      expect(dispensing.items.map((l) => [l.item, l.substitute_for, l.allergy_override])).toEqual([
        [amoxsan.id, para.id, 'Dokter dihubungi, tetap diberikan'],
      ]);
    } finally {
      await closePage(page);
    }

    // Its journal is automatic: shown with its document, no 'Batalkan', and the server refuses a reversal.
    const fin = await signedIn(browser, clinic.as('finance'), 'large', { at: '/finance/laporan/jurnal' });
    try {
      const code = dispensing.jurnal_code!;
      await fin.waitForSelector(`[data-testid="jurnal-source-${code}"]`);
      const shown = await fin.$eval(`[data-testid="jurnal-source-${code}"]`, (el) => (el as HTMLElement).innerText);
      expect(shown).toContain('Otomatis');
      expect(shown).toContain(`Penyerahan resep ${dispensing.code}`);
      expect(await fin.$(`[data-testid="jurnal-batalkan-${code}"]`)).toBeNull();
      await screenshot(fin, 'allergy-jurnal-otomatis');
      const list = await call<{ data: JurnalDto[] }>(
        fin,
        'GET',
        `/api/finance/jurnal?keyword=${encodeURIComponent(code)}`,
      );
      const j = list.body.data.find((x) => x.code === code)!;
      const refused = await call(fin, 'POST', `/api/finance/jurnal/${j.id}/reverse`, {});
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual([
        {
          message:
            'Jurnal otomatis tidak dapat dibatalkan dari laporan jurnal: batalkan atau koreksi dokumen sumbernya',
        },
      ]);
      // The link names the page that holds the document (voided or corrected there).
      expect(await fin.$eval(`[data-testid="jurnal-source-${code}"] a`, (a) => a.getAttribute('href'))).toBe(
        '/inventory/sales/resep',
      );
    } finally {
      await closePage(fin);
    }
  });
});
