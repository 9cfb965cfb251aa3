import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { setEmployment } from '../../../test/pay-helpers.js';
import { queryRows } from '../../db/client.js';
import { createPeriode } from '../finance/index.js';
import { thrAmount } from './payroll.js';

let t: TestApp;
let branchA: number;
let branchB: number;
let fin: TestUser;
/** A second manager: approves what `fin` makes (issue 25: nobody approves their own change). */
let approver: TestUser;
let perawat: TestUser;
let finB: TestUser;
let ani: TestUser;
let budi: TestUser;
let groupMar: number;
let groupYe: number;

const TABLES = ['payroll_run', 'payroll_run_line', 'jurnal', 'jurnal_detail', 'payroll_component', 'payroll_group'];

async function employment(u: TestUser, body: Record<string, unknown>) {
  await setEmployment(t, fin, approver, u.id, body);
}

beforeAll(async () => {
  t = await createTestApp();
  branchA = await t.makeBranch({ name: 'Cabang Gaji A' });
  branchB = await t.makeBranch({ name: 'Cabang Gaji B' });
  fin = await t.makeUser('manager', { branchId: branchA });
  approver = await t.makeUser('manager', { branchId: branchA });
  perawat = await t.makeUser('perawat', { branchId: branchA });
  finB = await t.makeUser('manager', { branchId: branchB });
  ani = await t.makeUser('perawat', { branchId: branchA, name: 'Ani Gaji' });
  budi = await t.makeUser('perawat', { branchId: branchA, name: 'Budi Gaji' });
  await createPeriode(t.ctx(fin), { start_date: '2025-01-01' });
  await employment(ani, { employment: 'tetap', ptkp: 'TK/0', base_salary: 15_000_000, join_date: '2024-01-01' });
  await employment(budi, { employment: 'tetap', ptkp: 'TK/0', base_salary: 10_000_000, join_date: '2025-11-01' });
});
afterAll(() => t.close());

describe('components and groups', () => {
  it('creates components and groups; bad input 400, other branch 404, perawat 403', async () => {
    const c = await t.api(fin).post('/api/attendance/payroll/components', {
      name: 'Potongan terlambat',
      kind: 'deduction',
      method: 'per_late_minute',
      amount: 1000,
      taxable: false,
    });
    expect(c.status).toBe(201);
    const bad = await t.api(fin).post('/api/attendance/payroll/components', { name: '', kind: 'x', method: 'fixed' });
    expect(bad.status).toBe(400);
    expect(bad.body.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['name', 'kind']));
    const g1 = await t.api(fin).post('/api/attendance/payroll/groups', {
      name: 'Bulanan',
      components: [c.body.data.id],
      members: [ani.id],
    });
    expect(g1.status).toBe(201);
    groupMar = g1.body.data.id;
    const g2 = await t.api(fin).post('/api/attendance/payroll/groups', { name: 'Baru', members: [budi.id] });
    groupYe = g2.body.data.id;
    expect(
      (await t.api(finB).put(`/api/attendance/payroll/groups/${groupMar}`, { name: 'Curian', members: [] })).status,
    ).toBe(404);
    const foreign = await t.api(finB).post('/api/attendance/payroll/groups', { name: 'X', members: [ani.id] });
    expect(foreign.status).toBe(400);
    expect((await t.api(perawat).get('/api/attendance/payroll/groups')).status).toBe(403);
  });
});

