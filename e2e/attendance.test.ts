import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import {
  closePage,
  freshPage,
  launchBrowser,
  login,
  pathname,
  screenshot,
  signedIn,
  url,
  waitForText,
} from './helpers';
import { addDays } from '../packages/shared/src/index.js';
import { Api, newBranch, type Account, type Branch } from './factory';
import { approvedRun, employ, payrollGroup, roster, shifts } from './fixtures/attendance';

/**
 * Attendance and payroll pages (issue 15) in the browser. Everything that writes runs in this file's own branch
 * (e2e/factory.ts: its manager, finance and perawat; e2e/fixtures/attendance.ts, through the REST API in beforeAll:
 * six more staff (names the demo seed does not use), everyone's employment data, the shifts Pagi, Siang and Malam, a roster of every day of the last two
 * weeks up to today (next week empty), the finance period from the first of last month, the payroll group 'Bulanan' of all nine and
 * last month's run approved): the PPh 21 simulator, this month's payroll draft and approval, the perawat's check-in
 * and her slip, a sick day recorded and cancelled, a refused shift, the roster copied to next week.
 * The demo owner only reads the demo's seeded attendance and backoffice attendance pages (employees, departments,
 * shifts, components, groups, daily attendance, the device checklog with its unknown fingerprint, the offices of
 * every branch) and the import dialog's check, which sends nothing: that test writes nothing.
 */
let browser: Browser;
let clinic: Branch;
let people: Account[];
/** The nine members of the group 'Bulanan'. */
let members: Account[];
let approver: Account & { password: string };

beforeAll(async () => {
  clinic = await newBranch('attendance', { roles: ['manager', 'finance', 'perawat'] });
  people = [];
  for (const name of [
    'Sri Handayani',
    'Bambang Irawan',
    'Dewi Anggraini',
    'Agus Prasetyo',
    'Rina Kusumawati',
    'Yoga Pratama',
  ])
    people.push(await clinic.addAccount('perawat', name));
  members = [...people, clinic.account('manager'), clinic.account('finance'), clinic.account('perawat')];
  // A second manager, paid by no run here: approves the salaries and the runs the others make (issue 25).
  approver = await clinic.addAccount('manager', 'Hadi Penyetuju');
  const approverApi = await Api.signIn(approver.username, approver.password);
  const superadmin = await clinic.addAccount('superadmin', 'Sinta Superadmin');
  const superadminApi = await Api.signIn(superadmin.username, superadmin.password);
  await employ(clinic, members, { second: approverApi, decider: superadminApi });
  const today = clinic.today();
  const { pagi } = await shifts(clinic);
  await roster(clinic, members, pagi, addDays(today, -13), today);
  const lastMonth = addDays(today.slice(0, 8) + '01', -1).slice(0, 7);
  await clinic.openPeriod(`${lastMonth}-01`);
  const group = await payrollGroup(clinic, members);
  await approvedRun(clinic, group, lastMonth, approverApi);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Simulasi PPh 21 (/attendance/payroll/simulator)', () => {
  it('a finance user fills twelve months and reads TER months and the December recomputation', async () => {
    const page = await freshPage(browser, 'large');
    try {
      await login(page, clinic.username('finance'), clinic.password);
      await page.goto(url('/attendance/payroll/simulator'));
      await waitForText(page, 'Penghasilan bruto per bulan');
      await page.type('#sim-fill', '8.000.000');
      await page.click('xpath/.//button[normalize-space()="Isi"]');
      await page.click('button[type="submit"]');
      await page.waitForSelector('[data-testid="pph21-last"]');
      const jan = await page.$eval('[data-testid="pph21-month-1"]', (el) => el.textContent ?? '');
      expect(jan).toContain('Rp8.000.000');
      expect(jan).toContain('1,5%');
      expect(jan).toContain('Rp120.000');
      const dec = await page.$eval('[data-testid="pph21-month-12"]', (el) => el.textContent ?? '');
      expect(dec).toContain('Pasal 17');
      expect(dec).toContain('Rp540.000');
      const last = await page.$eval('[data-testid="pph21-last"]', (el) => el.textContent ?? '');
      expect(last).toContain('Rp37.200.000');
      await screenshot(page, 'attendance-pph21-simulator');
    } finally {
      await closePage(page);
    }
  });

  it('a month typed as text is refused in Indonesian next to the form', async () => {
    const page = await freshPage(browser, 'small');
    try {
      await login(page, clinic.username('manager'), clinic.password);
      await page.goto(url('/attendance/payroll/simulator'));
      await waitForText(page, 'Penghasilan bruto per bulan');
      await page.type('[aria-label="Bruto Januari"]', 'delapan juta');
      await page.click('button[type="submit"]');
      await waitForText(page, 'Januari: bruto bukan angka rupiah');
    } finally {
      await closePage(page);
    }
  });

  it('a perawat is sent home by the attendance guard', async () => {
    const page = await freshPage(browser, 'large');
    try {
      await login(page, clinic.username('perawat'), clinic.password);
      await page.goto(url('/attendance/payroll/simulator'));
      await page.waitForFunction(() => location.pathname === '/');
      expect(await pathname(page)).toBe('/');
    } finally {
      await closePage(page);
    }
  });
});