describe('a monthly run', () => {
  it('computes BPJS at the caps and TER PPh 21, approves into one journal, and locks', async () => {
    const res = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: groupMar });
    expect(res.status).toBe(201);
    const run = res.body.data;
    expect(run.status).toBe(0);
    const line = run.lines[0];
    expect(line).toMatchObject({
      employee: ani.id,
      base_salary: 15_000_000,
      bruto: 15_561_000,
      pph21_method: 'ter',
      pph21_rate: 7,
      pph21: 1_089_270,
      net: 13_379_867,
      bpjs: {
        jkn_employer: 480_000,
        jkn_employee: 120_000,
        jht_employer: 555_000,
        jht_employee: 300_000,
        jp_employer: 221_726,
        jp_employee: 110_863,
        jkk: 36_000,
        jkm: 45_000,
      },
    });
    // recomputing replaces the draft
    const again = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: groupMar });
    expect(again.status).toBe(201);
    const [drafts] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from payroll_run`);
    expect(Number(drafts.n)).toBe(1);

    const before = await countRows(t.db, ...TABLES);
    expect((await t.api(perawat).post(`/api/attendance/payroll/run/${again.body.data.id}/approve`)).status).toBe(403);
    expect((await t.api(finB).post(`/api/attendance/payroll/run/${again.body.data.id}/approve`)).status).toBe(404);
    expect((await t.api(finB).get(`/api/attendance/payroll/run/${again.body.data.id}`)).status).toBe(404);
    // Its creator may not approve it (issue 25), and the page says why instead of offering the button.
    const own = await t.api(fin).post(`/api/attendance/payroll/run/${again.body.data.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body[0].message).toBe('Anda tidak dapat memutuskan permintaan Anda sendiri');
    expect(again.body.data.approve_refusal).toBe('Anda tidak dapat memutuskan permintaan Anda sendiri');
    expect(await countRows(t.db, ...TABLES)).toEqual(before);

    const ok = await t.api(approver).post(`/api/attendance/payroll/run/${again.body.data.id}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe(1);
    const lines = await queryRows<{ code: string; debit: string; credit: string }>(
      t.db,
      sql`select a.code, d.debit::text, d.credit::text from jurnal_detail d join akun a on a.id = d.akun_id
          where d.jurnal_id = ${ok.body.data.jurnal_id} order by a.code`,
    );
    expect(lines.map((l) => [l.code, Number(l.debit) / 100, Number(l.credit) / 100])).toEqual([
      ['2104', 0, 13_379_867],
      ['2201', 0, 1_089_270],
      ['2204', 0, 1_868_589],
      ['6101', 15_000_000, 0],
      ['6105', 1_337_726, 0],
    ]);
    expect((await t.api(approver).post(`/api/attendance/payroll/run/${again.body.data.id}/approve`)).status).toBe(409);
    const redo = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-03', group: groupMar });
    expect(redo.status).toBe(409);
    await expect(t.db.execute(sql`delete from payroll_run_line`)).rejects.toThrow();
    // the trial balance sees it
    const tb = await t.api(fin).get('/api/finance/laporan/trialbalance?from=2026-03-01&to=2026-03-31');
    expect(tb.status).toBe(200);
    expect(JSON.stringify(tb.body)).toContain('6105');
  });

  it('December recomputation of a part-year employee refunds the excess withheld', async () => {
    const nov = await t.api(fin).post('/api/attendance/payroll/run', { period: '2025-11', group: groupYe });
    expect(nov.body.data.lines[0]).toMatchObject({ bruto: 10_454_000, pph21_rate: 2.5, pph21: 261_350 });
    await t.api(approver).post(`/api/attendance/payroll/run/${nov.body.data.id}/approve`);
    const dec = await t.api(fin).post('/api/attendance/payroll/run', { period: '2025-12', group: groupYe });
    const l = dec.body.data.lines[0];
    expect(l.pph21_method).toBe('pasal17_tahunan');
    expect(l.annual).toMatchObject({
      bruto_setahun: 20_908_000,
      biaya_jabatan: 1_000_000,
      iuran_pensiun: 600_000,
      neto: 19_308_000,
      pkp: 0,
      dipotong: 261_350,
      pph21: -261_350,
    });
    expect(l.net).toBe(9_861_350);
    const ok = await t.api(approver).post(`/api/attendance/payroll/run/${dec.body.data.id}/approve`);
    expect(ok.status).toBe(200);
  });

  it('bad run input: 400 in Indonesian, nothing written; Gaji Saya shows only approved own slips', async () => {
    const before = await countRows(t.db, ...TABLES);
    const bad = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-13', group: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.map((e: { field: string }) => e.field).sort()).toEqual(['group', 'period']);
    const foreign = await t.api(finB).post('/api/attendance/payroll/run', { period: '2026-03', group: groupMar });
    expect(foreign.status).toBe(400);
    expect(await countRows(t.db, ...TABLES)).toEqual(before);
    const mine = await t.api(ani).get('/api/attendance/payroll/my');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s: { period: string; net: number }) => [s.period, s.net])).toEqual([
      ['2026-03', 13_379_867],
    ]);
  });
});

function pdfText(res: { raw: { rawPayload: Buffer } }): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slip-')), 's.pdf');
  fs.writeFileSync(file, res.raw.rawPayload);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The PDF's document title (pdfinfo). */
function pdfTitle(res: { raw: { rawPayload: Buffer } }): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'slip-')), 's.pdf');
  fs.writeFileSync(file, res.raw.rawPayload);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return /^Title:\s*(.*)$/m.exec(info)?.[1]?.trim() ?? '';
}

describe('payslips', () => {
  it('HR prints one or all slips of an approved run; an employee only their own; drafts only as HR preview', async () => {
    const mar = (await t.api(ani).get('/api/attendance/payroll/my')).body.data[0].run as number;
    const one = await t.api(fin).get(`/api/attendance/payroll/run/${mar}/payslip?employee=${ani.id}`);
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const text = pdfText(one);
    // The document says what it is (issue 26 item 7).
    expect(pdfTitle(one)).toBe('SLIP GAJI Maret 2026 - Ani Gaji - Cabang Gaji A');
    for (const s of [
      'Cabang Gaji A',
      'SLIP GAJI',
      'Maret 2026',
      'Ani Gaji',
      'PTKP TK/0',
      'Gaji pokok',
      '15.000.000',
      'Potongan terlambat',
      'BPJS Kesehatan (1%) Rp120.000',
      'BPJS JHT (2%) Rp300.000',
      'BPJS JP (1%) Rp110.863',
      'PPh 21 (TER 7%) Rp1.089.270',
      'GAJI DITERIMA',
      'GAJI DITERIMA Rp13.379.867',
      'Terbilang: tiga belas juta tiga ratus tujuh puluh sembilan ribu delapan ratus enam puluh tujuh rupiah Penghasilan',
    ]) {
      expect(text).toContain(s);
    }
    const all = await t.api(fin).get(`/api/attendance/payroll/run/${mar}/payslip`);
    expect(all.status).toBe(200);
    expect(pdfText(all)).toContain('Ani Gaji');

    const own = await t.api(ani).get(`/api/attendance/payroll/my/payslip?run=${mar}`);
    expect(own.status).toBe(200);
    expect(pdfText(own)).toContain('13.379.867');
    // Budi is not in Ani's run: his own slip of it does not exist; HR of another branch sees nothing.
    expect((await t.api(budi).get(`/api/attendance/payroll/my/payslip?run=${mar}`)).status).toBe(404);
    expect((await t.api(finB).get(`/api/attendance/payroll/run/${mar}/payslip`)).status).toBe(404);
    expect((await t.api(perawat).get(`/api/attendance/payroll/run/${mar}/payslip`)).status).toBe(403);
    const notIn = await t.api(fin).get(`/api/attendance/payroll/run/${mar}/payslip?employee=${budi.id}`);
    expect(notIn.status).toBe(400);
    expect(notIn.body[0]).toEqual({ field: 'employee', message: 'Pegawai ini tidak ada dalam proses gaji tersebut' });

    // The December refund reads as a refund on Budi's own slip.
    const dec = (await t.api(budi).get('/api/attendance/payroll/my')).body.data.find(
      (x: { period: string }) => x.period === '2025-12',
    ).run as number;
    const decText = pdfText(await t.api(budi).get(`/api/attendance/payroll/my/payslip?run=${dec}`));
    expect(decText).toContain('Desember 2025');
    expect(decText).toContain('PPh 21 (lebih potong, dikembalikan)');
    expect(decText).toContain('9.861.350');

    const draft = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-04', group: groupMar });
    expect(draft.status).toBe(201);
    const preview = await t.api(fin).get(`/api/attendance/payroll/run/${draft.body.data.id}/payslip`);
    expect(preview.status).toBe(200);
    expect(pdfText(preview)).toContain('SLIP GAJI (DRAFT) April 2026');
    expect((await t.api(ani).get(`/api/attendance/payroll/my/payslip?run=${draft.body.data.id}`)).status).toBe(404);
    const bad = await t.api(ani).get('/api/attendance/payroll/my/payslip?run=abc');
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toEqual({ field: 'run', message: 'Proses gaji tidak valid' });
  });
});

describe('e-Bupot export', () => {
  async function sheets(run: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/attendance/payroll/run/${run}/ebupot`,
      headers: { cookie: fin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    return { BPMP: rows('BPMP'), BP21: rows('BP21'), A1: rows('A1') };
  }

  it('lists an approved run as BPMP rows (TER months) and A1 rows (annual recomputation), ids as text', async () => {
    await employment(ani, {
      employment: 'tetap',
      ptkp: 'TK/0',
      base_salary: 15_000_000,
      join_date: '2024-01-01',
      nik: '3171011203900001',
    });
    const mar = (await t.api(ani).get('/api/attendance/payroll/my')).body.data[0].run as number;
    const run = (await t.api(fin).get(`/api/attendance/payroll/run/${mar}`)).body.data;
    const aniLine = run.lines.find((l: { employee: number }) => l.employee === ani.id);
    const s = await sheets(mar);
    expect(s.BPMP[0]).toEqual(expect.arrayContaining(['Masa Pajak', 'NPWP/NIK/TIN', 'Kode Objek Pajak', 'Tarif']));
    const row = s.BPMP.find((r) => r.includes('Ani Gaji'))!;
    expect(row.slice(0, 13)).toEqual([
      3,
      2026,
      'Resident',
      '3171011203900001',
      '',
      'TK/0',
      '',
      'N/A',
      '21-100-01',
      aniLine.bruto,
      7,
      '',
      '31/03/2026',
    ]);
    expect(s.A1).toHaveLength(1);

    const dec = (await t.api(budi).get('/api/attendance/payroll/my')).body.data.find(
      (x: { period: string }) => x.period === '2025-12',
    ).run as number;
    const d = await sheets(dec);
    const budiA1 = d.A1.find((r) => r.includes('Budi Gaji'))!;
    expect(budiA1.slice(0, 2)).toEqual([2025, 12]);
    expect(budiA1[15]).toBeLessThan(0);
    expect(String(budiA1[16])).toContain('NIK/NPWP pegawai belum diisi');
    expect(String(budiA1[16])).toContain('lebih potong dikembalikan');
  });

  it('marks a draft as one, refuses another branch (404) and a nurse (403)', async () => {
    const runs = (await t.api(fin).get('/api/attendance/payroll/run')).body.data as { id: number; status: number }[];
    const draft = runs.find((r) => r.status === 0)!;
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/attendance/payroll/run/${draft.id}/ebupot`,
      headers: { cookie: fin.cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toContain('-draft.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(preview.rawPayload as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Keterangan')!.getRow(1).getCell(2).text).toContain('DRAFT');
    const approved = runs.find((r) => r.status === 1)!;
    expect((await t.api(finB).get(`/api/attendance/payroll/run/${approved.id}/ebupot`)).status).toBe(404);
    expect((await t.api(perawat).get(`/api/attendance/payroll/run/${approved.id}/ebupot`)).status).toBe(403);
  });
});

describe('THR', () => {
  it('counts months of service: a full month after a year, pro rata before, nothing under a month', () => {
    expect(thrAmount(1_000_000_000, '2024-01-01', '2026-05-31')).toBe(1_000_000_000);
    expect(thrAmount(1_000_000_000, '2025-05-31', '2026-05-31')).toBe(1_000_000_000);
    expect(thrAmount(1_000_000_000, '2025-06-01', '2026-05-31')).toBe(916_666_666);
    expect(thrAmount(1_000_000_000, '2025-11-01', '2026-05-31')).toBe(500_000_000);
    expect(thrAmount(1_000_000_000, '2026-05-01', '2026-05-31')).toBe(0);
    expect(thrAmount(1_000_000_000, '2026-04-30', '2026-05-31')).toBe(83_333_333);
    expect(thrAmount(1_000_000_000, null, '2026-05-31')).toBe(1_000_000_000);
  });

  it('a THR component adds one month (or its share) to the month gross, taxed with TER', async () => {
    const thr = await t.api(fin).post('/api/attendance/payroll/components', {
      name: 'THR Idul Fitri',
      kind: 'earning',
      method: 'thr',
    });
    expect(thr.status).toBe(201);
    expect(thr.body.data).toMatchObject({ method: 'thr', amount: 0, taxable: true });
    const g = await t.api(fin).post('/api/attendance/payroll/groups', {
      name: 'Lebaran',
      components: [thr.body.data.id],
      members: [ani.id, budi.id],
    });
    expect(g.status).toBe(201);
    const run = await t.api(fin).post('/api/attendance/payroll/run', { period: '2026-05', group: g.body.data.id });
    expect(run.status).toBe(201);
    const line = (id: number) => run.body.data.lines.find((l: { employee: number }) => l.employee === id);
    const thrOf = (id: number) =>
      line(id).components.find((c: { name: string }) => c.name === 'THR Idul Fitri').amount as number;
    expect(thrOf(ani.id)).toBe(15_000_000);
    expect(thrOf(budi.id)).toBe(5_000_000);
    // Not a BPJS wage: the employer benefits stay those of March, the gross carries the THR.
    expect(line(ani.id)).toMatchObject({ earnings: 30_000_000, bruto: 30_561_000, pph21_method: 'ter' });
    expect(line(ani.id).pph21).toBe(Math.floor((30_561_000 * line(ani.id).pph21_rate) / 100));
    expect(line(ani.id).pph21_rate).toBeGreaterThan(7);
  });
});