/** Clicks the button with exactly this text inside `scope` (default: the page). */
async function clickButton(page: import('puppeteer-core').Page, text: string, scope = 'body'): Promise<void> {
  await page.waitForFunction(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].some(
        (b) => b.innerText.trim() === t && !b.disabled,
      ),
    {},
    text,
    scope,
  );
  await page.evaluate(
    (t, s) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${s} button`)].find((b) => b.innerText.trim() === t)!.click(),
    text,
    scope,
  );
}

describe('Penggajian (/attendance/payroll/transaction)', () => {
  it('finance computes this month as a draft for a group, sees the lines; a second manager approves it into a journal', async () => {
    let page = await signedIn(browser, clinic.as('finance'), 'large', { at: '/attendance/payroll/transaction' });
    try {
      await waitForText(page, 'Hitung Gaji (Draft)');
      // Last month is approved already (beforeAll).
      await waitForText(page, 'Disetujui');
      // Without a group the shared rule answers next to the field.
      await clickButton(page, 'Hitung');
      await waitForText(page, 'Group slip gaji wajib dipilih');
      await page.click('#run-group');
      await page.waitForSelector('[role=option]');
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role=option]')]
          .find((o) => o.innerText.trim() === 'Bulanan')!
          .click(),
      );
      await clickButton(page, 'Hitung');
      // This month still has days to come: the page asks first (issue 26 item 7).
      await waitForText(page, 'Periode belum selesai');
      await clickButton(page, 'Tetap Hitung', '[role=alertdialog]');
      await page.waitForFunction(() => document.querySelector('[data-testid=run-status]')?.textContent === 'Draft');
      // One line per member of the group.
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid=payroll-run] tbody tr').length === n,
        {},
        members.length,
      );
      const rows = await page.$eval('[data-testid=payroll-run] tbody', (el) => (el as HTMLElement).innerText);
      expect(rows).toContain('Sri Handayani');
      expect(rows).toMatch(/hadir \d+ hari/);
      // Finance made it and is paid by it: the button is off and the page says why (issue 25).
      await page.waitForSelector('[data-testid=approve-refusal]');
      expect(
        await page.$$eval('[data-testid=payroll-run] button', (bs) =>
          bs.filter((b) => b.innerText.trim() === 'Setujui').map((b) => b.disabled),
        ),
      ).toEqual([true]);
      await closePage(page);
      // A second person approves it.
      page = await signedIn(browser, { username: approver.username, password: approver.password }, 'large', {
        at: '/attendance/payroll/transaction',
      });
      await page.waitForFunction(() =>
        [...document.querySelectorAll('tr')].some((tr) => tr.innerText.includes('Draft') && tr.querySelector('button')),
      );
      await page.evaluate(() =>
        [...document.querySelectorAll('tr')]
          .find((tr) => tr.innerText.includes('Draft') && tr.querySelector('button'))!
          .querySelector('button')!
          .click(),
      );
      await page.waitForFunction(() => document.querySelector('[data-testid=run-status]')?.textContent === 'Draft');
      await clickButton(page, 'Setujui', '[data-testid=payroll-run]');
      await clickButton(page, 'Setujui', '[role=alertdialog]');
      await page.waitForFunction(() => document.querySelector('[data-testid=run-status]')?.textContent === 'Disetujui');
      // The journal by its document code, not its internal id (issue 26 item 7: 'Jurnal #99').
      expect(await page.$eval('[data-testid=run-journal]', (el) => el.textContent ?? '')).toMatch(/^Jurnal [A-Z]+\/.+/);
      const slip = await page.$eval('[data-testid=payslip-all]', (a) => (a as HTMLAnchorElement).href);
      const res = await page.evaluate(async (h) => {
        const r = await fetch(h);
        return { status: r.status, type: r.headers.get('content-type') };
      }, slip);
      expect(res).toEqual({ status: 200, type: 'application/pdf' });
      await screenshot(page, 'attendance-payroll-run');
    } finally {
      await closePage(page);
    }
  });
});

describe('Absensi Saya (/my-attendance)', () => {
  it('a perawat checks in with the server time and sees it on the day', async () => {
    const page = await signedIn(browser, clinic.as('perawat'), 'small');
    try {
      // Whatever the hour: a roster may hold night shifts, and a punch at 01:00 belongs to the night it closes, not
      // to today. The manager gives her yesterday and today off, so a punch now counts on today (the rule itself is
      // unit-tested in timeclock.test.ts).
      const self = await page.evaluate(
        async () => ((await (await fetch('/api/auth/me')).json()) as { data: { id: number } }).data.id,
      );
      const manager = await signedIn(browser, clinic.as('manager'));
      try {
        const today = clinic.today();
        const status = await manager.evaluate(
          async (items) =>
            (
              await fetch('/api/attendance/roster', {
                method: 'PUT',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ items }),
              })
            ).status,
          [
            { employee: self, date: addDays(today, -1), shift: null },
            { employee: self, date: today, shift: null },
          ],
        );
        expect(status).toBe(200);
      } finally {
        await closePage(manager);
      }
      await page.goto(url('/my-attendance'));
      await waitForText(page, 'Jam server');
      await waitForText(page, 'Gaji Saya');
      await clickButton(page, 'Absen Masuk');
      await waitForText(page, 'Absen masuk tercatat.');
      await page.waitForFunction(() =>
        /^\d{2}:\d{2}/.test(document.querySelector('[data-testid=my-check-in]')?.textContent ?? ''),
      );
      // Last month's approved run (beforeAll) is her slip.
      await page.waitForSelector('[data-testid=my-slips] a[href^="/api/attendance/payroll/my/payslip?run="]');
      await screenshot(page, 'attendance-my-attendance');
    } finally {
      await closePage(page);
    }
  });
});

describe('attendance pages open with their data', () => {
  it('the owner opens every attendance and backoffice attendance page and sees its seeded rows (demo, read only)', async () => {
    const page = await signedIn(browser, 'owner', 'large');
    try {
      const pages: [string, string, string][] = [
        ['/attendance/employees', 'Data Karyawan', 'Sri Wahyuni'],
        ['/attendance/master/department', 'Departemen', 'Administrasi'],
        ['/attendance/master/schedule', 'Shift', 'Malam'],
        ['/attendance/master/payrollcomponent', 'Komponen Gaji', 'Uang transport'],
        ['/attendance/master/payrollperiode', 'Group Slip Gaji', 'Bulanan'],
        ['/attendance/attendance/daily', 'Absensi Harian', 'Sri Wahyuni'],
        ['/backoffice/attendance/checklog', 'Checklog', 'Kode tidak dikenal'],
        ['/backoffice/attendance/shift', 'Shift', 'Klinik Sehat Sentosa Bandung'],
        ['/backoffice/attendance/office', 'Kantor', 'Kantor Denpasar'],
      ];
      for (const [path, title, row] of pages) {
        await page.goto(url(path));
        await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, {}, title);
        // The unknown fingerprint (x999, yesterday 08:03) is found by its code: on a busy weekday it is not on page 1.
        if (path === '/backoffice/attendance/checklog') await page.type('input[aria-label="Cari"]', '999');
        await waitForText(page, row);
      }
      // The device-log import asks for its file next to the field (the shared import schema) before sending anything.
      await page.goto(url('/backoffice/attendance/checklog'));
      await clickButton(page, 'Impor Log Mesin');
      await page.waitForSelector('#cl-file');
      await clickButton(page, 'Impor', '[role=dialog]');
      await waitForText(page, 'File log absensi wajib diunggah');
      expect(await page.$eval('#cl-file', (e) => e.getAttribute('aria-invalid'))).toBe('true');
      // An employee's name leads to the person's page (spec 2.6: the employee search links to /customer/{id}).
      await page.goto(url('/attendance/employees'));
      await page.waitForSelector('main table a[href^="/customer/"]');
      await page.$$eval('main table a[href^="/customer/"]', (as) =>
        as.find((a) => a.textContent === 'Sri Wahyuni')!.click(),
      );
      await page.waitForFunction(() => location.pathname.startsWith('/customer/'));
      await waitForText(page, 'Sri Wahyuni');
    } finally {
      await closePage(page);
    }
  });

  it('a manager records and cancels a sick day, is refused a bad shift, copies the roster to next week', async () => {
    const page = await signedIn(browser, clinic.as('manager'), 'large');
    try {
      // Daily attendance: a manager records a sick day with its reason, then cancels it.
      await page.goto(url('/attendance/attendance/daily'));
      await page.waitForSelector('[aria-label="Cuti atau sakit Bambang Irawan"]');
      await page.click('[aria-label="Cuti atau sakit Bambang Irawan"]');
      await page.waitForSelector('[data-testid=leave-dialog]');
      await clickButton(page, 'Simpan', '[data-testid=leave-dialog]');
      await waitForText(page, 'Alasan wajib diisi (minimal 3 karakter)');
      await page.type('#f-reason', 'Demam, surat dokter');
      await clickButton(page, 'Simpan', '[data-testid=leave-dialog]');
      await waitForText(page, 'Sakit: Demam, surat dokter');
      await clickButton(page, 'Batalkan');
      await clickButton(page, 'Batalkan catatan', '[role=alertdialog]');
      await page.waitForSelector('[aria-label="Cuti atau sakit Bambang Irawan"]');

      // A shift whose end is before its start without 'lewat tengah malam' is refused next to the field.
      await page.goto(url('/attendance/master/schedule'));
      await waitForText(page, 'Malam');
      await clickButton(page, 'Tambah');
      await page.waitForSelector('[data-testid=master-dialog]');
      await page.type('#f-name', 'Shift Uji E2E');
      await page.$eval('#f-end_time', (el) => {
        const input = el as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '06:00');
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await clickButton(page, 'Simpan', '[data-testid=master-dialog]');
      await waitForText(page, 'Jam selesai harus setelah jam mulai, atau tandai shift lewat tengah malam');
      await screenshot(page, 'attendance-shift-error');
      await clickButton(page, 'Batal', '[data-testid=master-dialog]');

      // Roster: next week (empty) takes this week's roster (beforeAll); one day changed and saved.
      await page.waitForSelector('[data-testid=roster] select');
      await page.click('[aria-label="Minggu berikutnya"]');
      await clickButton(page, 'Salin minggu lalu');
      await clickButton(page, 'Salin', '[role=alertdialog]');
      await page.waitForFunction(() => /\d+ jadwal disalin dari minggu lalu\./.test(document.body.innerText));
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLSelectElement>('[data-testid=roster] select')].filter((x) => x.value !== '')
            .length > 0,
      );
      const cell = await page.$eval('[data-testid=roster] select[aria-label^="Shift Sri Handayani"]', (el) =>
        el.getAttribute('aria-label'),
      );
      await page.select(`[data-testid=roster] select[aria-label="${cell}"]`, '');
      await clickButton(page, 'Simpan jadwal (1)');
      await waitForText(page, '1 jadwal disimpan.');
      await screenshot(page, 'attendance-roster');
    } finally {
      await closePage(page);
    }
  });
});
